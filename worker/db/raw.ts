/**
 * Hand-written SQL (drizzle `sql` templates) run straight on the D1 binding, several statements
 * per round trip. drizzle's own `db.batch` cannot batch raw `db.all(sql…)` queries that carry
 * parameters (its raw query has no prepared statement to bind), so the listing and search
 * queries build their text with drizzle's dialect and batch them here.
 */
import type { SQL } from 'drizzle-orm';
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core';
import type { Db } from './client';

const dialect = new SQLiteAsyncDialect();

/** Each statement's rows, as objects keyed by column name, in one D1 batch. */
export async function allRows<T extends [unknown, ...unknown[]]>(db: Db, statements: { [K in keyof T]: SQL }): Promise<{ [K in keyof T]: T[K][] }> {
  const prepared = statements.map((statement) => {
    const { sql, params } = dialect.sqlToQuery(statement);
    return db.$client.prepare(sql).bind(...params);
  });
  const results = prepared.length === 1 ? [await prepared[0]!.all()] : await db.$client.batch(prepared);
  return results.map((result) => result.results) as { [K in keyof T]: T[K][] };
}
