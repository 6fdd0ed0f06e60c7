/**
 * Staff command for moderation (docs/user-content.md "Moderation"), through the store's own
 * staff API so every decision runs the same transitions as the back-office:
 *   npm run ugc -- list [review|question|answer|media] [--state PENDING_REVIEW] [--page 2]
 *   npm run ugc -- approve <review|question|answer> <id>
 *   npm run ugc -- reject <review|question|answer|media> <id> <reason…>
 *   npm run ugc -- draw <campaign> <channel> [winners]
 * It signs in with STAFF_EMAIL / STAFF_PASSWORD (a staff account without two-factor sign-in)
 * against --origin (default http://es.localhost:8787, the local dev server: `npm run dev`).
 */
import { lookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { pathToFileURL } from 'node:url';

const ITEM_KINDS = ['review', 'question', 'answer'] as const;
const QUEUE_KINDS = [...ITEM_KINDS, 'media'] as const;
const STATES = ['PENDING_REVIEW', 'OK', 'REJECTED'] as const;
const CHANNELS = ['ES', 'PT', 'FR', 'IT', 'DE'] as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const DEFAULT_ORIGIN = 'http://es.localhost:8787';
export const USAGE = `usage: npm run ugc -- list [${QUEUE_KINDS.join('|')}] [--state ${STATES.join('|')}] [--page N]
       npm run ugc -- approve <${ITEM_KINDS.join('|')}> <id>
       npm run ugc -- reject <${QUEUE_KINDS.join('|')}> <id> <reason…>
       npm run ugc -- draw <campaign> <${CHANNELS.join('|')}> [winners]
options: --origin URL (default ${DEFAULT_ORIGIN}); env STAFF_EMAIL, STAFF_PASSWORD`;

export type UgcCommand =
  | { command: 'list'; kind: (typeof QUEUE_KINDS)[number]; state: (typeof STATES)[number]; page: number; origin: string }
  | { command: 'approve'; kind: (typeof ITEM_KINDS)[number]; id: number; origin: string }
  | { command: 'reject'; kind: (typeof QUEUE_KINDS)[number]; id: number | string; reason: string; origin: string }
  | { command: 'draw'; campaign: string; channel: (typeof CHANNELS)[number]; winners?: number; origin: string };

export type Parsed = { ok: true; value: UgcCommand } | { ok: false; error: string };

const includes = <T extends string>(list: readonly T[], value: string | undefined): value is T => value !== undefined && (list as readonly string[]).includes(value);

function positiveInteger(value: string | undefined): number | undefined {
  if (!value || !/^\d{1,15}$/.test(value)) return undefined;
  const n = Number(value);
  return n > 0 ? n : undefined;
}

/** Reads the command line (the arguments after `--`); pure, so it is unit-tested. */
export function parseUgcArgs(argv: readonly string[]): Parsed {
  const options = new Map<string, string>();
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg.startsWith('--')) {
      const [name, inline] = arg.slice(2).split('=', 2) as [string, string | undefined];
      const value = inline ?? argv[++i];
      if (value === undefined) return { ok: false, error: `--${name} needs a value` };
      options.set(name, value);
    } else positional.push(arg);
  }
  for (const name of options.keys()) if (!['origin', 'state', 'page'].includes(name)) return { ok: false, error: `unknown option --${name}` };
  const origin = options.get('origin') ?? DEFAULT_ORIGIN;
  if (!/^https?:\/\/[^/]+$/.test(origin)) return { ok: false, error: `--origin must be like ${DEFAULT_ORIGIN}` };
  const [command, a, b, ...rest] = positional;
  switch (command) {
    case 'list': {
      const kind = a ?? 'review';
      if (!includes(QUEUE_KINDS, kind)) return { ok: false, error: `kind must be one of ${QUEUE_KINDS.join(', ')}` };
      const state = options.get('state') ?? 'PENDING_REVIEW';
      if (!includes(STATES, state)) return { ok: false, error: `--state must be one of ${STATES.join(', ')}` };
      const page = options.has('page') ? positiveInteger(options.get('page')) : 1;
      if (page === undefined) return { ok: false, error: '--page must be a positive integer' };
      if (b !== undefined) return { ok: false, error: 'list takes at most a kind' };
      return { ok: true, value: { command, kind, state, page, origin } };
    }
    case 'approve': {
      if (!includes(ITEM_KINDS, a)) return { ok: false, error: `kind must be one of ${ITEM_KINDS.join(', ')}` };
      const id = positiveInteger(b);
      if (id === undefined) return { ok: false, error: 'id must be a positive integer' };
      if (rest.length > 0) return { ok: false, error: 'approve takes a kind and an id' };
      return { ok: true, value: { command, kind: a, id, origin } };
    }
    case 'reject': {
      if (!includes(QUEUE_KINDS, a)) return { ok: false, error: `kind must be one of ${QUEUE_KINDS.join(', ')}` };
      const id = a === 'media' ? (b && UUID.test(b) ? b.toLowerCase() : undefined) : positiveInteger(b);
      if (id === undefined) return { ok: false, error: a === 'media' ? 'a media id is a UUID' : 'id must be a positive integer' };
      const reason = rest.join(' ').trim();
      if (reason.length < 2) return { ok: false, error: 'a reason is required' };
      return { ok: true, value: { command, kind: a, id, reason, origin } };
    }
    case 'draw': {
      if (!a || !/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(a)) return { ok: false, error: 'campaign must be a slug such as opina-y-gana' };
      const channel = b?.toUpperCase();
      if (!includes(CHANNELS, channel)) return { ok: false, error: `channel must be one of ${CHANNELS.join(', ')}` };
      let winners: number | undefined;
      if (rest.length > 0) {
        winners = positiveInteger(rest[0]);
        if (winners === undefined || winners > 50 || rest.length > 1) return { ok: false, error: 'winners must be an integer from 1 to 50' };
      }
      return { ok: true, value: { command, campaign: a, channel, winners, origin } };
    }
    default:
      return { ok: false, error: command ? `unknown command ${command}` : 'a command is required' };
  }
}

/** The API call a command makes: method, path and body. */
export function requestOf(command: UgcCommand): { method: 'GET' | 'POST'; path: string; body?: unknown } {
  switch (command.command) {
    case 'list':
      return { method: 'GET', path: `/api/admin/ugc/queue?${new URLSearchParams({ kind: command.kind, state: command.state, page: String(command.page) })}` };
    case 'approve':
      return { method: 'POST', path: `/api/admin/ugc/${command.kind}/${command.id}/approve`, body: {} };
    case 'reject':
      return { method: 'POST', path: command.kind === 'media' ? `/api/admin/ugc/media/${command.id}/reject` : `/api/admin/ugc/${command.kind}/${command.id}/reject`, body: { reason: command.reason } };
    case 'draw':
      return { method: 'POST', path: `/api/admin/ugc/campaigns/${command.campaign}/draw`, body: { channel: command.channel, ...(command.winners ? { winners: command.winners } : {}) } };
  }
}

interface Envelope {
  ok: boolean;
  data: unknown;
  err: { message: string } | null;
}

/**
 * Channel development hosts such as es.localhost are loopback (RFC 6761), but the system resolver
 * may not know them: they are sent to 127.0.0.1 with their own Host header.
 */
export function loopbackLookup(hostname: string, options: LookupOptions, callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void): void {
  if (hostname === 'localhost' || hostname.endsWith('.localhost')) {
    if (options.all) callback(null, [{ address: '127.0.0.1', family: 4 }]);
    else callback(null, '127.0.0.1', 4);
    return;
  }
  lookup(hostname, options, callback as never);
}

function call(origin: string, cookie: string, method: string, path: string, body?: unknown): Promise<{ status: number; envelope: Envelope; setCookie: string[] }> {
  const headers: Record<string, string> = { Accept: 'application/json', Origin: origin, 'Sec-Fetch-Site': 'same-origin' };
  if (cookie) headers.Cookie = cookie;
  const payload = body === undefined ? undefined : JSON.stringify(body);
  if (payload !== undefined) headers['Content-Type'] = 'application/json';
  const url = new URL(path, origin);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(url, { method, headers, lookup: loopbackLookup }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const status = response.statusCode ?? 0;
        let envelope: Envelope;
        try {
          envelope = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Envelope;
        } catch {
          envelope = { ok: false, data: null, err: { message: JSON.stringify({ message: `HTTP ${status}` }) } };
        }
        resolve({ status, envelope, setCookie: response.headers['set-cookie'] ?? [] });
      });
    });
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

function errorText(envelope: Envelope): string {
  try {
    const error = JSON.parse(envelope.err?.message ?? '{}') as { code?: string | number; message?: string; details?: unknown };
    return `${error.code ?? ''} ${error.message ?? ''}${error.details ? ` ${JSON.stringify(error.details)}` : ''}`.trim();
  } catch {
    return envelope.err?.message ?? 'unknown error';
  }
}

async function main(): Promise<void> {
  const parsed = parseUgcArgs(process.argv.slice(2));
  if (!parsed.ok) {
    console.error(`✖ ${parsed.error}\n${USAGE}`);
    process.exit(2);
  }
  const { STAFF_EMAIL: email, STAFF_PASSWORD: password } = process.env;
  if (!email || !password) {
    console.error('✖ set STAFF_EMAIL and STAFF_PASSWORD (a staff account)');
    process.exit(2);
  }
  const origin = parsed.value.origin;
  const login = await call(origin, '', 'POST', '/api/users/login', { email, password });
  const cookie = login.setCookie.map((line) => line.split(';')[0]!).filter((pair) => !pair.endsWith('=')).join('; ');
  if (login.status !== 200 || !cookie) {
    console.error(`✖ sign-in failed (${login.status}): ${errorText(login.envelope)}`);
    process.exit(1);
  }
  const { method, path, body } = requestOf(parsed.value);
  const answer = await call(origin, cookie, method, path, body);
  if (!answer.envelope.ok) {
    console.error(`✖ ${method} ${path} → ${answer.status}: ${errorText(answer.envelope)}`);
    process.exit(1);
  }
  console.log(JSON.stringify(answer.envelope.data, null, 2));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) void main();
