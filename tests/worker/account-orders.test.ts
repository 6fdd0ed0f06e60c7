/**
 * The account's orders (worker/api/user-orders.ts, worker/orders/transitions.ts): the summary
 * calls, cancelling (stock back once, the money back once, exclusive with a payment), changing an
 * order through the cart modifier (the new order replaces the old one and the money is settled),
 * and someone else's order answering 404 on every call.
 */
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { dbFor } from '../../worker/db/client';
import { placeOrders } from '../../worker/orders/place';
import { cancelOrder, ReplacedOrderMovedError, transitionOrder } from '../../worker/orders/transitions';
import { signUp, TestBrowser } from './browser';
import { add, checkoutOffers, shopper, type OfferRow, type Placed } from './checkout-helpers';
import { card, orderStates, payData, placeByCard, sandboxNotifications, sandboxPayments, stockOf, VISA } from './payments-helpers';

const db = dbFor(env.DB);
let own: OfferRow[] = [];
let marketplace: OfferRow;

beforeAll(async () => {
  ({ own, marketplace } = await checkoutOffers());
});

interface Minimal {
  orderNumber: string;
  state: string;
  total: number;
  paid: boolean;
  paidAt: string | null;
  createdAt: string;
}

async function placeTransfer(offer: OfferRow, qty = 1, who?: Awaited<ReturnType<typeof shopper>>) {
  const session = who ?? (await shopper());
  await add(session.browser, session.cartId, offer, qty);
  const placed = await session.browser.api<Placed>('POST', `/api/checkout/orders/${session.cartId}/place`, { shippingType: 1, shippingAddressId: session.address, paymentMethod: 'transferencia', conditionsAccepted: true });
  expect(placed.status, JSON.stringify(placed.error)).toBe(201);
  return { ...session, orders: placed.data.orders };
}

const row = (orderNumber: string) =>
  env.DB.prepare('SELECT state, paid_at, replaces_order_number, total, tracking_number FROM orders WHERE order_number = ?').bind(orderNumber).first<{ state: string; paid_at: number | null; replaces_order_number: string | null; total: number; tracking_number: string | null }>();
const refundsOf = async (orderNumber: string) => (await env.DB.prepare('SELECT amount, state, card_amount, idempotency_key FROM refunds WHERE order_number = ? ORDER BY id').bind(orderNumber).all<{ amount: number; state: string; card_amount: number; idempotency_key: string }>()).results;
const eventsOf = async (orderNumber: string) => (await env.DB.prepare('SELECT state FROM order_events WHERE order_number = ? ORDER BY id').bind(orderNumber).all<{ state: string }>()).results.map((e) => e.state);
/** Provider modifications (refunds, cancels) the sandbox has notified for a payment reference. */
const modificationsOf = async (reference: string) =>
  (await sandboxNotifications(reference)).flatMap((n) => n.notificationItems.map((i) => i.NotificationRequestItem)).filter((i) => ['REFUND', 'CANCELLATION', 'CANCEL_OR_REFUND'].includes(String(i['eventCode'])));

async function payByCard(order: Awaited<ReturnType<typeof placeByCard>>) {
  const paid = await payData(order.browser, order.reference, { paymentMethod: card(VISA) });
  expect(paid.data.paymentResult).toBe('PROCESSED');
}

describe('order summary calls', () => {
  it('counts orders per state group and gives the latest first; minimal answers the order in a few fields', async () => {
    const session = await shopper();
    const first = await placeTransfer(own[0]!, 1, session);
    const second = await placeTransfer(own[1]!, 1, session);
    await transitionOrder(db, { orderNumber: second.orders[0]!.orderNumber, event: 'payment_received', now: new Date(), actor: { kind: 'staff' } });
    const resume = await session.browser.api<{ counts: Record<string, number>; total: number; latest: { orderNumber: string }[] }>('GET', '/api/user/orders/resume');
    expect(resume.status).toBe(200);
    expect(resume.data.total).toBe(2);
    expect(resume.data.counts).toMatchObject({ awaitingPayment: 1, inProgress: 1, completed: 0, cancelled: 0, returned: 0 });
    expect(resume.data.latest.map((o) => o.orderNumber)).toEqual([second.orders[0]!.orderNumber, first.orders[0]!.orderNumber]);

    const minimal = await session.browser.api<Minimal>('GET', `/api/user/orders/${second.orders[0]!.orderNumber}/minimal`);
    expect(minimal.status).toBe(200);
    expect(minimal.data).toMatchObject({ orderNumber: second.orders[0]!.orderNumber, state: 'confirmed', total: second.orders[0]!.total, paid: true });
    expect(minimal.data.paidAt).not.toBeNull();
    const unpaid = await session.browser.api<Minimal>('GET', `/api/user/orders/${first.orders[0]!.orderNumber}/minimal`);
    expect(unpaid.data).toMatchObject({ state: 'awaiting_payment', paid: false, paidAt: null });
  });

  it('answers 404 ORDER_NOT_FOUND for someone else\'s order and an unknown one on every call, 400 for a malformed number, 401 signed out', async () => {
    const { orders } = await placeTransfer(own[2]!);
    const number = orders[0]!.orderNumber;
    const stock = await stockOf(own[2]!.id);
    const bob = new TestBrowser();
    await signUp(bob);
    const bobCart = (await bob.api<{ idCart: string }>('POST', '/api/users/info')).data.idCart;
    for (const [method, path] of [
      ['GET', `/api/user/orders/${number}/minimal`],
      ['POST', `/api/user/orders/${number}/cancel`],
      ['POST', `/api/user/orders/${number}/modify`],
    ] as const) {
      const attempt = await bob.api(method, path);
      expect(attempt.status, path).toBe(404);
      // The minimal call is the payment pages' too (worker/api/payments.ts): its 404 is the ownership check's.
      expect(path.endsWith('/minimal') ? 'NOT_FOUND' : 'ORDER_NOT_FOUND', path).toBe(attempt.error?.code);
      const unknown = await bob.api(method, path.replace(number, 'ES-261125-ZZZZZZ'));
      expect(unknown.status, path).toBe(404);
      expect((await bob.api(method, path.replace(number, 'not an order'))).status, path).toBe(400);
      expect((await new TestBrowser().api(method, path)).status, path).toBe(401);
    }
    expect((await row(number))!.state).toBe('awaiting_payment');
    expect(await stockOf(own[2]!.id)).toBe(stock);
    // Bob's cart did not become Alice's order.
    expect((await bob.api<{ articles: unknown[] }>('GET', `/api/checkout/orders/${bobCart}/cart`)).data.articles).toEqual([]);
  });
});

describe('cancelling an order', () => {
  it('cancels an order awaiting a transfer before it ships: stock back once, nothing to refund, a second cancel changes nothing', async () => {
    const offer = own[0]!;
    const before = await stockOf(offer.id);
    const { browser, orders } = await placeTransfer(offer, 2);
    const number = orders[0]!.orderNumber;
    expect(await stockOf(offer.id)).toBe(before - 2);
    const [a, b] = await Promise.all([browser.api<Minimal>('POST', `/api/user/orders/${number}/cancel`), browser.api<Minimal>('POST', `/api/user/orders/${number}/cancel`)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.data.state).toBe('cancelled');
    expect(await stockOf(offer.id)).toBe(before);
    expect(await eventsOf(number)).toEqual(['awaiting_payment', 'cancelled']);
    expect(await refundsOf(number)).toEqual([]);
    expect((await browser.api('POST', `/api/user/orders/${number}/cancel`)).status).toBe(200);
    expect(await stockOf(offer.id)).toBe(before);
  });

  it('refuses to cancel once shipped (409 ORDER_NOT_CANCELLABLE) and changes nothing', async () => {
    const { browser, orders } = await placeTransfer(own[1]!);
    const number = orders[0]!.orderNumber;
    for (const event of ['payment_received', 'prepare'] as const) await transitionOrder(db, { orderNumber: number, event, now: new Date(), actor: { kind: 'staff' } });
    await transitionOrder(db, { orderNumber: number, event: 'ship', now: new Date(), actor: { kind: 'staff' }, trackingNumber: 'TRK123456' });
    const refused = await browser.api('POST', `/api/user/orders/${number}/cancel`);
    expect([refused.status, refused.error?.code]).toEqual([409, 'ORDER_NOT_CANCELLABLE']);
    expect(await row(number)).toMatchObject({ state: 'shipped', tracking_number: 'TRK123456' });
    expect(await refundsOf(number)).toEqual([]);
  });

  it('refunds a card-paid order once, whatever the number of cancels (one provider modification)', async () => {
    const order = await placeByCard(1);
    await payByCard(order);
    const number = order.orderNumbers[0]!;
    expect(await row(number)).toMatchObject({ state: 'confirmed' });
    expect((await row(number))!.paid_at).not.toBeNull();
    const results = await Promise.all(Array.from({ length: 4 }, () => order.browser.api('POST', `/api/user/orders/${number}/cancel`)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect((await row(number))!.state).toBe('cancelled');
    const refunds = await refundsOf(number);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amount: order.amount, card_amount: order.amount, idempotency_key: `cancel:${number}` });
    expect(await modificationsOf(order.reference)).toHaveLength(1);
    const [charge] = await sandboxPayments(order.reference);
    // Given back whole: cancelled while only authorised, or refunded.
    expect(charge!.status === 'cancelled' || charge!.refunded === order.amount).toBe(true);
  });

  it('cancel and pay of one order at once: exactly one outcome (cancelled with nothing kept, or paid and not cancelled)', async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < 8; round++) {
      const order = await placeByCard(1);
      const number = order.orderNumbers[0]!;
      const [cancel] = await Promise.all([order.browser.api('POST', `/api/user/orders/${number}/cancel`), payData(order.browser, order.reference, { paymentMethod: card(VISA) })]);
      const state = (await row(number))!.state;
      const charges = await sandboxPayments(order.reference);
      const kept = charges.filter((p) => p.status === 'authorised').reduce((sum, p) => sum + p.amount.value - p.refunded, 0);
      if (state === 'cancelled') {
        expect(cancel.status).toBe(200);
        // Nothing charged, or charged and given back in full.
        expect(kept, `round ${round}`).toBe(0);
        outcomes.add('cancelled');
      } else {
        expect(state).toBe('confirmed');
        expect(cancel.status).toBe(409);
        expect(kept).toBe(order.amount);
        outcomes.add('paid');
      }
    }
    expect(outcomes.size).toBeGreaterThan(0);
  });

  it('cancelling one order of a card checkout of two leaves the other payable by card, for its own total', async () => {
    const session = await shopper();
    await add(session.browser, session.cartId, own[0]!);
    await add(session.browser, session.cartId, marketplace);
    const placed = await session.browser.api<Placed & { payment: { orderId: string } }>('POST', `/api/checkout/orders/${session.cartId}/place`, { shippingType: 1, shippingAddressId: session.address, paymentMethod: 'adyen', conditionsAccepted: true });
    expect(placed.status, JSON.stringify(placed.error)).toBe(201);
    const [first, second] = placed.data.orders;
    expect((await session.browser.api('POST', `/api/user/orders/${first!.orderNumber}/cancel`)).status).toBe(200);
    const paid = await payData(session.browser, second!.orderNumber, { paymentMethod: card(VISA) });
    expect(paid.data.paymentResult, JSON.stringify(paid.error)).toBe('PROCESSED');
    expect(await orderStates([first!.orderNumber, second!.orderNumber])).toEqual(['cancelled', 'confirmed']);
    const charged = (await sandboxPayments(placed.data.payment.orderId)).filter((p) => p.status === 'authorised');
    expect(charged.map((p) => p.amount.value)).toEqual([second!.total]);
  });

  it('staff cancel (userId null) works on any order; a customer cannot cancel another customer\'s order through cancelOrder', async () => {
    const { orders } = await placeTransfer(own[3]!);
    const number = orders[0]!.orderNumber;
    const deps = { db, env, now: new Date() };
    await expect(cancelOrder(deps, { orderNumber: number, userId: 1, now: new Date() })).rejects.toMatchObject({ entry: { code: 'ORDER_NOT_FOUND' } });
    await cancelOrder(deps, { orderNumber: number, userId: null, now: new Date() });
    expect((await row(number))!.state).toBe('cancelled');
  });
});

describe('transitionOrder', () => {
  it('sets paidAt when the money arrives: a transfer received, cash on delivery delivered', async () => {
    const transfer = await placeTransfer(own[0]!);
    const number = transfer.orders[0]!.orderNumber;
    expect((await row(number))!.paid_at).toBeNull();
    const at = new Date(Date.now() + 1000);
    expect(await transitionOrder(db, { orderNumber: number, event: 'payment_received', now: at, actor: { kind: 'staff' } })).toEqual({ from: 'awaiting_payment', to: 'confirmed' });
    expect((await row(number))!.paid_at).toBe(at.getTime());

    const session = await shopper();
    await add(session.browser, session.cartId, own[1]!);
    const cod = await session.browser.api<Placed>('POST', `/api/checkout/orders/${session.cartId}/place`, { shippingType: 1, shippingAddressId: session.address, paymentMethod: 'contrareembolso', conditionsAccepted: true });
    expect(cod.status, JSON.stringify(cod.error)).toBe(201);
    const codNumber = cod.data.orders[0]!.orderNumber;
    for (const event of ['prepare', 'ship'] as const) await transitionOrder(db, { orderNumber: codNumber, event, now: new Date(), actor: { kind: 'staff' }, trackingNumber: 'TRK999' });
    expect((await row(codNumber))!.paid_at).toBeNull();
    await transitionOrder(db, { orderNumber: codNumber, event: 'deliver', now: at, actor: { kind: 'staff' } });
    expect((await row(codNumber))!.paid_at).toBe(at.getTime());
  });

  it('refuses a transition the state does not allow, and lets only one of two racing transitions through', async () => {
    const { orders } = await placeTransfer(own[2]!);
    const number = orders[0]!.orderNumber;
    await expect(transitionOrder(db, { orderNumber: number, event: 'ship', now: new Date(), actor: { kind: 'staff' } })).rejects.toMatchObject({ entry: { code: 'ORDER_TRANSITION_NOT_ALLOWED' } });
    await expect(transitionOrder(db, { orderNumber: 'ESNOSUCHORDER1', event: 'ship', now: new Date(), actor: { kind: 'staff' } })).rejects.toMatchObject({ entry: { code: 'ORDER_NOT_FOUND' } });
    const raced = await Promise.allSettled(Array.from({ length: 5 }, () => transitionOrder(db, { orderNumber: number, event: 'payment_received', now: new Date(), actor: { kind: 'staff' } })));
    expect(raced.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await eventsOf(number)).toEqual(['awaiting_payment', 'confirmed']);
  });
});

describe('changing an order', () => {
  async function cartArticles(browser: TestBrowser, cartId: string) {
    return (await browser.api<{ articles: { idLine: number; idArticle: number; qty: number }[] }>('GET', `/api/checkout/orders/${cartId}/cart`)).data.articles;
  }

  it('loads the order into the cart with the modifier; placing the cart replaces the order (old cancelled, stock back once)', async () => {
    const offer = own[3]!;
    const before = await stockOf(offer.id);
    const session = await placeTransfer(offer, 2);
    const old = session.orders[0]!.orderNumber;
    const started = await session.browser.api<{ idCart: string; orderNumber: string; expiresAt: string }>('POST', `/api/user/orders/${old}/modify`);
    expect(started.status, JSON.stringify(started.error)).toBe(200);
    expect(started.data.orderNumber).toBe(old);
    expect(Date.parse(started.data.expiresAt)).toBeGreaterThan(Date.now());
    const lines = await cartArticles(session.browser, session.cartId);
    expect(lines.map((l) => [l.idArticle, l.qty])).toEqual([[offer.article_id, 2]]);
    // One unit fewer, and a second article.
    expect((await session.browser.api('PUT', `/api/orders/${session.cartId}/cart/${lines[0]!.idLine}`, { qty: 1 })).status).toBe(200);
    await add(session.browser, session.cartId, own[4]!);
    const placed = await session.browser.api<Placed>('POST', `/api/checkout/orders/${session.cartId}/place`, { shippingType: 1, shippingAddressId: session.address, paymentMethod: 'transferencia', conditionsAccepted: true });
    expect(placed.status, JSON.stringify(placed.error)).toBe(201);
    const replacement = placed.data.orders[0]!.orderNumber;
    expect(await row(old)).toMatchObject({ state: 'cancelled' });
    expect(await row(replacement)).toMatchObject({ state: 'awaiting_payment', replaces_order_number: old });
    expect(await stockOf(offer.id)).toBe(before - 1);
    // Nothing had been paid: nothing to refund, and the cart no longer changes an order.
    expect(await refundsOf(old)).toEqual([]);
    expect(await cartArticles(session.browser, session.cartId)).toEqual([]);
    expect(await env.CART.get(env.CART.idFromName(session.cartId)).modifier()).toBeNull();
  });

  it('settles the money: a card-paid order changed for less is replaced by a paid order and the difference refunded once', async () => {
    const order = await placeByCard(2);
    await payByCard(order);
    const old = order.orderNumbers[0]!;
    const session = { browser: order.browser, cartId: order.cartId };
    expect((await session.browser.api('POST', `/api/user/orders/${old}/modify`)).status).toBe(200);
    const lines = await cartArticles(session.browser, session.cartId);
    expect((await session.browser.api('PUT', `/api/orders/${session.cartId}/cart/${lines[0]!.idLine}`, { qty: 1 })).status).toBe(200);
    const address = (await session.browser.api<{ id: number }[]>('GET', '/api/user/addresses/shipping')).data;
    const addressId = Array.isArray(address) ? address[0]!.id : undefined;
    const placed = await session.browser.api<Placed & { payment?: unknown }>('POST', `/api/checkout/orders/${session.cartId}/place`, { shippingType: 1, shippingAddressId: addressId, paymentMethod: 'transferencia', conditionsAccepted: true });
    expect(placed.status, JSON.stringify(placed.error)).toBe(201);
    const replacement = placed.data.orders[0]!;
    // Paid whole by the old order's payment: confirmed, nothing left to pay, no payment to start.
    expect(replacement.total).toBe(0);
    expect(await row(replacement.orderNumber)).toMatchObject({ state: 'confirmed', replaces_order_number: old });
    expect((await row(replacement.orderNumber))!.paid_at).not.toBeNull();
    expect(placed.data.payment).toBeUndefined();
    expect((await row(old))!.state).toBe('cancelled');
    // The new order's price (one unit, its own shipping) came out of the old payment; the rest went back to the card.
    const due = (await env.DB.prepare('SELECT articles_subtotal + shipping_cost + solidary_amount - discount - gift_card_amount - balance_amount AS due FROM orders WHERE order_number = ?').bind(replacement.orderNumber).first<number>('due'))!;
    expect(due).toBeGreaterThanOrEqual(order.offer.price);
    const refunds = await refundsOf(old);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ idempotency_key: `change:${old}`, amount: order.amount - due, card_amount: order.amount - due });
    expect((await sandboxPayments(order.reference))[0]!.refunded).toBe(order.amount - due);
    // The money is invoiced once: the old invoice is cancelled whole (the refunded difference is inside
    // that corrective) and the replacement has its own invoice for what it costs.
    const documentsOf = async (number: string) =>
      (await env.DB.prepare('SELECT doc_type, total, refund_id FROM documents WHERE order_number = ? ORDER BY id').bind(number).all<{ doc_type: string; total: number; refund_id: number | null }>()).results;
    expect(await documentsOf(old)).toEqual([
      { doc_type: 'invoice', total: order.amount, refund_id: null },
      { doc_type: 'corrective', total: -order.amount, refund_id: null },
    ]);
    expect(await documentsOf(replacement.orderNumber)).toEqual([{ doc_type: 'invoice', total: due, refund_id: null }]);

    // Cancelling the replacement later gives back what it carried, through the old order's payment.
    expect((await session.browser.api('POST', `/api/user/orders/${replacement.orderNumber}/cancel`)).status).toBe(200);
    expect((await refundsOf(old)).reduce((sum, r) => sum + r.amount, 0)).toBe(order.amount);
    expect((await sandboxPayments(order.reference))[0]!.refunded).toBe(order.amount);
    // That refund rectifies the replacement's invoice, where the money was invoiced: nothing stays invoiced.
    const replacementDocuments = await documentsOf(replacement.orderNumber);
    expect(replacementDocuments.map((d) => [d.doc_type, d.total])).toEqual([
      ['invoice', due],
      ['corrective', -due],
    ]);
    expect(await documentsOf(old)).toHaveLength(2);
  });

  it('answers ORDER_NOT_IN_EDITION when the order moved on before the change is placed, and writes nothing', async () => {
    const offer = own[0]!;
    const session = await placeTransfer(offer, 1);
    const old = session.orders[0]!.orderNumber;
    expect((await session.browser.api('POST', `/api/user/orders/${old}/modify`)).status).toBe(200);
    await transitionOrder(db, { orderNumber: old, event: 'payment_received', now: new Date(), actor: { kind: 'staff' } });
    await transitionOrder(db, { orderNumber: old, event: 'prepare', now: new Date(), actor: { kind: 'staff' } });
    const stock = await stockOf(offer.id);
    const count = await env.DB.prepare('SELECT count(*) AS n FROM orders').first<number>('n');
    const placed = await session.browser.api('POST', `/api/checkout/orders/${session.cartId}/place`, { shippingType: 1, shippingAddressId: session.address, paymentMethod: 'transferencia', conditionsAccepted: true });
    expect([placed.status, placed.error?.code]).toEqual([409, 'ORDER_NOT_IN_EDITION']);
    expect(await env.DB.prepare('SELECT count(*) AS n FROM orders').first<number>('n')).toBe(count);
    expect(await stockOf(offer.id)).toBe(stock);
    expect((await row(old))!.state).toBe('preparing');
  });

  it('the placing batch itself refuses to replace an order that moved on after the check: nothing is written', async () => {
    const offer = own[2]!;
    const session = await placeTransfer(offer, 1);
    const old = session.orders[0]!.orderNumber;
    const owner = (await env.DB.prepare('SELECT user_id FROM orders WHERE order_number = ?').bind(old).first<number>('user_id'))!;
    await transitionOrder(db, { orderNumber: old, event: 'payment_received', now: new Date(), actor: { kind: 'staff' } });
    await transitionOrder(db, { orderNumber: old, event: 'prepare', now: new Date(), actor: { kind: 'staff' } });
    const stock = await stockOf(offer.id);
    const count = await env.DB.prepare('SELECT count(*) AS n FROM orders').first<number>('n');
    const attempt = placeOrders(db, {
      userId: owner,
      channel: 'ES',
      language: 'es_ES',
      checkoutKey: `guard-test:${old}`,
      paymentMethod: 'transferencia',
      shippingType: 1,
      shopId: null,
      shippingAddress: { name: 'Ana' },
      billingAddress: null,
      groups: [{ orderKey: 'own-0', sellerKind: 'own', sellerId: 0, shippingCost: 0, discount: 0, giftCardAmount: 0, lines: [{ articleId: offer.article_id, offerId: offer.id, name: 'x', qty: 1, unitPrice: offer.price, availabilityCode: 0 }] }],
      giftCard: null,
      redemptions: [],
      replaces: { orderNumber: old, credit: offer.price },
      now: new Date(),
    });
    await expect(attempt).rejects.toBeInstanceOf(ReplacedOrderMovedError);
    expect(await env.DB.prepare('SELECT count(*) AS n FROM orders').first<number>('n')).toBe(count);
    expect(await stockOf(offer.id)).toBe(stock);
    expect(await row(old)).toMatchObject({ state: 'preparing' });
    expect(await eventsOf(old)).toEqual(['awaiting_payment', 'confirmed', 'preparing']);
  });

  it('refuses to start a change of a marketplace order or an order being prepared (409 ORDER_NOT_CHANGEABLE)', async () => {
    const session = await placeTransfer(marketplace);
    const number = session.orders[0]!.orderNumber;
    const refused = await session.browser.api('POST', `/api/user/orders/${number}/modify`);
    expect([refused.status, refused.error?.code]).toEqual([409, 'ORDER_NOT_CHANGEABLE']);
    const ours = await placeTransfer(own[1]!);
    const prepared = ours.orders[0]!.orderNumber;
    for (const event of ['payment_received', 'prepare'] as const) await transitionOrder(db, { orderNumber: prepared, event, now: new Date(), actor: { kind: 'staff' } });
    const late = await ours.browser.api('POST', `/api/user/orders/${prepared}/modify`);
    expect([late.status, late.error?.code]).toEqual([409, 'ORDER_NOT_CHANGEABLE']);
    expect(await cartArticles(ours.browser, ours.cartId)).toEqual([]);
  });
});

describe('orders placed by card stay consistent with the state helpers', () => {
  it('a paid card order has paidAt from its payment', async () => {
    const order = await placeByCard(1);
    await payByCard(order);
    expect(await orderStates(order.orderNumbers)).toEqual(['confirmed']);
    expect((await row(order.orderNumbers[0]!))!.paid_at).not.toBeNull();
  });
});

describe('order screens', () => {
  const text = (html: string) => html.replace(/<!-- -->/g, '');

  it('lists the user\'s orders newest first with their state, payment, totals and allowed actions, a page at a time', async () => {
    const session = await shopper();
    const numbers: string[] = [];
    for (let i = 0; i < 11; i++) numbers.unshift((await placeTransfer(own[i % own.length]!, 1, session)).orders[0]!.orderNumber);
    const first = text(await (await session.browser.fetch('/usuarios/panel/pedidos-y-facturas')).text());
    const shown = [...first.matchAll(/data-order-number="([^"]+)"/g)].map((m) => m[1]);
    expect(shown).toEqual(numbers.slice(0, 10));
    expect(first).toContain('data-state="awaiting_payment"');
    expect(first).toContain('data-island="order-actions"');
    expect(first).toContain(`/usuarios/panel/order-detail?order=${numbers[0]}`);
    const second = text(await (await session.browser.fetch('/usuarios/panel/pedidos-y-facturas?page=2')).text());
    expect([...second.matchAll(/data-order-number="([^"]+)"/g)].map((m) => m[1])).toEqual([numbers[10]]);
    expect((await session.browser.fetch('/usuarios/panel/pedidos-y-facturas?page=3')).status).toBe(404);
    // The other route shows the same list.
    const mine = text(await (await session.browser.fetch('/usuarios/panel/mis-pedidos-y-facturas')).text());
    expect([...mine.matchAll(/data-order-number="([^"]+)"/g)].map((m) => m[1])).toEqual(numbers.slice(0, 10));
  });

  it('shows a cancelled order under cancelled orders with its refund, and the detail with lines, timeline and documents', async () => {
    const order = await placeByCard(1);
    await payByCard(order);
    const number = order.orderNumbers[0]!;
    expect((await order.browser.api('POST', `/api/user/orders/${number}/cancel`)).status).toBe(200);
    const cancelled = text(await (await order.browser.fetch(`/usuarios/panel/pedidos-cancelados?cancelled=${number}`)).text());
    expect(cancelled).toContain(`data-order-number="${number}"`);
    expect(cancelled).toContain(`data-refund-cents="${order.amount}"`);
    expect(cancelled).toContain('role="status"');
    const detail = text(await (await order.browser.fetch(`/usuarios/panel/order-detail?order=${number}`)).text());
    expect(detail).toContain('<table');
    expect(detail).toContain('data-state="cancelled"');
    // The invoice issued when it was paid and the credit note of the refund, each downloadable.
    expect(detail).toMatch(new RegExp(`/usuarios/panel/pedido/${number}/descargar/(invoice|ticket)`));
    expect(detail).not.toContain('data-island="order-actions"');
  });

  it('answers the 404 page for someone else\'s order detail, an unknown one and a malformed number', async () => {
    const { orders } = await placeTransfer(own[0]!);
    const bob = new TestBrowser();
    await signUp(bob);
    for (const query of [orders[0]!.orderNumber, 'ES-261125-ZZZZZZ', 'nonsense', '']) {
      const response = await bob.fetch(`/usuarios/panel/order-detail?order=${encodeURIComponent(query)}`);
      expect(response.status, query).toBe(404);
      expect(await response.text()).not.toContain(orders[0]!.orderNumber);
    }
  });

  it('lists the demo customer\'s shop orders (front orders) and no online ones there', async () => {
    const { DEMO_PASSWORD, DEMO_FRONT_ORDERS, demoAccountStatements, demoFrontOrderStatements } = await import('../../scripts/seed/demo-accounts');
    const statements = [...(await demoAccountStatements()), ...demoFrontOrderStatements()];
    for (let round = 0; round < 2; round++) await env.DB.batch(statements.map((sql) => env.DB.prepare(sql)));
    const ana = new TestBrowser();
    expect((await ana.api('POST', '/api/users/login', { email: 'ana@ampora.test', password: DEMO_PASSWORD })).status).toBe(200);
    const html = text(await (await ana.fetch('/usuarios/panel/pedidos-tienda')).text());
    expect([...html.matchAll(/data-order-number="([^"]+)"/g)].map((m) => m[1])).toEqual([...DEMO_FRONT_ORDERS].reverse());
    expect(html).toContain('data-state="collected"');
    // Till orders are changed and cancelled at the shop, not online.
    expect(html).not.toContain('data-island="order-actions"');
    const online = text(await (await ana.fetch('/usuarios/panel/pedidos-y-facturas')).text());
    expect(online).not.toContain('data-order-number=');
  });
});
