/**
 * Sends a catalogue update file (JSON Lines, docs/catalogue-import.md) to the import API and
 * follows it until every line is applied:
 *   npm run catalogue:import -- file.jsonl [--remote] [--url URL]
 * The file is checked here first with the API's own line schema (worker/jobs/catalogue-lines.ts):
 * a bad line is printed with its number and nothing is sent. Then POST /api/ops/catalogue/imports
 * on --url (default http://localhost:8787, the local `npm run dev` server; with --remote,
 * https://www.ampora.es), with `Authorization: Bearer` OPS_API_TOKEN from the environment, or
 * locally the development value of wrangler.toml (never for --remote). Exit codes: 0 applied,
 * 1 refused (bad lines, token, size), 2 applied with failed lines, 3 not applied in time or
 * unreachable.
 */
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { pathToFileURL } from 'node:url';
import { parseCatalogueLines, type BadLine } from '../worker/jobs/catalogue-lines';
import { loopbackLookup } from './ugc-cli';

export const LOCAL_URL = 'http://localhost:8787';
export const REMOTE_URL = 'https://www.ampora.es';
export const USAGE = `usage: npm run catalogue:import -- <file.jsonl> [--remote] [--url URL]
  --url URL   the store to send to (default ${LOCAL_URL}; with --remote ${REMOTE_URL})
  --remote    a deployed store: the token must come from OPS_API_TOKEN in the environment`;
/** How often the import's state is read, and for how long at most. */
const POLL_MS = 1_000;
const POLL_LIMIT_MS = 10 * 60_000;

export interface ImportArgs {
  file: string;
  remote: boolean;
  url: string;
}

export function parseImportArgs(argv: readonly string[]): { ok: true; value: ImportArgs } | { ok: false; error: string } {
  let file: string | undefined;
  let remote = false;
  let url: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--remote') remote = true;
    else if (arg === '--url') {
      url = argv[++i];
      if (!url || !/^https?:\/\/[^/]+/.test(url)) return { ok: false, error: '--url needs an http(s) address' };
    } else if (arg.startsWith('--')) return { ok: false, error: `unknown option ${arg}` };
    else if (file) return { ok: false, error: 'one file at a time' };
    else file = arg;
  }
  if (!file) return { ok: false, error: 'name the file to import' };
  return { ok: true, value: { file, remote, url: (url ?? (remote ? REMOTE_URL : LOCAL_URL)).replace(/\/+$/, '') } };
}

/** The development token of wrangler.toml's [vars] (local servers only). */
export function developmentToken(wranglerToml: string): string | undefined {
  return /^OPS_API_TOKEN\s*=\s*"([^"]+)"/m.exec(wranglerToml)?.[1];
}

/** Bad lines as people read them: `line 3, price: Too small: expected number to be >=1`. */
export function describeBadLines(bad: readonly BadLine[]): string[] {
  return bad.flatMap(({ line, issues }) => issues.map(({ path, issue }) => `line ${line}${path ? `, ${path}` : ''}: ${issue.message}`));
}

interface Envelope {
  ok: boolean;
  data: unknown;
  err: { message: string } | null;
}

function send(method: string, url: string, token: string, body?: string): Promise<{ status: number; envelope: Envelope }> {
  const target = new URL(url);
  const headers: Record<string, string> = { Accept: 'application/json', Authorization: `Bearer ${token}` };
  if (body !== undefined) headers['Content-Type'] = 'application/x-ndjson';
  return new Promise((resolve, reject) => {
    const req = (target.protocol === 'https:' ? httpsRequest : httpRequest)(target, { method, headers, lookup: loopbackLookup }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const status = response.statusCode ?? 0;
        try {
          resolve({ status, envelope: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Envelope });
        } catch {
          resolve({ status, envelope: { ok: false, data: null, err: { message: JSON.stringify({ message: `HTTP ${status}` }) } } });
        }
      });
    });
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

/** The §7 error of a refusal, with a bad-lines list when the API sent one. */
function refusalLines(envelope: Envelope): string[] {
  const error = JSON.parse(envelope.err?.message ?? '{}') as { code?: string; message?: string; details?: { lines?: { line: number; errors: { field: string; message: string }[] }[] } };
  const lines = (error.details?.lines ?? []).flatMap(({ line, errors }) => errors.map(({ field, message }) => `line ${line}${field ? `, ${field}` : ''}: ${message}`));
  return [`${error.code ?? ''} ${error.message ?? ''}`.trim(), ...lines];
}

interface ImportState {
  state: 'queued' | 'applied';
  lines: number;
  queued: number;
  duplicates: number;
  waiting: number;
  applied: number;
  superseded: number;
  failed: number;
  failures: { line: number; id: string; error: string }[];
}

async function main(): Promise<number> {
  const parsed = parseImportArgs(process.argv.slice(2));
  if (!parsed.ok) {
    console.error(`✖ ${parsed.error}\n${USAGE}`);
    return 1;
  }
  const { file, remote, url } = parsed.value;
  const text = readFileSync(file, 'utf8');
  const checked = parseCatalogueLines(text);
  if (checked.bad.length > 0) {
    console.error(`✖ ${checked.bad.length} bad line(s) in ${file}; nothing was sent:`);
    for (const line of describeBadLines(checked.bad)) console.error(`  ${line}`);
    return 1;
  }
  if (checked.lines.length === 0) {
    console.error(`✖ ${file} has no lines`);
    return 1;
  }
  const token = process.env.OPS_API_TOKEN ?? (remote ? undefined : developmentToken(readFileSync(new URL('../wrangler.toml', import.meta.url), 'utf8')));
  if (!token) {
    console.error('✖ set OPS_API_TOKEN (the operations token of that store)');
    return 1;
  }
  console.log(`${checked.lines.length} line(s) checked; sending to ${url}`);
  const posted = await send('POST', `${url}/api/ops/catalogue/imports`, token, text);
  if (posted.status !== 202) {
    console.error(`✖ refused (${posted.status}):`);
    for (const line of refusalLines(posted.envelope)) console.error(`  ${line}`);
    return 1;
  }
  const { importId, queued, duplicates } = posted.envelope.data as { importId: number; queued: number; duplicates: number };
  console.log(`import ${importId}: ${queued} line(s) queued, ${duplicates} already sent before`);
  const started = Date.now();
  for (;;) {
    const answer = await send('GET', `${url}/api/ops/catalogue/imports/${importId}`, token);
    if (answer.status !== 200) {
      console.error(`✖ could not read import ${importId} (${answer.status}): ${refusalLines(answer.envelope).join(' ')}`);
      return 3;
    }
    const state = answer.envelope.data as ImportState;
    if (state.state === 'applied') {
      console.log(`✔ import ${importId} applied: ${state.applied} applied, ${state.superseded} superseded by newer lines, ${state.failed} failed`);
      for (const failure of state.failures) console.error(`  line ${failure.line} (${failure.id}): ${failure.error}`);
      return state.failed > 0 ? 2 : 0;
    }
    if (Date.now() - started > POLL_LIMIT_MS) {
      console.error(`✖ import ${importId} still has ${state.waiting} line(s) waiting; see GET /api/ops/catalogue/imports/${importId}`);
      return 3;
    }
    console.log(`  ${state.applied + state.superseded + state.failed} of ${state.queued} line(s) done…`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error('✖', error instanceof Error ? error.message : error);
      process.exit(3);
    },
  );
}
