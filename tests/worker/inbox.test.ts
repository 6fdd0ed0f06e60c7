/**
 * The inbox (worker/inbox, worker/api/inbox.ts, the inbox screens): an order's payment, shipping,
 * delivery and cancellation, a return's changes and a staff reply on a case each tell the customer
 * once, however many times the event is told; the list pages newest first in the request's
 * language; read/unread marks and "mark all"; someone else's message is a 404 and stays as it was;
 * the unread count shows in the account menu and header of personal pages only.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { replyAsStaff } from '../../worker/after-sales/cases';
import { createDb } from '../../worker/db/client';
import type { OrderEvent } from '../../worker/domain/orders/state-machine';
import { tellUser } from '../../worker/inbox/messages';
import { afterOrderPaid } from '../../worker/orders/fulfil';
import { cancelOrder, transitionOrder } from '../../worker/orders/transitions';
import type { AfterSalesDeps } from '../../worker/refunds/deps';
import { transitionReturn } from '../../worker/returns/returns';
import { signUp, TestBrowser } from './browser';
import { add, checkoutOffers, shopper } from './checkout-helpers';
import { host, page } from './helpers';
import { href, type RouteId } from '../../client/routes';
import { DEFAULT_CHANNELS } from '../../worker/channel/channels';
import { card, deliver, payData, placeByCard, sandboxNotifications, VISA } from './payments-helpers';

const db = createDb(env.DB);
const deps = (now = new Date()): AfterSalesDeps => ({ db, env, now });
const staff = { kind: 'staff' as const };
const INBOX = '/api/user/inbox';
const en = (route: RouteId, params?: Record<string, string>) => href(route, 'en_EN', DEFAULT_CHANNELS.ES, params);
const es = (route: RouteId, params?: Record<string, string>) => href(route, 'es_ES', DEFAULT_CHANNELS.ES, params);

interface Item {
  id: number;
  kind: string;
  title: string;
  body: string;
  link: string;
  linkLabel: string;
  createdAt: number;
  read: boolean;
}
interface List {
  items: Item[];
  total: number;
  unread: number;
  page: number;
  pageSize: number;
}

async function userIdOf(email: string): Promise<number> {
  return (await env.DB.prepare('SELECT id FROM users WHERE email = ?').bind(email).first<number>('id'))!;
}

async function messages(userId: number, kind?: string) {
  const { results } = await env.DB.prepare(`SELECT id, kind, ref, params, read_at FROM inbox_messages WHERE user_id = ? ${kind ? 'AND kind = ?' : ''} ORDER BY id`)
    .bind(...(kind ? [userId, kind] : [userId]))
    .all<{ id: number; kind: string; ref: string; params: string; read_at: number | null }>();
  return results.map((row) => ({ ...row, params: JSON.parse(row.params) as Record<string, string | number> }));
}

async function moveOrder(orderNumber: string, events: OrderEvent[], trackingNumber?: string) {
  for (const event of events) await transitionOrder(db, { orderNumber, event, now: new Date(), actor: staff, trackingNumber: event === 'ship' ? trackingNumber : undefined });
}

async function customer() {
  const browser = new TestBrowser();
  const email = await signUp(browser);
  return { browser, userId: await userIdOf(email) };
}

/** A signed-up customer's order paid at the shop and collected (as staff would move it). */
async function collectedOrder(who?: Awaited<ReturnType<typeof shopper>>) {
  const buyer = who ?? (await shopper());
  const { own } = await checkoutOffers();
  await add(buyer.browser, buyer.cartId, own[0]!, 2);
  const placed = await buyer.browser.api<{ orders: { orderNumber: string }[] }>('POST', `/api/checkout/orders/${buyer.cartId}/place`, { shippingType: 3, shopId: 30, paymentMethod: 'payinshop', conditionsAccepted: true });
  expect(placed.status, JSON.stringify(placed.error)).toBe(201);
  const orderNumber = placed.data.orders[0]!.orderNumber;
  await moveOrder(orderNumber, ['prepare', 'ready_for_pickup', 'collect']);
  const row = (await env.DB.prepare('SELECT o.user_id, l.id AS line_id FROM orders o JOIN order_lines l ON l.order_number = o.order_number WHERE o.order_number = ? ORDER BY l.id LIMIT 1').bind(orderNumber).first<{ user_id: number; line_id: number }>())!;
  return { ...buyer, orderNumber, userId: row.user_id, lineId: row.line_id };
}

/** `count` "paid" messages of made-up orders, one minute apart (the newest last). */
async function fill(userId: number, count: number, start = Date.UTC(2026, 10, 1)) {
  for (let i = 0; i < count; i++) await tellUser(db, { userId, kind: 'order.paid', ref: `FILL-${i}`, params: { orderNumber: `FILL-${i}` }, at: start + i * 60_000 });
}

describe('what tells the customer', () => {
  it('a card payment told five times at once (and its fulfilment run again) leaves one "paid" message; shipping and delivery one each', async () => {
    const order = await placeByCard();
    const [orderNumber] = order.orderNumbers as [string];
    const userId = (await env.DB.prepare('SELECT user_id FROM orders WHERE order_number = ?').bind(orderNumber).first<number>('user_id'))!;
    expect(await messages(userId)).toEqual([]);
    expect((await payData(order.browser, order.reference, { paymentMethod: card(VISA) })).status).toBe(200);
    const [notification] = await sandboxNotifications(order.reference);
    await Promise.all(Array.from({ length: 5 }, () => deliver(notification)));
    await afterOrderPaid(db, orderNumber, new Date());
    const paid = await messages(userId, 'order.paid');
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ ref: orderNumber, params: { orderNumber } });

    await moveOrder(orderNumber, ['prepare', 'ship'], 'TRK-991');
    // Shipping it again is refused (it moved on) and tells nothing more.
    await expect(moveOrder(orderNumber, ['ship'], 'TRK-991')).rejects.toMatchObject({ entry: { code: 'ORDER_TRANSITION_NOT_ALLOWED' } });
    await moveOrder(orderNumber, ['deliver']);
    const all = await messages(userId);
    expect(all.map((m) => m.kind)).toEqual(['order.paid', 'order.shipped', 'order.delivered']);
    expect(all[1]!.params).toEqual({ orderNumber, trackingNumber: 'TRK-991' });

    // The list: newest first (same time: the later message first), in the request's language.
    const english = await order.browser.api<List>('GET', INBOX, undefined, { 'X-Selected-Language': 'en_EN' });
    expect(english.status).toBe(200);
    expect(english.data).toMatchObject({ total: 3, unread: 3, page: 1, pageSize: 16 });
    expect(english.data.items.map((i) => i.kind)).toEqual(['order.delivered', 'order.shipped', 'order.paid']);
    expect(english.data.items[1]).toMatchObject({ title: 'Your order is on its way', body: `Your order ${orderNumber} has been shipped. Tracking number: TRK-991.`, link: `${en('accountOrderDetail')}?order=${orderNumber}`, linkLabel: 'See the order', read: false });
    const spanish = await order.browser.api<List>('GET', INBOX);
    expect(spanish.data.items[1]!.title).not.toBe('Your order is on its way');
    expect(spanish.data.items[1]!.body).toContain('TRK-991');
  });

  it('an order paid at the shop is told paid and delivered when collected; a cancelled order is told once', async () => {
    const order = await collectedOrder();
    expect((await messages(order.userId)).map((m) => m.kind).sort()).toEqual(['order.delivered', 'order.paid']);

    const buyer = await shopper();
    const { own } = await checkoutOffers();
    await add(buyer.browser, buyer.cartId, own[1]!, 1);
    const placed = await buyer.browser.api<{ orders: { orderNumber: string }[] }>('POST', `/api/checkout/orders/${buyer.cartId}/place`, { shippingType: 3, shopId: 30, paymentMethod: 'transferencia', conditionsAccepted: true });
    const orderNumber = placed.data.orders[0]!.orderNumber;
    const userId = (await env.DB.prepare('SELECT user_id FROM orders WHERE order_number = ?').bind(orderNumber).first<number>('user_id'))!;
    await Promise.allSettled([cancelOrder(deps(), { orderNumber, userId, now: new Date() }), cancelOrder(deps(), { orderNumber, userId, now: new Date() })]);
    await cancelOrder(deps(), { orderNumber, userId, now: new Date() });
    expect((await messages(userId)).map((m) => [m.kind, m.ref])).toEqual([['order.cancelled', orderNumber]]);
  });

  it('a return: each change made by our side is told once; the customer withdrawing their own request is not', async () => {
    const order = await collectedOrder();
    const asked = await order.browser.api<{ id: number }>('POST', '/api/user/returns', { orderNumber: order.orderNumber, lines: [{ orderLineId: order.lineId, qty: 1 }], reason: 'changed_mind', refundMethod: 'balance' });
    expect(asked.status).toBe(201);
    const id = asked.data.id;
    expect(await messages(order.userId, 'return.state')).toEqual([]);
    // Approved twice at once: one change, one message.
    await Promise.allSettled([transitionReturn(deps(), { returnId: id, event: 'approve', now: new Date(), actor: staff }), transitionReturn(deps(), { returnId: id, event: 'approve', now: new Date(), actor: staff })]);
    await transitionReturn(deps(), { returnId: id, event: 'receive', now: new Date(), actor: staff });
    const told = await messages(order.userId, 'return.state');
    expect(told.map((m) => m.ref)).toEqual([`${id}:approved`, `${id}:received`]);
    expect(told[0]!.params).toEqual({ returnId: id, orderNumber: order.orderNumber, state: 'approved' });

    const second = await order.browser.api<{ id: number }>('POST', '/api/user/returns', { orderNumber: order.orderNumber, lines: [{ orderLineId: order.lineId, qty: 1 }], reason: 'changed_mind', refundMethod: 'balance' });
    expect(second.status).toBe(201);
    expect((await order.browser.api('POST', `/api/user/returns/${second.data.id}/cancel`)).status).toBe(200);
    expect((await messages(order.userId, 'return.state')).map((m) => m.ref)).toEqual([`${id}:approved`, `${id}:received`]);
  });

  it('a staff reply on a case is told once per reply; a change of state alone, or the customer writing, tells nothing', async () => {
    const order = await collectedOrder();
    const opened = await order.browser.api<{ id: number }>('POST', '/api/user/after-sales/cases', { orderNumber: order.orderNumber, orderLineId: order.lineId, kind: 'fault', subject: 'Screen stays black', body: 'It does not start.' });
    expect(opened.status).toBe(200);
    const caseId = opened.data.id;
    await replyAsStaff(deps(), { caseId, staffUserId: 1, body: 'Please send us a photo.', now: new Date() });
    expect((await order.browser.api('POST', `/api/user/after-sales/cases/${caseId}/messages`, { body: 'Here it is.' })).status).toBe(200);
    await replyAsStaff(deps(), { caseId, staffUserId: 1, body: '', state: 'awaiting_store', now: new Date() });
    await replyAsStaff(deps(), { caseId, staffUserId: 1, body: 'A new one is on its way.', now: new Date() });
    const told = await messages(order.userId, 'case.reply');
    expect(told).toHaveLength(2);
    expect(told.every((m) => m.ref.startsWith(`${caseId}:`))).toBe(true);
    expect(told[0]!.params).toEqual({ caseId, subject: 'Screen stays black' });
    const list = await order.browser.api<List>('GET', INBOX, undefined, { 'X-Selected-Language': 'en_EN' });
    expect(list.data.items[0]).toMatchObject({ kind: 'case.reply', link: en('accountAfterSalesCase', { id: String(caseId) }), linkLabel: 'See the case' });
  });
});

describe('the inbox API', () => {
  it('pages newest first, 16 by default, with total and unread', async () => {
    const { browser, userId } = await customer();
    await fill(userId, 20);
    const first = await browser.api<List>('GET', INBOX);
    expect(first.data).toMatchObject({ total: 20, unread: 20, page: 1, pageSize: 16 });
    expect(first.data.items.map((i) => i.body.match(/FILL-\d+/)![0])).toEqual(Array.from({ length: 16 }, (_, i) => `FILL-${19 - i}`));
    const second = await browser.api<List>('GET', `${INBOX}?page=2`);
    expect(second.data.items.map((i) => i.body.match(/FILL-\d+/)![0])).toEqual(['FILL-3', 'FILL-2', 'FILL-1', 'FILL-0']);
    const small = await browser.api<List>('GET', `${INBOX}?page=3&pageSize=5`);
    expect(small.data.items).toHaveLength(5);
    expect(small.data.items[0]!.body).toContain('FILL-9');
    expect((await browser.api<List>('GET', `${INBOX}?page=9`)).data).toMatchObject({ items: [], total: 20 });
  });

  it('refuses bad paging and bad ids with a 400 envelope, anonymous callers with a 401', async () => {
    const { browser, userId } = await customer();
    await fill(userId, 2);
    for (const query of ['?page=0', '?page=abc', '?pageSize=0', '?pageSize=51', '?page=-1']) {
      const answer = await browser.api('GET', `${INBOX}${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.error?.type).toBe('validation');
    }
    for (const path of [`${INBOX}/abc`, `${INBOX}/0`, `${INBOX}/-4/read`, `${INBOX}/1.5/unread`]) {
      const method = path.endsWith('read') ? 'POST' : 'GET';
      expect((await browser.api(method, path)).status, path).toBe(400);
    }
    expect((await browser.api<List>('GET', INBOX)).data.unread).toBe(2);
    const anonymous = new TestBrowser();
    expect((await anonymous.api('GET', INBOX)).status).toBe(401);
    expect((await anonymous.api('POST', `${INBOX}/read-all`)).status).toBe(401);
  });

  it('opening marks read; read, unread and read-all; a form without script comes back to the inbox', async () => {
    const { browser, userId } = await customer();
    await fill(userId, 3);
    const [newest, middle] = (await browser.api<List>('GET', INBOX)).data.items as [Item, Item, Item];
    const opened = await browser.api<Item>('GET', `${INBOX}/${newest.id}`);
    expect(opened.data).toMatchObject({ id: newest.id, read: true, title: newest.title });
    expect((await browser.api<List>('GET', INBOX)).data.unread).toBe(2);
    expect((await browser.api<Item>('POST', `${INBOX}/${newest.id}/unread`)).data.read).toBe(false);
    expect((await browser.api<Item>('POST', `${INBOX}/${middle.id}/read`)).data.read).toBe(true);
    const firstRead = (await messages(userId)).find((m) => m.id === middle.id)!.read_at;
    // Read again: the first reading's time stays.
    await browser.api('POST', `${INBOX}/${middle.id}/read`, undefined, {});
    expect((await messages(userId)).find((m) => m.id === middle.id)!.read_at).toBe(firstRead);
    expect((await browser.api<List>('GET', INBOX)).data.unread).toBe(2);
    const all = await browser.api<{ marked: number }>('POST', `${INBOX}/read-all`);
    expect(all.data.marked).toBe(2);
    expect((await browser.api<List>('GET', INBOX)).data.unread).toBe(0);

    await browser.api('POST', `${INBOX}/${newest.id}/unread`);
    const form = new URLSearchParams({ respond: 'page', lang: 'en_EN', page: '1' });
    const response = await browser.fetch(`${INBOX}/read-all`, { method: 'POST', body: form, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe(en('accountInbox'));
    expect((await browser.api<List>('GET', INBOX)).data.unread).toBe(0);
  });

  it("someone else's message is a 404 for every call, and stays as it was", async () => {
    const alice = await customer();
    const bob = await customer();
    await fill(alice.userId, 1);
    const before = await messages(alice.userId);
    const id = before[0]!.id;
    for (const [method, path] of [['GET', `${INBOX}/${id}`], ['POST', `${INBOX}/${id}/read`], ['POST', `${INBOX}/${id}/unread`]] as const) {
      const answer = await bob.browser.api(method, path);
      expect(answer.status, path).toBe(404);
      expect(answer.data).toBeNull();
    }
    expect((await bob.browser.api<{ marked: number }>('POST', `${INBOX}/read-all`)).data.marked).toBe(0);
    expect((await bob.browser.fetch(es('accountInboxMessage', { id: String(id) }))).status).toBe(404);
    expect(await messages(alice.userId)).toEqual(before);
    expect((await bob.browser.api<List>('GET', INBOX)).data).toMatchObject({ items: [], total: 0, unread: 0 });
  });
});

describe('the inbox screens', () => {
  it('list with unread in bold and a word for screen readers, the message page marks read, counts in the menu and header of personal pages only', async () => {
    const { browser, userId } = await customer();
    const empty = await browser.fetch(es('accountInbox'));
    expect(empty.status).toBe(200);
    const emptyHtml = await empty.text();
    expect(emptyHtml).toContain('inbox-empty');
    expect(emptyHtml).not.toContain('data-inbox-count');

    await fill(userId, 18);
    const listed = await (await browser.fetch(en('accountInbox'))).text();
    expect(listed.match(/class="inbox-item inbox-item--unread"/g)).toHaveLength(16);
    expect(listed).toContain('Unread:');
    expect(listed).toMatch(/data-inbox-count="18"/);
    expect(listed).toContain('action="/api/user/inbox/read-all"');
    expect(listed).toContain('rel="next"');
    expect((await browser.fetch(`${en('accountInbox')}?page=2`)).status).toBe(200);
    expect((await browser.fetch(`${en('accountInbox')}?page=3`)).status).toBe(404);

    const newest = (await messages(userId)).at(-1)!;
    const shown = await browser.fetch(en('accountInboxMessage', { id: String(newest.id) }));
    expect(shown.status).toBe(200);
    const html = await shown.text();
    expect(html).toContain('Payment received');
    expect(html).toContain(`href="${en('accountOrderDetail')}?order=FILL-17"`);
    expect(html).toContain('Back to the inbox');
    // Read on opening: the counts drawn on that very page already leave it out.
    expect(html).toMatch(/data-inbox-count="17"/);
    expect((await messages(userId)).at(-1)!.read_at).not.toBeNull();
    expect((await browser.fetch(en('accountInboxMessage', { id: '999999999' }))).status).toBe(404);

    // A page shared by everyone carries no count, signed in or not.
    const home = await page(`${host('ES')}/`, { headers: { Cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
    expect(home.html).not.toContain('data-inbox-count');
  });

  it('asks an anonymous visitor to sign in', async () => {
    const response = await new TestBrowser().fetch(es('accountInbox'));
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toContain('/login?next=');
  });
});

describe('the demo seed', () => {
  it("tells Ana about her seeded orders through the store's kinds, some read, some not, once however often it runs", async () => {
    const { DEMO_PASSWORD, DEMO_FRONT_ORDERS, demoAccountStatements, demoFrontOrderStatements } = await import('../../scripts/seed/demo-accounts');
    const { inboxStatements } = await import('../../scripts/seed/inbox');
    const statements = [...(await demoAccountStatements()), ...demoFrontOrderStatements(), ...inboxStatements()];
    for (let round = 0; round < 2; round++) await env.DB.batch(statements.map((sql) => env.DB.prepare(sql)));
    const ana = new TestBrowser();
    expect((await ana.api('POST', '/api/users/login', { email: 'ana@ampora.test', password: DEMO_PASSWORD })).status).toBe(200);
    const list = await ana.api<List>('GET', INBOX, undefined, { 'X-Selected-Language': 'en_EN' });
    expect(list.data.total).toBe(4);
    expect(list.data.unread).toBe(1);
    const [newer, older] = [...DEMO_FRONT_ORDERS].reverse() as [string, string];
    expect(list.data.items.map((i) => [i.kind, i.read])).toEqual([
      ['order.delivered', false],
      ['order.paid', true],
      ['order.delivered', true],
      ['order.paid', true],
    ]);
    expect(list.data.items[0]!.body).toContain(newer);
    expect(list.data.items[3]!.body).toContain(older);
    expect(list.data.items.every((i) => i.title !== 'A message from Ampora')).toBe(true);
  });
});
