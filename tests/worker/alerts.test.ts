import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { Hono } from 'hono';
import { beforeEach, describe, expect, it } from 'vitest';
import { createAlertsApi, type CartReader } from '../../worker/api/alerts';
import { channelMiddleware } from '../../worker/channel/middleware';
import type { AppEnv } from '../../worker/http/context';
import { checkoutOffers } from './checkout-helpers';
import { ALERT_KINDS, ALERT_THROTTLE_SECONDS, isThrottled, messageCard, TeamAlertDeliveryError, teamAlertSender, throttleKey, webhookTeamAlertSender } from '../../worker/alerts/team-alert';
import { TEAM_ALERTS_RECIPIENT, teamAlertSandbox, teamAlertSandboxEnabled } from '../../worker/alerts/sandbox';
import { createDb } from '../../worker/db/client';
import { TestBrowser } from './browser';

const PATH = '/alerts/sendTeamsAlert';
const WEBHOOK = 'https://outlook.example.test/webhookb2/abc@def/IncomingWebhook/123/456';

interface AlertRow {
  sender: string;
  subject: string;
  text_body: string;
  html_body: string;
}

let titles = 0;
const uniqueTitle = (label: string) => `${label} ${Date.now().toString(36)}-${++titles}`;

async function alertRows(title: string): Promise<AlertRow[]> {
  const { results } = await env.DB.prepare('SELECT sender, subject, text_body, html_body FROM dev_outbox WHERE recipient = ? AND subject = ?').bind(TEAM_ALERTS_RECIPIENT, title).all<AlertRow>();
  return results;
}

/** The alert with this title once the background send has stored it (up to ~6 s). */
async function waitForAlert(title: string): Promise<AlertRow> {
  for (let attempt = 0; attempt < 250; attempt++) {
    const [row] = await alertRows(title);
    if (row) return row;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`No team alert titled ${title}`);
}

async function alertCount(): Promise<number> {
  return (await env.DB.prepare('SELECT count(*) AS n FROM dev_outbox WHERE recipient = ?').bind(TEAM_ALERTS_RECIPIENT).first<number>('n')) ?? 0;
}

beforeEach(async () => {
  // Each test starts with every kind's window open.
  await Promise.all(ALERT_KINDS.map((kind) => env.CACHE.delete(throttleKey(kind))));
});

/** An app with the real middleware and alert route, reading the cart through `read` instead of the cart object. */
function alertsAppReading(read: CartReader) {
  const app = new Hono<AppEnv>();
  app.use('*', channelMiddleware({}));
  app.route('/alerts', createAlertsApi(read));
  return async (body: unknown) => {
    const ctx = createExecutionContext();
    const response = await app.fetch(
      new Request(`http://es.localhost${PATH}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: 'http://es.localhost', 'Sec-Fetch-Site': 'same-origin' }, body: JSON.stringify(body) }),
      env,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    return { status: response.status, data: ((await response.json()) as { data: unknown }).data };
  };
}

/** A cart whose lines do not add up to its subtotal (1999 × 2 + 500 = 4498, subtotal 9999). */
const brokenCart = (idCart: string) => ({
  idCart,
  articles: [
    { idLine: 1, idArticle: 11, name: 'Laptop', qty: 2, unitPrice: 1999 },
    { idLine: 2, idArticle: 12, name: 'Mouse', qty: 1, unitPrice: 500 },
  ],
  totals: { articlesSubtotal: 9999 },
});

describe('POST /alerts/sendTeamsAlert (spec §7): the server checks, the browser only reports', () => {
  it('sends nothing for a forged report: free text is refused, and a cart that adds up alerts no one', async () => {
    const before = await alertCount();
    const browser = new TestBrowser();
    const { own } = await checkoutOffers();
    const { idCart } = (await browser.api<{ idCart: string }>('GET', '/api/checkout/cart/token')).data;
    await browser.api('POST', `/api/orders/${idCart}/cart/articles`, { articles: [{ idArticle: own[0]!.article_id, idOffer: own[0]!.id, qty: 1 }] });
    const forged = await browser.api('POST', PATH, { title: uniqueTitle('Fake outage'), text: 'Everything is down, call me', kind: 'product-cost-mismatch' });
    expect(forged).toMatchObject({ status: 400, data: null, error: { type: 'validation', code: 'INVALID_REQUEST' } });
    for (const body of [{ kind: 'product-cost-mismatch' }, {}]) {
      const report = await browser.api('POST', PATH, body);
      expect(report).toMatchObject({ status: 200, data: { sent: false, throttled: false, verified: false }, error: null });
      expect(report.headers.get('Cache-Control')).toBe('no-store');
    }
    expect(await alertCount()).toBe(before);
    // The window stays open for a real alert.
    expect(await env.CACHE.get(throttleKey('product-cost-mismatch'))).toBeNull();
  });

  it('sends the text it wrote from the caller’s cart when it finds the mismatch, once per 600 s', async () => {
    const carts: string[] = [];
    const report = alertsAppReading(async (_c, cartId) => {
      carts.push(cartId);
      return brokenCart(cartId);
    });
    const first = await report({ kind: 'product-cost-mismatch' });
    expect(first).toEqual({ status: 200, data: { sent: true, throttled: false, verified: true } });
    const cartId = carts[0]!;
    const title = `Cart product-cost mismatch: ${cartId}`;
    const row = await waitForAlert(title);
    expect(row.text_body).toContain(`Cart ${cartId}: the lines add up to 4498 cents (unit price × quantity), the server's articles subtotal is 9999 cents (difference 5501).`);
    expect(row.text_body).toContain('Verified on the server from the cart of an anonymous visitor.');
    expect(row.text_body).toContain('- line 1, article 11, Laptop: 2 × 1999 = 3998');
    expect(JSON.parse(row.html_body)).toMatchObject({ '@type': 'MessageCard', summary: title, title, themeColor: 'D83B01' });
    // The window is remembered in KV for 600 s; a second report within it is dropped.
    const { keys } = await env.CACHE.list({ prefix: throttleKey('product-cost-mismatch') });
    expect(keys).toHaveLength(1);
    expect(keys[0]!.expiration! - Date.now() / 1000).toBeGreaterThan(ALERT_THROTTLE_SECONDS - 30);
    expect(keys[0]!.expiration! - Date.now() / 1000).toBeLessThanOrEqual(ALERT_THROTTLE_SECONDS + 1);
    expect(await report({})).toEqual({ status: 200, data: { sent: false, throttled: true, verified: true } });
    expect(await alertRows(title)).toHaveLength(1);
  });

  it('refuses bad input with the 400 envelope, stores nothing and keeps the window open', async () => {
    const before = await alertCount();
    const browser = new TestBrowser();
    for (const body of [{ kind: 'urgent' }, { kind: 'other' }, { title: 'x', text: 'x' }, { kind: 'product-cost-mismatch', text: 'x' }]) {
      const result = await browser.api('POST', PATH, body);
      expect(result.status).toBe(400);
      expect(result.data).toBeNull();
      expect(result.error).toMatchObject({ type: 'validation', code: 'INVALID_REQUEST' });
    }
    const malformed = await browser.fetch(PATH, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"kind":' });
    expect(malformed.status).toBe(400);
    const envelope = (await malformed.json()) as { ok: boolean; err: { message: string } };
    expect(envelope.ok).toBe(false);
    expect(JSON.parse(envelope.err.message)).toMatchObject({ code: 'INVALID_JSON' });
    expect(await alertCount()).toBe(before);
    expect(await env.CACHE.get(throttleKey('product-cost-mismatch'))).toBeNull();
  });

  it('refuses a cross-origin POST with 403 and stores nothing', async () => {
    const before = await alertCount();
    const crossSite = await new TestBrowser().api('POST', PATH, { kind: 'product-cost-mismatch' }, { 'Sec-Fetch-Site': 'cross-site', Origin: 'https://evil.example' });
    expect(crossSite).toMatchObject({ status: 403, error: { code: 'CROSS_ORIGIN_REQUEST' } });
    const otherOrigin = await new TestBrowser().api('POST', PATH, { kind: 'product-cost-mismatch' }, { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'same-origin' });
    expect(otherOrigin.status).toBe(403);
    expect(await alertCount()).toBe(before);
    expect(await env.CACHE.get(throttleKey('other'))).toBeNull();
  });

  it('answers other paths and methods under /alerts with the 404 envelope, not a page', async () => {
    const browser = new TestBrowser();
    const get = await browser.fetch(PATH);
    expect(get.status).toBe(404);
    expect(get.headers.get('Content-Type')).toContain('application/json');
    expect(JSON.parse(((await get.json()) as { err: { message: string } }).err.message)).toMatchObject({ code: 'NOT_FOUND' });
    expect((await browser.api('POST', '/alerts/elsewhere', { title: 'x', text: 'x' })).status).toBe(404);
  });
});

describe('the Teams webhook adapter', () => {
  const alert = { kind: 'product-cost-mismatch', title: 'Cart product-cost mismatch', text: 'Lines 3998, subtotal 3999.' } as const;

  it('posts the exact MessageCard JSON to the webhook URL; a 2xx is delivered', async () => {
    const seen: { method: string; url: string; contentType: string | null; body: string }[] = [];
    const sender = webhookTeamAlertSender({
      webhookUrl: WEBHOOK,
      fetch: async (request) => {
        seen.push({ method: request.method, url: request.url, contentType: request.headers.get('Content-Type'), body: await request.text() });
        return new Response('1');
      },
    });
    await sender.send(alert);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'POST', url: WEBHOOK, contentType: 'application/json' });
    expect(JSON.parse(seen[0]!.body)).toEqual({
      '@type': 'MessageCard',
      '@context': 'https://schema.org/extensions',
      summary: 'Cart product-cost mismatch',
      title: 'Cart product-cost mismatch',
      text: 'Lines 3998, subtotal 3999.',
      themeColor: 'D83B01',
    });
    expect(seen[0]!.body).toBe(JSON.stringify(messageCard(alert)));
    // Workflows-based webhooks answer 202: also delivered.
    await expect(webhookTeamAlertSender({ webhookUrl: WEBHOOK, fetch: async () => new Response(null, { status: 202 }) }).send(alert)).resolves.toBeUndefined();
  });

  it('fails loudly when the webhook refuses the card', async () => {
    const sender = webhookTeamAlertSender({ webhookUrl: WEBHOOK, fetch: async () => new Response('Summary or Text is required.', { status: 400 }) });
    await expect(sender.send(alert)).rejects.toBeInstanceOf(TeamAlertDeliveryError);
  });

  it('never uses the sandbox in production, and needs a webhook URL', () => {
    const db = createDb(env.DB);
    const production = { TEAM_ALERT_SANDBOX: 'on', ENVIRONMENT: 'production', TEAM_ALERT_WEBHOOK_URL: WEBHOOK } as Env;
    expect(teamAlertSandboxEnabled(production)).toBe(false);
    expect(teamAlertSandboxEnabled({ TEAM_ALERT_SANDBOX: 'on', ENVIRONMENT: 'development' } as Env)).toBe(true);
    expect(teamAlertSandboxEnabled({ TEAM_ALERT_SANDBOX: '', ENVIRONMENT: 'development' } as Env)).toBe(false);
    expect(() => teamAlertSender(production, db)).toThrow(/not allowed in production/);
    expect(() => teamAlertSender({ ENVIRONMENT: 'production', TEAM_ALERT_WEBHOOK_URL: '' } as Env, db)).toThrow(/TEAM_ALERT_WEBHOOK_URL/);
    expect(teamAlertSender({ ENVIRONMENT: 'production', TEAM_ALERT_WEBHOOK_URL: WEBHOOK } as Env, db)).toHaveProperty('send');
  });

  it.each([
    [null, 0, false],
    [Number.NaN, 0, false],
    [0, 599_999, true],
    [0, 600_000, false],
  ])('isThrottled(last %s, now %d) → %s', (last, now, throttled) => {
    expect(isThrottled(last, now)).toBe(throttled);
  });
});

describe('the Teams sandbox speaks the webhook protocol', () => {
  const sandbox = teamAlertSandbox(createDb(env.DB), WEBHOOK);
  const post = (url: string, body: string) => sandbox.fetch(new Request(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body }));

  it('refuses malformed cards and unknown webhooks like Teams does, and stores nothing', async () => {
    const before = await alertCount();
    expect((await post(WEBHOOK, 'not json')).status).toBe(400);
    const noText = await post(WEBHOOK, JSON.stringify({ '@type': 'MessageCard', '@context': 'https://schema.org/extensions', title: 'x' }));
    expect(noText.status).toBe(400);
    expect(await noText.text()).toContain('Summary or Text is required.');
    expect((await post(WEBHOOK, JSON.stringify({ '@type': 'AdaptiveCard', text: 'x' }))).status).toBe(400);
    expect((await post('https://outlook.example.test/webhookb2/other', JSON.stringify(messageCard({ kind: 'other', title: 'x', text: 'x' })))).status).toBe(404);
    expect((await post(WEBHOOK, JSON.stringify(messageCard({ kind: 'other', title: 'x', text: 'x'.repeat(30_000) })))).status).toBe(413);
    expect(await alertCount()).toBe(before);
  });

  it('answers "1" and keeps a valid card', async () => {
    const title = uniqueTitle('Direct');
    const answer = await post(WEBHOOK, JSON.stringify(messageCard({ kind: 'other', title, text: 'hello' })));
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe('1');
    expect(await alertRows(title)).toMatchObject([{ subject: title, text_body: 'hello', sender: 'Microsoft Teams incoming webhook' }]);
  });
});
