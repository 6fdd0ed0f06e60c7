/**
 * `npm run seed`: writes the demo catalogue as SQL (split into files under ~45 MB) and applies
 * it to the local D1 database with wrangler.
 *
 *   npm run seed -- [--articles 1500] [--seed 1] [--out .wrangler/seed/seed.sql] [--no-apply]
 *                   [--persist-to DIR]   (a local database other than wrangler's default, as for tests)
 */
import { spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readdirSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { catalogueTables, type LazySeedTable, type SeedRow } from './generate';
import { sqlStatements, utf8Length } from './sql';

const MAX_FILE_BYTES = 45 * 1024 * 1024;

function fail(message: string): never {
  console.error(`seed: ${message}`);
  process.exit(1);
}

function positiveInt(value: string | undefined, flag: string, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) fail(`${flag} must be a non-negative integer, got "${value}"`);
  return n;
}

/** Wraps each table so rows are counted as they stream past. */
function counted(tables: LazySeedTable[], counts: Map<string, number>): LazySeedTable[] {
  return tables.map(({ table, rows, ...extras }) => ({
    ...extras,
    table,
    rows: {
      *[Symbol.iterator](): Iterator<SeedRow> {
        for (const row of rows) {
          counts.set(table, (counts.get(table) ?? 0) + 1);
          yield row;
        }
      },
    },
  }));
}

/** Writes statements into `out`, then `out-2.sql`, `out-3.sql`… whenever a file would pass the limit. */
function writeFiles(out: string, statements: Iterable<string>): { files: string[]; bytes: number } {
  const dir = dirname(out);
  const stem = basename(out, extname(out));
  const ext = extname(out) || '.sql';
  mkdirSync(dir, { recursive: true });
  // Parts of an earlier, larger run would otherwise be applied again.
  for (const name of readdirSync(dir)) if (new RegExp(`^${stem}-\\d+${ext.replace('.', '\\.')}$`).test(name)) rmSync(join(dir, name));
  const files = [out];
  let fd = openSync(out, 'w');
  let fileBytes = 0;
  let total = 0;
  let buffer: string[] = [];
  let bufferBytes = 0;
  const flush = () => {
    if (buffer.length) writeSync(fd, buffer.join(''));
    buffer = [];
    bufferBytes = 0;
  };
  for (const statement of statements) {
    const text = `${statement}\n`;
    const bytes = utf8Length(text);
    if (fileBytes > 0 && fileBytes + bytes > MAX_FILE_BYTES) {
      flush();
      closeSync(fd);
      const next = join(dir, `${stem}-${files.length + 1}${ext}`);
      files.push(next);
      fd = openSync(next, 'w');
      fileBytes = 0;
    }
    buffer.push(text);
    bufferBytes += bytes;
    fileBytes += bytes;
    total += bytes;
    if (bufferBytes > 1 << 20) flush();
  }
  flush();
  closeSync(fd);
  return { files, bytes: total };
}

function main(): void {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        articles: { type: 'string' },
        seed: { type: 'string' },
        out: { type: 'string' },
        'no-apply': { type: 'boolean', default: false },
        'persist-to': { type: 'string' },
      },
    }));
  } catch (error) {
    fail((error as Error).message);
  }
  const articles = positiveInt(values.articles, '--articles', 1500);
  if (articles < 1) fail('--articles must be at least 1');
  const seed = positiveInt(values.seed, '--seed', 1);
  const out = values.out ?? '.wrangler/seed/seed.sql';

  const started = performance.now();
  const counts = new Map<string, number>();
  const tables = counted(catalogueTables({ articles, seed }), counts);
  const { files, bytes } = writeFiles(out, sqlStatements(tables, { clear: true }));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`seed: ${[...counts].map(([t, n]) => `${t}=${n}`).join(' ')}`);
  console.log(`seed: wrote ${(bytes / 1024 / 1024).toFixed(1)} MB in ${files.length} file(s) in ${seconds}s: ${files.join(', ')}`);

  if (values['no-apply']) return;
  for (const file of files) {
    console.log(`seed: applying ${file}`);
    const persist = values['persist-to'] ? ['--persist-to', values['persist-to']] : [];
    const result = spawnSync('npx', ['wrangler', 'd1', 'execute', 'DB', '--local', ...persist, '--file', file, '--yes'], { stdio: ['ignore', 'ignore', 'inherit'] });
    if (result.error) fail(`could not run wrangler: ${result.error.message}`);
    if (result.status !== 0) fail(`wrangler d1 execute failed on ${file} (exit code ${result.status}); is the D1 binding "DB" configured in wrangler.toml and migrated (npm run db:migrate)?`);
  }
  // Cached pages and sitemaps show the old catalogue until the version changes (worker/ssr/edge-cache.ts).
  const versionPersist = values['persist-to'] ? ['--persist-to', values['persist-to']] : [];
  const bump = spawnSync('npx', ['wrangler', 'kv', 'key', 'put', 'catalogue:version', `seed-${Date.now().toString(36)}`, '--binding', 'CACHE', '--local', ...versionPersist], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (bump.status !== 0) console.warn('seed: could not bump catalogue:version; cached pages may be stale for up to 5 minutes');
  console.log('seed: done');
}

main();
