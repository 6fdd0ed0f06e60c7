/**
 * What every gateway shares (worker/api/gateway-payments.ts, worker/api/payment-gateway.ts,
 * worker/payments/scheduled.ts): placing with any gateway method waits for its payment and sends the
 * shopper to the method's own gateway page; the gateway calls answer only for gateway orders of their
 * own provider; notifications of an unknown provider are refused; a payment with its own expiry is
 * not given up before it.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { runPaymentChecks, STUCK_PAYMENT_MS } from '../../worker/payments/scheduled';
import type { PaymentGateway, PaymentOutcome } from '../../worker/payments/port';
import { channelShopper, offerBetween, placeWith, returnFromGateway, startGateway } from './gateways-helpers';
import { host, request } from './helpers';

describe('gateway orders', () => {
  it.each([
    ['paypal', '/cart/payment/form-type/gw'],
    ['bizum', '/cart/payment/form-type/gw'],
    ['tarjeta', '/cart/payment/form-type/gw'],
    ['inespay', '/cart/payment/form-type/gw'],
    ['aplazame', '/cart/payment/aplazame/gw'],
    ['lendismart', '/cart/payment/lendismart/gw'],
  ])('an order placed with %s waits for its payment, and any gateway page sends it to %s', async (method, own) => {
    const order = await placeWith(method, await offerBetween('ES', 10_000, 90_000, 3));
    expect(order.amount).toBeGreaterThan(0);
    // Opened at another gateway page, the order is sent to its own, keeping the query.
    const other = own === '/cart/payment/form-type/gw' ? '/cart/payment/mb-way/gw' : '/cart/payment/form-type/gw';
    const sent = await order.browser.fetch(`${other}?orderId=${order.reference}&start=1`, { redirect: 'manual' });
    expect(sent.status).toBe(302);
    expect(new URL(sent.headers.get('Location')!, host('ES')).pathname + new URL(sent.headers.get('Location')!, host('ES')).search).toBe(`${own}?orderId=${order.reference}&start=1`);
    // Its own page is the method's payment page, with a policy that lets it post to the provider.
    const page = await order.browser.fetch(`${own}?orderId=${order.reference}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('gateway-payment-page');
    expect(page.headers.get('Content-Security-Policy')).toMatch(/form-action 'self' https:/);
  });

  it('MB WAY and Multibanco are Portugal’s: placed there, each waits for its payment', async () => {
    const shopper = await channelShopper('PT');
    const order = await placeWith('mbway', await offerBetween('PT', 5_000, 90_000), shopper);
    const page = await order.browser.fetch(`/cart/payment/mb-way/gw?orderId=${order.reference}`);
    expect(page.status).toBe(200);
    const second = await placeWith('multibanco', await offerBetween('PT', 5_000, 90_000, 1), shopper);
    expect((await second.browser.fetch(`/cart/payment/form-type/gw?orderId=${second.reference}`)).status).toBe(200);
  });

  it('the gateway calls refuse a card order (1109), another provider’s return (400) and a stranger (404), changing nothing', async () => {
    const card = await placeWith('adyen', await offerBetween('ES', 10_000, 90_000, 5));
    expect((await startGateway(card)).error?.code).toBe(1109);
    const paypal = await placeWith('paypal', await offerBetween('ES', 10_000, 90_000, 6));
    const wrong = await returnFromGateway(paypal, 'redsys', { Ds_SignatureVersion: 'HMAC_SHA256_V1', Ds_MerchantParameters: 'e30=', Ds_Signature: 'x' });
    expect(wrong.status).toBe(400);
    const stranger = await channelShopper('ES');
    expect((await startGateway({ browser: stranger.browser, reference: paypal.reference })).status).toBe(404);
    expect((await env.DB.prepare('SELECT count(*) AS n FROM payments WHERE reference IN (?, ?)').bind(card.reference, paypal.reference).first<number>('n'))).toBe(0);
  });

  it('a start with fields its method does not take is refused before anything is claimed', async () => {
    const order = await placeWith('paypal', await offerBetween('ES', 10_000, 90_000, 7));
    const refused = await startGateway(order, { phone: '912345678' });
    expect(refused.status).toBe(400);
    expect(await env.DB.prepare('SELECT count(*) AS n FROM payments WHERE reference = ?').bind(order.reference).first<number>('n')).toBe(0);
  });
});

describe('gateway notifications', () => {
  it('for a provider the store does not have: 404, nothing stored', async () => {
    const before = await env.DB.prepare('SELECT count(*) AS n FROM payment_events').first<number>('n');
    const response = await request(`${host('ES')}/api/paymentGateway/stripe/notification`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(response.status).toBe(404);
    expect(await env.DB.prepare('SELECT count(*) AS n FROM payment_events').first<number>('n')).toBe(before);
  });
});

describe('a payment with its own expiry', () => {
  it('waits past the usual hour until its expiry; then its provider is asked, and a lapsed one frees the orders and their stock', async () => {
    const shopper = await channelShopper('PT');
    const offer = await offerBetween('PT', 5_000, 90_000, 2);
    const order = await placeWith('multibanco', offer, shopper);
    const stock = () => env.DB.prepare('SELECT stock FROM offers WHERE id = ?').bind(offer.id).first<number>('stock');
    const held = await stock();
    const now = Date.now();
    // An attempt waiting for its reference to be paid, three days long.
    await env.DB.prepare(
      "INSERT INTO payment_orders (reference, order_number) VALUES (?, ?) ON CONFLICT DO NOTHING",
    ).bind(order.reference, order.orderNumbers[0]).run();
    await env.DB.prepare(
      "INSERT INTO payments (reference, attempt, idempotency_key, provider, psp_reference, amount, currency, method, state, stage, expires_at, created_at, updated_at) VALUES (?, 1, ?, 'sibs', ?, ?, 'EUR', 'multibanco', 'pending', 'action', ?, ?, ?)",
    ).bind(order.reference, `test-${order.reference}`, `SIBS-${order.reference}`, order.amount, now + 3 * 24 * 3_600_000, now, now).run();
    const asked: string[] = [];
    const gateway = (status: PaymentOutcome['status']): PaymentGateway => ({
      provider: 'sibs',
      startPayment: async () => ({ status: 'error' }),
      submitDetails: async () => ({ status: 'error' }),
      refund: async () => ({ pspReference: 'R', status: 'received' }),
      cancel: async () => ({ pspReference: 'C', status: 'received' }),
      paymentStatus: async ({ pspReference }) => {
        asked.push(pspReference);
        return { status, pspReference } as PaymentOutcome;
      },
    });
    await runPaymentChecks(env.DB, () => gateway('pending'), now + STUCK_PAYMENT_MS * 2);
    expect(asked).toEqual([]);
    expect(await env.DB.prepare('SELECT state FROM payments WHERE reference = ?').bind(order.reference).first<string>('state')).toBe('pending');
    await runPaymentChecks(env.DB, () => gateway('expired'), now + 3 * 24 * 3_600_000 + 1);
    expect(asked).toEqual([`SIBS-${order.reference}`]);
    expect(await env.DB.prepare('SELECT state FROM payments WHERE reference = ?').bind(order.reference).first<string>('state')).toBe('expired');
    expect(await env.DB.prepare('SELECT state FROM orders WHERE order_number = ?').bind(order.orderNumbers[0]).first<string>('state')).toBe('cancelled');
    expect(await stock()).toBe(held! + 1);
  });

  it('paid at the last minute (its notification lost): recorded as paid, never cancelled', async () => {
    const shopper = await channelShopper('PT');
    const order = await placeWith('multibanco', await offerBetween('PT', 5_000, 90_000, 3), shopper);
    const now = Date.now();
    await env.DB.prepare('INSERT INTO payment_orders (reference, order_number) VALUES (?, ?) ON CONFLICT DO NOTHING').bind(order.reference, order.orderNumbers[0]).run();
    await env.DB.prepare(
      "INSERT INTO payments (reference, attempt, idempotency_key, provider, psp_reference, amount, currency, method, state, stage, expires_at, created_at, updated_at) VALUES (?, 1, ?, 'sibs', ?, ?, 'EUR', 'multibanco', 'pending', 'action', ?, ?, ?)",
    ).bind(order.reference, `test-${order.reference}`, `SIBS-${order.reference}`, order.amount, now + 1000, now, now).run();
    const paid: PaymentGateway = {
      provider: 'sibs',
      startPayment: async () => ({ status: 'error' }),
      submitDetails: async () => ({ status: 'error' }),
      refund: async () => ({ pspReference: 'R', status: 'received' }),
      cancel: async () => ({ pspReference: 'C', status: 'received' }),
      paymentStatus: async ({ pspReference }) => ({ status: 'authorised', pspReference }),
    };
    await runPaymentChecks(env.DB, () => paid, now + 2000);
    expect(await env.DB.prepare('SELECT state FROM payments WHERE reference = ?').bind(order.reference).first<string>('state')).toBe('authorised');
    expect(await env.DB.prepare('SELECT state FROM orders WHERE order_number = ?').bind(order.orderNumbers[0]).first<string>('state')).toBe('confirmed');
  });
});
