/**
 * `npm run bench`: figures, not pass/fail. For the home, a category and a product page:
 * JavaScript transferred before any interaction (gzip), HTML size, and the page's request rate
 * against the local runtime as a ratio to a static asset of the same size served by the same
 * runtime (autocannon on loopback). Page and static twin run alternately, BENCH_ROUNDS times
 * (default 3) of BENCH_SECONDS each (default 3); the figures are the medians, which keeps a
 * burst of other work on a shared machine from deciding a ratio. Needs `npm run build` first.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { gzipSize, gzipSizes, kb, pageScripts, readManifest, stopServer, waitForServer } from './shared';
import autocannon from 'autocannon';

const PORT = Number(process.env.BENCH_PORT ?? 8790);
const ORIGIN = `http://localhost:${PORT}`; // plain localhost is the ES channel
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 8;
const STATIC_DIR = 'dist/client/__bench';

const manifest = readManifest();

function startServer(reuse: boolean, edgeCache = false): ChildProcess {
  return spawn('node', ['tests/e2e/server.mjs', String(PORT)], {
    env: { ...process.env, PERSIST_TO: '.wrangler/bench', REUSE_DB: reuse ? '1' : '0', EDGE_CACHE: edgeCache ? 'on' : 'off' },
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

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function rate(url: string, duration = DURATION_S): Promise<number> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

async function main() {
  let server = startServer(false);
  try {
    await waitForServer(ORIGIN);
    const home = await (await fetch(`${ORIGIN}/`)).text();
    const categoryPath = /<a href="(\/[a-z0-9-]+)">/.exec(home)![1]!;
    const category = await (await fetch(ORIGIN + categoryPath)).text();
    // The first product of the list itself (the highlights above it change with ratings).
    const results = category.slice(category.indexOf('class="listing__results"'));
    const productPath = /<a href="(\/[a-z0-9-]+-\d+)">/.exec(results)![1]!;
    const pages = [
      { name: 'home', path: '/' },
      { name: 'category', path: categoryPath },
      { name: 'filtered', path: `${categoryPath}?seller=own&sort=price-asc&price_from=50&price_to=800` },
      { name: 'search', path: '/search?query=portatil' },
      { name: 'product', path: productPath },
    ];
    rmSync(STATIC_DIR, { recursive: true, force: true });
    mkdirSync(STATIC_DIR, { recursive: true });
    const measured = [];
    for (const page of pages) {
      const html = await (await fetch(ORIGIN + page.path)).text();
      writeFileSync(`${STATIC_DIR}/${page.name}.txt`, html);
      measured.push({ ...page, html: Buffer.byteLength(html), htmlGzip: gzipSize(html), js: await jsBeforeInteraction(html) });
    }
    for (const edgeCache of [false, true]) {
      // Restart so the runtime serves the static twins from its assets directory.
      await stopServer(server);
      server = startServer(true, edgeCache);
      await waitForServer(ORIGIN);
      console.log(
        `\nPage figures, edge cache ${edgeCache ? 'ON' : 'OFF'} (medians of ${ROUNDS} alternating runs of ${DURATION_S} s, ${CONNECTIONS} connections, wrangler dev on loopback, 1,500-article catalogue)\n`,
      );
      console.log('page      HTML KB  HTML gz KB  JS before interaction (gz KB)  page req/s  static req/s  ratio');
      for (const page of measured) {
        // Warm the isolate (and, with the edge cache on, store the page) before measuring.
        await rate(ORIGIN + page.path, 1);
        const rounds: { page: number; static: number }[] = [];
        for (let round = 0; round < ROUNDS; round++) {
          rounds.push({ page: await rate(ORIGIN + page.path), static: await rate(`${ORIGIN}/__bench/${page.name}.txt`) });
        }
        const pageRate = median(rounds.map((r) => r.page));
        const staticRate = median(rounds.map((r) => r.static));
        const ratio = median(rounds.map((r) => r.page / r.static));
        console.log(
          `${page.name.padEnd(9)} ${kb(page.html).padStart(7)}  ${kb(page.htmlGzip).padStart(10)}  ${kb(page.js.gzip).padStart(29)}  ${pageRate.toFixed(0).padStart(10)}  ${staticRate.toFixed(0).padStart(12)}  ${ratio.toFixed(2).padStart(5)}`,
        );
      }
    }
    console.log('\nJS budget on content pages: 25 KB gzip before interaction.');
    printLighthouse();
  } finally {
    await stopServer(server);
    rmSync(STATIC_DIR, { recursive: true, force: true });
  }
}

await main();
