/**
 * Hand-written SQL run straight on the D1 binding, several statements per round trip.
 *
 * - `allRows`: drizzle `sql` templates. drizzle's own `db.batch` cannot batch raw `db.all(sql…)`
 *   queries that carry parameters (its raw query has no prepared statement to bind), so the
 *   listing and search queries build their text with drizzle's dialect and batch them here.
 * - `readAll`: reads whose SQL text is a module constant, so a hot path (the cart, read on every
 *   mutation) builds no SQL per request (drizzle's builder showed in CPU profiles), and reads of
 *   different modules share one round trip. Each read turns its rows into its value.
 */
import type { SQL } from 'drizzle-orm';
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core';
import type { Db } from './client';

const dialect = new SQLiteAsyncDialect();

/** A statement's text and the values of its parameters (`?1`, `?2`… or `?` in order). */
export interface Statement {
  sql: string;
  params: readonly unknown[];
}

export type Row = Record<string, unknown>;

/** What runs statements: the D1 binding, or a session of it (`withSession`). */
export type D1Client = Pick<D1Database, 'prepare' | 'batch'>;

/** Each statement's rows, as objects keyed by column name, in one D1 round trip (none when there is no statement). */
async function run(client: D1Client, statements: readonly Statement[]): Promise<Row[][]> {
  if (statements.length === 0) return [];
  const prepared = statements.map(({ sql, params }) => client.prepare(sql).bind(...params));
  const results = prepared.length === 1 ? [await prepared[0]!.all<Row>()] : await client.batch<Row>(prepared);
  return results.map((result) => result.results);
}

/** Each statement's rows, as objects keyed by column name, in one D1 batch. */
export async function allRows<T extends [unknown, ...unknown[]]>(db: Db, statements: { [K in keyof T]: SQL }): Promise<{ [K in keyof T]: T[K][] }> {
  return (await run(db.$client, statements.map((statement) => dialect.sqlToQuery(statement)))) as { [K in keyof T]: T[K][] };
}

/** Some statements (none when there is nothing to read) and the value their rows make, in order. */
export interface Read<T> {
  statements: readonly Statement[];
  value(rows: readonly Row[][]): T;
}

/** A read of one statement whose rows (of the shape `R` its columns give) make `map(rows)`. */
export function rowsRead<R, T>(sql: string, params: readonly unknown[], map: (rows: R[]) => T): Read<T> {
  return { statements: [{ sql, params }], value: ([rows]) => map(rows as R[]) };
}

/** A read that needs no statement (nothing to look up). */
export const constantRead = <T>(value: T): Read<T> => ({ statements: [], value: () => value });

/** The values of some reads, in their order. */
export type ReadValues<R extends readonly Read<unknown>[]> = { -readonly [K in keyof R]: R[K] extends Read<infer T> ? T : never };

/** Several reads as one, whose value is theirs in order: a part of a larger read. */
export function readsTogether<R extends readonly Read<unknown>[]>(reads: readonly [...R]): Read<ReadValues<R>> {
  return {
    statements: reads.flatMap((read) => read.statements),
    value: (rows) => {
      let next = 0;
      return reads.map((read) => read.value(rows.slice(next, (next += read.statements.length)))) as ReadValues<R>;
    },
  };
}

/** The values of several reads, all their statements in one D1 round trip. */
export async function readAll<R extends readonly Read<unknown>[]>(db: Db, reads: readonly [...R]): Promise<ReadValues<R>> {
  return readAllFrom(db.$client, reads);
}

/** `readAll` on a D1 client of its own (a Durable Object's session: worker/cart/catalogue-access.ts). */
export async function readAllFrom<R extends readonly Read<unknown>[]>(client: D1Client, reads: readonly [...R]): Promise<ReadValues<R>> {
  const together = readsTogether(reads);
  return together.value(await run(client, together.statements));
}

/** The value of one read. */
export async function readOne<T>(db: Db, read: Read<T>): Promise<T> {
  const [value] = await readAll(db, [read]);
  return value;
}
