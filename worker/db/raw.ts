/**
 * Hand-written SQL run straight on the D1 binding, several statements per round trip.
 *
 * - `allRows`: drizzle `sql` templates. drizzle's own `db.batch` cannot batch raw `db.all(sql…)`
 *   queries that carry parameters (its raw query has no prepared statement to bind), so the
 *   listing and search queries are written out here (`queryOf`) and batched.
 * - `readAll`: reads whose SQL text is a module constant, so a hot path (the cart, read on every
 *   mutation) builds no SQL per request (drizzle's builder showed in CPU profiles), and reads of
 *   different modules share one round trip. Each read turns its rows into its value.
 */
import { Column, entityKind, SQL, StringChunk, Table } from 'drizzle-orm';
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

/**
 * A statement's text and parameters exactly as drizzle's SQLite dialect writes them, without its
 * generic walk. The hand-written statements (listings, search) are nests of `sql` templates whose
 * parts are text, nested templates, lists and plain values; drizzle's builder tests every part
 * against a dozen entity kinds and merges copies at each level, which was over a quarter of a
 * search request's CPU in the Worker. Columns and tables are written by the dialect once each
 * and kept; parts of any other kind (names, placeholders, aliases) and templates that inline
 * their parameters go to the dialect as they are (SQLite's parameters are `?`, so pieces join in
 * order). tests/unit/raw-query.test.ts checks the two agree.
 */
export function queryOf(statement: SQL): Statement {
  const text: string[] = [];
  const params: unknown[] = [];
  append(statement, text, params);
  return { sql: text.join(''), params };
}

/** How the dialect writes each column and table met so far. */
const NAMES = new WeakMap<object, string>();

function append(chunk: unknown, text: string[], params: unknown[]): void {
  if (chunk instanceof StringChunk) {
    text.push(...chunk.value);
  } else if (chunk instanceof SQL && !(chunk as unknown as { shouldInlineParams: boolean }).shouldInlineParams) {
    for (const part of chunk.queryChunks) append(part, text, params);
  } else if (Array.isArray(chunk)) {
    text.push('(');
    chunk.forEach((part, i) => {
      if (i > 0) text.push(', ');
      append(part, text, params);
    });
    text.push(')');
  } else if (chunk === undefined) {
    // drizzle writes nothing for it
  } else if (chunk !== null && typeof chunk === 'object' && (entityKind in (chunk.constructor ?? {}) || typeof (chunk as { getSQL?: unknown }).getSQL === 'function')) {
    const named = NAMES.get(chunk);
    if (named !== undefined) return void text.push(named);
    const query = dialect.sqlToQuery(new SQL([chunk as SQL]));
    // A column or a table is written the same wherever it stands: kept (they live as long as the schema).
    if (query.params.length === 0 && (chunk instanceof Column || chunk instanceof Table)) NAMES.set(chunk, query.sql);
    text.push(query.sql);
    params.push(...query.params);
  } else {
    text.push('?');
    params.push(chunk);
  }
}

/** Each statement's rows, as objects keyed by column name, in one D1 batch. */
export async function allRows<T extends [unknown, ...unknown[]]>(db: Db, statements: { [K in keyof T]: SQL }): Promise<{ [K in keyof T]: T[K][] }> {
  return (await run(db.$client, statements.map(queryOf))) as { [K in keyof T]: T[K][] };
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
