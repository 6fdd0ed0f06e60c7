/**
 * Statements whose SQL drizzle builds once per isolate instead of on every use. Building a
 * statement (entity-kind checks, walks of its parts and parameters) costs more than D1 takes
 * to run a small one: on the product page it was 8 % of the CPU, for four statements. A
 * template is built from the usual query builder with `sql.placeholder(name)` where the values
 * go; for a request's handle and the values it gives a statement that runs the kept SQL in the
 * request's session and maps the rows as drizzle does, usable in `db.batch([...])` or awaited.
 */
import { fillPlaceholders, sql, type Query } from 'drizzle-orm';
import type { Db } from './client';

/** What drizzle's prepared statements and sessions offer to the query builders (not in its public types). */
interface Prepared {
  getQuery(): Query;
  fields?: unknown;
  customResultMapper?: unknown;
  joinsNotNullableMap?: unknown;
  all(): Promise<unknown>;
}
interface Session {
  prepareOneTimeQuery(query: Query, fields: unknown, method: 'all', arrayMode: boolean, mapper?: unknown): Prepared;
}
interface Builder {
  _prepare(): Prepared;
}

/** A value of a template, in the type the builder's argument has (drizzle takes placeholders wherever it takes values). */
export const slot = <T>(name: string): T => sql.placeholder(name) as unknown as T;

export function statementTemplate<Q extends object>(build: (db: Db) => Q): (db: Db, values: Record<string, unknown>) => Q {
  let kept: { query: Query; fields: unknown; mapper: unknown; joins: unknown } | undefined;
  return (db, values) => {
    if (!kept) {
      const prepared = (build(db) as unknown as Builder)._prepare();
      kept = { query: prepared.getQuery(), fields: prepared.fields, mapper: prepared.customResultMapper, joins: prepared.joinsNotNullableMap };
    }
    const { query, fields, mapper, joins } = kept;
    const session = (db as unknown as { session: Session }).session;
    const prepare = (): Prepared => {
      const prepared = session.prepareOneTimeQuery({ sql: query.sql, params: fillPlaceholders(query.params, values) }, fields, 'all', true, mapper);
      prepared.joinsNotNullableMap = joins;
      return prepared;
    };
    const statement: Builder & PromiseLike<unknown> = {
      _prepare: prepare,
      then: (resolve, reject) => prepare().all().then(resolve, reject),
    };
    return statement as unknown as Q;
  };
}
