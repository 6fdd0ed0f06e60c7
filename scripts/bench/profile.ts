/**
 * `npx tsx scripts/bench/profile.ts [--pages home,category,…,health] [--seconds 5] [--edge-cache]`:
 * a CPU profile of each content page (and of `/api/health` for comparison), uncached as
 * `npm run bench` measures it, or with `--edge-cache` as cache hits. Serves the built Worker under
 * `wrangler dev` with the database `npm run bench` left in .wrangler/bench (run it once first),
 * edge cache off, connects to the runtime's inspector (Chrome DevTools protocol), samples every
 * 200 µs while autocannon (8 connections) requests the page, and prints the functions with the
 * most self time (their share of the samples taken while the isolate was busy) and the same
 * folded by file. Figures, not pass/fail; needs `npm run build` first.
 */
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { WebSocket } from 'undici';
import { keepLog, stopServer, waitForServer } from './shared';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '8792' },
    pages: { type: 'string', default: 'home,category,filtered,search,product,brand,blog post' },
    seconds: { type: 'string', default: '5' },
    top: { type: 'string', default: '15' },
    'edge-cache': { type: 'boolean', default: false },
  },
});
const PORT = Number(values.port);
const INSPECTOR = PORT + 7000;
const ORIGIN = `http://localhost:${PORT}`;
const SECONDS = Number(values.seconds);
const TOP = Number(values.top);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
}

/** A minimal DevTools protocol client: one call at a time, answers matched by id. */
async function inspector(): Promise<(method: string, params?: object) => Promise<Record<string, unknown>>> {
  const targets = (await (await fetch(`http://127.0.0.1:${INSPECTOR}/json`)).json()) as { webSocketDebuggerUrl: string }[];
  // The runtime's inspector proxy accepts local origins only.
  const socket = new WebSocket(targets[0]!.webSocketDebuggerUrl, { headers: { Origin: 'http://localhost' } });
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', reject, { once: true });
  });
  let next = 0;
  const waiting = new Map<number, (result: Record<string, unknown>) => void>();
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: Record<string, unknown> };
    if (message.id !== undefined) waiting.get(message.id)?.(message.result ?? {});
  });
  return (method, params = {}) =>
    new Promise((resolve) => {
      const id = ++next;
      waiting.set(id, resolve);
      socket.send(JSON.stringify({ id, method, params }));
    });
}

/**
 * Self samples by function (name, file, line) and by file, busy samples only (not idle, program
 * or GC); and the native functions' samples by the script function that called them (a native
 * builtin shows as "(anonymous)" otherwise).
 */
function summarize(profile: Profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const functions = new Map<string, number>();
  const files = new Map<string, number>();
  const nativeCallers = new Map<string, number>();
  const label = (frame: ProfileNode['callFrame']) => `${frame.functionName || '(anonymous)'}  ${frame.url.replace(/^.*\/(node_modules\/)?/, '') || '(native)'}:${frame.lineNumber + 1}`;
  let busy = 0;
  for (const id of profile.samples) {
    const frame = byId.get(id)!.callFrame;
    if (frame.functionName === '(idle)' || frame.functionName === '(program)') continue;
    busy++;
    const file = frame.url.replace(/^.*\/(node_modules\/)?/, '') || '(native)';
    const name = label(frame);
    functions.set(name, (functions.get(name) ?? 0) + 1);
    files.set(file, (files.get(file) ?? 0) + 1);
    if (frame.url || frame.functionName === '(garbage collector)') continue;
    let caller = parent.get(id);
    while (caller !== undefined && !byId.get(caller)!.callFrame.url) caller = parent.get(caller);
    const by = `${name.split('  ')[0]} ← ${caller === undefined ? '(root)' : label(byId.get(caller)!.callFrame)}`;
    nativeCallers.set(by, (nativeCallers.get(by) ?? 0) + 1);
  }
  // Total (inclusive) samples: each function counted once per sample it is on the stack of.
  const inclusive = new Map<string, number>();
  for (const id of profile.samples) {
    const frame = byId.get(id)!.callFrame;
    if (frame.functionName === '(idle)' || frame.functionName === '(program)') continue;
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const name = label(byId.get(at)!.callFrame);
      if (!byId.get(at)!.callFrame.url || seen.has(name)) continue;
      seen.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + 1);
    }
  }
  const top = (counts: Map<string, number>, n = TOP) => [...counts].sort((a, b) => b[1] - a[1]).slice(0, n).map(([name, count]) => `${((count / busy) * 100).toFixed(1).padStart(5)} %  ${name}`);
  return { busy, total: profile.samples.length, functions: top(functions), files: top(files), natives: top(nativeCallers), inclusive: top(inclusive, TOP * 3) };
}

async function main() {
  const server = spawn(
    'npx',
    ['wrangler', 'dev', '--port', String(PORT), '--persist-to', '.wrangler/bench', '--ip', '127.0.0.1', '--inspector-port', String(INSPECTOR), '--show-interactive-dev-session=false', '--var', `EDGE_CACHE:${values['edge-cache'] ? 'on' : 'off'}`],
    { stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  const log = keepLog(server);
  try {
    await waitForServer(ORIGIN, log);
    const home = await (await fetch(`${ORIGIN}/`)).text();
    const categoryPath = /<a href="(\/[a-z0-9-]+)">/.exec(home)![1]!;
    const category = await (await fetch(ORIGIN + categoryPath)).text();
    const productPath = /<a href="(\/[a-z0-9-]+-\d+)">/.exec(category.slice(category.indexOf('class="listing__results"')))![1]!;
    const brands = await (await fetch(`${ORIGIN}/marcas`)).text();
    const brandPath = /<a href="(\/[a-z0-9-]+)"/.exec(brands.slice(brands.indexOf('<main')))![1]!;
    const blog = await (await fetch(`${ORIGIN}/blog`)).text();
    const postPath = /<a href="(\/blog\/(?!tag\/)[a-z0-9-]+)"/.exec(blog)![1]!;
    const paths: Record<string, string> = {
      home: '/',
      category: categoryPath,
      filtered: `${categoryPath}?seller=own&sort=price-asc&price_from=50&price_to=800`,
      search: '/search?query=portatil',
      product: productPath,
      brand: brandPath,
      'blog post': postPath,
      health: '/api/health',
    };
    const call = await inspector();
    await call('Profiler.enable');
    await call('Profiler.setSamplingInterval', { interval: 200 });
    for (const name of values.pages.split(',')) {
      const url = ORIGIN + paths[name]!;
      await autocannon({ url, connections: 8, duration: 1 }); // warm-up
      await call('Profiler.start');
      const result = await autocannon({ url, connections: 8, duration: SECONDS });
      const { profile } = (await call('Profiler.stop')) as unknown as { profile: Profile };
      const summary = summarize(profile);
      console.log(`\n${name} (${paths[name]}): ${result.requests.average.toFixed(0)} req/s, ${summary.busy} busy samples of ${summary.total} (${((summary.busy / summary.total) * 100).toFixed(0)} %)`);
      console.log('  self time by function:');
      for (const line of summary.functions) console.log(`    ${line}`);
      console.log('  self time by file:');
      for (const line of summary.files) console.log(`    ${line}`);
      console.log('  native functions by caller:');
      for (const line of summary.natives) console.log(`    ${line}`);
      console.log('  total time by script function (self and callees):');
      for (const line of summary.inclusive) console.log(`    ${line}`);
    }
  } finally {
    await stopServer(server);
  }
}

await main();
process.exit(0);
