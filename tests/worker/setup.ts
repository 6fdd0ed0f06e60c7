// Every worker test file starts from the migrated schema and a small generated catalogue.
import { applyD1Migrations } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { generateCatalogue } from '../../scripts/seed/generate';
import { toSqlStatements } from '../../scripts/seed/sql';

/** Articles in the test catalogue: enough for pagination (40 a page) within a category tree. */
export const TEST_ARTICLES = 300;

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
const statements = toSqlStatements(generateCatalogue({ articles: TEST_ARTICLES }), { clear: true });
for (let i = 0; i < statements.length; i += 50) {
  await env.DB.batch(statements.slice(i, i + 50).map((sql) => env.DB.prepare(sql)));
}

// Each test file has a database of its own, but all share one card sandbox, which files stored
// cards under the user's id (worker/payments/shopper.ts). As in one real database, users of
// different files must not share an id: each file's users start at a random id.
const firstUserId = 1 + (crypto.getRandomValues(new Uint32Array(1))[0]! % 1_000_000) * 1000;
await env.DB.batch([
  env.DB.prepare("DELETE FROM sqlite_sequence WHERE name = 'users'"),
  env.DB.prepare("INSERT INTO sqlite_sequence (name, seq) SELECT 'users', max(?, coalesce((SELECT max(id) FROM users), 0))").bind(firstUserId),
]);
