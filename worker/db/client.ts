/** The drizzle handle over the D1 binding. */
import { drizzle } from 'drizzle-orm/d1';
import * as schema from './schema';

export function createDb(d1: D1Database) {
  return drizzle(d1, { schema });
}

export type Db = ReturnType<typeof createDb>;

const handles = new WeakMap<D1Database, Db>();

/**
 * One handle per binding for the isolate's life: building one walks the whole schema, and a
 * handle holds nothing of a request (it is the binding plus the schema), so requests share it.
 */
export function dbFor(d1: D1Database): Db {
  let db = handles.get(d1);
  if (!db) {
    db = createDb(d1);
    handles.set(d1, db);
  }
  return db;
}
