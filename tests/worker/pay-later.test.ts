/**
 * Pay-later links (worker/payments/pay-later.ts, worker/api/pay-later.ts): created by the owner
 * for an order awaiting payment, the same while valid, readable by hash without a session, and
 * refused with 1402, 1421, 1422 and 1429 as real cases.
 */
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../worker/db/client';
import { PAY_LINK_TTL_MS, createPayLink, payLinkOrders, resolvePayLink } from '../../worker/payments/pay-later';
import { HOLD_WINDOW_MS } from '../../worker/payments/scheduled';
import { signUp, TestBrowser } from './browser';
import { add, checkoutOffers, shopper, type OfferRow, type Placed } from './checkout-helpers';

interface LinkData {
  orderNumber: string;
  hash: string;
  path: string;
  url: string;
  expiresAt: string;
}
interface ArticlesData {
  orderNumbers: string[];
  total: number;
  expiresAt: string;
  orders: { orderNumber: string; state: string; total: number; lines: { name: string; qty: number; unitPrice: number; totalPrice: number }[] }[];
}

const db = createDb(env.DB);
let own: OfferRow[] = [];
let marketplace: OfferRow;

beforeAll(async () => {
  ({ own, marketplace } = await checkoutOffers());
});

/** A signed-in shopper with a transfer checkout of two orders (ours and a marketplace seller's). */
async function transferCheckout() {
  const { browser, cartId, address } = await shopper();
  await add(browser, cartId, own[0]!);
  await add(browser, cartId, marketplace);
  const placed = await browser.api<Placed>('POST', `/api/checkout/orders/${cartId}/place`, { shippingType: 1, shippingAddressId: address, paymentMethod: 'transferencia', conditionsAccepted: true });
  expect(placed.status).toBe(201);
  expect(placed.data.orders.map((o) => o.state)).toEqual(['awaiting_payment', 'awaiting_payment']);
  return { browser, orders: placed.data.orders };
}

const setState = (orderNumber: string, state: string) => env.DB.prepare('UPDATE orders SET state = ? WHERE order_number = ?').bind(state, orderNumber).run();

describe('pay-later links', () => {
  it('gives the owner one link per order while it is valid, even to concurrent requests', async () => {
    const { browser, orders } = await transferCheckout();
    const first = orders[0]!.orderNumber;
    const created = await browser.api<LinkData>('POST', `/api/orders/payment/link/create/${first}`);
    expect(created.status).toBe(200);
    expect(created.data.hash).toMatch(/^[0-9a-f]{32}$/);
    expect(created.data.path).toBe(`/order/paynow/${created.data.hash}`);
    expect(created.data.url).toBe(`http://es.localhost/order/paynow/${created.data.hash}`);
    const concurrent = await Promise.all(Array.from({ length: 10 }, () => browser.api<LinkData>('POST', `/api/orders/payment/link/create/${first}`)));
    expect(new Set(concurrent.map((r) => r.data.hash))).toEqual(new Set([created.data.hash]));
    const read = await browser.api<{ orderNumber: string; link: LinkData | null }>('GET', `/api/orders/payment/link/${first}`);
    expect(read.data.link?.hash).toBe(created.data.hash);
    const rows = await env.DB.prepare('SELECT count(*) AS n FROM pay_links WHERE order_number = ?').bind(first).first<number>('n');
    expect(rows).toBe(1);
    // An order without a link yet: the owner reads `link: null`.
    expect((await browser.api('GET', `/api/orders/payment/link/${orders[1]!.orderNumber}`)).data).toEqual({ orderNumber: orders[1]!.orderNumber, link: null });
  });

  it('shows the orders, lines and totals by hash without a session, and nothing about the customer', async () => {
    const { browser, orders } = await transferCheckout();
    const { hash } = (await browser.api<LinkData>('POST', `/api/orders/payment/link/create/${orders[1]!.orderNumber}`)).data;
    const anonymous = new TestBrowser();
    const view = await anonymous.api<ArticlesData>('GET', `/api/orders/hash/${hash}/articles`);
    expect(view.status).toBe(200);
    // The linked order first, then the other unpaid order of the same checkout: one payment covers both.
    expect(view.data.orderNumbers).toEqual([orders[1]!.orderNumber, orders[0]!.orderNumber]);
    expect(view.data.total).toBe(orders[0]!.total + orders[1]!.total);
    expect(view.data.orders.flatMap((o) => o.lines.map((l) => l.qty))).toEqual([1, 1]);
    for (const order of view.data.orders) expect(order.lines.reduce((s, l) => s + l.totalPrice, 0)).toBeGreaterThan(0);
    const text = JSON.stringify(view.data);
    for (const personal of ['Calle de Alcalá', 'García', '612345678', '@example.com', 'userId', 'shippingAddress', 'billingAddress']) expect(text).not.toContain(personal);

    expect(await resolvePayLink(db, hash, new Date())).toEqual({ userId: expect.any(Number), orderNumbers: [orders[1]!.orderNumber, orders[0]!.orderNumber] });
  });

  it('ends a card order\'s link with its hold window, and gives none once the hold is over', async () => {
    const { browser, cartId, address } = await shopper();
    await add(browser, cartId, own[0]!);
    const placed = await browser.api<Placed>('POST', `/api/checkout/orders/${cartId}/place`, { shippingType: 1, shippingAddressId: address, paymentMethod: 'adyen', conditionsAccepted: true });
    expect(placed.status).toBe(201);
    const number = placed.data.orders[0]!.orderNumber;
    const order = await env.DB.prepare('SELECT user_id, created_at FROM orders WHERE order_number = ?').bind(number).first<{ user_id: number; created_at: number }>();
    const link = await createPayLink(db, order!.user_id, number, new Date(order!.created_at + 1000));
    expect(link).toMatchObject({ expiresAt: order!.created_at + HOLD_WINDOW_MS });
    expect(HOLD_WINDOW_MS).toBeLessThan(PAY_LINK_TTL_MS);
    await env.DB.prepare('DELETE FROM pay_links WHERE order_number = ?').bind(number).run();
    expect(await createPayLink(db, order!.user_id, number, new Date(order!.created_at + HOLD_WINDOW_MS))).toEqual({ error: 1422 });
    expect(await env.DB.prepare('SELECT count(*) AS n FROM pay_links WHERE order_number = ?').bind(number).first<number>('n')).toBe(0);
  });

  it('refuses another user\'s order with the ownership 404, and a signed-out caller with 401', async () => {
    const { orders } = await transferCheckout();
    const other = new TestBrowser();
    await signUp(other);
    for (const [method, path] of [['POST', `/api/orders/payment/link/create/${orders[0]!.orderNumber}`], ['GET', `/api/orders/payment/link/${orders[0]!.orderNumber}`]] as const) {
      const attempt = await other.api(method, path);
      expect(attempt.status, path).toBe(404);
      expect(attempt.data).toBeNull();
    }
    expect(await env.DB.prepare('SELECT count(*) AS n FROM pay_links WHERE order_number = ?').bind(orders[0]!.orderNumber).first<number>('n')).toBe(0);
    expect((await new TestBrowser().api('POST', `/api/orders/payment/link/create/${orders[0]!.orderNumber}`)).status).toBe(401);
  });

  it('answers 1402 for a hash that is not one of ours, well formed or not', async () => {
    for (const hash of ['0123456789abcdef0123456789abcdef', 'not-a-hash', 'ABCDEF0123456789ABCDEF0123456789', `${'a'.repeat(31)}'`]) {
      expect(await resolvePayLink(db, hash, new Date())).toEqual({ error: 1402 });
      const view = await new TestBrowser().api('GET', `/api/orders/hash/${encodeURIComponent(hash)}/articles`);
      expect(view.status).toBe(404);
      expect(view.error?.code).toBe(1402);
    }
  });

  it('answers 1429 once the link expired, keeps the old hash so, and gives a new link on request', async () => {
    const { browser, orders } = await transferCheckout();
    const number = orders[0]!.orderNumber;
    const old = (await browser.api<LinkData>('POST', `/api/orders/payment/link/create/${number}`)).data;
    const expiresAt = Date.parse(old.expiresAt);
    expect(await resolvePayLink(db, old.hash, new Date(expiresAt - 1))).toMatchObject({ orderNumbers: [number, orders[1]!.orderNumber] });
    expect(await resolvePayLink(db, old.hash, new Date(expiresAt))).toEqual({ error: 1429 });
    expect(await payLinkOrders(db, old.hash, new Date(expiresAt + PAY_LINK_TTL_MS))).toEqual({ error: 1429 });

    await env.DB.prepare('UPDATE pay_links SET expires_at = ? WHERE hash = ?').bind(Date.now() - 1, old.hash).run();
    const expired = await new TestBrowser().api('GET', `/api/orders/hash/${old.hash}/articles`);
    expect([expired.status, expired.error?.code]).toEqual([409, 1429]);
    expect((await browser.api<{ link: LinkData | null }>('GET', `/api/orders/payment/link/${number}`)).data.link).toBeNull();
    const renewed = (await browser.api<LinkData>('POST', `/api/orders/payment/link/create/${number}`)).data;
    expect(renewed.hash).not.toBe(old.hash);
    expect(await resolvePayLink(db, old.hash, new Date())).toEqual({ error: 1429 });
    expect(await resolvePayLink(db, renewed.hash, new Date())).toMatchObject({ orderNumbers: [number, orders[1]!.orderNumber] });
  });

  it('answers 1421 for a paid order and 1422 for a cancelled one, before the link\'s own expiry', async () => {
    const { browser, orders } = await transferCheckout();
    const [a, b] = [orders[0]!.orderNumber, orders[1]!.orderNumber];
    const link = (await browser.api<LinkData>('POST', `/api/orders/payment/link/create/${a}`)).data;

    // A paid sibling drops out of what the link pays.
    await setState(b, 'confirmed');
    expect(await resolvePayLink(db, link.hash, new Date())).toMatchObject({ orderNumbers: [a] });

    await setState(a, 'confirmed');
    expect(await resolvePayLink(db, link.hash, new Date())).toEqual({ error: 1421 });
    expect(await resolvePayLink(db, link.hash, new Date(Date.parse(link.expiresAt) + 1))).toEqual({ error: 1421 });
    const paid = await new TestBrowser().api('GET', `/api/orders/hash/${link.hash}/articles`);
    expect([paid.status, paid.error?.code]).toEqual([409, 1421]);
    const again = await browser.api('POST', `/api/orders/payment/link/create/${b}`);
    expect([again.status, again.error?.code]).toEqual([409, 1421]);

    await setState(a, 'cancelled');
    expect(await resolvePayLink(db, link.hash, new Date())).toEqual({ error: 1422 });
    const cancelled = await new TestBrowser().api('GET', `/api/orders/hash/${link.hash}/articles`);
    expect([cancelled.status, cancelled.error?.code]).toEqual([409, 1422]);
    const create = await browser.api('POST', `/api/orders/payment/link/create/${a}`);
    expect([create.status, create.error?.code]).toEqual([409, 1422]);
  });
});

describe('the pay-later page and the offer to pay a transfer by card', () => {
  it('shows what the link pays and the card form, to anyone holding it', async () => {
    const { browser, orders } = await transferCheckout();
    const { hash } = (await browser.api<LinkData>('POST', `/api/orders/payment/link/create/${orders[0]!.orderNumber}`)).data;
    const response = await new TestBrowser().fetch(`/order/paynow/${hash}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toMatch(/no-store/);
    expect(response.headers.get('Content-Security-Policy')).toContain('frame-src');
    const html = await response.text();
    expect(html).toContain('data-island="card-payment"');
    for (const order of orders) expect(html).toContain(`data-order="${order.orderNumber}"`);
    expect(html).toContain(`data-total-cents="${orders[0]!.total + orders[1]!.total}"`);
    expect(html).not.toContain('Calle de Alcalá');
  });

  it('shows each reason a link cannot be used as its own page, without the card form', async () => {
    const { browser, orders } = await transferCheckout();
    const { hash } = (await browser.api<LinkData>('POST', `/api/orders/payment/link/create/${orders[0]!.orderNumber}`)).data;
    const problem = async (path: string) => {
      const response = await new TestBrowser().fetch(path);
      const html = await response.text();
      expect(response.headers.get('Content-Security-Policy')).not.toContain('frame-src');
      expect(html).not.toContain('data-island="card-payment"');
      return /data-pay-link-error="(\d+)"/.exec(html)?.[1];
    };
    expect(await problem('/order/paynow/0123456789abcdef0123456789abcdef')).toBe('1402');
    expect(await problem('/order/paynow/nothing-like-a-hash')).toBe('1402');
    await env.DB.prepare('UPDATE pay_links SET expires_at = ? WHERE hash = ?').bind(Date.now() - 1, hash).run();
    expect(await problem(`/order/paynow/${hash}`)).toBe('1429');
    await setState(orders[0]!.orderNumber, 'cancelled');
    expect(await problem(`/order/paynow/${hash}`)).toBe('1422');
    await setState(orders[0]!.orderNumber, 'confirmed');
    expect(await problem(`/order/paynow/${hash}`)).toBe('1421');
  });

  it('offers to pay an unpaid transfer by card on the order result page, and not once it is paid', async () => {
    const { browser, orders } = await transferCheckout();
    const numbers = orders.map((o) => o.orderNumber).join(',');
    expect(await (await browser.fetch(`/cart/ok?orders=${numbers}`)).text()).toContain('data-island="pay-by-card"');
    for (const order of orders) await setState(order.orderNumber, 'confirmed');
    expect(await (await browser.fetch(`/cart/ok?orders=${numbers}`)).text()).not.toContain('data-island="pay-by-card"');
  });
});
