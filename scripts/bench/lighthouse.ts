/**
 * `npm run bench:lighthouse`: Lighthouse (mobile emulation, its default form factor and simulated
 * throttling) on the home, a category, a product and the basket with one line, against the built
 * Worker under `wrangler dev` with its own freshly seeded database (tests/e2e/server.mjs, port
 * LIGHTHOUSE_PORT, default 8808). Prints per page the four category scores, LCP, CLS, TBT and the
 * JavaScript the page loaded (gzip level 6 of each script, as `npm run bench` counts it: Lighthouse
 * does not interact, so this is the JavaScript before interaction), then every audit that keeps a
 * category under 100 with its reason. Writes the figures to test-results/lighthouse.json.
 * Figures, not pass/fail. Needs `npm run build` first.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { Browser, expectStatus, startServer } from './shopper';
import { gzipSizes, kb, stopServer, waitForServer } from './shared';

const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 8808);
const ORIGIN = `http://localhost:${PORT}`; // plain localhost is the ES channel
const DIR = `.wrangler/lighthouse-${PORT}`;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
/** Debian's Chromium in a machine without outside network: the flags that keep it from dialling out. */
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'];

interface Failing {
  category: string;
  id: string;
  title: string;
  score: number;
  weight: number;
  reason: string;
}

export interface PageFigures {
  name: string;
  url: string;
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /** Scripts the page loaded during the run, each gzipped (level 6), summed. */
  jsGzipBytes: number;
  /** What Lighthouse saw on the wire for those scripts (wrangler dev does not compress). */
  jsTransferBytes: number;
  scripts: string[];
  failing: Failing[];
}

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

/** Why an audit lost points: its display value, else the first few offending items. */
function reasonOf(audit: Result['audits'][string]): string {
  const parts: string[] = [];
  if (audit.displayValue) parts.push(String(audit.displayValue));
  const details = audit.details as { items?: Record<string, unknown>[] } | undefined;
  for (const item of details?.items?.slice(0, 3) ?? []) {
    const node = item.node as { selector?: string; snippet?: string } | undefined;
    const text = node?.selector ?? (typeof item.url === 'string' ? item.url : undefined) ?? (typeof item.source === 'string' ? item.source : undefined) ?? (typeof item.description === 'string' ? item.description : undefined);
    if (text) parts.push(text.slice(0, 120));
  }
  return parts.join('; ') || audit.title;
}

function figures(name: string, lhr: Result, jsGzipBytes: number, scripts: string[]): PageFigures {
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const failing: Failing[] = [];
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 1) continue;
      if (['notApplicable', 'manual', 'informative'].includes(audit.scoreDisplayMode)) continue;
      failing.push({ category, id: ref.id, title: audit.title, score: audit.score, weight: ref.weight, reason: reasonOf(audit) });
    }
  }
  const requests = ((lhr.audits['network-requests']?.details as { items?: { url: string; resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? []).filter((r) => r.resourceType === 'Script');
  return {
    name,
    url: lhr.finalDisplayedUrl,
    scores: Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])) as PageFigures['scores'],
    lcpMs: numeric('largest-contentful-paint'),
    cls: numeric('cumulative-layout-shift'),
    tbtMs: numeric('total-blocking-time'),
    jsGzipBytes,
    jsTransferBytes: requests.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    scripts,
    failing,
  };
}

/** Category, product (the first of the category's own list, as `npm run bench`) and a basket cookie. */
async function pagesToAudit() {
  const home = await (await fetch(`${ORIGIN}/`)).text();
  const categoryPath = /<a href="(\/[a-z0-9-]+)">/.exec(home)?.[1];
  if (!categoryPath) throw new Error('no category link on the home page');
  const category = await (await fetch(ORIGIN + categoryPath)).text();
  const results = category.slice(category.indexOf('class="listing__results"'));
  const productPath = /<a href="(\/[a-z0-9-]+-\d+)">/.exec(results)?.[1];
  if (!productPath) throw new Error(`no product link on ${categoryPath}`);
  // The basket: one line of that product, added through the API by a cookie-jar browser.
  const browser = new Browser(ORIGIN);
  const cartId = await browser.cartId();
  const idArticle = Number(/-(\d+)$/.exec(productPath)![1]);
  expectStatus(await browser.api('POST', `/api/orders/${cartId}/cart/articles`, { articles: [{ idArticle, qty: 1 }] }), [200], 'add the basket line');
  const cookie = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  return [
    { name: 'home', path: '/' },
    { name: 'category', path: categoryPath },
    { name: 'product', path: productPath },
    { name: 'basket', path: '/cart/shopping_basket', headers: { Cookie: cookie } },
  ];
}

function print(pages: PageFigures[]) {
  console.log('\nLighthouse 12.2.3, mobile (Moto G Power emulation, simulated slow 4G and 4× CPU), wrangler dev on loopback, 1,500-article catalogue\n');
  console.log('page       perf  a11y  best   seo    LCP ms   CLS     TBT ms  JS gz KB  JS wire KB');
  for (const p of pages) {
    const s = p.scores;
    console.log(
      `${p.name.padEnd(9)} ${String(s.performance).padStart(5)} ${String(s.accessibility).padStart(5)} ${String(s['best-practices']).padStart(5)} ${String(s.seo).padStart(5)}  ${p.lcpMs.toFixed(0).padStart(8)}  ${p.cls.toFixed(3).padStart(5)}  ${p.tbtMs.toFixed(0).padStart(8)}  ${kb(p.jsGzipBytes).padStart(8)}  ${kb(p.jsTransferBytes).padStart(10)}`,
    );
  }
  const failing = pages.flatMap((p) => p.failing.map((f) => ({ page: p.name, ...f })));
  console.log(failing.length === 0 ? '\nNo audit under 100.' : '\nAudits under 100 (page, category, audit, score, weight, reason):');
  for (const f of failing) console.log(`- ${f.page} · ${f.category} · ${f.id} · ${f.score} · w${f.weight} · ${f.reason}`);
}

/**
 * One Lighthouse run; a run whose trace came out unusable (NO_NAVSTART and the like, seen on a
 * loaded machine) is repeated, as Lighthouse itself advises, at most twice.
 */
async function audit(port: number, url: string, extraHeaders: Record<string, string> | null) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES], extraHeaders });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const error = result.lhr.runtimeError;
    if (!error) return result;
    if (attempt === 3) throw new Error(`${url}: ${error.code} ${error.message}`);
    console.log(`${url}: ${error.code}, running it again`);
  }
}

/**
 * Runs `work` with a Chromium of its own (a fresh profile): audited one after another in one
 * browser, the basket came out with no usable trace (NO_NAVSTART) every time, alone it did not.
 */
async function withChrome<T>(work: (port: number) => Promise<T>): Promise<T> {
  const profile = mkdtempSync(join(tmpdir(), 'ampora-lighthouse-'));
  const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: CHROME_FLAGS, userDataDir: profile, logLevel: 'silent' });
  try {
    return await work(chrome.port);
  } finally {
    await chrome.kill();
    rmSync(profile, { recursive: true, force: true });
  }
}

async function main() {
  const { server, log } = startServer(PORT, DIR);
  try {
    await waitForServer(ORIGIN, log);
    const pages = await pagesToAudit();
    // One throwaway run warms the isolate (first compile of each module) so it does not count against the home.
    await withChrome((port) => lighthouse(`${ORIGIN}/`, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] }));
    const measured: PageFigures[] = [];
    for (const page of pages) {
      const result = await withChrome((port) => audit(port, ORIGIN + page.path, page.headers ?? null));
      const scripts = ((result.lhr.audits['network-requests']?.details as { items?: { url: string; resourceType?: string }[] } | undefined)?.items ?? [])
        .filter((r) => r.resourceType === 'Script' && r.url.startsWith(ORIGIN))
        .map((r) => new URL(r.url).pathname);
      const sizes = await gzipSizes(ORIGIN, scripts);
      measured.push(figures(page.name, result.lhr, [...sizes.values()].reduce((a, b) => a + b, 0), scripts));
    }
    print(measured);
    mkdirSync('test-results', { recursive: true });
    writeFileSync('test-results/lighthouse.json', `${JSON.stringify({ at: new Date().toISOString(), lighthouse: '12.2.3', formFactor: 'mobile', pages: measured }, null, 2)}\n`);
    console.log('\nWritten: test-results/lighthouse.json');
  } finally {
    await stopServer(server);
  }
}

await main();
