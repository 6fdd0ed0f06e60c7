// What adyen-web loads from Adyen when `_environmentUrls` (api, analytics, cdn.images,
// cdn.translations) all point at `{sandbox}/checkoutshopper/test/`, plus a dev/test harness page that
// mounts the real adyen-web from node_modules. See docs/payments.md.
//
// Why `test/`: adyen-web refuses a `test_` client key unless its api URL contains "test", and it
// accepts the frames' messages only from the part of that URL before `/checkoutshopper/`, which must
// be the sandbox's origin; so the word goes after it. `/checkoutshopper/` and `/checkoutanalytics/`
// (Adyen's own layout) are served too.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { BlobError, binLookup, securedFieldsPage, type FieldCipher } from './secured-fields.ts';

type Json = Record<string, unknown>;

export interface BrowserContext {
  clientKey: string;
  cipher: FieldCipher;
  /** The Checkout API as a merchant server calls it (API key and merchant account added). */
  callApi(path: string, body: Json): [number, Json | null];
  /** `v1/submitThreeDS2Fingerprint` (after the 3DS Method of IdentifyShopper). */
  submitFingerprint(body: Json): [number, Json];
  merchantAccount: string;
}

/** The harness's own merchant account: it has no webhook, so its payments notify nobody. */
export const HARNESS_MERCHANT = 'SandboxHarnessECOM';

const ADYEN_WEB_DIST = new URL('../../../node_modules/@adyen/adyen-web/dist/es/', import.meta.url);

let translations: Promise<Json> | null = null;
function bundledTranslations(): Promise<Json> {
  translations ??= import(new URL('packages/server/translations/en-US.json.js', ADYEN_WEB_DIST).href).then((m: { default: Json }) => m.default);
  return translations;
}
const TYPES: Record<string, string> = {
  '.js': 'text/javascript;charset=UTF-8', '.css': 'text/css;charset=UTF-8', '.map': 'application/json', '.json': 'application/json',
};

// Values the frame may have encrypted, as Adyen's frame would send them.
const VALUE_RULES: Record<string, RegExp> = {
  number: /^\d{12,19}$/, expiryMonth: /^(0[1-9]|1[0-2])$/, expiryYear: /^20\d{2}$/, cvc: /^\d{3,4}$/, bin: /^\d{6,11}$/,
};

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function parseJson(raw: string): Json | null {
  try {
    const v: unknown = JSON.parse(raw || '{}');
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : null;
  } catch {
    return null;
  }
}

/** The page calls these from its own origin (the shop), as it calls Adyen's hosts. */
function cors(req: IncomingMessage): Record<string, string> {
  const origin = req.headers.origin;
  return origin ? { 'access-control-allow-origin': origin, 'access-control-allow-headers': 'content-type', 'access-control-allow-methods': 'GET, POST', vary: 'Origin' } : {};
}

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json;charset=UTF-8', 'cache-control': 'no-store', ...headers });
  res.end(JSON.stringify(body));
}

function adyenError(status: number, errorCode: string, message: string, errorType = 'validation') {
  return { status, errorCode, message, errorType };
}

/** A plain labelled badge for any card-brand or payment-method logo adyen-web asks for. */
function logo(name: string): string {
  const label = name.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 14).toUpperCase();
  return `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="26" viewBox="0 0 40 26" role="img" aria-label="${label}"><rect x="0.5" y="0.5" width="39" height="25" rx="3" fill="#fff" stroke="#8d95a3"/><text x="20" y="16" font-family="sans-serif" font-size="${label.length > 5 ? 5 : 7}" text-anchor="middle" fill="#00112c">${label}</text></svg>`;
}

/** Handles the request when it is one of the browser-facing paths; false otherwise. */
export async function handleBrowser(req: IncomingMessage, res: ServerResponse, url: URL, ctx: BrowserContext): Promise<boolean> {
  const path = url.pathname.replace(/^\/checkoutshopper\/test\//, '/checkoutshopper/').replace(/^\/checkoutanalytics\//, '/checkoutshopper/');
  const method = req.method ?? 'GET';
  const isShopper = path.startsWith('/checkoutshopper/');
  if (isShopper && method === 'OPTIONS') {
    res.writeHead(204, { ...cors(req), 'access-control-max-age': '600' });
    res.end();
    return true;
  }

  const frame = /^\/checkoutshopper\/securedfields\/([^/]+)\/([0-9.]+)\/(securedFields\.html|encrypt)$/.exec(path);
  if (frame) {
    const [, clientKey, version, file] = frame;
    if (clientKey !== ctx.clientKey) {
      res.writeHead(401, { 'content-type': 'text/plain;charset=UTF-8' });
      res.end('Invalid client key');
      return true;
    }
    if (file === 'securedFields.html' && method === 'GET') {
      res.writeHead(200, { 'content-type': 'text/html;charset=UTF-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
      res.end(securedFieldsPage(`/checkoutshopper/securedfields/${encodeURIComponent(clientKey!)}/${version}/encrypt`));
      return true;
    }
    if (file === 'encrypt' && method === 'POST') {
      // Same origin as the frame only: JSON (so another origin needs a preflight) and no CORS
      // headers, so the shop's page can neither call it nor read its answer.
      if (!(req.headers['content-type'] ?? '').startsWith('application/json')) { json(res, 415, adyenError(415, '702', 'JSON expected')); return true; }
      const body = parseJson(await readBody(req));
      const values = body?.values as Json | undefined;
      if (!values || typeof values !== 'object') { json(res, 422, adyenError(422, '702', 'values required')); return true; }
      const blobs: Record<string, string> = {};
      for (const [name, value] of Object.entries(values)) {
        const rule = VALUE_RULES[name];
        if (!rule || typeof value !== 'string' || !rule.test(value)) { json(res, 422, adyenError(422, '702', `invalid ${name}`)); return true; }
        blobs[name] = ctx.cipher.encrypt(name as never, value);
      }
      json(res, 200, { blobs });
      return true;
    }
  }

  const dfp = /^\/checkoutshopper\/assets\/html\/([^/]+)\/dfp\.[0-9.]+\.html$/.exec(path);
  if (dfp && method === 'GET') {
    // The risk module's device fingerprint frame: answers its parent with an opaque value, as
    // Adyen's does ({type: 'deviceFingerprint', value}); nothing about the device is collected.
    const value = `sandbox-${randomUUID()}`;
    res.writeHead(dfp[1] === ctx.clientKey ? 200 : 401, { 'content-type': 'text/html;charset=UTF-8', 'cache-control': 'no-store' });
    res.end(dfp[1] === ctx.clientKey
      ? `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>dfp</title></head><body><script>parent.postMessage(${JSON.stringify(JSON.stringify({ type: 'deviceFingerprint', value }))}, '*');</script></body></html>`
      : 'Invalid client key');
    return true;
  }

  if (path === '/checkoutshopper/v3/bin/binLookup' && method === 'POST') {
    if (url.searchParams.get('token') !== ctx.clientKey) { json(res, 401, adyenError(401, '000', 'Invalid client key', 'security'), cors(req)); return true; }
    const body = parseJson(await readBody(req));
    const requestId = typeof body?.requestId === 'string' ? body.requestId : '';
    const supported = Array.isArray(body?.supportedBrands) ? (body.supportedBrands as unknown[]).filter((b): b is string => typeof b === 'string') : [];
    let bin: string;
    try {
      bin = ctx.cipher.decrypt('bin', typeof body?.encryptedBin === 'string' ? body.encryptedBin : '');
    } catch (e) {
      if (!(e instanceof BlobError)) throw e;
      json(res, 422, adyenError(422, '174', 'Unable to decrypt data'), cors(req));
      return true;
    }
    json(res, 200, binLookup(bin, supported, requestId), cors(req));
    return true;
  }

  if (path === '/checkoutshopper/v1/submitThreeDS2Fingerprint' && method === 'POST') {
    if (url.searchParams.get('token') !== ctx.clientKey) { json(res, 401, adyenError(401, '000', 'Invalid client key', 'security'), cors(req)); return true; }
    const [status, out] = ctx.submitFingerprint(parseJson(await readBody(req)) ?? {});
    json(res, status, out, cors(req));
    return true;
  }

  const image = /^\/checkoutshopper\/images\/(?:[A-Za-z0-9_-]+\/)*([A-Za-z0-9_.-]+)\.(svg|png)$/.exec(path);
  if (image && method === 'GET') {
    res.writeHead(200, { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=3600', ...cors(req) });
    res.end(logo(image[1]!));
    return true;
  }

  if (/^\/checkoutshopper\/sdk\/[^/]+\/translations\/[A-Za-z-]+\.json$/.test(path) && method === 'GET') {
    // Adyen's CDN translations are not in the package, only en-US (which adyen-web would fall back
    // to after a failed fetch); it is served for every locale, and the store passes its own
    // `translations` for its languages on top.
    json(res, 200, await bundledTranslations(), { ...cors(req), 'x-sandbox-translations': 'en-US' });
    return true;
  }

  if (path.startsWith('/checkoutshopper/v3/analytics') && method === 'POST') {
    await readBody(req);
    // adyen-web asks for a checkout attempt id even with analytics off; events are accepted and dropped.
    json(res, 200, path === '/checkoutshopper/v3/analytics' ? { checkoutAttemptId: `${randomUUID()}${Date.now()}` } : {}, cors(req));
    return true;
  }

  if (url.pathname.startsWith('/__harness/')) return harness(req, res, url, ctx);
  return false;
}

// ---- harness (dev/test only) --------------------------------------------------------------------

let harnessCounter = 0;

async function harness(req: IncomingMessage, res: ServerResponse, url: URL, ctx: BrowserContext): Promise<boolean> {
  const path = url.pathname;
  const method = req.method ?? 'GET';
  if (path === '/__harness/card' && method === 'GET') {
    res.writeHead(200, { 'content-type': 'text/html;charset=UTF-8', 'cache-control': 'no-store' });
    res.end(harnessPage(ctx.clientKey));
    return true;
  }
  if (path === '/__harness/return' && method === 'GET') {
    res.writeHead(200, { 'content-type': 'text/html;charset=UTF-8' });
    res.end('<!doctype html><title>Returned</title><p data-testid="returned">Returned from the challenge.</p>');
    return true;
  }
  if (path.startsWith('/__harness/adyen-web/') && method === 'GET') {
    const rel = path.slice('/__harness/adyen-web/'.length);
    const ext = /\.[a-z]+$/.exec(rel)?.[0] ?? '';
    if (rel.split('/').some((s) => s === '..' || s === '') || !TYPES[ext]) return false;
    try {
      const body = await readFile(new URL(rel, ADYEN_WEB_DIST));
      res.writeHead(200, { 'content-type': TYPES[ext]!, 'cache-control': 'public, max-age=600' });
      res.end(body);
    } catch {
      json(res, 404, adyenError(404, '000', 'Not found'));
    }
    return true;
  }
  // The merchant server of the harness: adds what only a server knows (API key, merchant account,
  // amount, reference) and calls the sandbox's Checkout API.
  if (method === 'POST' && (path === '/__harness/api/payments' || path === '/__harness/api/payments/details' || path === '/__harness/api/paymentMethods')) {
    const body = parseJson(await readBody(req)) ?? {};
    if (path === '/__harness/api/paymentMethods') {
      const [status, out] = ctx.callApi('/paymentMethods', { merchantAccount: ctx.merchantAccount, channel: 'Web', countryCode: 'ES', amount: { currency: 'EUR', value: 2599 } });
      json(res, status, out);
      return true;
    }
    if (path === '/__harness/api/payments/details') {
      const [status, out] = ctx.callApi('/payments/details', { details: body.details, ...(body.paymentData ? { paymentData: body.paymentData } : {}) });
      json(res, status, out);
      return true;
    }
    const origin = `http://${req.headers.host ?? '127.0.0.1'}`;
    const native = body.native !== false;
    const threeDSMethod = body.fingerprint === true;
    const request: Json = {
      merchantAccount: ctx.merchantAccount,
      amount: { currency: 'EUR', value: 2599 },
      reference: `HARNESS-${Date.now()}-${++harnessCounter}`,
      returnUrl: `${origin}/__harness/return`,
      channel: 'Web',
      origin,
      paymentMethod: body.paymentMethod,
      ...(body.browserInfo ? { browserInfo: body.browserInfo } : {}),
      ...(native ? { authenticationData: { threeDSRequestData: { nativeThreeDS: 'preferred' } } } : {}),
      ...(threeDSMethod ? { additionalData: { 'sandbox.threeDSMethod': 'true' } } : {}),
    };
    const [status, out] = ctx.callApi('/payments', request);
    json(res, status, out);
    return true;
  }
  return false;
}

function harnessPage(clientKey: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>adyen-web harness (sandbox)</title>
<link rel="icon" href="data:,"><link rel="stylesheet" href="/__harness/adyen-web/adyen.css">
<style>body{font-family:system-ui,sans-serif;max-width:520px;margin:2rem auto}#log{white-space:pre-wrap;font-size:12px}</style></head>
<body><h1>Card (sandbox harness)</h1><div id="card"></div>
<p data-testid="result" id="result"></p><pre id="log" data-testid="log"></pre>
<script type="module">
import { AdyenCheckout, Card } from '/__harness/adyen-web/index.js';
const params = new URLSearchParams(location.search);
const native = params.get('flow') !== 'redirect';
const fingerprint = params.get('flow') === 'fingerprint';
const base = location.origin + '/checkoutshopper/test/';
const log = (kind, data) => {
  (window.__harness ??= []).push({ kind, data });
  document.getElementById('log').textContent += kind + ' ' + JSON.stringify(data) + '\\n';
};
const post = (path, body) => fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json());
const paymentMethodsResponse = await post('/__harness/api/paymentMethods', {});
const result = (text) => { document.getElementById('result').textContent = text; };
const checkout = await AdyenCheckout({
  environment: 'test',
  clientKey: ${JSON.stringify(clientKey)},
  locale: 'en-US',
  countryCode: 'ES',
  amount: { value: 2599, currency: 'EUR' },
  paymentMethodsResponse,
  analytics: { enabled: false },
  _environmentUrls: { api: base, analytics: base, cdn: { images: base, translations: base } },
  onSubmit: async (state, component, actions) => {
    log('submit', state.data);
    const answer = await post('/__harness/api/payments', { ...state.data, native, fingerprint });
    log('payments', answer);
    if (!answer.resultCode) { actions.reject(); result('Error ' + (answer.errorCode ?? '')); return; }
    actions.resolve({ resultCode: answer.resultCode, action: answer.action });
  },
  onAdditionalDetails: async (state, component, actions) => {
    log('details', state.data);
    const answer = await post('/__harness/api/payments/details', state.data);
    log('detailsAnswer', answer);
    if (!answer.resultCode) { actions.reject(); result('Error ' + (answer.errorCode ?? '')); return; }
    actions.resolve({ resultCode: answer.resultCode });
  },
  onPaymentCompleted: (r) => result(r.resultCode),
  onPaymentFailed: (r) => result(r?.resultCode ?? 'Failed'),
  onError: (e) => log('error', { name: e.name, message: e.message }),
});
new Card(checkout, { hasHolderName: true, holderNameRequired: true, showPayButton: true, challengeWindowSize: '02' }).mount('#card');
window.__harnessReady = true;
</script></body></html>`;
}
