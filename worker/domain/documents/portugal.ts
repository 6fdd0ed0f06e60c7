/**
 * Portugal: the ATCUD (series validation code + "-" + number) and the QR code payload of
 * Portaria 195/2020 printed on every document: fields joined by "*", each "KEY:value".
 */
import { decimal } from './chain';
import type { VatRow } from './vat';

export const atcud = (validationCode: string, number: number): string => `${validationCode}-${number}`;

/** The buyer's NIF when they gave none ("consumidor final"). */
export const FINAL_CONSUMER_NIF = '999999990';

export interface PtQrFacts {
  sellerNif: string;
  buyerNif: string | null;
  buyerCountry: string;
  /** FT, FS, NC… */
  typeCode: string;
  /** YYYYMMDD. */
  date: string;
  /** The document's unique id as printed ("FT F2026/12"). */
  documentId: string;
  atcud: string;
  vat: readonly VatRow[];
  /** Cents; a credit note's are printed as positive amounts (its type says what it is). */
  vatTotal: number;
  total: number;
  hash: string;
  /** The certificate number of the invoicing program. */
  certificate: string;
}

/** I3/I4 reduced (6 %), I5/I6 intermediate (13 %), I7/I8 normal (23 %): base and VAT per rate. */
const RATE_FIELDS: Record<number, [string, string]> = { 600: ['I3', 'I4'], 1300: ['I5', 'I6'], 2300: ['I7', 'I8'] };

/** Characters 1, 11, 21 and 31 of the hash (field Q). */
export const hashExcerpt = (hash: string): string => [0, 10, 20, 30].map((i) => hash[i] ?? '').join('');

const stripPrefix = (nif: string) => nif.replace(/^PT/i, '');

export function ptQrPayload(f: PtQrFacts): string {
  const fields: [string, string][] = [
    ['A', stripPrefix(f.sellerNif)],
    ['B', f.buyerNif ? stripPrefix(f.buyerNif) : FINAL_CONSUMER_NIF],
    ['C', f.buyerCountry || 'PT'],
    ['D', f.typeCode],
    ['E', 'N'],
    ['F', f.date],
    ['G', f.documentId],
    ['H', f.atcud],
    ['I1', 'PT'],
  ];
  const exempt = f.vat.filter((row) => row.rate === 0).reduce((sum, row) => sum + Math.abs(row.base), 0);
  if (exempt) fields.push(['I2', decimal(exempt)]);
  for (const row of [...f.vat].sort((a, b) => a.rate - b.rate)) {
    const keys = RATE_FIELDS[row.rate];
    if (!keys) continue;
    fields.push([keys[0], decimal(Math.abs(row.base))], [keys[1], decimal(Math.abs(row.vat))]);
  }
  fields.push(['N', decimal(Math.abs(f.vatTotal))], ['O', decimal(Math.abs(f.total))], ['Q', hashExcerpt(f.hash)], ['R', f.certificate]);
  return fields.map(([key, value]) => `${key}:${value}`).join('*');
}
