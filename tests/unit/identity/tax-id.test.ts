// Billing tax ids per country and billing type: formats, check digits, normalization, reasons.
// Every valid example was computed with the published algorithm and cross-checked by hand or
// against an independent implementation; the "off" examples change one character of a valid one.
import { describe, expect, it } from 'vitest';
import { ACCEPTED_TAX_IDS, TAX_ID_COUNTRIES, validateTaxId, type BillingType, type TaxIdKind, type TaxIdReason } from '../../../worker/domain/identity/tax-id';

const VALID: [string, BillingType, string, string, TaxIdKind][] = [
  // ES: DNI (mod 23 letter), NIE (X/Y/Z = 0/1/2), CIF (digit or letter control by entity letter)
  ['ES', 'individual', '12345678Z', '12345678Z', 'dni'],
  ['ES', 'individual', '00000000T', '00000000T', 'dni'],
  ['ES', 'freelance', ' 12.345.678-z ', '12345678Z', 'dni'],
  ['ES', 'freelance', 'ES12345678Z', '12345678Z', 'dni'],
  ['ES', 'individual', 'X1234567L', 'X1234567L', 'nie'],
  ['ES', 'freelance', 'Y1234567X', 'Y1234567X', 'nie'],
  ['ES', 'individual', 'z-1234567-r', 'Z1234567R', 'nie'],
  ['ES', 'company', 'B12345674', 'B12345674', 'cif'],
  ['ES', 'company', 'B30999999', 'B30999999', 'cif'],
  ['ES', 'company', 'A13585625', 'A13585625', 'cif'],
  ['ES', 'company', 'ES B-12.345.674', 'B12345674', 'cif'],
  ['ES', 'company', 'P1234567D', 'P1234567D', 'cif'],
  ['ES', 'company', 'R2800001F', 'R2800001F', 'cif'],
  ['ES', 'company', 'W2812345C', 'W2812345C', 'cif'],
  ['ES', 'company', 'N0012345E', 'N0012345E', 'cif'],
  ['ES', 'company', 'B0012345E', 'B0012345E', 'cif'],
  ['ES', 'company', 'C12345674', 'C12345674', 'cif'],
  ['ES', 'company', 'C1234567D', 'C1234567D', 'cif'],
  ['ES', 'company', 'G28123453', 'G28123453', 'cif'],
  ['ES', 'company', 'J9921658B', 'J9921658B', 'cif'],
  // PT: mod 11 with weights 9..2; first digits 1/2/3/45 persons, 5/6/8/9 entities
  ['PT', 'individual', '123456789', '123456789', 'nif'],
  ['PT', 'individual', '298765438', '298765438', 'nif'],
  ['PT', 'individual', '312345674', '312345674', 'nif'],
  ['PT', 'individual', '451234561', '451234561', 'nif'],
  ['PT', 'company', '501964843', '501964843', 'nipc'],
  ['PT', 'company', 'PT 501 964 843', '501964843', 'nipc'],
  ['PT', 'company', '612345670', '612345670', 'nipc'],
  ['PT', 'company', '812345673', '812345673', 'nipc'],
  ['PT', 'company', '999999990', '999999990', 'nipc'],
  ['PT', 'freelance', '123456789', '123456789', 'nif'],
  ['PT', 'freelance', '812345673', '812345673', 'nipc'],
  // FR: consumers may leave it empty; SIREN/SIRET Luhn; TVA key; numéro fiscal mod 511
  ['FR', 'individual', '', '', 'none'],
  ['FR', 'individual', '  ', '', 'none'],
  ['FR', 'individual', '30 23 217 600 053', '3023217600053', 'spi'],
  ['FR', 'individual', '0701987765493', '0701987765493', 'spi'],
  ['FR', 'individual', '1234567890066', '1234567890066', 'spi'],
  ['FR', 'company', '732829320', '732829320', 'siren'],
  ['FR', 'company', '552 100 554', '552100554', 'siren'],
  ['FR', 'company', '73282932000074', '73282932000074', 'siret'],
  ['FR', 'company', '552 100 554 00013', '55210055400013', 'siret'],
  ['FR', 'company', '35600000049837', '35600000049837', 'siret'],
  ['FR', 'company', '35600000000048', '35600000000048', 'siret'],
  ['FR', 'company', 'FR44732829320', 'FR44732829320', 'tva'],
  ['FR', 'company', 'fr 40 303 265 045', 'FR40303265045', 'tva'],
  ['FR', 'company', 'FR96552100554', 'FR96552100554', 'tva'],
  ['FR', 'company', 'FR04494887854', 'FR04494887854', 'tva'],
  ['FR', 'company', 'FRK7399859412', 'FRK7399859412', 'tva'],
  ['FR', 'freelance', '123456782', '123456782', 'siren'],
  ['FR', 'freelance', 'FR11123456782', 'FR11123456782', 'tva'],
  ['FR', 'freelance', '3023217600053', '3023217600053', 'spi'],
  // IT: codice fiscale (odd/even table, omocodia), partita IVA (office code + Luhn)
  ['IT', 'individual', 'RSSMRA85T10A562S', 'RSSMRA85T10A562S', 'codiceFiscale'],
  ['IT', 'individual', 'MRTMTT25D09F205Z', 'MRTMTT25D09F205Z', 'codiceFiscale'],
  ['IT', 'individual', 'MRTMTT25D09F20RU', 'MRTMTT25D09F20RU', 'codiceFiscale'],
  ['IT', 'individual', 'MRTMTT25D09F2LRF', 'MRTMTT25D09F2LRF', 'codiceFiscale'],
  ['IT', 'individual', 'RSSMRA85T50A562W', 'RSSMRA85T50A562W', 'codiceFiscale'],
  ['IT', 'individual', 'bnclra90a41h501f', 'BNCLRA90A41H501F', 'codiceFiscale'],
  ['IT', 'company', '00743110157', '00743110157', 'partitaIva'],
  ['IT', 'company', 'IT 00743110157', '00743110157', 'partitaIva'],
  ['IT', 'company', '12345670124', '12345670124', 'partitaIva'],
  ['IT', 'company', '01234561205', '01234561205', 'partitaIva'],
  ['IT', 'company', '01234568887', '01234568887', 'partitaIva'],
  ['IT', 'freelance', 'VRDGPP80M01L219D', 'VRDGPP80M01L219D', 'codiceFiscale'],
  ['IT', 'freelance', '01234569992', '01234569992', 'partitaIva'],
  // DE: USt-IdNr (kept with DE), Steuer-IdNr (ISO 7064 MOD 11,10 + digit repetition rule)
  ['DE', 'company', 'DE136695976', 'DE136695976', 'ustId'],
  ['DE', 'company', 'de 136 695 976', 'DE136695976', 'ustId'],
  ['DE', 'company', '136695976', 'DE136695976', 'ustId'],
  ['DE', 'company', 'DE123456788', 'DE123456788', 'ustId'],
  ['DE', 'individual', '86095742719', '86095742719', 'steuerId'],
  ['DE', 'individual', '36 574 261 809', '36574261809', 'steuerId'],
  ['DE', 'individual', '11213456783', '11213456783', 'steuerId'],
  ['DE', 'individual', '10123456781', '10123456781', 'steuerId'],
  ['DE', 'freelance', '36574261809', '36574261809', 'steuerId'],
  ['DE', 'freelance', 'DE815115705', 'DE815115705', 'ustId'],
  // AD: NRT format only
  ['AD', 'individual', 'F123456A', 'F123456A', 'nrtPerson'],
  ['AD', 'individual', 'e-654321-b', 'E654321B', 'nrtPerson'],
  ['AD', 'company', 'L123456Z', 'L123456Z', 'nrtEntity'],
  ['AD', 'company', 'A-123456-Z', 'A123456Z', 'nrtEntity'],
  ['AD', 'freelance', 'F123456A', 'F123456A', 'nrtPerson'],
  ['AD', 'freelance', 'U123456C', 'U123456C', 'nrtEntity'],
  // the country code is read in any case
  ['es', 'individual', '12345678Z', '12345678Z', 'dni'],
];

const INVALID: [string, string, BillingType, string, TaxIdReason][] = [
  ['unknown country', 'GB', 'company', 'GB123456789', 'unsupportedCountry'],
  ['no country', '', 'individual', '12345678Z', 'unsupportedCountry'],
  ['empty', 'ES', 'individual', '', 'required'],
  ['only separators', 'DE', 'individual', ' - . ', 'required'],
  ['empty for a French company', 'FR', 'company', '', 'required'],
  ['empty for a French freelancer', 'FR', 'freelance', '', 'required'],
  ['empty in Andorra', 'AD', 'individual', '', 'required'],
  // ES
  ['DNI wrong letter', 'ES', 'individual', '12345678A', 'checksum'],
  ['DNI one digit off', 'ES', 'individual', '12345679Z', 'checksum'],
  ['DNI with 7 digits', 'ES', 'individual', '1234567Z', 'format'],
  ['DNI with 9 digits', 'ES', 'individual', '123456789Z', 'format'],
  ['DNI without letter', 'ES', 'individual', '12345678', 'format'],
  ['NIE wrong letter', 'ES', 'individual', 'X1234567M', 'checksum'],
  ['NIE one digit off', 'ES', 'individual', 'X1234568L', 'checksum'],
  ['NIE starting W', 'ES', 'individual', 'W1234567L', 'format'],
  ['CIF one digit off', 'ES', 'company', 'B12345675', 'checksum'],
  ['CIF A with a letter control', 'ES', 'company', 'A1358562E', 'checksum'],
  ['CIF B with a letter control', 'ES', 'company', 'B1234567D', 'checksum'],
  ['CIF P with a digit control', 'ES', 'company', 'P12345674', 'checksum'],
  ['CIF of a non-resident with a digit control', 'ES', 'company', 'B00123455', 'checksum'],
  ['CIF entity letter I', 'ES', 'company', 'I12345674', 'format'],
  ['CIF entity letter K', 'ES', 'company', 'K12345674', 'format'],
  ['another country’s prefix', 'ES', 'company', 'PTB12345674', 'format'],
  ['CIF for an individual', 'ES', 'individual', 'B12345674', 'wrongTypeForBillingType'],
  ['CIF for a freelancer', 'ES', 'freelance', 'B12345674', 'wrongTypeForBillingType'],
  ['wrong type wins over a bad check digit', 'ES', 'individual', 'B12345675', 'wrongTypeForBillingType'],
  ['DNI for a company', 'ES', 'company', '12345678Z', 'wrongTypeForBillingType'],
  ['NIE for a company', 'ES', 'company', 'X1234567L', 'wrongTypeForBillingType'],
  // PT
  ['PT check digit off', 'PT', 'individual', '123456780', 'checksum'],
  ['PT one digit off', 'PT', 'individual', '123456689', 'checksum'],
  ['PT first digit off', 'PT', 'individual', '223456789', 'checksum'],
  ['PT 8 digits', 'PT', 'individual', '12345678', 'format'],
  ['PT 10 digits', 'PT', 'individual', '1234567890', 'format'],
  ['PT starting 0', 'PT', 'individual', '012345678', 'format'],
  ['PT starting 7', 'PT', 'company', '712345671', 'format'],
  ['PT starting 4 but not 45', 'PT', 'individual', '412345678', 'format'],
  ['PT with a letter', 'PT', 'individual', '12345678A', 'format'],
  ['NIPC for an individual', 'PT', 'individual', '501964843', 'wrongTypeForBillingType'],
  ['personal NIF for a company', 'PT', 'company', '123456789', 'wrongTypeForBillingType'],
  // FR
  ['SIREN one digit off', 'FR', 'company', '732829321', 'checksum'],
  ['SIRET one digit off', 'FR', 'company', '73282932000075', 'checksum'],
  ['SIRET passing Luhn on an invalid SIREN', 'FR', 'company', '73282932100007', 'checksum'],
  ['La Poste SIRET with a bad digit sum', 'FR', 'company', '35600000049838', 'checksum'],
  ['TVA wrong key', 'FR', 'company', 'FR45732829320', 'checksum'],
  ['TVA right key on an invalid SIREN', 'FR', 'company', 'FR47732829321', 'checksum'],
  ['TVA without FR', 'FR', 'company', '44732829320', 'format'],
  ['TVA key with I', 'FR', 'company', 'FRI7399859412', 'format'],
  ['10 digits', 'FR', 'company', '1234567890', 'format'],
  ['numéro fiscal wrong key', 'FR', 'individual', '3023217600054', 'checksum'],
  ['numéro fiscal of zeros', 'FR', 'individual', '0000000000000', 'checksum'],
  ['numéro fiscal starting 4', 'FR', 'individual', '4023217600053', 'format'],
  ['SIREN for an individual', 'FR', 'individual', '732829320', 'wrongTypeForBillingType'],
  ['TVA for an individual', 'FR', 'individual', 'FR44732829320', 'wrongTypeForBillingType'],
  ['numéro fiscal for a company', 'FR', 'company', '3023217600053', 'wrongTypeForBillingType'],
  // IT
  ['codice fiscale wrong check letter', 'IT', 'individual', 'RSSMRA85T10A562T', 'checksum'],
  ['codice fiscale one digit off', 'IT', 'individual', 'RSSMRA85T10A563S', 'checksum'],
  ['codice fiscale bad month letter', 'IT', 'individual', 'RSSMRA85F10A562S', 'format'],
  ['codice fiscale day 32', 'IT', 'individual', 'RSSMRA85T32A562S', 'format'],
  ['codice fiscale day 00', 'IT', 'individual', 'RSSMRA85T00A562S', 'format'],
  ['codice fiscale non-omocodia letter for a digit', 'IT', 'individual', 'RSSMRA8AT10A562S', 'format'],
  ['codice fiscale 15 characters', 'IT', 'individual', 'RSSMRA85T10A562', 'format'],
  ['partita IVA one digit off', 'IT', 'company', '00743110158', 'checksum'],
  ['partita IVA office 000', 'IT', 'company', '01234560009', 'checksum'],
  ['partita IVA office 101', 'IT', 'company', '01234561015', 'checksum'],
  ['partita IVA 10 digits', 'IT', 'company', '0074311015', 'format'],
  ['partita IVA for an individual', 'IT', 'individual', '00743110157', 'wrongTypeForBillingType'],
  ['codice fiscale for a company', 'IT', 'company', 'RSSMRA85T10A562S', 'wrongTypeForBillingType'],
  // DE
  ['USt-IdNr one digit off', 'DE', 'company', 'DE136695978', 'checksum'],
  ['USt-IdNr 8 digits', 'DE', 'company', 'DE13669597', 'format'],
  ['USt-IdNr with another prefix', 'DE', 'company', 'AT136695976', 'format'],
  ['Steuer-IdNr one digit off', 'DE', 'individual', '36574261808', 'checksum'],
  ['Steuer-IdNr with no repeated digit', 'DE', 'individual', '12345678903', 'checksum'],
  ['Steuer-IdNr with a digit three times in a row', 'DE', 'individual', '11123456786', 'checksum'],
  ['Steuer-IdNr with two repeated digits', 'DE', 'individual', '11233456784', 'checksum'],
  ['Steuer-IdNr with a digit four times', 'DE', 'individual', '12131415674', 'checksum'],
  ['Steuer-IdNr starting 0', 'DE', 'individual', '06574261809', 'format'],
  ['Steuer-IdNr 10 digits', 'DE', 'individual', '3657426180', 'format'],
  ['USt-IdNr for an individual', 'DE', 'individual', 'DE136695976', 'wrongTypeForBillingType'],
  ['Steuer-IdNr for a company', 'DE', 'company', '36574261809', 'wrongTypeForBillingType'],
  // AD
  ['NRT digits only', 'AD', 'individual', '123456', 'format'],
  ['NRT unknown letter', 'AD', 'company', 'B123456A', 'format'],
  ['NRT 7 digits', 'AD', 'individual', 'F1234567A', 'format'],
  ['company NRT for an individual', 'AD', 'individual', 'L123456Z', 'wrongTypeForBillingType'],
  ['personal NRT for a company', 'AD', 'company', 'F123456A', 'wrongTypeForBillingType'],
];

describe('validateTaxId', () => {
  it.each(VALID)('%s %s %j → %s (%s)', (country, billingType, raw, normalized, kind) => {
    expect(validateTaxId(country, billingType, raw)).toEqual({ ok: true, normalized, kind });
  });

  it.each(INVALID)('%s → %s', (_, country, billingType, raw, reason) => {
    expect(validateTaxId(country, billingType, raw)).toEqual({ ok: false, reason });
  });

  it('normalizes an id the same with or without separators and prefix', () => {
    const forms = ['B12345674', 'b-12.345.674', 'ES B12345674', 'esb 12 345 674'];
    expect(new Set(forms.map((raw) => JSON.stringify(validateTaxId('ES', 'company', raw))))).toEqual(
      new Set([JSON.stringify({ ok: true, normalized: 'B12345674', kind: 'cif' })]),
    );
  });
});

describe('ACCEPTED_TAX_IDS', () => {
  it('covers every country and billing type', () => {
    for (const country of TAX_ID_COUNTRIES) {
      for (const billingType of ['company', 'freelance', 'individual'] as const) expect(ACCEPTED_TAX_IDS[country][billingType].length).toBeGreaterThan(0);
    }
  });

  it('lets a freelancer use every personal id of the country', () => {
    for (const country of TAX_ID_COUNTRIES) {
      const personal = ACCEPTED_TAX_IDS[country].individual.filter((kind) => kind !== 'none');
      expect(ACCEPTED_TAX_IDS[country].freelance).toEqual(expect.arrayContaining(personal));
    }
  });
});
