/**
 * Stock held by unpaid card orders goes back once: a provider EXPIRE, the hold window and the
 * scheduled check of stuck attempts (worker/payments/scheduled.ts, called with its `now`).
 */
import { env } from 'cloudflare:workers';
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { HOLD_WINDOW_MS, runPaymentChecks, STUCK_PAYMENT_MS } from '../../worker/payments/scheduled';
import type { PaymentGateway } from '../../worker/payments/port';
import worker from '../../worker/index';
import { add, checkoutOffers, shopper } from './checkout-helpers';
import { card, deliver, orderEventsOf, orderStates, payData, paymentRows, placeByCard, signedNotification, stockOf, testGateway, VISA, VISA_3DS } from './payments-helpers';

/** Moves an order's placing (and its payments' last change) back in time. */
async function age(orderNumbers: string[], reference: string, ms: number) {
  await env.DB.batch([
    ...orderNumbers.map((n) => env.DB.prepare('UPDATE orders SET created_at = created_at - ? WHERE order_number = ?').bind(ms, n)),
    env.DB.prepare('UPDATE payments SET updated_at = updated_at - ? WHERE reference = ?').bind(ms, reference),
  ]);
}

/** The gateway, recording the cancels it is asked for. */
function recordingGateway() {
  const real = testGateway();
  const cancels: string[] = [];
  const gateway: PaymentGateway = Object.assign(Object.create(real) as PaymentGateway, {
    cancel: async (input: Parameters<PaymentGateway['cancel']>[0]) => {
      cancels.push(input.pspReference);
      return real.cancel(input);
    },
  });
  return { gateway, cancels };
}

describe('an expired payment', () => {
  it('the provider EXPIREs the only attempt: the orders are cancelled and their stock given back once, however often it is delivered', async () => {
    const order = await placeByCard(3);
    const reserved = await stockOf(order.offer.id);
    await payData(order.browser, order.reference, { paymentMethod: card(VISA_3DS) });
    const [payment] = await paymentRows(order.reference);
    const expire = await signedNotification({ pspReference: payment!.psp_reference!, merchantReference: order.reference, eventCode: 'EXPIRE', success: true, value: order.amount });
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(expire)));
    expect(answers.every((a) => a.text === '[accepted]')).toBe(true);
    expect(await orderStates(order.orderNumbers)).toEqual(['cancelled']);
    expect(await orderEventsOf(order.reference)).toEqual(['awaiting_payment', 'cancelled']);
    expect(await stockOf(order.offer.id)).toBe(reserved + 3);
    expect(await paymentRows(order.reference)).toMatchObject([{ state: 'expired' }]);
    // The scheduled check afterwards finds nothing more to give back.
    await runPaymentChecks(env.DB, undefined, Date.now() + HOLD_WINDOW_MS + 1);
    expect(await stockOf(order.offer.id)).toBe(reserved + 3);
    // A cancelled order cannot be paid any more.
    expect((await payData(order.browser, order.reference, { paymentMethod: card(VISA) })).error?.code).toBe(1422);
  });

  it('a refused payment leaves the order payable and its stock reserved', async () => {
    const order = await placeByCard(2);
    const reserved = await stockOf(order.offer.id);
    await payData(order.browser, order.reference, { paymentMethod: card(VISA, 'NOT_ENOUGH_BALANCE') });
    await runPaymentChecks(env.DB, undefined, Date.now());
    expect(await orderStates(order.orderNumbers)).toEqual(['awaiting_payment']);
    expect(await stockOf(order.offer.id)).toBe(reserved);
  });
});

describe('the scheduled check', () => {
  it('cancels a card order unpaid past the hold window and gives its stock back once, even run twice at once', async () => {
    const overdue = await placeByCard(2);
    const recent = await placeByCard(1);
    const reserved = await stockOf(overdue.offer.id);
    const recentStock = await stockOf(recent.offer.id);
    await age(overdue.orderNumbers, overdue.reference, HOLD_WINDOW_MS + 60_000);
    const now = Date.now();
    const runs = await Promise.all([runPaymentChecks(env.DB, undefined, now), runPaymentChecks(env.DB, undefined, now)]);
    expect(runs.reduce((sum, r) => sum + r.cancelledOrders, 0)).toBeGreaterThanOrEqual(1);
    expect(await orderStates(overdue.orderNumbers)).toEqual(['cancelled']);
    expect(await orderEventsOf(overdue.reference)).toEqual(['awaiting_payment', 'cancelled']);
    expect(await stockOf(overdue.offer.id)).toBe(reserved + 2);
    expect(await orderStates(recent.orderNumbers)).toEqual(['awaiting_payment']);
    if (recent.offer.id !== overdue.offer.id) expect(await stockOf(recent.offer.id)).toBe(recentStock);
  });

  it('leaves paid orders and bank transfers alone, whatever their age', async () => {
    const paid = await placeByCard();
    await payData(paid.browser, paid.reference, { paymentMethod: card(VISA) });
    const { browser, cartId, address } = await shopper();
    const { own } = await checkoutOffers();
    await add(browser, cartId, own[4]!, 1);
    const transfer = await browser.api<{ orders: { orderNumber: string }[] }>('POST', `/api/checkout/orders/${cartId}/place`, { shippingType: 1, shippingAddressId: address, paymentMethod: 'transferencia', conditionsAccepted: true });
    const transferNumber = transfer.data.orders[0]!.orderNumber;
    await age(paid.orderNumbers, paid.reference, HOLD_WINDOW_MS * 3);
    await age([transferNumber], transferNumber, HOLD_WINDOW_MS * 3);
    await runPaymentChecks(env.DB, undefined, Date.now());
    expect(await orderStates([paid.reference, transferNumber])).toEqual(['confirmed', 'awaiting_payment']);
  });

  it('gives up an attempt stuck waiting for the shopper: cancelled at the provider, expired; the order stays payable; a webhook that settled it first wins', async () => {
    const stuck = await placeByCard();
    await payData(stuck.browser, stuck.reference, { paymentMethod: card(VISA_3DS) });
    const [attempt] = await paymentRows(stuck.reference);
    const fresh = await placeByCard();
    await payData(fresh.browser, fresh.reference, { paymentMethod: card(VISA_3DS) });
    await age([], stuck.reference, STUCK_PAYMENT_MS + 60_000);
    const { gateway, cancels } = recordingGateway();
    await runPaymentChecks(env.DB, gateway, Date.now());
    expect(cancels).toContain(attempt!.psp_reference);
    expect(await paymentRows(stuck.reference)).toMatchObject([{ state: 'expired', stage: 'done' }]);
    expect(await paymentRows(fresh.reference)).toMatchObject([{ state: 'pending', stage: 'action' }]);
    expect(await orderStates(stuck.orderNumbers)).toEqual(['awaiting_payment']);
    // Payable again: a new attempt.
    expect((await payData(stuck.browser, stuck.reference, { paymentMethod: card(VISA) })).data.paymentResult).toBe('PROCESSED');
    // A payment the webhook settled between the read and the update is not expired over it.
    const settled = await placeByCard();
    await payData(settled.browser, settled.reference, { paymentMethod: card(VISA_3DS) });
    await age([], settled.reference, STUCK_PAYMENT_MS + 60_000);
    const [pending] = await paymentRows(settled.reference);
    const authorise = await signedNotification({ pspReference: pending!.psp_reference!, merchantReference: settled.reference, eventCode: 'AUTHORISATION', success: true, value: settled.amount });
    const racing: PaymentGateway = Object.assign(Object.create(testGateway()) as PaymentGateway, {
      cancel: async () => {
        await deliver(authorise);
        return { pspReference: 'X', status: 'received' as const };
      },
    });
    await runPaymentChecks(env.DB, racing, Date.now());
    expect(await paymentRows(settled.reference)).toMatchObject([{ state: 'authorised' }]);
    expect(await orderStates(settled.orderNumbers)).toEqual(['confirmed']);
  });

  it('runs as the Worker’s scheduled handler', async () => {
    const overdue = await placeByCard();
    await age(overdue.orderNumbers, overdue.reference, HOLD_WINDOW_MS + 60_000);
    const ctx = createExecutionContext();
    worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: '*/15 * * * *' }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect(await orderStates(overdue.orderNumbers)).toEqual(['cancelled']);
  });
});
