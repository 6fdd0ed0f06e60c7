/**
 * The hash chain of a series (Verifactu in Spain; Portugal's chained signature works the same
 * way): each document's hash is SHA-256 over its canonical record, which carries the previous
 * document's hash. Changing, removing or inserting a document breaks every hash after it.
 * The canonical record is the Verifactu "registro de alta" string, so AEAT's published vectors
 * check it (tests/unit/documents/chain.test.ts).
 */
export interface ChainRecord {
  /** The issuer's tax id (IDEmisorFactura). */
  issuerTaxId: string;
  /** The printed number (NumSerieFactura). */
  code: string;
  /** The issue date, DD-MM-YYYY (FechaExpedicionFactura). */
  issueDate: string;
  /** F1, F2, R1, R5 (TipoFactura). */
  typeCode: string;
  /** VAT and total, cents (CuotaTotal, ImporteTotal). */
  vat: number;
  total: number;
  /** The previous document's hash in the series ('' for the first). */
  previousHash: string;
  /** When the record was made, ISO 8601 with the offset (FechaHoraHusoGenRegistro). */
  generatedAt: string;
}

/** Cents as the record prints them: "123.45", "-0.50". */
export function decimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export function canonicalRecord(r: ChainRecord): string {
  return [
    `IDEmisorFactura=${r.issuerTaxId.trim()}`,
    `NumSerieFactura=${r.code.trim()}`,
    `FechaExpedicionFactura=${r.issueDate}`,
    `TipoFactura=${r.typeCode}`,
    `CuotaTotal=${decimal(r.vat)}`,
    `ImporteTotal=${decimal(r.total)}`,
    `Huella=${r.previousHash}`,
    `FechaHoraHusoGenRegistro=${r.generatedAt}`,
  ].join('&');
}

/** Upper-case hex SHA-256 of the canonical record. */
export async function chainHash(record: ChainRecord): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(canonicalRecord(record)));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('').toUpperCase();
}

/**
 * Checks a series in order: each record names the hash before it and hashes to its own.
 * Returns the index of the first broken document, or -1 when the chain holds.
 */
export async function firstBrokenLink(records: readonly (ChainRecord & { hash: string })[]): Promise<number> {
  let previous = '';
  for (const [index, record] of records.entries()) {
    if (record.previousHash !== previous || (await chainHash(record)) !== record.hash) return index;
    previous = record.hash;
  }
  return -1;
}

/** DD-MM-YYYY. */
export const issueDateText = (d: { year: number; month: number; day: number }) => `${String(d.day).padStart(2, '0')}-${String(d.month).padStart(2, '0')}-${d.year}`;

/** ISO 8601 in a time zone with its offset, to the second: "2026-01-01T19:20:30+01:00". */
export function zonedTimestamp(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'longOffset',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const offset = part('timeZoneName').replace('GMT', '') || '+00:00';
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}:${part('second')}${offset}`;
}
