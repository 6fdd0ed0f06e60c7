// One local HTTP server for the payment providers other than Adyen (docs/payments.md): PayPal,
// Redsys, Aplazame, SIBS, Inespay and the financing provider, each under its own path prefix
// (/paypal, /redsys, …) and each speaking its provider's own protocol (scripts/sandboxes/<provider>/).
// Their notifications go to the store with the provider's retries; with no store to reach (the
// Worker tests' pool) they are kept in an outbox the tests read and deliver themselves.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { createAplazameSandbox } from '../aplazame/sandbox.ts';
import { createFinancingSandbox } from '../financing/sandbox.ts';
import { createInespaySandbox } from '../inespay/sandbox.ts';
import { createPaypalSandbox } from '../paypal/sandbox.ts';
import { createRedsysSandbox } from '../redsys/sandbox.ts';
import { createSibsSandbox } from '../sibs/sandbox.ts';
import { GATEWAY_SANDBOX_PROVIDERS, type GatewaySandboxProvider } from './vars.mjs';

/** A notification the sandbox sends (or keeps for the test to send) to the store. */
export interface SandboxNotification {
  provider: GatewaySandboxProvider;
  /** Absolute URL the provider would POST to (the store's notification URL, per request or configured). */
  url: string;
  method: 'POST';
  headers: Record<string, string>;
  body: string;
}

export interface DeliveryResult {
  status: number;
  body: string;
}

export interface SandboxContext {
  /** The base URL the shopper's browser and the store reach this provider at, e.g. http://127.0.0.1:8799/paypal. */
  baseUrl: string;
  /** The store's origin when it can be reached (dev, e2e); null in the Worker tests (outbox only). */
  storeUrl: string | null;
  /**
   * Sends a notification to the store, retrying on failure after each of `retryDelaysMs` until
   * `accepted` says the answer is the provider's "received"; kept in the outbox when no store can be reached.
   * Resolves with the store's last answer (undefined when kept in the outbox).
   */
  notify(notification: Omit<SandboxNotification, 'provider' | 'method'>, options: { retryDelaysMs: number[]; accepted: (result: DeliveryResult) => boolean }): Promise<DeliveryResult | undefined>;
  /** Now, in ms (tests may move it). */
  now(): number;
}

/** One provider's routes, under its prefix: `path` is the rest of the URL path (e.g. "/v2/checkout/orders"). Resolves false when no route matched. */
export interface ProviderSandbox {
  handle(request: SandboxRequest, response: ServerResponse): Promise<boolean>;
}

export interface SandboxRequest {
  method: string;
  /** The path under the provider's prefix, starting with "/". */
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  /** The body as received (JSON, form-encoded or empty). */
  body: string;
}

export interface GatewaySandboxOptions {
  /** The store's origin (http://127.0.0.1:8787), or null to keep every notification in the outbox. */
  storeUrl: string | null;
  /** Overrides the provider's retry schedule (tests: [] = one try). */
  retryDelaysMs?: number[];
  now?: () => number;
}

export interface GatewaySandboxes {
  listen(port: number, host?: string): Promise<number>;
  close(): Promise<void>;
  /** Resolves when no notification delivery is in flight. */
  idle(): Promise<void>;
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(body));
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > 1_000_000) throw new Error('body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createGatewaySandboxes(options: GatewaySandboxOptions): GatewaySandboxes {
  const outbox: SandboxNotification[] = [];
  const inFlight = new Set<Promise<unknown>>();
  const now = options.now ?? (() => Date.now());
  let publicOrigin = '';
  const providers = new Map<GatewaySandboxProvider, ProviderSandbox>();

  function contextFor(provider: GatewaySandboxProvider): SandboxContext {
    return {
      get baseUrl() {
        return `${publicOrigin}/${provider}`;
      },
      storeUrl: options.storeUrl,
      now,
      notify(notification, delivery) {
        const full: SandboxNotification = { ...notification, provider, method: 'POST' };
        if (!options.storeUrl) {
          outbox.push(full);
          return Promise.resolve(undefined);
        }
        const delays = options.retryDelaysMs ?? delivery.retryDelaysMs;
        const run = (async () => {
          let last: DeliveryResult | undefined;
          for (let attempt = 0; attempt <= delays.length; attempt++) {
            try {
              const response = await fetch(storeTarget(options.storeUrl!, full.url), { method: 'POST', headers: full.headers, body: full.body, signal: AbortSignal.timeout(10_000) });
              last = { status: response.status, body: await response.text() };
              if (delivery.accepted(last)) return last;
            } catch {
              last = undefined;
            }
            if (attempt < delays.length) await sleep(delays[attempt]!);
          }
          return last;
        })();
        inFlight.add(run);
        void run.finally(() => inFlight.delete(run));
        return run;
      },
    };
  }

  const factories: Record<GatewaySandboxProvider, (context: SandboxContext) => ProviderSandbox> = {
    paypal: createPaypalSandbox,
    redsys: createRedsysSandbox,
    aplazame: createAplazameSandbox,
    sibs: createSibsSandbox,
    inespay: createInespaySandbox,
    financing: createFinancingSandbox,
  };
  for (const provider of GATEWAY_SANDBOX_PROVIDERS) providers.set(provider, factories[provider](contextFor(provider)));

  const server: Server = createServer((request, response) => {
    void (async () => {
      try {
        const url = new URL(request.url ?? '/', 'http://sandbox');
        if (url.pathname === '/__sandbox/notifications' && request.method === 'GET') {
          // The Worker tests' outbox: what would have been sent, drained (optionally one provider's).
          const only = url.searchParams.get('provider');
          const taken = outbox.filter((n) => !only || n.provider === only);
          for (const n of taken) outbox.splice(outbox.indexOf(n), 1);
          sendJson(response, 200, taken);
          return;
        }
        const [, prefix = '', ...rest] = url.pathname.split('/');
        const provider = providers.get(prefix as GatewaySandboxProvider);
        if (!provider) {
          sendJson(response, 404, { error: 'no such provider', path: url.pathname });
          return;
        }
        const body = await readBody(request);
        const handled = await provider.handle({ method: request.method ?? 'GET', path: `/${rest.join('/')}`, query: url.searchParams, headers: request.headers, body }, response);
        if (!handled) sendJson(response, 404, { error: 'not found', path: url.pathname });
      } catch (error) {
        if (!response.headersSent) sendJson(response, 500, { error: String(error) });
        else response.end();
      }
    })();
  });

  return {
    listen(port, host = '127.0.0.1') {
      return new Promise((resolve) => {
        server.listen(port, host, () => {
          const actual = (server.address() as AddressInfo).port;
          publicOrigin = `http://${host}:${actual}`;
          resolve(actual);
        });
      });
    },
    close() {
      return new Promise((resolve) => server.close(() => resolve()));
    },
    async idle() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
  };
}

/** A development value of wrangler.toml [vars] (the keys the Worker signs and authenticates with), so the sandbox accepts the Worker's calls. */
export function devVar(name: string): string {
  const toml = readFileSync(new URL('../../../wrangler.toml', import.meta.url), 'utf8');
  const value = new RegExp(`^${name}\\s*=\\s*"([^"]*)"`, 'm').exec(toml)?.[1];
  if (value === undefined) throw new Error(`wrangler.toml has no ${name}`);
  return value;
}

/**
 * Where a notification is actually sent: the store's path on the store's reachable origin. The
 * notification URL a store gives per request names its channel host (es.localhost…), which Node
 * does not resolve; every channel answers the notification route alike.
 */
export function storeTarget(storeUrl: string, url: string): string {
  const { pathname, search } = new URL(url, storeUrl);
  return new URL(pathname + search, storeUrl).toString();
}
