/**
 * `npm run bench`: figures, not pass/fail. For the content pages (home, category, filtered
 * category, search, product, brand, blog post): JavaScript transferred before any interaction
 * (gzip), HTML size, and the page's request rate against the local runtime as a ratio to
 * `/api/health` (the cheapest Worker answer, same runtime) and to a static asset of the same
 * size (autocannon on loopback), with the edge cache off and on; then the cart mutations (add an
 * article, change a quantity, remove a line) and order placement through the real API, as a
 * ratio to `/api/health` measured the same way.
 *
 * Page, `/api/health` and static twin run in turn, BENCH_ROUNDS times (default 3) of
 * BENCH_SECONDS each (default 3); the figures are the medians (a ratio is the median of the
 * per-round ratios), which keeps a burst of other work on a shared machine from deciding a
 * ratio. Beside the rates, the Worker runtime process's CPU time per request (from /proc, on
 * Linux) for the page and for `/api/health`: the rates share two cores with autocannon itself,
 * which reads every byte of a page, while the CPU figure is the Worker's own cost alone. Needs
 * `npm run build` first.
 *
 * `BENCH_ONLY=api` skips the pages and runs only the cart mutations and orders (edge cache off)
 * on a freshly seeded database.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { gzipSize, gzipSizes, kb, median, pageScripts, readManifest, stopServer, waitForServer, workerProcessCpu } from './shared';
import { apiRatios } from './api-rates';
import autocannon from 'autocannon';

const PORT = Number(process.env.BENCH_PORT ?? 8790);
const ORIGIN = `http://localhost:${PORT}`; // plain localhost is the ES channel
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 8;
const STATIC_DIR = 'dist/client/__bench';
const DB_DIR = '.wrangler/bench';
/** The goals of the speed work: ratio to `/api/health`, edge cache off / on. */
const GOAL = { off: 0.5, on: 0.9 };
const API_ONLY = process.env.BENCH_ONLY === 'api';

const manifest = readManifest();
const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');

function startServer(reuse: boolean, edgeCache = false): ChildProcess {
  return spawn('node', ['tests/e2e/server.mjs', String(PORT)], {
    env: { ...process.env, PERSIST_TO: DB_DIR, REUSE_DB: reuse ? '1' : '0', EDGE_CACHE: edgeCache ? 'on' : 'off' },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
}

/** Scripts a page loads before any interaction: its script tags, modulepreloads, and islands hydrating on load/idle/visible. */
async function jsBeforeInteraction(html: string): Promise<{ files: string[]; gzip: number }> {
  const { before } = pageScripts(manifest, html);
  const sizes = await gzipSizes(ORIGIN, before);
  return { files: [...before], gzip: [...sizes.values()].reduce((a, b) => a + b, 0) };
}

/**
 * Lighthouse takes minutes of its own (a seeded server and four audited pages), so it runs apart
 * (`npm run bench:lighthouse`); its last figures are repeated here.
 */
function printLighthouse() {
  const file = 'test-results/lighthouse.json';
  if (!existsSync(file)) return console.log('Lighthouse (mobile): no figures yet, run `npm run bench:lighthouse`.');
  const report = JSON.parse(readFileSync(file, 'utf8')) as { at: string; pages: { name: string; scores: Record<string, number>; lcpMs: number; cls: number; jsGzipBytes: number }[] };
  console.log(`\nLighthouse mobile, last \`npm run bench:lighthouse\` (${report.at}): page perf/a11y/best/seo, LCP, CLS, JS gz`);
  for (const p of report.pages) {
    const s = p.scores;
    console.log(`${p.name.padEnd(9)} ${s.performance}/${s.accessibility}/${s['best-practices']}/${s.seo}  ${p.lcpMs.toFixed(0)} ms  ${p.cls.toFixed(3)}  ${kb(p.jsGzipBytes)} KB`);
  }
}

/** The Worker runtime's CPU clock (ms), when the machine lets us read it (scripts/bench/shared.ts). */
let workerCpu: (() => number) | undefined;

/** Requests per second, and the Worker runtime's CPU ms per request over the same run (NaN where not measured). */
async function measure(url: string, duration = DURATION_S): Promise<{ rate: number; cpuMs: number }> {
  const before = workerCpu?.();
  const result = await autocannon({ url, connections: CONNECTIONS, duration });
  const after = workerCpu?.();
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  const cpuMs = before === undefined || after === undefined || result.requests.total === 0 ? Number.NaN : (after - before) / result.requests.total;
  return { rate: result.requests.average, cpuMs };
}

async function rate(url: string, duration = DURATION_S): Promise<number> {
  return (await measure(url, duration)).rate;
}

const firstLink = (html: string, pattern: RegExp, what: string): string => {
  const found = pattern.exec(html)?.[1];
  if (!found) throw new Error(`no ${what} link found`);
  return found;
};

/** The pages measured, found by following the store's own links. */
async function pagesToMeasure() {
  const text = async (path: string) => (await fetch(ORIGIN + path)).text();
  const home = await text('/');
  const categoryPath = firstLink(home, /<a href="(\/[a-z0-9-]+)">/, 'category');
  const category = await text(categoryPath);
  // The first product of the list itself (the highlights above it change with ratings).
  const results = category.slice(category.indexOf('class="listing__results"'));
  const productPath = firstLink(results, /<a href="(\/[a-z0-9-]+-\d+)">/, 'product');
  const brands = await text('/marcas');
  const brandPath = firstLink(brands.slice(brands.indexOf('<main')), /<a href="(\/[a-z0-9-]+)"/, 'brand');
  const blog = await text('/blog');
  const postPath = firstLink(blog, /<a href="(\/blog\/(?!tag\/)[a-z0-9-]+)"/, 'blog post');
  return [
    { name: 'home', path: '/' },
    { name: 'category', path: categoryPath },
    { name: 'filtered', path: `${categoryPath}?seller=own&sort=price-asc&price_from=50&price_to=800` },
    { name: 'search', path: '/search?query=portatil' },
    { name: 'product', path: productPath },
    { name: 'brand', path: brandPath },
    { name: 'blog post', path: postPath },
  ];
}

type Measured = Awaited<ReturnType<typeof pagesToMeasure>>[number] & { html: number; htmlGzip: number; js: { gzip: number } };

async function pageRatios(measured: Measured[], edgeCache: boolean) {
  const goal = edgeCache ? GOAL.on : GOAL.off;
  console.log(
    `\nPages, edge cache ${edgeCache ? 'ON' : 'OFF'} (medians of ${ROUNDS} rounds of ${DURATION_S} s — page, /api/health, static twin in turn — ${CONNECTIONS} connections, wrangler dev on loopback, 1,500-article catalogue; load ${load()})\n`,
  );
  console.log('page       HTML KB  HTML gz KB  JS gz KB  page req/s  health req/s  ÷ health  static req/s  ÷ static  goal ÷ health  Worker CPU ms page / health  CPU ÷ health');
  workerCpu = workerProcessCpu(PORT);
  for (const page of measured) {
    // Warm the isolate (and, with the edge cache on, store the page) before measuring.
    await rate(ORIGIN + page.path, 1);
    const rounds: { page: number; health: number; static: number; pageCpu: number; healthCpu: number }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const pageRun = await measure(ORIGIN + page.path);
      const healthRun = await measure(`${ORIGIN}/api/health`);
      rounds.push({
        page: pageRun.rate,
        health: healthRun.rate,
        static: await rate(`${ORIGIN}/__bench/${page.name.replace(' ', '-')}.txt`),
        pageCpu: pageRun.cpuMs,
        healthCpu: healthRun.cpuMs,
      });
    }
    const ofHealth = median(rounds.map((r) => r.page / r.health));
    const ofStatic = median(rounds.map((r) => r.page / r.static));
    // What the Worker itself can serve of one against the other: health's CPU per request over the page's.
    const cpuOfHealth = median(rounds.map((r) => r.healthCpu / r.pageCpu));
    console.log(
      [
        page.name.padEnd(9),
        kb(page.html).padStart(8),
        kb(page.htmlGzip).padStart(10),
        kb(page.js.gzip).padStart(8),
        median(rounds.map((r) => r.page)).toFixed(0).padStart(10),
        median(rounds.map((r) => r.health)).toFixed(0).padStart(12),
        ofHealth.toFixed(2).padStart(8),
        median(rounds.map((r) => r.static)).toFixed(0).padStart(12),
        ofStatic.toFixed(2).padStart(8),
        `  ${goal} ${ofHealth >= goal ? 'met' : 'not met'}`.padEnd(13),
        `${median(rounds.map((r) => r.pageCpu)).toFixed(2)} / ${median(rounds.map((r) => r.healthCpu)).toFixed(2)}`.padStart(27),
        (Number.isNaN(cpuOfHealth) ? '—' : cpuOfHealth.toFixed(2)).padStart(12),
      ].join('  '),
    );
  }
}

async function main() {
  console.log(`bench ${new Date().toISOString()}, load average ${load()}`);
  let server = startServer(false);
  try {
    await waitForServer(ORIGIN);
    if (API_ONLY) {
      await apiRatios({ origin: ORIGIN, dbDir: DB_DIR, rounds: ROUNDS, seconds: DURATION_S, connections: CONNECTIONS, goal: GOAL.off });
      console.log(`\nload average at the end ${load()}`);
      return;
    }
    const pages = await pagesToMeasure();
    rmSync(STATIC_DIR, { recursive: true, force: true });
    mkdirSync(STATIC_DIR, { recursive: true });
    const measured: Measured[] = [];
    for (const page of pages) {
      const html = await (await fetch(ORIGIN + page.path)).text();
      writeFileSync(`${STATIC_DIR}/${page.name.replace(' ', '-')}.txt`, html);
      measured.push({ ...page, html: Buffer.byteLength(html), htmlGzip: gzipSize(html), js: await jsBeforeInteraction(html) });
    }
    for (const edgeCache of [false, true]) {
      // Restart so the runtime serves the static twins from its assets directory.
      await stopServer(server);
      server = startServer(true, edgeCache);
      await waitForServer(ORIGIN);
      console.log(`\npaths: ${measured.map((p) => `${p.name} ${p.path}`).join(', ')}`);
      await pageRatios(measured, edgeCache);
      if (!edgeCache) await apiRatios({ origin: ORIGIN, dbDir: DB_DIR, rounds: ROUNDS, seconds: DURATION_S, connections: CONNECTIONS, goal: GOAL.off });
    }
    console.log(`\nload average at the end ${load()}`);
    console.log('\nJS budget on content pages: 25 KB gzip before interaction.');
    printLighthouse();
  } finally {
    await stopServer(server);
    rmSync(STATIC_DIR, { recursive: true, force: true });
  }
}

await main();
