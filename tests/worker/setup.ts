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
