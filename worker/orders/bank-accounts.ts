/**
 * The accounts customers pay bank transfers into (spec §9: three banks; their details are not
 * in the spec). These are the development values; production replaces them with the company's
 * accounts through this one module.
 */
export interface BankAccount {
  bank: string;
  holder: string;
  iban: string;
  bic: string;
}

export const BANK_ACCOUNTS: readonly BankAccount[] = [
  { bank: 'Banco Santander', holder: 'Ampora Comercio Electrónico SL', iban: 'ES60 0049 1500 0512 3456 7892', bic: 'BSCHESMMXXX' },
  { bank: 'CaixaBank', holder: 'Ampora Comercio Electrónico SL', iban: 'ES79 2100 0813 6101 2345 6789', bic: 'CAIXESBBXXX' },
  { bank: 'BBVA', holder: 'Ampora Comercio Electrónico SL', iban: 'ES43 0182 3999 3202 0152 3456', bic: 'BBVAESMMXXX' },
];
