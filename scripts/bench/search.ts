/**
 * `npx tsx scripts/bench/search.ts [--fresh] [--requests 200] [--slowest 5]`: latency of search and filtered
 * listings on a 100,000-article catalogue, measured in the Worker (Server-Timing `db;dur`, the
 * time spent waiting on D1) and end to end (HTTP round trip on loopback). Figures, not pass/fail.
 *
 * Needs `npm run build` first. The database lives in .wrangler/bench-100k and is built once
 * (migrations + `scripts/seed/cli.ts --articles 100000`, several minutes), then reused unless
 * --fresh. The built Worker runs under `wrangler dev` for the run only, on port 8791 (or --port,
 * else BENCH_PORT; its inspector on the next port). Requests
 * are sequential, after a warm-up; --slowest N lists the N slowest requests of each series.
 */
import { keepLog, percentile, waitForServer } from './shared';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { articleName } from '../seed/article-texts';
import { articleAt } from '../seed/articles';
import { CATEGORIES } from '../seed/kinds';
import { mulberry32 } from '../seed/random';
import { slugify } from '../seed/text';

const ARTICLES = 100_000;
const DIR = '.wrangler/bench-100k';
const MARKER = `${DIR}/seeded-${ARTICLES}`;
const SORTS = ['relevance', 'new', 'old', 'price-asc', 'price-desc'];
const WARM_UP = 40;

const { values } = parseArgs({
  options: {
    fresh: { type: 'boolean', default: false },
    requests: { type: 'string', default: '200' },
    slowest: { type: 'string', default: '0' },
    port: { type: 'string' },
  },
});
const PORT = Number(values.port ?? process.env.BENCH_PORT ?? 8791);
const INSPECTOR_PORT = (values.port ?? process.env.BENCH_PORT) ? PORT + 1 : PORT + 1000;
const ORIGIN = `http://localhost:${PORT}`; // plain localhost is the ES channel
const REQUESTS = Number(values.requests);
const random = mulberry32(20261101);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

function run(command: string, args: string[]): void {
  console.log(`bench: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status})`);
}

function ensureDatabase(): void {
  if (!values.fresh && existsSync(MARKER)) return console.log(`bench: reusing ${DIR}`);
  rmSync(DIR, { recursive: true, force: true });
  mkdirSync(DIR, { recursive: true });
  run('npx', ['wrangler', 'd1', 'migrations', 'apply', 'DB', '--local', '--persist-to', DIR]);
  run('npx', ['tsx', 'scripts/seed/cli.ts', '--articles', String(ARTICLES), '--persist-to', DIR, '--out', `${DIR}/seed/seed.sql`]);
  rmSync(`${DIR}/seed`, { recursive: true, force: true });
  writeFileSync(MARKER, new Date().toISOString());
}

/** The built Worker under wrangler dev; its log is kept, and shown only if it fails to start. */
function startServer(): { server: ChildProcess; log: string[] } {
  const server = spawn('npx', ['wrangler', 'dev', '--port', String(PORT), '--inspector-port', String(INSPECTOR_PORT), '--persist-to', DIR], {
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  return { server, log: keepLog(server) };
}


/** Words of real article names (es_ES, the ES channel's language), drawn from the seeded catalogue. */
function catalogueWords(): { words: string[]; names: string[] } {
  const ctx = { seed: 1, now: Math.floor(Date.UTC(2026, 10, 1) / 1000), articles: ARTICLES };
  const names: string[] = [];
  const words = new Set<string>();
  for (let i = 0; i < 400; i++) {
    const name = articleName(articleAt(ctx, 1 + Math.floor(random() * ARTICLES)), 'es_ES');
    names.push(name);
    for (const word of name.toLowerCase().split(/[^\p{L}]+/u)) if (word.length >= 4) words.add(word);
  }
  return { words: [...words], names };
}

/** One edit: drop, swap or replace a letter inside the word. */
function typo(word: string): string {
  const i = 1 + Math.floor(random() * (word.length - 2));
  const kind = Math.floor(random() * 3);
  if (kind === 0) return word.slice(0, i) + word.slice(i + 1);
  if (kind === 1) return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
  return word.slice(0, i) + pick([...'aeiourstln']) + word.slice(i + 1);
}

function searchQueries(): string[] {
  const { words, names } = catalogueWords();
  const queries: string[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const kind = i % 4;
    if (kind === 0) queries.push(pick(words));
    else if (kind === 1) queries.push(pick(words).slice(0, 3 + Math.floor(random() * 3)));
    else if (kind === 2) queries.push(typo(pick(words.filter((w) => w.length >= 5))));
    else queries.push(pick(names).split(' ').slice(1, 3).join(' '));
  }
  return queries;
}

function listingQueries(): string[] {
  const leaves = CATEGORIES.filter((c) => c.kind && !c.kind.def.digital);
  const queries: string[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const leaf = pick(leaves);
    // Half the time the parent category, so broad subtrees are measured too.
    const category = i % 2 === 0 || leaf.parentId === null ? leaf.id : leaf.parentId;
    const slug = slugify(pick(leaf.kind!.makers).brand);
    const [low, high] = leaf.kind!.def.price;
    const from = Math.round(low + random() * (high - low) * 0.4);
    const to = Math.round(from + random() * (high - from));
    const params = new URLSearchParams({ category: String(category), brand: slug, price_from: String(from), price_to: String(to), sort: pick(SORTS) });
    queries.push(params.toString());
  }
  return queries;
}

interface Sample {
  path: string;
  db: number;
  total: number;
}

async function measure(path: string): Promise<Sample> {
  const started = performance.now();
  const response = await fetch(ORIGIN + path, { headers: { Accept: 'application/json' } });
  await response.arrayBuffer();
  const total = performance.now() - started;
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  const db = Number(/db;dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '')?.[1] ?? NaN);
  return { path, db, total };
}


async function series(label: string, paths: string[]): Promise<void> {
  for (const path of paths.slice(0, WARM_UP)) await measure(path); // warm SQLite's page cache and the isolate
  const samples: Sample[] = [];
  for (const path of paths) samples.push(await measure(path));
  const line = (name: string, values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return `${name} p50 ${percentile(sorted, 50).toFixed(1)} ms · p95 ${percentile(sorted, 95).toFixed(1)} ms · max ${sorted.at(-1)!.toFixed(1)} ms`;
  };
  console.log(`${label} (${samples.length} requests)\n  D1 (Server-Timing)  ${line('', samples.map((s) => s.db))}\n  round trip          ${line('', samples.map((s) => s.total))}`);
  const slowest = [...samples].sort((a, b) => b.db - a.db).slice(0, Number(values.slowest));
  for (const s of slowest) console.log(`    ${s.db.toFixed(0).padStart(4)} ms  ${decodeURIComponent(s.path)}`);
}

async function main(): Promise<void> {
  if (!existsSync('dist/worker/index.js')) throw new Error('dist/worker/index.js is missing: run `npm run build` first');
  ensureDatabase();
  const { server, log } = startServer();
  try {
    await waitForServer(ORIGIN, log);
    const searches = searchQueries();
    await series('search listing /api/catalogue/listing?query=…', searches.map((q) => `/api/catalogue/listing?${new URLSearchParams({ query: q })}`));
    await series('suggestions /api/catalogue/search/suggestions?q=…', searches.map((q) => `/api/catalogue/search/suggestions?${new URLSearchParams({ q: q.slice(0, 6).padEnd(2, 'a') })}`));
    await series('filtered listing /api/catalogue/listing?category&brand&price&sort', listingQueries().map((q) => `/api/catalogue/listing?${q}`));
  } finally {
    if (server.pid) process.kill(-server.pid, 'SIGTERM');
  }
}

main().catch((error) => {
  console.error(`bench: ${(error as Error).message}`);
  process.exitCode = 1;
});
