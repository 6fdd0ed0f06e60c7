/**
 * Order reassignment: the owner offers an order to another account (1301 when none has the
 * address), the recipient confirms through the e-mailed key signed in with that address, and
 * the order with its documents, returns and cases moves once; a used, expired, replaced or
 * someone else's key moves nothing.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../worker/db/client';
import { ensureOrderDocument } from '../../worker/documents/issue';
import { transitionOrder } from '../../worker/orders/transitions';
import { add, checkoutOffers, shopper } from './checkout-helpers';
import { signUp, TestBrowser, waitForMail } from './browser';

const db = createDb(env.DB);
const ACCEPT = '/api/user/order-reassignments/accept';
const reassign = (orderNumber: string) => `/api/user/orders/${orderNumber}/reassign`;

let offerIndex = 0;

async function userIdOf(email: string): Promise<number> {
  return (await env.DB.prepare('SELECT id FROM users WHERE email = ?').bind(email).first<number>('id'))!;
}

async function person(): Promise<{ browser: TestBrowser; email: string; id: number }> {
  const browser = new TestBrowser();
  const email = await signUp(browser);
  return { browser, email, id: await userIdOf(email) };
}

/** A paid order of a new owner, with its invoice. */
async function paidOrder() {
  const { browser, cartId, address } = await shopper();
  const { own } = await checkoutOffers();
  await add(browser, cartId, own[offerIndex++ % own.length]!, 1);
  const placed = await browser.api<{ orders: { orderNumber: string }[] }>('POST', `/api/checkout/orders/${cartId}/place`, { shippingType: 1, shippingAddressId: address, paymentMethod: 'transferencia', conditionsAccepted: true });
  expect(placed.status, JSON.stringify(placed.error)).toBe(201);
  const orderNumber = placed.data.orders[0]!.orderNumber;
  await transitionOrder(db, { orderNumber, event: 'payment_received', now: new Date(), actor: { kind: 'staff' } });
  await ensureOrderDocument(db, orderNumber, new Date());
  const email = (await browser.api<{ email: string }>('POST', '/api/users/info')).data.email;
  return { owner: browser, ownerEmail: email, ownerId: await userIdOf(email), orderNumber };
}

const ownerOf = async (orderNumber: string) => env.DB.prepare('SELECT user_id FROM orders WHERE order_number = ?').bind(orderNumber).first<number>('user_id');
const documentOwners = async (orderNumber: string) => (await env.DB.prepare('SELECT DISTINCT user_id FROM documents WHERE order_number = ?').bind(orderNumber).all<{ user_id: number }>()).results.map((r) => r.user_id);

/** Offers the order and reads the key from the recipient's e-mail. */
async function offer(owner: TestBrowser, orderNumber: string, to: string): Promise<{ key: string; path: string }> {
  const since = Date.now();
  const offered = await owner.api('POST', reassign(orderNumber), { email: to.toUpperCase() });
  expect(offered.status, JSON.stringify(offered.error)).toBe(201);
  const match = await waitForMail(to, /https?:\/\/[^/\s]+(\/\S+\/([A-Za-z0-9_-]{22}))\s/, since);
  return { path: match[1]!, key: match[2]! };
}

describe('order reassignment', () => {
  it('the recipient receives the link, opens it signed in with that address and takes the order with its documents, once', async () => {
    const { owner, orderNumber, ownerId } = await paidOrder();
    const recipient = await person();
    const { key, path } = await offer(owner, orderNumber, recipient.email);
    expect(path).toContain('/reasignacion-pedidos/');
    const stored = await env.DB.prepare('SELECT key_hash, to_email, from_user_id, used_at FROM order_reassignments WHERE order_number = ?').bind(orderNumber).first<Record<string, unknown>>();
    expect(stored).toMatchObject({ to_email: recipient.email, from_user_id: ownerId, used_at: null });
    expect(stored!.key_hash).not.toBe(key);
    const page = await recipient.browser.fetch(path);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('data-reassignment="open"');
    expect(html).toContain(orderNumber);
    const accepted = await recipient.browser.api<{ orderNumber: string }>('POST', ACCEPT, { key });
    expect(accepted.status, JSON.stringify(accepted.error)).toBe(200);
    expect(await ownerOf(orderNumber)).toBe(recipient.id);
    expect(await documentOwners(orderNumber)).toEqual([recipient.id]);
    // The key works once.
    const replay = await recipient.browser.api('POST', ACCEPT, { key });
    expect([replay.status, replay.error?.code]).toEqual([400, 'INVALID_LINK']);
    expect(await (await recipient.browser.fetch(path)).text()).toContain('data-reassignment="invalid"');
    // The giver no longer sees it; the recipient does.
    expect((await owner.api('GET', `/api/user/orders/${orderNumber}/minimal`)).status).toBe(404);
    expect((await recipient.browser.api('GET', `/api/user/orders/${orderNumber}/minimal`)).status).toBe(200);
  });

  it('moves the order\'s returns and after-sales cases too', async () => {
    const { owner, orderNumber, ownerId } = await paidOrder();
    const recipient = await person();
    const now = Date.now();
    await env.DB.batch([
      env.DB.prepare("INSERT INTO returns (user_id, order_number, state, reason, refund_method, label_code, refund_amount, created_at, updated_at) VALUES (?, ?, 'requested', 'unwanted', 'original', 'L1', 100, ?, ?)").bind(ownerId, orderNumber, now, now),
      env.DB.prepare("INSERT INTO after_sales_cases (user_id, order_number, order_line_id, kind, state, subject, created_at, updated_at) VALUES (?, ?, 1, 'fault', 'open', 'x', ?, ?)").bind(ownerId, orderNumber, now, now),
    ]);
    const { key } = await offer(owner, orderNumber, recipient.email);
    expect((await recipient.browser.api('POST', ACCEPT, { key })).status).toBe(200);
    expect(await env.DB.prepare('SELECT user_id FROM returns WHERE order_number = ?').bind(orderNumber).first<number>('user_id')).toBe(recipient.id);
    expect(await env.DB.prepare('SELECT user_id FROM after_sales_cases WHERE order_number = ?').bind(orderNumber).first<number>('user_id')).toBe(recipient.id);
  });

  it('1301 when no account has the address; the owner\'s own address, another user\'s order and bad input are refused; nothing is written', async () => {
    const { owner, orderNumber, ownerEmail } = await paidOrder();
    const stranger = await person();
    const count = async () => (await env.DB.prepare('SELECT count(*) AS n FROM order_reassignments WHERE order_number = ?').bind(orderNumber).first<number>('n'))!;
    const nobody = await owner.api('POST', reassign(orderNumber), { email: 'nobody.here@example.com' });
    expect([nobody.status, nobody.error?.code]).toEqual([404, 1301]);
    expect((await owner.api('POST', reassign(orderNumber), { email: ownerEmail })).error?.code).toBe('REASSIGN_TO_SELF');
    const notTheirs = await stranger.browser.api('POST', reassign(orderNumber), { email: stranger.email });
    expect([notTheirs.status, notTheirs.data]).toEqual([404, null]);
    expect((await owner.api('POST', reassign(orderNumber), { email: 'not-an-address' })).status).toBe(400);
    expect((await owner.api('POST', reassign('XX-1'), { email: stranger.email })).status).toBe(400);
    expect((await new TestBrowser().api('POST', reassign(orderNumber), { email: stranger.email })).status).toBe(401);
    expect(await count()).toBe(0);
  });

  it('another signed-in account cannot use the key: the page names the account it is for, the call is a 404, nothing moves', async () => {
    const { owner, orderNumber, ownerId } = await paidOrder();
    const recipient = await person();
    const intruder = await person();
    const { key, path } = await offer(owner, orderNumber, recipient.email);
    const html = await (await intruder.browser.fetch(path)).text();
    expect(html).toContain('data-reassignment="wrong-account"');
    expect(html).toContain(`${recipient.email[0]}•••@example.com`);
    expect(html).not.toContain(recipient.email);
    const attempt = await intruder.browser.api('POST', ACCEPT, { key });
    expect([attempt.status, attempt.data]).toEqual([404, null]);
    expect(await ownerOf(orderNumber)).toBe(ownerId);
    // The key is still good for its recipient.
    expect((await recipient.browser.api('POST', ACCEPT, { key })).status).toBe(200);
  });

  it('an expired key, a key replaced by a newer offer and an unknown key move nothing', async () => {
    const { owner, orderNumber, ownerId } = await paidOrder();
    const recipient = await person();
    const first = await offer(owner, orderNumber, recipient.email);
    const second = await offer(owner, orderNumber, recipient.email);
    expect((await recipient.browser.api('POST', ACCEPT, { key: first.key })).error?.code).toBe('INVALID_LINK');
    await env.DB.prepare('UPDATE order_reassignments SET expires_at = ? WHERE order_number = ?').bind(Date.now() - 1, orderNumber).run();
    expect((await recipient.browser.api('POST', ACCEPT, { key: second.key })).error?.code).toBe('INVALID_LINK');
    expect(await (await recipient.browser.fetch(second.path)).text()).toContain('data-reassignment="invalid"');
    expect((await recipient.browser.api('POST', ACCEPT, { key: 'AAAAAAAAAAAAAAAAAAAAAA' })).error?.code).toBe('INVALID_LINK');
    expect((await recipient.browser.api('POST', ACCEPT, { key: 'short' })).status).toBe(400);
    expect(await ownerOf(orderNumber)).toBe(ownerId);
  });

  it('two confirmations racing move the order once', async () => {
    const { owner, orderNumber } = await paidOrder();
    const recipient = await person();
    const { key } = await offer(owner, orderNumber, recipient.email);
    const answers = await Promise.all([recipient.browser.api('POST', ACCEPT, { key }), recipient.browser.api('POST', ACCEPT, { key })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect(await ownerOf(orderNumber)).toBe(recipient.id);
  });

  it('a key whose order changed hands meanwhile moves nothing', async () => {
    const { owner, orderNumber } = await paidOrder();
    const recipient = await person();
    const other = await person();
    const { key } = await offer(owner, orderNumber, recipient.email);
    await env.DB.prepare('UPDATE orders SET user_id = ? WHERE order_number = ?').bind(other.id, orderNumber).run();
    expect((await recipient.browser.api('POST', ACCEPT, { key })).error?.code).toBe('INVALID_LINK');
    expect(await ownerOf(orderNumber)).toBe(other.id);
  });
});
