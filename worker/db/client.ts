/**
 * The drizzle handles over D1: one per binding for background work (`dbFor`), and one per request
 * over a D1 session (`requestDb`) so reads may be served by a read replica near the shopper while
 * the request still sees its own writes (docs/operations.md, "D1 read replicas").
 */
import { drizzle, SQLiteD1Session } from 'drizzle-orm/d1';
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core';
import { RelationalQueryBuilder } from 'drizzle-orm/sqlite-core/query-builders/query';
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

/** Times the D1 calls of one request (worker/http/observability.ts's D1Meter). */
export interface D1Timer {
  /** Times `call`; `writes` when its statements may change rows. */
  time<T>(call: () => Promise<T>, writes?: boolean): Promise<T>;
}

/**
 * Whether a statement's text may change rows: it names INSERT, UPDATE, DELETE or REPLACE INTO
 * anywhere (`WITH … INSERT`, an upsert). A select that mentions one of them is taken as a write,
 * which only costs an isolate an early read of the invalidation logs.
 */
const MAY_WRITE = /\b(?:insert|update|delete)\b|\breplace\s+into\b/i;

/** A statement whose calls are timed; `batch` hands the real statement back to D1. */
class MeteredStatement {
  constructor(
    readonly inner: D1PreparedStatement,
    private readonly timer: D1Timer,
    readonly writes: boolean,
  ) {}
  bind(...values: unknown[]): MeteredStatement {
    return new MeteredStatement(this.inner.bind(...values), this.timer, this.writes);
  }
  first(column?: string) {
    return this.timer.time(() => (column === undefined ? this.inner.first() : this.inner.first(column)), this.writes);
  }
  run() {
    return this.timer.time(() => this.inner.run(), this.writes);
  }
  all() {
    return this.timer.time(() => this.inner.all(), this.writes);
  }
  raw(options?: { columnNames?: boolean }) {
    return this.timer.time(() => this.inner.raw(options as { columnNames: true }), this.writes);
  }
}

/** Whether a batch may write: one of its statements may, or one was not prepared here (its text unknown). */
const batchMayWrite = (statements: readonly (D1PreparedStatement | MeteredStatement)[]): boolean =>
  statements.some((statement) => !(statement instanceof MeteredStatement) || statement.writes);

const unwrap = (statement: D1PreparedStatement | MeteredStatement): D1PreparedStatement => (statement instanceof MeteredStatement ? statement.inner : statement);

/**
 * A D1 client (the binding or a session) whose queries are timed. Only `prepare` and `batch`
 * exist on a session; the handle's users (drizzle, `db.$client`) need no more.
 */
export function meteredD1(client: D1Database | D1DatabaseSession | (() => D1Database | D1DatabaseSession), timer: D1Timer): D1Database {
  const target = typeof client === 'function' ? client : () => client;
  return {
    prepare: (query: string) => new MeteredStatement(target().prepare(query), timer, MAY_WRITE.test(query)) as unknown as D1PreparedStatement,
    batch: (statements: D1PreparedStatement[]) => timer.time(() => target().batch(statements.map(unwrap)), batchMayWrite(statements)),
    exec: () => Promise.reject(new Error('exec is not available on a request session')),
    withSession: () => {
      throw new Error('A request session cannot open another session');
    },
    dump: () => Promise.reject(new Error('dump is not available')),
  } as unknown as D1Database;
}

type RelationalSchema = NonNullable<ConstructorParameters<typeof SQLiteD1Session>[2]>;

/** The handle the per-request ones derive from: its dialect and relational schema are worked out once per isolate. */
let template: { db: Db; dialect: SQLiteAsyncDialect; schema: RelationalSchema } | undefined;

/**
 * A handle over `client` sharing the template's schema walk: an object whose prototype is the
 * template handle, with its own session, and `db.query.<table>` builders made on first use.
 * Measured in Node: drizzle() 380–780 µs a handle (97 tables), a full rebuild from the walked
 * schema ~120 µs, this 5–17 µs (docs/operations.md, "D1 read replicas").
 */
export function handleOver(client: D1Database): Db {
  if (!template) {
    const db = createDb(client);
    const inner = db as unknown as { dialect: SQLiteAsyncDialect; session: { schema: RelationalSchema } };
    template = { db, dialect: inner.dialect, schema: inner.session.schema };
  }
  const { dialect, schema: relational } = template;
  const session = new SQLiteD1Session(client, dialect, relational, {});
  const builders: Record<string, unknown> = {};
  const query = new Proxy(builders, {
    get(target, table) {
      if (typeof table !== 'string' || !(table in relational.schema)) return undefined;
      return (target[table] ??= new RelationalQueryBuilder('async', relational.fullSchema, relational.schema, relational.tableNamesMap, relational.fullSchema[table] as never, relational.schema[table]!, dialect, session as never));
    },
  });
  return Object.create(template.db, { session: { value: session }, query: { value: query }, $client: { value: client } }) as Db;
}

/** The cookie carrying the D1 bookmark of a request that wrote (read-your-writes on the next one). */
export const BOOKMARK_COOKIE = '__d1b';
/** How long the bookmark matters: replicas catch up within seconds; past this any replica will do. */
export const BOOKMARK_MAX_AGE_SECONDS = 60;
const BOOKMARK = /^[0-9a-f-]{8,128}$/i;

/** A bookmark from a cookie, or undefined when absent or malformed (never handed to D1 unchecked). */
export function parseBookmark(value: string | undefined): string | undefined {
  return value && BOOKMARK.test(value) ? value : undefined;
}

export interface RequestDb {
  db: Db;
  /** The bookmark the answer hands back: the latest of this request's D1 reads (null while none ran). */
  bookmark(): string | null;
  /**
   * Where a session this request opens elsewhere (the cart's object reading D1 for a mutation)
   * starts, so that it reads at least what this request has seen: the latest bookmark, else what
   * this request's own session would start from.
   */
  startAt(): string;
  /** The bookmark such a session reached: the answer hands it back unless this request's own session reads again. */
  observe(bookmark: string | null): void;
}

/**
 * The request's handle over a D1 session: from the bookmark the client last saw (its own writes
 * are then visible), else `first-primary` for requests that write and `first-unconstrained`
 * (any replica) for reads.
 */
export function requestDb(d1: D1Database, options: { bookmark?: string; writes: boolean; timer: D1Timer }): RequestDb {
  // Opened at the first query: a request answered without D1 (an edge-cache hit) opens none.
  let session: D1DatabaseSession | undefined;
  /** A bookmark reached by a session of this request opened elsewhere, newer than this session's last read. */
  let observed: string | null = null;
  const start = () => options.bookmark ?? (options.writes ? 'first-primary' : 'first-unconstrained');
  const open = () => {
    // A session opened after another one read starts from where that one got to.
    session ??= d1.withSession(observed ?? start());
    observed = null;
    return session;
  };
  const latest = () => observed ?? session?.getBookmark() ?? null;
  return {
    db: handleOver(meteredD1(open, options.timer)),
    bookmark: latest,
    startAt: () => latest() ?? start(),
    observe: (bookmark) => {
      if (bookmark) observed = bookmark;
    },
  };
}
