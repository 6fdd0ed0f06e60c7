/**
 * Seed rows → SQL text for D1: optional DELETEs, then multi-row INSERTs kept under D1's 100 KB
 * statement limit, then (with `clear`) the refresh of the derived catalogue tables. Pure string
 * work (no Node APIs), streaming over lazy tables.
 */
import { DERIVED_TABLES, REFRESH_CATALOGUE_SQL } from '../../worker/db/refresh';
import type { SeedValue } from './generate';

/** Each statement stays strictly below this many UTF-8 bytes. */
export const MAX_STATEMENT_BYTES = 90_000;

interface TableLike {
  table: string;
  rows: Iterable<Record<string, SeedValue>>;
  /** With `clear`, delete only the rows matching this SQL condition (tables shared with real data: users, reviews…). */
  clear?: string;
  /** Statements to run right after the table's INSERTs. */
  after?: Iterable<string>;
  /**
   * Rows are keys rather than columns: each statement is `WITH <with>, s(<row keys>) AS (VALUES …)
   * INSERT INTO <table> (<columns>) SELECT <select>`, so rows can refer to ids the database assigns.
   */
  select?: { with?: string; columns: readonly string[]; select: string };
  /** The rows must go in one statement (their AUTOINCREMENT ids are then consecutive). */
  oneStatement?: boolean;
}

const ident = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/** A SQL literal: NULL, an integer, or a single-quoted string with quotes doubled. */
export function sqlLiteral(value: SeedValue): string {
  if (value === null) return 'NULL';
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new Error(`Only integers are stored, got ${value}`);
    return String(value);
  }
  return `'${value.replace(/'/g, "''")}'`;
}

/** UTF-8 length without allocating (TextEncoder would copy every string). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/**
 * SQL statements one by one: with `clear`, a DELETE per table (the derived tables first, then
 * children before parents; only the rows matching the table's own `clear` condition when it has
 * one), then INSERTs grouping as many rows as fit under `maxBytes` (and the table's `after`), then
 * (with `clear`, unless `refresh: false`) REFRESH_CATALOGUE_SQL, which rebuilds the derived
 * tables from what was just loaded.
 */
export function* sqlStatements(tables: readonly TableLike[], options: { clear?: boolean; refresh?: boolean; maxBytes?: number } = {}): Generator<string> {
  const maxBytes = options.maxBytes ?? MAX_STATEMENT_BYTES;
  if (options.clear) {
    for (const table of DERIVED_TABLES) yield `DELETE FROM ${ident(table)};`;
    for (const { table, clear } of [...tables].reverse()) yield clear ? `DELETE FROM ${ident(table)} WHERE ${clear};` : `DELETE FROM ${ident(table)};`;
  }
  for (const { table, rows, after, select, oneStatement } of tables) {
    let columns: string[] | null = null;
    let head = '';
    let tail = ';';
    let headBytes = 0;
    let tuples: string[] = [];
    let bytes = 0;
    for (const row of rows) {
      if (!columns) {
        columns = Object.keys(row);
        if (select) {
          head = `WITH ${select.with ? `${select.with}, ` : ''}s(${columns.map(ident).join(', ')}) AS (VALUES\n`;
          tail = `)\nINSERT INTO ${ident(table)} (${select.columns.map(ident).join(', ')}) SELECT ${select.select};`;
        } else head = `INSERT INTO ${ident(table)} (${columns.map(ident).join(', ')}) VALUES\n`;
        headBytes = utf8Length(head) + utf8Length(tail);
      }
      const tuple = `(${columns.map((c) => sqlLiteral(row[c] ?? null)).join(', ')})`;
      const tupleBytes = utf8Length(tuple) + 2; // ",\n" or ";\n"
      if (headBytes + tupleBytes >= maxBytes) throw new Error(`A single ${table} row exceeds ${maxBytes} bytes`);
      if (tuples.length && headBytes + bytes + tupleBytes >= maxBytes) {
        if (oneStatement) throw new Error(`${table} must fit in one statement`);
        yield head + tuples.join(',\n') + tail;
        tuples = [];
        bytes = 0;
      }
      tuples.push(tuple);
      bytes += tupleBytes;
    }
    if (tuples.length) yield head + tuples.join(',\n') + tail;
    if (after) yield* after;
  }
  if (options.refresh ?? options.clear) yield* REFRESH_CATALOGUE_SQL;
}

/** All statements as an array (see `sqlStatements` to stream them). */
export function toSqlStatements(data: readonly TableLike[], options?: { clear?: boolean; refresh?: boolean }): string[] {
  return [...sqlStatements(data, options)];
}
