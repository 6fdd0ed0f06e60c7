import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
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

describe('POST /alerts/sendTeamsAlert (spec §7) through the Teams sandbox', () => {
  it('delivers a good alert as a MessageCard to the development outbox', async () => {
    const title = uniqueTitle('Cart product-cost mismatch');
    const text = 'Cart 123: the lines add up to 3998 cents, the subtotal is 3999 cents.';
    const browser = new TestBrowser();
    const result = await browser.api('POST', PATH, { title, text, kind: 'product-cost-mismatch' });
    expect(result).toMatchObject({ status: 200, data: { sent: true, throttled: false }, error: null });
    expect(result.headers.get('Cache-Control')).toBe('no-store');
    const row = await waitForAlert(title);
    // The card says who reported it and that the text is the browser's.
    const sent = `Reported by a browser, unverified: anonymous visitor, cart ${(await browser.api<{ idCart: string }>('POST', '/api/users/info')).data.idCart}.\n\n${text}`;
    expect(row).toMatchObject({ subject: title, text_body: sent });
    expect(JSON.parse(row.html_body)).toEqual({ '@type': 'MessageCard', '@context': 'https://schema.org/extensions', summary: title, title, text: sent, themeColor: 'D83B01' });
    // The window is remembered in KV for 600 s.
    const { keys } = await env.CACHE.list({ prefix: throttleKey('product-cost-mismatch') });
    expect(keys).toHaveLength(1);
    expect(keys[0]!.expiration! - Date.now() / 1000).toBeGreaterThan(ALERT_THROTTLE_SECONDS - 30);
    expect(keys[0]!.expiration! - Date.now() / 1000).toBeLessThanOrEqual(ALERT_THROTTLE_SECONDS + 1);
  });

  it('drops a second alert of the same kind within 600 s, but not one of another kind', async () => {
    const browser = new TestBrowser();
    const first = uniqueTitle('First');
    const second = uniqueTitle('Second');
    const other = uniqueTitle('Other kind');
    expect((await browser.api('POST', PATH, { title: first, text: 'one', kind: 'product-cost-mismatch' })).data).toEqual({ sent: true, throttled: false });
    const again = await browser.api('POST', PATH, { title: second, text: 'two', kind: 'product-cost-mismatch' });
    expect(again).toMatchObject({ status: 200, data: { sent: false, throttled: true } });
    // Without a kind the alert is "other", which has its own window.
    expect((await new TestBrowser().api('POST', PATH, { title: other, text: 'three' })).data).toEqual({ sent: true, throttled: false });
    await waitForAlert(first);
    const otherRow = await waitForAlert(other);
    expect(JSON.parse(otherRow.html_body)).toMatchObject({ themeColor: '0078D7' });
    expect(await alertRows(second)).toEqual([]);
  });

  it('refuses bad input with the 400 envelope, stores nothing and keeps the window open', async () => {
    const before = await alertCount();
    const browser = new TestBrowser();
    const cases = [
      [{ title: '', text: 'x' }, 'title'],
      [{ title: '   ', text: 'x' }, 'title'],
      [{ title: 'x'.repeat(201), text: 'x' }, 'title'],
      [{ title: 'x', text: 'x'.repeat(4001) }, 'text'],
      [{ title: 'x' }, 'text'],
      [{ title: 'x', text: 'x', kind: 'urgent' }, 'kind'],
    ] as const;
    for (const [body, field] of cases) {
      const result = await browser.api('POST', PATH, body);
      expect(result.status).toBe(400);
      expect(result.data).toBeNull();
      expect(result.error).toMatchObject({ type: 'validation', code: 'INVALID_REQUEST' });
      expect((result.error!.details as { issues: { path: string }[] }).issues.map((i) => i.path)).toContain(field);
    }
    const malformed = await browser.fetch(PATH, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"title":' });
    expect(malformed.status).toBe(400);
    const envelope = (await malformed.json()) as { ok: boolean; err: { message: string } };
    expect(envelope.ok).toBe(false);
    expect(JSON.parse(envelope.err.message)).toMatchObject({ code: 'INVALID_JSON' });
    expect(await alertCount()).toBe(before);
    expect(await env.CACHE.get(throttleKey('other'))).toBeNull();
  });

  it('refuses a cross-origin POST with 403 and stores nothing', async () => {
    const before = await alertCount();
    const title = uniqueTitle('Forged');
    const crossSite = await new TestBrowser().api('POST', PATH, { title, text: 'x' }, { 'Sec-Fetch-Site': 'cross-site', Origin: 'https://evil.example' });
    expect(crossSite).toMatchObject({ status: 403, error: { code: 'CROSS_ORIGIN_REQUEST' } });
    const otherOrigin = await new TestBrowser().api('POST', PATH, { title, text: 'x' }, { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'same-origin' });
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
