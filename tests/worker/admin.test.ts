// The staff back-office (worker/api/admin.ts, worker/ssr/pages/admin.tsx): only staff reach it —
// every /api/admin route refuses anyone else with STAFF_ONLY (403) and changes nothing, every
// /admin screen is the 404 page for them — and each staff event moves the order through
// transitionOrder, a wrong one answering ORDER_TRANSITION_NOT_ALLOWED (409) with nothing changed.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../client/i18n/languages';
import { href, ROUTE_IDS, type RouteId } from '../../client/routes';
import { api } from '../../worker/api';
import { DEFAULT_CHANNELS } from '../../worker/channel/channels';
import { openCase } from '../../worker/after-sales/cases';
import { createDb } from '../../worker/db/client';
import { createReturn } from '../../worker/returns/returns';
import { signUp, TestBrowser } from './browser';
import { MADRID, OWN_NEW, type OfferRow, type Placed } from './checkout-helpers';

let offer: OfferRow;
let staff: TestBrowser;
let customer: TestBrowser;

async function stateOf(orderNumber: string): Promise<string> {
  return (await env.DB.prepare('SELECT state FROM orders WHERE order_number = ?').bind(orderNumber).first<string>('state'))!;
}

async function makeStaff(): Promise<TestBrowser> {
  const browser = new TestBrowser();
  const email = await signUp(browser);
  await env.DB.prepare(`UPDATE users SET roles = '["customer","staff"]' WHERE email = ?`).bind(email).run();
  return browser;
}

/** A new customer's order of one unit of `offer`, placed through the checkout. */
async function placeOrder(choice: Record<string, unknown> = { paymentMethod: 'transferencia' }): Promise<{ orderNumber: string; browser: TestBrowser }> {
  const browser = new TestBrowser();
  await signUp(browser);
  const cartId = (await browser.api<{ idCart: string }>('POST', '/api/users/info')).data.idCart;
  const address = (await browser.api<{ id: number }>('POST', '/api/user/addresses/shipping', MADRID)).data.id;
  expect((await browser.api('POST', `/api/orders/${cartId}/cart/articles`, { articles: [{ idArticle: offer.article_id, idOffer: offer.id, qty: 1 }] })).status).toBe(200);
  const placed = await browser.api<Placed>('POST', `/api/checkout/orders/${cartId}/place`, { shippingType: 1, shippingAddressId: address, conditionsAccepted: true, ...choice });
  expect([200, 201], JSON.stringify(placed.error)).toContain(placed.status);
  return { orderNumber: placed.data.orders[0]!.orderNumber, browser };
}

beforeAll(async () => {
  offer = (await env.DB.prepare(`SELECT o.id, o.article_id, o.price, o.stock FROM offers o JOIN articles a ON a.id = o.article_id WHERE o.channel = 'ES' AND ${OWN_NEW} AND o.stock >= 50 AND o.price < 30000 ORDER BY o.article_id LIMIT 1`).first<OfferRow>())!;
  staff = await makeStaff();
  customer = new TestBrowser();
  await signUp(customer);
});

describe('who reaches the back-office', () => {
  const adminRoutes = () => api.routes.filter((route) => route.path.startsWith('/admin') && route.method !== 'ALL');

  it('refuses every /api/admin route to a customer and to an anonymous visitor (STAFF_ONLY, 403), changing nothing', async () => {
    const { orderNumber } = await placeOrder();
    const routes = adminRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(12);
    const bodies: Record<string, unknown> = { '/admin/orders/:orderNumber/events': { event: 'payment_received' }, '/admin/returns/:id/events': { event: 'approve' }, '/admin/cases/:id/replies': { body: 'Hola' } };
    for (const who of [customer, new TestBrowser()]) {
      for (const route of routes) {
        const path = '/api' + route.path.replace(':orderNumber', orderNumber).replace(':id', '1');
        const answer = await who.api(route.method, path, route.method === 'POST' ? (bodies[route.path] ?? {}) : undefined);
        expect(answer.status, `${route.method} ${path}`).toBe(403);
        expect(answer.error?.code, `${route.method} ${path}`).toBe('STAFF_ONLY');
        expect(answer.data).toBeNull();
      }
    }
    expect(await stateOf(orderNumber)).toBe('awaiting_payment');
    // Staff are refused too when the call comes from another site.
    const crossSite = await staff.api('POST', `/api/admin/orders/${orderNumber}/events`, { event: 'payment_received' }, { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' });
    expect(crossSite.status).toBe(403);
    expect(crossSite.error?.code).toBe('CROSS_ORIGIN_REQUEST');
    expect(await stateOf(orderNumber)).toBe('awaiting_payment');
  });

  it('answers every /admin screen with the 404 page to anyone but staff, in every language', async () => {
    const { orderNumber } = await placeOrder();
    const adminIds = ROUTE_IDS.filter((id) => id.startsWith('admin'));
    expect(adminIds).toEqual(expect.arrayContaining<RouteId>(['adminHome', 'adminOrders', 'adminOrder', 'adminReturns', 'adminReturn', 'adminCases', 'adminCase']));
    const channel = DEFAULT_CHANNELS.ES;
    for (const language of channel.languages) {
      for (const id of adminIds) {
        const path = href(id, language, channel, { orderNumber, id: '1' });
        for (const who of [customer, new TestBrowser()]) {
          const response = await who.fetch(path);
          expect(response.status, `${path}`).toBe(404);
          const html = await response.text();
          expect(html).not.toContain('admin-nav');
          expect(response.headers.get('Cache-Control') ?? '').not.toMatch(/public|max-age/);
        }
      }
    }
    expect(LANGUAGES.length).toBe(6);
  });

  it('shows staff the screens, in the channel language and with a language prefix', async () => {
    const { orderNumber } = await placeOrder();
    for (const path of ['/admin', '/admin/orders', `/admin/orders?state=awaiting_payment&number=${orderNumber.slice(0, 9)}`, `/admin/orders/${orderNumber}`, '/admin/returns', '/admin/cases', '/en/admin/orders']) {
      const response = await staff.fetch(path);
      expect(response.status, path).toBe(200);
      const html = await response.text();
      expect(html, path).toContain('admin-nav');
      expect(html, path).toContain('noindex');
    }
    const list = await (await staff.fetch(`/admin/orders?number=${orderNumber}`)).text();
    expect(list).toContain(`data-order-number="${orderNumber}"`);
    const detail = await (await staff.fetch(`/admin/orders/${orderNumber}`)).text();
    expect(detail).toContain('data-event="payment_received"');
    expect(detail).not.toContain('data-event="prepare"');
    // A number or id that does not exist is the 404 page, for staff too.
    expect((await staff.fetch('/admin/orders/ES-000000-AAAAAA')).status).toBe(404);
    expect((await staff.fetch('/admin/returns/999999999')).status).toBe(404);
    expect((await staff.fetch('/admin/cases/abc')).status).toBe(404);
  });
});

describe('staff move orders', () => {
  it('records a transfer, prepares, ships with a tracking number and delivers; a wrong event is refused with nothing changed', async () => {
    const { orderNumber } = await placeOrder();
    const event = (body: Record<string, unknown>) => staff.api<{ from: string; to: string }>('POST', `/api/admin/orders/${orderNumber}/events`, body);
    const refused = async (body: Record<string, unknown>, expected: string) => {
      const answer = await event(body);
      expect(answer.status, JSON.stringify(body)).toBe(409);
      expect(answer.error?.code).toBe('ORDER_TRANSITION_NOT_ALLOWED');
      expect(await stateOf(orderNumber)).toBe(expected);
    };

    await refused({ event: 'prepare' }, 'awaiting_payment');
    expect(await event({ event: 'payment_received' })).toMatchObject({ status: 200, data: { from: 'awaiting_payment', to: 'confirmed' } });
    expect(await stateOf(orderNumber)).toBe('confirmed');
    expect(await env.DB.prepare('SELECT paid_at FROM orders WHERE order_number = ?').bind(orderNumber).first<number | null>('paid_at')).not.toBeNull();
    await refused({ event: 'payment_received' }, 'confirmed');
    await refused({ event: 'deliver' }, 'confirmed');

    expect((await event({ event: 'prepare' })).data).toEqual({ from: 'confirmed', to: 'preparing' });
    // Home delivery: shipped, never "ready for pickup"; shipping needs a tracking number (400, nothing changed).
    await refused({ event: 'ready_for_pickup' }, 'preparing');
    const noTracking = await event({ event: 'ship' });
    expect(noTracking.status).toBe(400);
    expect(noTracking.error?.code).toBe('INVALID_REQUEST');
    expect((await event({ event: 'ship', trackingNumber: 'x' })).status).toBe(400);
    expect(await stateOf(orderNumber)).toBe('preparing');
    expect((await event({ event: 'ship', trackingNumber: 'SEUR-123456789' })).data).toEqual({ from: 'preparing', to: 'shipped' });
    expect(await env.DB.prepare('SELECT tracking_number FROM orders WHERE order_number = ?').bind(orderNumber).first<string>('tracking_number')).toBe('SEUR-123456789');
    await refused({ event: 'collect' }, 'shipped');

    expect((await event({ event: 'deliver' })).data).toEqual({ from: 'shipped', to: 'delivered' });
    await refused({ event: 'deliver' }, 'delivered');
    // An event staff do not record by hand is not accepted at the door.
    expect((await event({ event: 'cancel' })).status).toBe(400);
    expect((await event({ event: 'return' })).status).toBe(400);

    const detail = await staff.api<{ state: string; events: { state: string }[]; trackingNumber: string; allowedEvents: string[]; documents: unknown[] }>('GET', `/api/admin/orders/${orderNumber}`);
    expect(detail.data).toMatchObject({ state: 'delivered', trackingNumber: 'SEUR-123456789', allowedEvents: [] });
    expect(detail.data.events.map((e) => e.state)).toEqual(['awaiting_payment', 'confirmed', 'preparing', 'shipped', 'delivered']);
    // Paid, so the order's tax document exists (ensureOrderDocument).
    expect(detail.data.documents.length).toBeGreaterThanOrEqual(1);
  });

  it('marks a shop pickup ready and collected, never shipped', async () => {
    const { orderNumber } = await placeOrder({ shippingType: 3, shopId: 30, paymentMethod: 'payinshop' });
    const event = (body: Record<string, unknown>) => staff.api('POST', `/api/admin/orders/${orderNumber}/events`, body);
    expect(await stateOf(orderNumber)).toBe('confirmed');
    expect((await event({ event: 'prepare' })).status).toBe(200);
    expect((await event({ event: 'ship', trackingNumber: 'SEUR-1' })).status).toBe(409);
    expect((await event({ event: 'ready_for_pickup' })).status).toBe(200);
    expect((await event({ event: 'collect' })).status).toBe(200);
    expect(await stateOf(orderNumber)).toBe('collected');
  });

  it('cancels an order that has not left (a retry changes nothing more), not one that has shipped; an unknown order is ORDER_NOT_FOUND', async () => {
    const { orderNumber } = await placeOrder();
    const cancel = (number: string) => staff.api('POST', `/api/admin/orders/${number}/cancel`, {});
    expect((await cancel(orderNumber)).status).toBe(200);
    expect(await stateOf(orderNumber)).toBe('cancelled');
    const events = () => env.DB.prepare('SELECT count(*) AS n FROM order_events WHERE order_number = ?').bind(orderNumber).first<number>('n');
    const before = await events();
    expect((await cancel(orderNumber)).status).toBe(200);
    expect(await events()).toBe(before);
    expect(await stateOf(orderNumber)).toBe('cancelled');

    const shipped = (await placeOrder()).orderNumber;
    for (const body of [{ event: 'payment_received' }, { event: 'prepare' }, { event: 'ship', trackingNumber: 'GLS-778899' }]) expect((await staff.api('POST', `/api/admin/orders/${shipped}/events`, body)).status).toBe(200);
    const late = await cancel(shipped);
    expect(late.status).toBe(409);
    expect(late.error?.code).toBe('ORDER_NOT_CANCELLABLE');
    expect(await stateOf(shipped)).toBe('shipped');

    const unknown = await staff.api('POST', '/api/admin/orders/ES-000000-AAAAAA/events', { event: 'prepare' });
    expect(unknown.status).toBe(404);
    expect(unknown.error?.code).toBe('ORDER_NOT_FOUND');
    expect((await cancel('ES-000000-AAAAAA')).status).toBe(404);
    expect((await staff.api('GET', '/api/admin/orders/not-a-number')).status).toBe(400);
  });

  it('finds orders by number, e-mail, state and store, a page at a time', async () => {
    const { orderNumber, browser } = await placeOrder();
    const email = (await browser.api<{ email: string }>('POST', '/api/users/info')).data.email;
    type List = { orders: { orderNumber: string; email: string; state: string }[]; total: number; pageSize: number };
    const byEmail = await staff.api<List>('GET', `/api/admin/orders?email=${encodeURIComponent(email.toUpperCase())}`);
    expect(byEmail.data.orders.map((o) => o.orderNumber)).toEqual([orderNumber]);
    const byNumber = await staff.api<List>('GET', `/api/admin/orders?number=${orderNumber.slice(-6).toLowerCase()}&state=awaiting_payment&channel=ES`);
    expect(byNumber.data.orders.map((o) => o.orderNumber)).toContain(orderNumber);
    expect((await staff.api<List>('GET', `/api/admin/orders?number=${orderNumber}&state=delivered`)).data.total).toBe(0);
    // What staff type is matched literally: a LIKE wildcard finds nothing.
    expect((await staff.api<List>('GET', '/api/admin/orders?email=%25')).data.total).toBe(0);
    const paged = await staff.api<List>('GET', '/api/admin/orders?pageSize=1&page=1');
    expect(paged.data.orders).toHaveLength(1);
    expect(paged.data.total).toBeGreaterThan(1);
    for (const bad of ['state=lost', 'channel=XX', 'page=0', 'pageSize=500']) expect((await staff.api('GET', `/api/admin/orders?${bad}`)).status, bad).toBe(400);
    const summary = await staff.api<Record<string, number>>('GET', '/api/admin/summary');
    expect(summary.data.awaitingTransfer).toBeGreaterThanOrEqual(1);
    expect(Object.keys(summary.data).sort()).toEqual(['awaitingTransfer', 'openCases', 'returnsToHandle', 'toPrepare', 'toShip']);
  });
});

describe('staff handle returns and cases', () => {
  /** A delivered order of one unit, moved there by staff through the back-office. */
  async function deliveredOrder() {
    const placed = await placeOrder();
    for (const body of [{ event: 'payment_received' }, { event: 'prepare' }, { event: 'ship', trackingNumber: 'MRW-5544332211' }, { event: 'deliver' }]) {
      expect((await staff.api('POST', `/api/admin/orders/${placed.orderNumber}/events`, body)).status).toBe(200);
    }
    const line = (await env.DB.prepare('SELECT l.id, l.unit_price, o.user_id FROM order_lines l JOIN orders o ON o.order_number = l.order_number WHERE l.order_number = ?').bind(placed.orderNumber).first<{ id: number; unit_price: number; user_id: number }>())!;
    return { ...placed, line };
  }
  const deps = () => ({ db: createDb(env.DB), env, now: new Date() });

  it('approves, receives and refunds a return to the balance; an event the return does not allow is refused', async () => {
    const { orderNumber, line, browser } = await deliveredOrder();
    const created = await createReturn(deps(), { userId: line.user_id, orderNumber, lines: [{ orderLineId: line.id, qty: 1 }], reason: 'no_longer_needed', refundMethod: 'balance', now: new Date() });
    const event = (name: string) => staff.api<{ id: number; state: string }>('POST', `/api/admin/returns/${created.id}/events`, { event: name });

    const queue = await staff.api<{ returns: { id: number; state: string }[] }>('GET', '/api/admin/returns?pageSize=100');
    expect(queue.data.returns.find((r) => r.id === created.id)).toMatchObject({ state: 'requested' });
    expect((await staff.fetch(`/admin/returns/${created.id}`)).status).toBe(200);

    const early = await event('refund');
    expect(early.status).toBe(409);
    expect((await env.DB.prepare('SELECT state FROM returns WHERE id = ?').bind(created.id).first<string>('state'))).toBe('requested');
    expect((await event('cancel')).status).toBe(400);
    expect((await event('approve')).data).toMatchObject({ id: created.id, state: 'approved' });
    expect((await event('receive')).data).toMatchObject({ state: 'received' });
    expect((await event('refund')).data).toMatchObject({ state: 'refunded' });
    expect((await event('refund')).status).toBe(409);

    const balance = await browser.api<{ balance: number }>('GET', '/api/user/balance');
    expect(balance.data.balance).toBe(line.unit_price);
    const detail = await staff.api<{ refunds: { amount: number; method: string }[]; returns: { state: string }[] }>('GET', `/api/admin/orders/${orderNumber}`);
    expect(detail.data.refunds).toMatchObject([{ amount: line.unit_price, method: 'balance' }]);
    expect(detail.data.returns).toMatchObject([{ state: 'refunded' }]);
    expect((await staff.api('POST', '/api/admin/returns/999999999/events', { event: 'approve' })).status).toBe(404);
  });

  it('replies to a case and moves it; a reply needs a message or a new state', async () => {
    const { orderNumber, line } = await deliveredOrder();
    const opened = await openCase(deps(), { userId: line.user_id, orderNumber, orderLineId: line.id, kind: 'fault', subject: 'No enciende', body: 'Desde ayer no enciende.', files: [], now: new Date() });
    const reply = (body: unknown) => staff.api<{ id: number; state: string }>('POST', `/api/admin/cases/${opened.id}/replies`, body);

    expect((await reply({})).status).toBe(400);
    expect((await reply({ body: '   ' })).status).toBe(400);
    expect((await reply({ body: 'Hola', state: 'lost' })).status).toBe(400);
    const answered = await reply({ body: '¿Puedes enviarnos una foto de la etiqueta?' });
    expect(answered.status).toBe(201);
    expect(answered.data.state).toBe('awaiting_customer');
    expect((await reply({ state: 'resolved' })).data.state).toBe('resolved');

    const found = await staff.api<{ messages: { author: string; body: string }[]; state: string }>('GET', `/api/admin/cases/${opened.id}`);
    expect(found.data.state).toBe('resolved');
    expect(found.data.messages.map((m) => m.author)).toEqual(['customer', 'staff']);
    const page = await (await staff.fetch(`/admin/cases/${opened.id}`)).text();
    expect(page).toContain('¿Puedes enviarnos una foto de la etiqueta?');
    expect(page).toContain('data-island="admin-case-reply"');
    const queue = await staff.api<{ cases: { id: number }[] }>('GET', '/api/admin/cases?state=resolved&pageSize=100');
    expect(queue.data.cases.map((c) => c.id)).toContain(opened.id);
    expect((await staff.api('POST', '/api/admin/cases/999999999/replies', { body: 'Hola' })).status).toBe(404);
  });
});

