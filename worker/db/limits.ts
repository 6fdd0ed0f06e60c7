/**
 * D1's per-statement limits (Cloudflare's D1 limits page; local D1 enforces them too): at most
 * 100 bound parameters and 100,000 bytes of SQL. A statement whose parameters would grow with
 * the request (cart lines, ids, codes, filters) takes its list as ONE JSON parameter read with
 * `json_each` (`inList`), and a multi-row insert is cut into statements that each stay under the
 * parameter limit (`insertRows`), all going into the caller's one batch (one transaction).
 */
import { getTableColumns, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Db } from './client';

export const D1_MAX_PARAMS = 100;
export const D1_MAX_SQL_BYTES = 100_000;

/**
 * `column IN (values)` with the values as one JSON parameter: the statement has the same text and
 * one parameter whatever the list's length (an empty list matches nothing). The values keep their
 * JSON types, so integers compare with integer columns and strings with text ones.
 */
export function inList(column: SQLWrapper, values: Iterable<number | string>): SQL {
  return sql`${column} IN (SELECT value FROM json_each(${jsonList(values)}))`;
}

/** The one parameter of `inList` for SQL written by hand: `… IN (SELECT value FROM json_each(?))`. */
export const jsonList = (values: Iterable<number | string>): string => JSON.stringify([...new Set(values)]);

/**
 * The insert statements of `rows` into `table`, as many rows per statement as the parameter limit
 * allows (drizzle binds a parameter per column of every row, defaults included). They go into the
 * caller's batch, so the rows are written together or not at all.
 */
export function insertRows<T extends SQLiteTable>(db: Db, table: T, rows: readonly T['$inferInsert'][]) {
  const perStatement = Math.max(1, Math.floor(D1_MAX_PARAMS / Object.keys(getTableColumns(table)).length));
  const statements = [];
  for (let i = 0; i < rows.length; i += perStatement) statements.push(db.insert(table).values(rows.slice(i, i + perStatement) as T['$inferInsert'][]));
  return statements;
}
