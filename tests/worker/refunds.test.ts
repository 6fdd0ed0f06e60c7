/**
 * Refunds against D1 and the Adyen sandbox (worker/refunds/refunds.ts): card refunds through the
 * port with the refund's key, voiding a payment only authorised, gift card and balance parts, the
 * provider's verdict by webhook, one refund per key (also concurrently), and the cap: no refund
 * ever gives back more than was paid, however they race.
 */
import { env } from 'cloudflare:workers';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../worker/db/client';
import { orderNumber as newOrderNumber } from '../../worker/domain/orders/order-number';
import { AppError } from '../../worker/http/errors';
import { placeRefund, refundableAmount, refundOrder } from '../../worker/refunds/refunds';
import type { AfterSalesDeps } from '../../worker/refunds/deps';
import { card, deliver, paymentRows, payData, placeByCard, sandboxNotifications, signedNotification, VISA } from './payments-helpers';

const db = createDb(env.DB);
const deps = (now = new Date()): AfterSalesDeps => ({ db, env, now });

/** A card order of one unit, paid (authorised) with the sandbox's VISA. */
async function paidCardOrder(qty = 1) {
  const order = await placeByCard(qty);
  const paid = await payData(order.browser, order.reference, { paymentMethod: card(VISA) });
  expect(paid.status, JSON.stringify(paid.error)).toBe(200);
  return order;
}

async function notificationsOf(reference: string, eventCode: string) {
  return (await sandboxNotifications(reference)).filter((n) => n.notificationItems[0]!.NotificationRequestItem['eventCode'] === eventCode);
}

async function refundRows(orderNumber: string) {
  return (
    await env.DB.prepare('SELECT id, idempotency_key, amount, state, card_amount, gift_card_amount, balance_amount, psp_reference FROM refunds WHERE order_number = ? ORDER BY id')
      .bind(orderNumber)
      .all<{ id: number; idempotency_key: string; amount: number; state: string; card_amount: number; gift_card_amount: number; balance_amount: number; psp_reference: string | null }>()
  ).results;
}

async function creditNotes(refundId: number): Promise<number> {
  return (await env.DB.prepare("SELECT count(*) AS n FROM documents WHERE refund_id = ? AND doc_type = 'corrective'").bind(refundId).first<number>('n'))!;
}

async function plainUser(): Promise<number> {
  return (await env.DB.prepare("INSERT INTO users (hash_id, email, password_hash, channel, language, cart_id, created_at) VALUES (?, ?, 'x', 'ES', 'es_ES', ?, ?) RETURNING id")
    .bind(crypto.randomUUID(), `refunds.${crypto.randomUUID()}@example.com`, crypto.randomUUID(), Date.now())
    .first<number>('id'))!;
}

/**
 * A delivered order paid by transfer (`total`), with a share paid by balance and by a gift card
 * (spent under the order, as checkout records it).
 */
async function mixedOrder(parts: { total: number; balance: number; giftCard: number }) {
  const userId = await plainUser();
  const number = newOrderNumber('ES', new Date());
  const now = Date.now();
  const code = `GC-${crypto.randomUUID().slice(0, 8)}`;
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO orders (order_number, checkout_key, order_key, user_id, channel, language, state, seller_kind, seller_id, payment_method, shipping_type, shipping_address, articles_subtotal, shipping_cost, balance_amount, gift_card_amount, total, paid_at, created_at, updated_at) VALUES (?, ?, 'own-0', ?, 'ES', 'es_ES', 'delivered', 'own', 0, 'transferencia', 1, '{}', ?, 0, ?, ?, ?, ?, ?, ?)",
    ).bind(number, `test-${crypto.randomUUID()}`, userId, parts.total + parts.balance + parts.giftCard, parts.balance, parts.giftCard, parts.total, now, now, now),
    env.DB.prepare('INSERT INTO gift_cards (code, balance, initial_amount, expires_at, created_at) VALUES (?, 0, ?, ?, ?)').bind(code, parts.giftCard, now + 86_400_000 * 365, now),
    env.DB.prepare('INSERT INTO gift_card_movements (code, order_number, amount, at) VALUES (?, ?, ?, ?)').bind(code, number, -parts.giftCard, now),
  ]);
  return { userId, orderNumber: number, code };
}

const balanceOf = async (userId: number) => (await env.DB.prepare('SELECT balance FROM user_balances WHERE user_id = ?').bind(userId).first<number>('balance')) ?? 0;
const giftCardBalance = async (code: string) => (await env.DB.prepare('SELECT balance FROM gift_cards WHERE code = ?').bind(code).first<number>('balance'))!;

describe('card refunds', () => {
  it('refunds part of a card payment through the provider with the refund key, once, and the webhook settles it', async () => {
    const order = await paidCardOrder(2);
    const number = order.orderNumbers[0]!;
    expect(await refundableAmount(db, number)).toBe(order.amount);
    const first = await refundOrder(deps(), { orderNumber: number, amount: 500, method: 'original', reason: 'goodwill', idempotencyKey: `goodwill-${number}` });
    expect(first).toMatchObject({ state: 'sent', amount: 500, cardAmount: 500, giftCardAmount: 0, balanceAmount: 0 });
    expect(first.pspReference).toBeTruthy();
    // The same key again: the same refund, no second provider call, one credit note.
    const again = await refundOrder(deps(), { orderNumber: number, amount: 999, method: 'original', reason: 'goodwill', idempotencyKey: `goodwill-${number}` });
    expect(again.id).toBe(first.id);
    const refunds = await notificationsOf(order.reference, 'REFUND');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.notificationItems[0]!.NotificationRequestItem['pspReference']).toBe(first.pspReference);
    expect(await creditNotes(first.id)).toBe(1);
    expect(await refundableAmount(db, number)).toBe(order.amount - 500);

    expect((await deliver(refunds[0])).status).toBe(200);
    expect((await refundRows(number))[0]!.state).toBe('refunded');
    expect((await paymentRows(order.reference))[0]).toMatchObject({ refunded_amount: 500 });
  });

  it('voids a payment only authorised when all of it goes back', async () => {
    const order = await paidCardOrder();
    const number = order.orderNumbers[0]!;
    const refund = await refundOrder(deps(), { orderNumber: number, amount: order.amount, method: 'original', reason: 'cancel', idempotencyKey: `whole-${number}` });
    expect(refund.state).toBe('sent');
    expect(await notificationsOf(order.reference, 'REFUND')).toHaveLength(0);
    const cancellations = await notificationsOf(order.reference, 'CANCELLATION');
    expect(cancellations).toHaveLength(1);
    await deliver(cancellations[0]);
    expect((await refundRows(number))[0]!.state).toBe('refunded');
    expect((await paymentRows(order.reference))[0]!.state).toBe('cancelled');
    expect(await refundableAmount(db, number)).toBe(0);
  });

  it('concurrent calls with one key make one refund and one provider call', async () => {
    const order = await paidCardOrder(2);
    const number = order.orderNumbers[0]!;
    const key = `double-${number}`;
    const answers = await Promise.all(Array.from({ length: 6 }, () => placeRefund(deps(), { orderNumber: number, amount: 700, method: 'original', reason: 'return', idempotencyKey: key })));
    expect(new Set(answers.map((a) => a.refund.id)).size).toBe(1);
    expect(answers.filter((a) => a.created)).toHaveLength(1);
    expect(await refundRows(number)).toHaveLength(1);
    expect(await notificationsOf(order.reference, 'REFUND')).toHaveLength(1);
    const settled = await refundOrder(deps(), { orderNumber: number, amount: 700, method: 'original', reason: 'return', idempotencyKey: key });
    expect(settled.state).toBe('sent');
    expect(await creditNotes(settled.id)).toBe(1);
  });

  it('two different refunds racing for more than was paid: one is refused', async () => {
    const order = await paidCardOrder();
    const number = order.orderNumbers[0]!;
    const share = Math.ceil(order.amount * 0.6);
    const results = await Promise.allSettled(['a', 'b'].map((k) => refundOrder(deps(), { orderNumber: number, amount: share, method: 'original', reason: 'race', idempotencyKey: `race-${k}-${number}` })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(AppError);
    expect((refused.reason as AppError).entry.code).toBe('REFUND_EXCEEDS_PAID');
    expect(await refundRows(number)).toHaveLength(1);
  });

  it('a refund the provider refuses by webhook fails; its card part can be asked for again', async () => {
    const order = await paidCardOrder(2);
    const number = order.orderNumbers[0]!;
    const refund = await refundOrder(deps(), { orderNumber: number, amount: 300, method: 'original', reason: 'goodwill', idempotencyKey: `refused-${number}` });
    const [payment] = await paymentRows(order.reference);
    const refusal = await signedNotification({ pspReference: refund.pspReference!, originalReference: payment!.psp_reference!, merchantReference: order.reference, eventCode: 'REFUND', success: false, value: 300 });
    expect((await deliver(refusal)).status).toBe(200);
    expect((await refundRows(number))[0]!.state).toBe('failed');
    expect(await refundableAmount(db, number)).toBe(order.amount);
  });

  it('a checkout of two orders refunds only the share of the order asked for', async () => {
    const { checkoutOffers, add, shopper } = await import('./checkout-helpers');
    const who = await shopper();
    const { own, marketplace } = await checkoutOffers();
    await add(who.browser, who.cartId, own[0]!, 1);
    await add(who.browser, who.cartId, marketplace, 1);
    const placed = await who.browser.api<{ orders: { orderNumber: string; total: number }[]; payment: { orderId: string } }>('POST', `/api/checkout/orders/${who.cartId}/place`, { shippingType: 1, shippingAddressId: who.address, paymentMethod: 'adyen', conditionsAccepted: true });
    expect(placed.status, JSON.stringify(placed.error)).toBe(201);
    expect(placed.data.orders).toHaveLength(2);
    expect((await payData(who.browser, placed.data.payment.orderId, { paymentMethod: card(VISA) })).status).toBe(200);
    const [first, second] = placed.data.orders;
    expect(await refundableAmount(db, first!.orderNumber)).toBe(first!.total);
    expect(await refundableAmount(db, second!.orderNumber)).toBe(second!.total);
    await expect(refundOrder(deps(), { orderNumber: second!.orderNumber, amount: second!.total + 1, method: 'original', reason: 'x', idempotencyKey: `share-over-${second!.orderNumber}` })).rejects.toThrow(AppError);
    // The whole of one order is not the whole payment: a refund, not a cancel.
    const refund = await refundOrder(deps(), { orderNumber: second!.orderNumber, amount: second!.total, method: 'original', reason: 'x', idempotencyKey: `share-${second!.orderNumber}` });
    expect(refund.cardAmount).toBe(second!.total);
    expect(await notificationsOf(placed.data.payment.orderId, 'REFUND')).toHaveLength(1);
    expect(await notificationsOf(placed.data.payment.orderId, 'CANCELLATION')).toHaveLength(0);
    expect(await refundableAmount(db, first!.orderNumber)).toBe(first!.total);
  });
});

describe('gift card and balance parts', () => {
  it("'original' gives the gift card back to the gift card and the rest to the balance, at once", async () => {
    const { userId, orderNumber, code } = await mixedOrder({ total: 1000, balance: 300, giftCard: 200 });
    expect(await refundableAmount(db, orderNumber)).toBe(1500);
    const refund = await refundOrder(deps(), { orderNumber, amount: 1400, method: 'original', reason: 'return', idempotencyKey: `mixed-${orderNumber}` });
    expect(refund).toMatchObject({ state: 'refunded', cardAmount: 0, giftCardAmount: 200, balanceAmount: 1200 });
    expect(await giftCardBalance(code)).toBe(200);
    expect(await balanceOf(userId)).toBe(1200);
    // Again with the same key: nothing more.
    await refundOrder(deps(), { orderNumber, amount: 1400, method: 'original', reason: 'return', idempotencyKey: `mixed-${orderNumber}` });
    expect(await giftCardBalance(code)).toBe(200);
    expect(await balanceOf(userId)).toBe(1200);
    expect(await creditNotes(refund.id)).toBe(1);
    await expect(refundOrder(deps(), { orderNumber, amount: 101, method: 'balance', reason: 'x', idempotencyKey: `over-${orderNumber}` })).rejects.toMatchObject({ entry: { code: 'REFUND_EXCEEDS_PAID' } });
    expect(await refundableAmount(db, orderNumber)).toBe(100);
  });

  it('several refunds of one order to the balance are each credited (once per refund, not once per order)', async () => {
    const { userId, orderNumber } = await mixedOrder({ total: 2000, balance: 0, giftCard: 0 });
    await refundOrder(deps(), { orderNumber, amount: 500, method: 'balance', reason: 'return', idempotencyKey: `b1-${orderNumber}` });
    await refundOrder(deps(), { orderNumber, amount: 700, method: 'balance', reason: 'return', idempotencyKey: `b2-${orderNumber}` });
    await refundOrder(deps(), { orderNumber, amount: 700, method: 'balance', reason: 'return', idempotencyKey: `b2-${orderNumber}` });
    expect(await balanceOf(userId)).toBe(1200);
    const movements = await env.DB.prepare("SELECT count(*) AS n FROM balance_movements WHERE user_id = ? AND type = 'RETURNS'").bind(userId).first<number>('n');
    expect(movements).toBe(2);
  });

  it('an order not paid yet has nothing to refund', async () => {
    const order = await placeByCard();
    expect(await refundableAmount(db, order.orderNumbers[0]!)).toBe(0);
    await expect(refundOrder(deps(), { orderNumber: order.orderNumbers[0]!, amount: 1, method: 'balance', reason: 'x', idempotencyKey: `unpaid-${order.reference}` })).rejects.toMatchObject({ entry: { code: 'REFUND_EXCEEDS_PAID' } });
    await expect(refundOrder(deps(), { orderNumber: newOrderNumber('ES', new Date()), amount: 1, method: 'balance', reason: 'x', idempotencyKey: `none-${crypto.randomUUID()}` })).rejects.toMatchObject({ entry: { code: 'ORDER_NOT_FOUND' } });
  });
});

describe('the cap holds whatever the refunds', () => {
  it('random refunds, some racing, never give back more than was paid (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({ total: fc.integer({ min: 0, max: 5000 }), balance: fc.integer({ min: 0, max: 2000 }), giftCard: fc.integer({ min: 0, max: 2000 }) }),
        fc.array(fc.array(fc.record({ amount: fc.integer({ min: 1, max: 4000 }), method: fc.constantFrom('original' as const, 'balance' as const) }), { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 4 }),
        async (parts, rounds) => {
          const { userId, orderNumber, code } = await mixedOrder(parts);
          const paid = parts.total + parts.balance + parts.giftCard;
          let n = 0;
          for (const round of rounds) {
            // Each round's refunds race one another.
            await Promise.allSettled(round.map((r) => refundOrder(deps(), { orderNumber, amount: r.amount, method: r.method, reason: 'prop', idempotencyKey: `prop-${orderNumber}-${n++}` })));
          }
          const rows = await refundRows(orderNumber);
          const given = rows.reduce((sum, r) => sum + r.amount, 0);
          expect(given).toBeLessThanOrEqual(paid);
          expect(rows.every((r) => r.state === 'refunded' && r.card_amount === 0 && r.gift_card_amount + r.balance_amount === r.amount)).toBe(true);
          expect(rows.reduce((sum, r) => sum + r.gift_card_amount, 0)).toBeLessThanOrEqual(parts.giftCard);
          // Money lands where the rows say.
          expect(await giftCardBalance(code)).toBe(rows.reduce((sum, r) => sum + r.gift_card_amount, 0));
          expect(await balanceOf(userId)).toBe(rows.reduce((sum, r) => sum + r.balance_amount, 0));
          expect(await refundableAmount(db, orderNumber)).toBe(paid - given);
        },
      ),
      { numRuns: 15 },
    );
  });
});
