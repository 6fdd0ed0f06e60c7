/**
 * Returns (worker/returns/returns.ts, worker/api/returns.ts, the returns screens): who may return
 * what and when (RETURN_NOT_ALLOWED, 12038, 23052), someone else's return or order is a 404, the
 * state machine with its refund (one refund per return, also when asked twice at once), the
 * label, the forms without script, and gift returns by order number and gift code.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../worker/db/client';
import type { OrderEvent } from '../../worker/domain/orders/state-machine';
import { transitionOrder } from '../../worker/orders/transitions';
import type { AfterSalesDeps } from '../../worker/refunds/deps';
import { returnRefundKey, transitionReturn } from '../../worker/returns/returns';
import { signUp, TestBrowser } from './browser';
import { add, checkoutOffers, shopper } from './checkout-helpers';
import { request } from './helpers';
import { card, payData, sandboxNotifications, VISA } from './payments-helpers';

const db = createDb(env.DB);
const DAY = 24 * 60 * 60 * 1000;
const deps = (now = new Date()): AfterSalesDeps => ({ db, env, now });
const staff = { kind: 'staff' as const };

async function moveOrder(orderNumber: string, events: OrderEvent[], now = new Date()) {
  for (const event of events) await transitionOrder(db, { orderNumber, event, now, actor: staff, trackingNumber: event === 'ship' ? 'TRK123' : undefined });
}

async function linesOf(orderNumber: string) {
  return (await env.DB.prepare('SELECT id, qty, unit_price FROM order_lines WHERE order_number = ? ORDER BY id').bind(orderNumber).all<{ id: number; qty: number; unit_price: number }>()).results;
}

/**
 * A signed-up customer's order of `qty` units, paid at the shop and collected `collectedAt`
 * (as staff would move it), or paid by card and delivered with `card: true`.
 */
async function receivedOrder(options: { qty?: number; card?: boolean; collectedAt?: Date; giftPaper?: boolean; who?: Awaited<ReturnType<typeof shopper>> } = {}) {
  const who = options.who ?? (await shopper());
  const { own } = await checkoutOffers();
  const offer = own[Math.floor(Math.random() * own.length)]!;
  const added = await who.browser.api<{ articles: { idLine: number }[] }>('POST', `/api/orders/${who.cartId}/cart/articles`, { articles: [{ idArticle: offer.article_id, idOffer: offer.id, qty: options.qty ?? 2 }] });
  expect(added.status).toBe(200);
  if (options.giftPaper) {
    const wrapped = await who.browser.api('PUT', `/api/orders/${who.cartId}/cart/${added.data.articles[0]!.idLine}`, { giftPaper: true });
    expect(wrapped.status, JSON.stringify(wrapped.error)).toBe(200);
  }
  const body = options.card ? { shippingType: 1, shippingAddressId: who.address, paymentMethod: 'adyen', conditionsAccepted: true } : { shippingType: 3, shopId: 30, paymentMethod: 'payinshop', conditionsAccepted: true };
  const placed = await who.browser.api<{ orders: { orderNumber: string; total: number }[]; payment?: { orderId: string } }>('POST', `/api/checkout/orders/${who.cartId}/place`, body);
  expect(placed.status, JSON.stringify(placed.error)).toBe(201);
  const orderNumber = placed.data.orders[0]!.orderNumber;
  if (options.card) {
    expect((await payData(who.browser, placed.data.payment!.orderId, { paymentMethod: card(VISA) })).status).toBe(200);
    await moveOrder(orderNumber, ['prepare', 'ship', 'deliver'], options.collectedAt);
  } else {
    await moveOrder(orderNumber, ['prepare', 'ready_for_pickup', 'collect'], options.collectedAt);
  }
  const userId = (await env.DB.prepare('SELECT user_id FROM orders WHERE order_number = ?').bind(orderNumber).first<number>('user_id'))!;
  return { ...who, orderNumber, userId, total: placed.data.orders[0]!.total, lines: await linesOf(orderNumber), reference: placed.data.payment?.orderId };
}

interface ReturnAnswer {
  id: number;
  state: string;
  orderNumber: string;
  labelCode: string;
  refundAmount: number;
  refundMethod: string;
  lines: { orderLineId: number; qty: number; amount: number }[];
  refund: { state: string; amount: number } | null;
}

const ask = (browser: TestBrowser, orderNumber: string, lines: { orderLineId: number; qty: number }[], extra: Record<string, unknown> = {}) =>
  browser.api<ReturnAnswer>('POST', '/api/user/returns', { orderNumber, lines, reason: 'changed_mind', refundMethod: 'balance', ...extra });

const returnCount = async (orderNumber: string) => (await env.DB.prepare('SELECT count(*) AS n FROM returns WHERE order_number = ?').bind(orderNumber).first<number>('n'))!;

describe('asking for a return', () => {
  it('returns units of a collected order: amount = units × unit price, a label code, listed and readable', async () => {
    const order = await receivedOrder({ qty: 3 });
    const line = order.lines[0]!;
    const created = await ask(order.browser, order.orderNumber, [{ orderLineId: line.id, qty: 2 }], { comment: 'Too big' });
    expect(created.status, JSON.stringify(created.error)).toBe(201);
    expect(created.data).toMatchObject({ state: 'requested', orderNumber: order.orderNumber, refundAmount: 2 * line.unit_price, refundMethod: 'balance', lines: [{ orderLineId: line.id, qty: 2, amount: 2 * line.unit_price }], refund: null });
    expect(created.data.labelCode).toMatch(/^RT[A-Z2-9]{10}$/);
    const list = await order.browser.api<ReturnAnswer[]>('GET', '/api/user/returns');
    expect(list.data.map((r) => r.id)).toEqual([created.data.id]);
    expect((await order.browser.api<ReturnAnswer>('GET', `/api/user/returns/${created.data.id}`)).data.id).toBe(created.data.id);
    const row = await env.DB.prepare('SELECT seller_id, origin, comment, user_id FROM returns WHERE id = ?').bind(created.data.id).first();
    expect(row).toEqual({ seller_id: 0, origin: 'customer', comment: 'Too big', user_id: order.userId });
  });

  it('refuses orders not received (RETURN_NOT_ALLOWED), past 30 days (12038), and more units than left (23052); nothing is written', async () => {
    const who = await shopper();
    const { own } = await checkoutOffers();
    await add(who.browser, who.cartId, own[1]!, 1);
    const placed = await who.browser.api<{ orders: { orderNumber: string }[] }>('POST', `/api/checkout/orders/${who.cartId}/place`, { shippingType: 3, shopId: 30, paymentMethod: 'payinshop', conditionsAccepted: true });
    const pending = placed.data.orders[0]!.orderNumber;
    const notYet = await ask(who.browser, pending, [{ orderLineId: (await linesOf(pending))[0]!.id, qty: 1 }]);
    expect(notYet.status).toBe(409);
    expect(notYet.error).toMatchObject({ code: 'RETURN_NOT_ALLOWED' });

    const old = await receivedOrder({ qty: 1, collectedAt: new Date(Date.now() - 31 * DAY) });
    const late = await ask(old.browser, old.orderNumber, [{ orderLineId: old.lines[0]!.id, qty: 1 }]);
    expect(late.status).toBe(409);
    expect(late.error).toMatchObject({ code: 12038 });
    const inTime = await receivedOrder({ qty: 1, collectedAt: new Date(Date.now() - 29 * DAY) });
    expect((await ask(inTime.browser, inTime.orderNumber, [{ orderLineId: inTime.lines[0]!.id, qty: 1 }])).status).toBe(201);

    const order = await receivedOrder({ qty: 2 });
    const line = order.lines[0]!.id;
    const tooMany = await ask(order.browser, order.orderNumber, [{ orderLineId: line, qty: 3 }]);
    expect(tooMany.status).toBe(409);
    expect(tooMany.error).toMatchObject({ code: 23052 });
    expect((await ask(order.browser, order.orderNumber, [{ orderLineId: line, qty: 2 }])).status).toBe(201);
    expect((await ask(order.browser, order.orderNumber, [{ orderLineId: line, qty: 1 }])).error).toMatchObject({ code: 23052 });
    expect(await returnCount(pending)).toBe(0);
    expect(await returnCount(old.orderNumber)).toBe(0);
    expect(await returnCount(order.orderNumber)).toBe(1);
  });

  it('units of a cancelled or rejected return can be asked for again', async () => {
    const order = await receivedOrder({ qty: 1 });
    const line = order.lines[0]!.id;
    const first = await ask(order.browser, order.orderNumber, [{ orderLineId: line, qty: 1 }]);
    const cancelled = await order.browser.api<ReturnAnswer>('POST', `/api/user/returns/${first.data.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.data.state).toBe('cancelled');
    const second = await ask(order.browser, order.orderNumber, [{ orderLineId: line, qty: 1 }]);
    expect(second.status).toBe(201);
    await transitionReturn(deps(), { returnId: second.data.id, event: 'reject', now: new Date(), actor: staff });
    expect((await ask(order.browser, order.orderNumber, [{ orderLineId: line, qty: 1 }])).status).toBe(201);
  });

  it('returns racing for the same units: only what was received goes back', async () => {
    const order = await receivedOrder({ qty: 2 });
    const line = order.lines[0]!.id;
    const answers = await Promise.all(Array.from({ length: 5 }, () => ask(order.browser, order.orderNumber, [{ orderLineId: line, qty: 1 }])));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(2);
    expect(answers.filter((a) => a.status === 409).every((a) => a.error?.code === 23052)).toBe(true);
    const units = await env.DB.prepare('SELECT SUM(qty) AS n FROM return_lines WHERE order_line_id = ?').bind(line).first<number>('n');
    expect(units).toBe(2);
  });

  it('validates the body at the door; refused bodies change nothing', async () => {
    const order = await receivedOrder({ qty: 1 });
    const line = order.lines[0]!.id;
    const bad: [string, unknown][] = [
      ['reason', { orderNumber: order.orderNumber, lines: [{ orderLineId: line, qty: 1 }], reason: 'whim', refundMethod: 'balance' }],
      ['refundMethod', { orderNumber: order.orderNumber, lines: [{ orderLineId: line, qty: 1 }], reason: 'other', refundMethod: 'cash' }],
      ['lines', { orderNumber: order.orderNumber, lines: [], reason: 'other', refundMethod: 'balance' }],
      ['lines.0.qty', { orderNumber: order.orderNumber, lines: [{ orderLineId: line, qty: 0 }], reason: 'other', refundMethod: 'balance' }],
      ['orderNumber', { orderNumber: 'X', lines: [{ orderLineId: line, qty: 1 }], reason: 'other', refundMethod: 'balance' }],
    ];
    for (const [path, body] of bad) {
      const refused = await order.browser.api('POST', '/api/user/returns', body);
      expect(refused.status, path).toBe(400);
      expect((refused.error!.details as { issues: { path: string }[] }).issues.map((i) => i.path)).toContain(path);
    }
    // A line of another order is no line of this one.
    const other = await receivedOrder({ qty: 1 });
    expect((await ask(order.browser, order.orderNumber, [{ orderLineId: other.lines[0]!.id, qty: 1 }])).status).toBe(400);
    expect(await returnCount(order.orderNumber)).toBe(0);
    expect((await new TestBrowser().api('POST', '/api/user/returns', bad[0]![1])).status).toBe(401);
  });
});

describe("someone else's returns", () => {
  it('are 404 on every call, and another customer cannot return my order', async () => {
    const order = await receivedOrder({ qty: 1 });
    const mine = await ask(order.browser, order.orderNumber, [{ orderLineId: order.lines[0]!.id, qty: 1 }]);
    const intruder = new TestBrowser();
    await signUp(intruder);
    for (const [method, path] of [
      ['GET', `/api/user/returns/${mine.data.id}`],
      ['GET', `/api/user/returns/${mine.data.id}/label`],
      ['POST', `/api/user/returns/${mine.data.id}/cancel`],
    ] as const) {
      const answer = await intruder.api(method, path);
      expect(answer.status, path).toBe(404);
    }
    const foreign = await ask(intruder, order.orderNumber, [{ orderLineId: order.lines[0]!.id, qty: 1 }]);
    expect(foreign.status).toBe(404);
    expect(foreign.error).toMatchObject({ code: 'ORDER_NOT_FOUND' });
    expect((await intruder.api<unknown[]>('GET', '/api/user/returns')).data).toEqual([]);
    expect((await order.browser.api<ReturnAnswer>('GET', `/api/user/returns/${mine.data.id}`)).data.state).toBe('requested');
  });
});

describe('the return through its states', () => {
  it('approve, receive, refund: the card is refunded once with the key return-<id>, even when refunded twice at once', async () => {
    const order = await receivedOrder({ qty: 2, card: true });
    const line = order.lines[0]!;
    const created = await ask(order.browser, order.orderNumber, [{ orderLineId: line.id, qty: 1 }], { refundMethod: 'original' });
    const id = created.data.id;
    // A customer cannot move it on, nor cancel it once approved.
    await expect(transitionReturn(deps(), { returnId: id, event: 'approve', now: new Date(), actor: { kind: 'customer', userId: order.userId } })).rejects.toMatchObject({ entry: { code: 'RETURN_TRANSITION_NOT_ALLOWED' } });
    await transitionReturn(deps(), { returnId: id, event: 'approve', now: new Date(), actor: staff });
    expect((await order.browser.api('POST', `/api/user/returns/${id}/cancel`)).error).toMatchObject({ code: 'RETURN_TRANSITION_NOT_ALLOWED' });
    await expect(transitionReturn(deps(), { returnId: id, event: 'refund', now: new Date(), actor: staff })).rejects.toMatchObject({ entry: { code: 'RETURN_TRANSITION_NOT_ALLOWED' } });
    await transitionReturn(deps(), { returnId: id, event: 'receive', now: new Date(), actor: staff });
    const results = await Promise.allSettled([1, 2, 3].map(() => transitionReturn(deps(), { returnId: id, event: 'refund', now: new Date(), actor: staff })));
    expect(results.some((r) => r.status === 'fulfilled')).toBe(true);
    const refunds = (await env.DB.prepare('SELECT idempotency_key, amount, card_amount, return_id FROM refunds WHERE order_number = ?').bind(order.orderNumber).all()).results;
    expect(refunds).toEqual([{ idempotency_key: returnRefundKey(id), amount: line.unit_price, card_amount: line.unit_price, return_id: id }]);
    const providerRefunds = (await sandboxNotifications(order.reference!)).filter((n) => n.notificationItems[0]!.NotificationRequestItem['eventCode'] === 'REFUND');
    expect(providerRefunds).toHaveLength(1);
    const seen = await order.browser.api<ReturnAnswer>('GET', `/api/user/returns/${id}`);
    expect(seen.data).toMatchObject({ state: 'refunded', refund: { state: 'sent', amount: line.unit_price } });
  });

  it('a return to the balance credits the balance when refunded', async () => {
    const order = await receivedOrder({ qty: 1 });
    const created = await ask(order.browser, order.orderNumber, [{ orderLineId: order.lines[0]!.id, qty: 1 }]);
    for (const event of ['approve', 'receive', 'refund'] as const) await transitionReturn(deps(), { returnId: created.data.id, event, now: new Date(), actor: staff });
    const balance = await order.browser.api<{ balance: number }>('GET', '/api/user/balance');
    expect(balance.data.balance).toBe(order.lines[0]!.unit_price);
    // Its only unit came back and was refunded: the order itself is returned.
    expect(await env.DB.prepare('SELECT state FROM orders WHERE order_number = ?').bind(order.orderNumber).first('state')).toBe('returned');
  });

  it('an order stays collected while units of it have not come back', async () => {
    const order = await receivedOrder({ qty: 2 });
    const created = await ask(order.browser, order.orderNumber, [{ orderLineId: order.lines[0]!.id, qty: 1 }]);
    for (const event of ['approve', 'receive', 'refund'] as const) await transitionReturn(deps(), { returnId: created.data.id, event, now: new Date(), actor: staff });
    expect(await env.DB.prepare('SELECT state FROM orders WHERE order_number = ?').bind(order.orderNumber).first('state')).toBe('collected');
    // The second unit can still go back, and then the order is returned.
    const second = await ask(order.browser, order.orderNumber, [{ orderLineId: order.lines[0]!.id, qty: 1 }]);
    expect(second.status, JSON.stringify(second.error)).toBe(201);
    for (const event of ['approve', 'receive', 'refund'] as const) await transitionReturn(deps(), { returnId: second.data.id, event, now: new Date(), actor: staff });
    expect(await env.DB.prepare('SELECT state FROM orders WHERE order_number = ?').bind(order.orderNumber).first('state')).toBe('returned');
  });
});

describe('the label', () => {
  it('is a PDF with the collection code, for its owner', async () => {
    const order = await receivedOrder({ qty: 1 });
    const created = await ask(order.browser, order.orderNumber, [{ orderLineId: order.lines[0]!.id, qty: 1 }]);
    const response = await order.browser.fetch(`/api/user/returns/${created.data.id}/label`);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('application/pdf');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(1000);
  });
});

describe('the returns screen', () => {
  it('shows the form of an order, which works without script, then the return in the list', async () => {
    const order = await receivedOrder({ qty: 2 });
    const line = order.lines[0]!;
    const page = await order.browser.fetch(`/usuarios/panel/devoluciones?order=${order.orderNumber}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`name="qty_${line.id}"`);
    expect(html).toContain('action="/api/user/returns"');
    // The form as a browser without script sends it.
    const form = new URLSearchParams({ orderNumber: order.orderNumber, [`qty_${line.id}`]: '1', reason: 'damaged', refundMethod: 'original', comment: '', respond: 'page', lang: 'es_ES' });
    const sent = await order.browser.fetch('/api/user/returns', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: form.toString(), redirect: 'manual' });
    expect(sent.status).toBe(303);
    const location = sent.headers.get('Location')!;
    expect(location).toMatch(/^\/usuarios\/panel\/devoluciones\?created=\d+$/);
    const list = await (await order.browser.fetch(location)).text();
    expect(list).toMatch(/data-return-state="requested"/);
    expect(list).toContain('/label');
    // Too many units without script: back to the form with the message.
    const again = new URLSearchParams({ orderNumber: order.orderNumber, [`qty_${line.id}`]: '5', reason: 'damaged', refundMethod: 'original', respond: 'page', lang: 'es_ES' });
    const refused = await order.browser.fetch('/api/user/returns', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: again.toString(), redirect: 'manual' });
    expect(refused.status).toBe(303);
    expect(refused.headers.get('Location')).toBe(`/usuarios/panel/devoluciones?order=${order.orderNumber}&error=23052`);
    expect(await returnCount(order.orderNumber)).toBe(1);
  });

  it("says why an order cannot be returned, and someone else's order reads as not found", async () => {
    const order = await receivedOrder({ qty: 1, collectedAt: new Date(Date.now() - 40 * DAY) });
    const html = await (await order.browser.fetch(`/usuarios/panel/devoluciones?order=${order.orderNumber}`)).text();
    expect(html).not.toContain('name="qty_');
    expect(html).toMatch(/30 días|30-day/);
    const other = new TestBrowser();
    await signUp(other);
    const foreign = await (await other.fetch(`/usuarios/panel/devoluciones?order=${order.orderNumber}`)).text();
    expect(foreign).not.toContain('name="qty_');
  });
});

describe('gift returns', () => {
  it('a gift-wrapped order gets a gift code; its recipient returns it without prices, anonymously, and the buyer is refunded', async () => {
    const order = await receivedOrder({ qty: 2, giftPaper: true });
    const code = (await env.DB.prepare('SELECT gift_code FROM orders WHERE order_number = ?').bind(order.orderNumber).first<string>('gift_code'))!;
    expect(code).toMatch(/^[A-Z2-9]{8}$/);
    const recipient = new TestBrowser();
    const seen = await recipient.api<{ lines: Record<string, unknown>[] }>('GET', `/api/returns/gift?order=${order.orderNumber}&code=${code.toLowerCase()}`);
    expect(seen.status).toBe(200);
    expect(seen.data.lines[0]).toMatchObject({ orderLineId: order.lines[0]!.id, qty: 2, returnable: 2 });
    expect(JSON.stringify(seen.data)).not.toMatch(/price|amount|total/i);

    const wrong = await recipient.api('GET', `/api/returns/gift?order=${order.orderNumber}&code=ZZZZZZZZ`);
    expect(wrong.status).toBe(404);
    expect(wrong.error).toMatchObject({ code: 'GIFT_CODE_NOT_FOUND' });

    const created = await recipient.api<{ id: number; labelCode: string; path: string; labelPath: string }>('POST', '/api/returns/gift', { orderNumber: order.orderNumber, code, lines: [{ orderLineId: order.lines[0]!.id, qty: 1 }], reason: 'changed_mind' });
    expect(created.status, JSON.stringify(created.error)).toBe(201);
    const row = await env.DB.prepare('SELECT user_id, origin, refund_method, requested_by FROM returns WHERE id = ?').bind(created.data.id).first();
    expect(row).toEqual({ user_id: order.userId, origin: 'gift', refund_method: 'original', requested_by: null });
    // The buyer sees it among their returns.
    expect((await order.browser.api<ReturnAnswer[]>('GET', '/api/user/returns')).data.map((r) => r.id)).toContain(created.data.id);

    const confirmation = await (await recipient.fetch(created.data.path)).text();
    expect(confirmation).toContain(created.data.labelCode);
    expect(confirmation).not.toMatch(/€/);
    const label = await recipient.fetch(created.data.labelPath);
    expect(label.headers.get('Content-Type')).toBe('application/pdf');

    const page = await (await recipient.fetch(`/usuarios/panel/devolucion-regalo?order=${order.orderNumber}&code=${code}`)).text();
    expect(page).toContain(`name="qty_${order.lines[0]!.id}"`);
    expect(page).not.toMatch(/€/);
  });

  it('an order without gift wrapping has no gift code, and the look-up is rate-limited', async () => {
    const order = await receivedOrder({ qty: 1 });
    expect(await env.DB.prepare('SELECT gift_code FROM orders WHERE order_number = ?').bind(order.orderNumber).first('gift_code')).toBeNull();
    const headers = { 'CF-Connecting-IP': `203.0.113.${Math.floor(Math.random() * 200) + 1}` };
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) statuses.push((await request(`http://es.localhost/api/returns/gift?order=${order.orderNumber}&code=ABCDEFGH`, { headers })).status);
    expect(statuses.slice(0, 20).every((s) => s === 404)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429]);
  });
});
