/**
 * What the benchmarks share: waiting for and stopping the server, percentiles, gzip sizes, and
 * the rule for which scripts a page loads (before any interaction, and once an island hydrates),
 * read from the client build's manifest, and the CPU time of the Worker's runtime process.
 */
import { execFileSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `${origin}/api/health` until it answers; the log (if kept) is shown when it never does. */
export async function waitForServer(origin: string, log: string[] = [], tries = 360): Promise<void> {
  for (let i = 0; i < tries; i++) {
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await sleep(500);
  }
  throw new Error(`the server did not answer /api/health:\n${log.join('')}`);
}

/** Stops a server started `detached` (its whole process group). */
export async function stopServer(server: ChildProcess): Promise<void> {
  if (server.pid) process.kill(-server.pid, 'SIGTERM');
  await sleep(1500);
}

/** Keeps the last 200 chunks of a process's output, to show if it fails to start. */
export function keepLog(server: ChildProcess): string[] {
  const log: string[] = [];
  const keep = (chunk: Buffer) => log.push(chunk.toString()) > 200 && log.shift();
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);
  return log;
}

/** The value at percentile `p` of an ascending list (nearest rank). */
export const percentile = (sorted: readonly number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

export const gzipSize = (body: Uint8Array | string) => gzipSync(body, { level: 6 }).length;
export const kb = (bytes: number) => (bytes / 1024).toFixed(1);

type Manifest = Record<string, { file: string; imports?: string[] }>;

export function readManifest(): Manifest {
  return JSON.parse(readFileSync('dist/client/.vite/manifest.json', 'utf8')) as Manifest;
}

/** Chunks a manifest entry loads, itself included (static imports followed). */
function chunkClosure(manifest: Manifest, key: string, seen: Set<string>): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const imported of manifest[key]!.imports ?? []) chunkClosure(manifest, imported, seen);
  return seen;
}

const VOID_ELEMENTS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

/**
 * Whether the element starting at `at` sits inside an element the server sent `hidden` (a
 * "visible" island there never intersects, so a first visit does not load it: the home's
 * recently-viewed strip is shown only when this browser has viewed products). Walks the tags
 * before `at` keeping the open ones; the server's HTML is well formed.
 */
function insideHidden(html: string, at: number): boolean {
  const open: boolean[] = [];
  for (const tag of html.slice(0, at).matchAll(/<(\/?)([a-zA-Z][a-zA-Z0-9-]*)([^>]*)>/g)) {
    const [, closing, name, rest] = tag;
    if (VOID_ELEMENTS.has(name!.toLowerCase()) || rest!.endsWith('/')) continue;
    if (closing) open.pop();
    else open.push(/\shidden(=|\s|$)/.test(rest!));
  }
  return open.includes(true);
}

/**
 * Scripts of a page: before any interaction (script tags, modulepreloads and the islands that
 * hydrate on load/idle/visible, except visible ones inside a hidden element) and, with `island`,
 * once that island has hydrated too.
 */
export function pageScripts(manifest: Manifest, html: string, island?: string): { before: Set<string>; after: Set<string> } {
  const before = new Set<string>();
  for (const m of html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)) before.add(m[1]!);
  for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) before.add(m[1]!);
  const language = /data-language="([^"]+)"/.exec(html)?.[1];
  const runtime = (names: string[]) => {
    const keys = chunkClosure(manifest, 'client/island-runtime.tsx', new Set());
    for (const name of names) chunkClosure(manifest, `client/islands/${name}.tsx`, keys);
    if (language) chunkClosure(manifest, `locales/${language}/messages.po`, keys);
    return [...keys].map((key) => `/${manifest[key]!.file}`);
  };
  const eager = [...html.matchAll(/data-island="([^"]+)" data-hydrate="(load|idle|visible)"/g)]
    .filter((m) => m[2] !== 'visible' || !insideHidden(html, m.index!))
    .map((m) => m[1]!);
  if (eager.length > 0) for (const file of runtime(eager)) before.add(file);
  const after = new Set(before);
  if (island) for (const file of runtime([...eager, island])) after.add(file);
  return { before, after };
}

/** Gzip size of each file, fetched from the running server. */
export async function gzipSizes(origin: string, files: Iterable<string>): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  for (const file of files) sizes.set(file, gzipSize(new Uint8Array(await (await fetch(origin + file)).arrayBuffer())));
  return sizes;
}

/**
 * The processes of a `wrangler dev` server on `port` (Linux): the runtime process that runs the
 * Worker (the child `workerd` whose socket is `entry=127.0.0.1:0`), the local proxy's (the one
 * on the server's own port) and all of them with wrangler's own. Undefined where `ps` or the
 * processes are missing.
 */
export function serverProcesses(port: number): { worker: string; proxy: string; all: string[] } | undefined {
  let table: string;
  try {
    table = execFileSync('ps', ['-eo', 'pid=,ppid=,args='], { encoding: 'utf8' });
  } catch {
    return undefined;
  }
  const rows = table.split('\n').map((line) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line)).filter((row) => row !== null).map(([, pid, ppid, args]) => ({ pid: pid!, ppid: ppid!, args: args! }));
  const proxy = rows.find((row) => row.args.includes('workerd serve') && row.args.includes(`entry=127.0.0.1:${port} `));
  const worker = proxy && rows.find((row) => row.ppid === proxy.ppid && row.args.includes('entry=127.0.0.1:0 '));
  if (!proxy || !worker) return undefined;
  return { worker: worker.pid, proxy: proxy.pid, all: [proxy.ppid, ...rows.filter((row) => row.ppid === proxy.ppid).map((row) => row.pid)] };
}

/** CPU time (ms) the processes `pids` have used so far: utime and stime from /proc/<pid>/stat. */
export function cpuMs(pids: readonly string[]): number {
  const hz = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  let ticks = 0;
  for (const pid of pids) {
    // Fields 14 and 15, counted after the command name's closing parenthesis.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(')').pop()!.trim().split(' ');
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return (ticks / hz) * 1000;
}

/**
 * CPU time of the runtime process that runs the Worker under `wrangler dev`, so a page's cost can
 * be compared with `/api/health`'s without the load generator and other work on the machine
 * deciding the figure. Undefined where /proc or the process is missing.
 */
export function workerProcessCpu(port: number): (() => number) | undefined {
  const processes = serverProcesses(port);
  if (!processes) return undefined;
  return () => cpuMs([processes.worker]);
}
