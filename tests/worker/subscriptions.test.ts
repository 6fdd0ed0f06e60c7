/**
 * Subscriptions against the Adyen sandbox (worker/subscriptions/): bought by card, the card is
 * stored for recurring use and the subscription starts ACTIVE with its token; the renewal job
 * (run with an injected time) charges the stored card once per period even when two runs race or
 * a run died mid-charge, retries a failed charge a day later up to three times, then expires;
 * cancelling, changing the card, the card that pays a subscription kept from removal, and
 * someone else's subscription answering 404.
 */
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { renewDueSubscriptions, renewWith } from '../../worker/subscriptions/renew';
import type { SubscriptionView } from '../../worker/subscriptions/manage';
import { addMonths } from '../../worker/subscriptions/states';
import type { CardProviderGateway, StoredMethodCharge } from '../../worker/payments/port';
import { shopperReference } from '../../worker/payments/shopper';
import { add, shopper, type OfferRow } from './checkout-helpers';
import { card, payData, sandboxPayments, testGateway, VISA } from './payments-helpers';
import type { TestBrowser } from './browser';
import { href, slugHref } from '../../client/routes';
import { DEFAULT_CHANNELS } from '../../worker/channel/channels';

const DAY = 24 * 60 * 60 * 1000;
const MC = '2222400070000005';

let yearly: OfferRow;
let monthly: OfferRow;
let offerWithoutPlan: OfferRow;
beforeAll(async () => {
  const offers = (await env.DB.prepare("SELECT o.id, o.article_id, o.price, o.stock FROM offers o JOIN articles a ON a.id = o.article_id WHERE o.channel = 'ES' AND o.seller_id = 0 AND o.condition = 'new' AND a.type IN ('normal', 'own-stock') AND o.availability_code <= 3 AND a.sale_restriction IS NULL AND o.stock >= 50 AND o.price < 20000 ORDER BY o.article_id DESC LIMIT 3").all<OfferRow>()).results;
  [yearly, monthly, offerWithoutPlan] = [offers[0]!, offers[1]!, offers[2]!];
  await env.DB.batch([
    env.DB.prepare('INSERT INTO subscription_plans (article_id, period_months, periods) VALUES (?, 12, NULL) ON CONFLICT DO NOTHING').bind(yearly.article_id),
    env.DB.prepare('INSERT INTO subscription_plans (article_id, period_months, periods) VALUES (?, 1, 2) ON CONFLICT DO NOTHING').bind(monthly.article_id),
  ]);
});

interface Bought {
  browser: TestBrowser;
  userId: number;
  orderNumber: string;
  subscription: SubscriptionView;
}

/** A shopper buys the plan article by card (the sandbox's Visa) and pays at once. */
async function buy(offer: OfferRow, holder = 'Ana García', number = VISA, who?: Awaited<ReturnType<typeof shopper>>): Promise<Bought> {
  const { browser, cartId, address } = who ?? (await shopper());
  await add(browser, cartId, offer, 1);
  const placed = await browser.api<{ orders: { orderNumber: string }[]; payment: { orderId: string } }>('POST', `/api/checkout/orders/${cartId}/place`, { shippingType: 1, shippingAddressId: address, paymentMethod: 'adyen', conditionsAccepted: true });
  expect(placed.status, JSON.stringify(placed.error)).toBe(201);
  const paid = await payData(browser, placed.data.payment.orderId, { paymentMethod: card(number, holder) });
  expect(paid.data.paymentResult).toBe('PROCESSED');
  const list = await browser.api<SubscriptionView[]>('GET', '/api/user/subscriptions');
  expect(list.status).toBe(200);
  const subscription = list.data.find((s) => s.orderNumber === placed.data.orders[0]!.orderNumber)!;
  expect(subscription).toBeDefined();
  const userId = (await env.DB.prepare('SELECT user_id FROM orders WHERE order_number = ?').bind(placed.data.orders[0]!.orderNumber).first<number>('user_id'))!;
  return { browser, userId, orderNumber: placed.data.orders[0]!.orderNumber, subscription };
}

async function row(id: number) {
  return (await env.DB.prepare('SELECT state, payment_token, renewals, current_period_end, start_at, end_at, version FROM subscriptions WHERE id = ?').bind(id).first<{ state: string; payment_token: string | null; renewals: number; current_period_end: number; start_at: number; end_at: number | null; version: number }>())!;
}

async function charges(id: number) {
  return (await env.DB.prepare('SELECT period, attempt, state, idempotency_key FROM subscription_payments WHERE subscription_id = ? ORDER BY period, attempt').bind(id).all<{ period: number; attempt: number; state: string; idempotency_key: string }>()).results;
}

async function inbox(userId: number) {
  return (await env.DB.prepare('SELECT kind, ref FROM inbox_messages WHERE user_id = ? AND kind LIKE ? ORDER BY id').bind(userId, 'subscription.%').all<{ kind: string; ref: string }>()).results;
}

/** The sandbox's gateway, counting the renewal charges it is asked for. */
function countingGateway() {
  const inner = testGateway();
  const calls: StoredMethodCharge[] = [];
  const gateway: CardProviderGateway = Object.assign(Object.create(inner) as CardProviderGateway, {
    chargeStoredMethod: (input: StoredMethodCharge) => {
      calls.push(input);
      return inner.chargeStoredMethod(input);
    },
  });
  return { gateway, calls };
}

describe('a subscription bought by card', () => {
  it('starts ACTIVE on the card that paid, stored for recurring use, for one period from the payment', async () => {
    const { subscription, userId, orderNumber } = await buy(yearly);
    expect(subscription).toMatchObject({ state: 'ACTIVE', referencedArticleId: yearly.article_id, price: yearly.price, type: 'YEARLY', renewals: 0, lastRenewal: null, orderNumber, promotions: [] });
    expect(subscription.paymentMethod).toMatchObject({ cardBrand: 'visa', lastFourDigits: '1111', cardHolderName: 'Ana García' });
    const stored = await testGateway().listStoredMethods(shopperReference(userId));
    const current = await row(subscription.id);
    expect(stored.map((m) => m.id)).toContain(current.payment_token);
    // What the customer sees of the token: its last four characters only.
    expect(subscription.paymentMethod!.paymentToken).toMatch(/^•+.{4}$/);
    expect(subscription.paymentMethod!.paymentToken).not.toBe(current.payment_token);
    const paidAt = (await env.DB.prepare('SELECT paid_at FROM orders WHERE order_number = ?').bind(orderNumber).first<number>('paid_at'))!;
    expect(current.start_at).toBe(paidAt);
    expect(current.current_period_end).toBe(addMonths(paidAt, 12));
    expect(subscription.endDate).toBe(addMonths(paidAt, 12));
    expect(subscription.nextRenewal).toBe(addMonths(paidAt, 12));
    // The payment asked the provider to keep the card for a subscription.
    const [payment] = await sandboxPayments(orderNumber);
    expect(payment).toBeDefined();
    expect(await inbox(userId)).toEqual([{ kind: 'subscription.active', ref: String(subscription.id) }]);
  });

  it('is created once however many times the fulfilment runs', async () => {
    const { orderNumber, userId } = await buy(yearly);
    const { fulfilOrder } = await import('../../worker/orders/fulfil');
    const { dbFor } = await import('../../worker/db/client');
    await Promise.all([fulfilOrder(dbFor(env.DB), orderNumber, new Date()), fulfilOrder(dbFor(env.DB), orderNumber, new Date())]);
    expect((await env.DB.prepare('SELECT count(*) AS n FROM subscriptions WHERE user_id = ?').bind(userId).first<number>('n'))).toBe(1);
  });

  it('the card paying it is kept from removal, and marked so, until the subscription is cancelled', async () => {
    const { browser, subscription } = await buy(yearly);
    const cards = await browser.api<{ id: string; hasActiveSubscription: boolean }[]>('GET', '/api/user/bankCards');
    const paying = cards.data.find((c) => c.hasActiveSubscription)!;
    expect(paying).toBeDefined();
    const refused = await browser.api('DELETE', `/api/user/0/bankstore/adyen/${paying.id}/disable`);
    expect(refused.status).toBe(409);
    expect(refused.error?.code).toBe('CARD_IN_SUBSCRIPTION');
    expect((await browser.api('POST', `/api/user/subscription/cancel?subscriptionId=${subscription.id}`, {})).status).toBe(200);
    expect((await browser.api('DELETE', `/api/user/0/bankstore/adyen/${paying.id}/disable`)).status).toBe(200);
  });
});

describe('the renewal job', () => {
  it('charges the stored card when the period ends, once even when two runs race, and moves the period on', async () => {
    const { subscription, userId, browser } = await buy(yearly);
    const before = await row(subscription.id);
    const { gateway, calls } = countingGateway();
    // Not due yet: nothing happens.
    await renewWith(env.DB, gateway, before.current_period_end - 1);
    // (Subscriptions bought by earlier tests of this file fall due a moment before this one.)
    expect(calls.filter((call) => call.reference.startsWith(`SUB-${subscription.id}-`))).toHaveLength(0);
    const due = before.current_period_end + 60_000;
    await Promise.all([renewWith(env.DB, gateway, due), renewWith(env.DB, gateway, due), renewDueSubscriptions(env, due)]);
    expect(await sandboxPayments(`SUB-${subscription.id}-1`)).toHaveLength(1);
    // The racing runs asked the provider once between them.
    expect(calls.filter((call) => call.reference === `SUB-${subscription.id}-1`)).toHaveLength(1);
    expect(await charges(subscription.id)).toEqual([{ period: 1, attempt: 1, state: 'PAYMENT_SUCCESSFUL', idempotency_key: `sub:${subscription.id}:1:1` }]);
    const after = await row(subscription.id);
    expect(after).toMatchObject({ state: 'ACTIVE', renewals: 1, current_period_end: addMonths(before.start_at, 24) });
    expect((await inbox(userId)).map((m) => m.kind)).toEqual(['subscription.active', 'subscription.renewed']);
    // A later run within the new period charges nothing more.
    await renewWith(env.DB, gateway, due + DAY);
    expect(await sandboxPayments(`SUB-${subscription.id}-1`)).toHaveLength(1);
    const listed = (await browser.api<SubscriptionView[]>('GET', '/api/user/subscriptions')).data.find((s) => s.id === subscription.id)!;
    expect(listed).toMatchObject({ renewals: 1, endDate: addMonths(before.start_at, 24) });
    expect(listed.payments).toMatchObject([{ period: 1, attempt: 1, state: 'PAYMENT_SUCCESSFUL', amount: yearly.price }]);
  });

  it('a run that died after charging: the next one sends the same key and records the first charge, not a second', async () => {
    const { subscription } = await buy(yearly);
    const before = await row(subscription.id);
    const due = before.current_period_end + 1;
    const key = `sub:${subscription.id}:1:1`;
    // The dead run: it claimed the attempt and the provider charged, but nothing more was recorded.
    await env.DB.prepare("INSERT INTO subscription_payments (subscription_id, period, attempt, idempotency_key, amount, state, created_at, updated_at) VALUES (?, 1, 1, ?, ?, 'PAYMENT_PENDING', ?, ?)").bind(subscription.id, key, yearly.price, due, due).run();
    const first = await testGateway().chargeStoredMethod!({ amount: { value: yearly.price, currency: 'EUR' }, reference: `SUB-${subscription.id}-1`, shopperReference: shopperReference((await env.DB.prepare('SELECT user_id FROM subscriptions WHERE id = ?').bind(subscription.id).first<number>('user_id'))!), storedMethodId: before.payment_token!, idempotencyKey: key, returnUrl: 'https://www.ampora.es/' });
    expect(first.status).toBe('authorised');
    // Still possibly in flight: left alone.
    await renewWith(env.DB, testGateway(), due + 60_000);
    expect((await row(subscription.id)).renewals).toBe(0);
    await renewWith(env.DB, testGateway(), due + 11 * 60_000);
    expect(await sandboxPayments(`SUB-${subscription.id}-1`)).toHaveLength(1);
    expect(await charges(subscription.id)).toEqual([{ period: 1, attempt: 1, state: 'PAYMENT_SUCCESSFUL', idempotency_key: key }]);
    expect((await row(subscription.id)).renewals).toBe(1);
  });

  it('a refused renewal is retried a day later on the card the customer chose, and the period is kept', async () => {
    const { subscription, userId, browser } = await buy(yearly);
    const before = await row(subscription.id);
    // The card is gone at the provider (the bank closed it): the charge is refused.
    await testGateway().disableStoredMethod(shopperReference(userId), before.payment_token!);
    const due = before.current_period_end + 1;
    await renewWith(env.DB, testGateway(), due);
    expect(await charges(subscription.id)).toMatchObject([{ period: 1, attempt: 1, state: 'PAYMENT_FAILED' }]);
    expect(await row(subscription.id)).toMatchObject({ state: 'ACTIVE', renewals: 0 });
    expect((await inbox(userId)).map((m) => m.kind)).toEqual(['subscription.active', 'subscription.renewal_failed']);
    // The customer adds a card and puts the subscription on it.
    const added = await browser.api('POST', '/api/user/adyen/new-card', { paymentMethod: card(MC, 'Ana García') });
    expect(added.status).toBe(200);
    const newCard = (await browser.api<{ id: string; lastFourDigits: string }[]>('GET', '/api/user/bankCards')).data.find((c) => c.lastFourDigits === '0005')!;
    const changed = await browser.api<SubscriptionView>('PATCH', `/api/user/subscriptions/${subscription.id}/payment-token`, { paymentToken: newCard.id });
    expect(changed.status).toBe(200);
    expect(changed.data.paymentMethod).toMatchObject({ cardBrand: 'mc', lastFourDigits: '0005' });
    // Within the day: no new attempt.
    await renewWith(env.DB, testGateway(), due + DAY - 1000);
    expect(await charges(subscription.id)).toHaveLength(1);
    await renewWith(env.DB, testGateway(), due + DAY + 1000);
    expect(await charges(subscription.id)).toMatchObject([
      { period: 1, attempt: 1, state: 'PAYMENT_FAILED' },
      { period: 1, attempt: 2, state: 'PAYMENT_SUCCESSFUL' },
    ]);
    expect(await row(subscription.id)).toMatchObject({ state: 'ACTIVE', renewals: 1, current_period_end: addMonths(before.start_at, 24) });
  });

  it('three refused renewals expire it at the end of the period it paid', async () => {
    const { subscription, userId } = await buy(yearly);
    const before = await row(subscription.id);
    await testGateway().disableStoredMethod(shopperReference(userId), before.payment_token!);
    const due = before.current_period_end + 1;
    for (const at of [due, due + DAY + 1, due + 2 * DAY + 2, due + 3 * DAY + 3]) await renewWith(env.DB, testGateway(), at);
    expect((await charges(subscription.id)).map((c) => [c.attempt, c.state])).toEqual([
      [1, 'PAYMENT_FAILED'],
      [2, 'PAYMENT_FAILED'],
      [3, 'PAYMENT_FAILED'],
    ]);
    expect(await row(subscription.id)).toMatchObject({ state: 'EXPIRED', renewals: 0, end_at: before.current_period_end });
    expect((await inbox(userId)).map((m) => m.kind)).toEqual(['subscription.active', 'subscription.renewal_failed', 'subscription.renewal_failed', 'subscription.renewal_failed', 'subscription.expired']);
  });

  it('a plan of two monthly periods renews once, then expires without a charge', async () => {
    const { subscription } = await buy(monthly);
    expect(subscription.type).toBe('MONTHLY');
    const before = await row(subscription.id);
    expect(before.current_period_end).toBe(addMonths(before.start_at, 1));
    await renewWith(env.DB, testGateway(), before.current_period_end);
    expect(await row(subscription.id)).toMatchObject({ state: 'ACTIVE', renewals: 1, current_period_end: addMonths(before.start_at, 2) });
    await renewWith(env.DB, testGateway(), addMonths(before.start_at, 2));
    expect(await row(subscription.id)).toMatchObject({ state: 'EXPIRED', renewals: 1, end_at: addMonths(before.start_at, 2) });
    expect(await sandboxPayments(`SUB-${subscription.id}-2`)).toHaveLength(0);
  });
});

describe('the customer\'s calls', () => {
  it('cancel: nothing more is charged, usable until the period ends; cancelling again is 409', async () => {
    const { browser, subscription, userId } = await buy(yearly);
    const before = await row(subscription.id);
    const cancelled = await browser.api<SubscriptionView>('POST', `/api/user/subscription/cancel?subscriptionId=${subscription.id}`, {});
    expect(cancelled.status).toBe(200);
    expect(cancelled.data).toMatchObject({ state: 'CANCELED', endDate: before.current_period_end, nextRenewal: null });
    const again = await browser.api('POST', `/api/user/subscription/cancel?subscriptionId=${subscription.id}`, {});
    expect(again.status).toBe(409);
    expect(again.error?.code).toBe('SUBSCRIPTION_NOT_CANCELABLE');
    await renewWith(env.DB, testGateway(), before.current_period_end + 1);
    expect(await sandboxPayments(`SUB-${subscription.id}-1`)).toHaveLength(0);
    expect((await row(subscription.id)).state).toBe('CANCELED');
    expect((await inbox(userId)).map((m) => m.kind)).toEqual(['subscription.active', 'subscription.canceled']);
  });

  it('bad input answers 400 and changes nothing', async () => {
    const { browser, subscription } = await buy(yearly);
    const before = await row(subscription.id);
    for (const query of ['', '?subscriptionId=abc', '?subscriptionId=-1', '?subscriptionId=0']) {
      expect((await browser.api('POST', `/api/user/subscription/cancel${query}`, {})).status, query).toBe(400);
    }
    for (const body of [{}, { paymentToken: '' }, { paymentToken: 'a b' }, { paymentToken: 'x'.repeat(65) }, { paymentToken: 42 }]) {
      expect((await browser.api('PATCH', `/api/user/subscriptions/${subscription.id}/payment-token`, body)).status, JSON.stringify(body)).toBe(400);
    }
    const unknown = await browser.api('PATCH', `/api/user/subscriptions/${subscription.id}/payment-token`, { paymentToken: 'NOTMYCARD0000000' });
    expect(unknown.status).toBe(400);
    expect(unknown.error?.code).toBe('SUBSCRIPTION_CARD_UNKNOWN');
    expect(await row(subscription.id)).toEqual(before);
    expect((await browser.api('POST', '/api/user/subscription/cancel?subscriptionId=999999999', {})).status).toBe(404);
  });

  it('someone else\'s subscription is a 404 and stays as it was; their card cannot be used', async () => {
    const alice = await buy(yearly);
    const bob = await buy(yearly);
    const before = await row(alice.subscription.id);
    expect((await bob.browser.api<SubscriptionView[]>('GET', '/api/user/subscriptions')).data.map((s) => s.id)).toEqual([bob.subscription.id]);
    expect((await bob.browser.api('POST', `/api/user/subscription/cancel?subscriptionId=${alice.subscription.id}`, {})).status).toBe(404);
    const bobToken = (await row(bob.subscription.id)).payment_token!;
    expect((await bob.browser.api('PATCH', `/api/user/subscriptions/${alice.subscription.id}/payment-token`, { paymentToken: bobToken })).status).toBe(404);
    expect(await row(alice.subscription.id)).toEqual(before);
    // Alice cannot put her subscription on Bob's card either.
    expect((await alice.browser.api('PATCH', `/api/user/subscriptions/${alice.subscription.id}/payment-token`, { paymentToken: bobToken })).status).toBe(400);
    expect(await row(alice.subscription.id)).toEqual(before);
  });

  it('the calls need a signed-in customer', async () => {
    const { TestBrowser: Browser } = await import('./browser');
    const anonymous = new Browser();
    expect((await anonymous.api('GET', '/api/user/subscriptions')).status).toBe(401);
    expect((await anonymous.api('POST', '/api/user/subscription/cancel?subscriptionId=1', {})).status).toBe(401);
  });
});

describe('a subscription paid without storing the card', () => {
  it('waits for a card, and starts from the payment when the customer gives one', async () => {
    const { subscription, browser, userId } = await buy(yearly);
    // As if the answer with the token had been lost: back to waiting for a card.
    await env.DB.prepare("UPDATE subscriptions SET state = 'PAYMENT_TOKEN_PENDING', payment_token = NULL, start_at = NULL, current_period_end = NULL, version = version + 1 WHERE id = ?").bind(subscription.id).run();
    // Two stored cards: which one is the customer's to say, the job does not guess.
    await browser.api('POST', '/api/user/adyen/new-card', { paymentMethod: card(MC, 'Ana García') });
    await renewWith(env.DB, testGateway(), Date.now());
    expect((await row(subscription.id)).state).toBe('PAYMENT_TOKEN_PENDING');
    const listed = (await browser.api<SubscriptionView[]>('GET', '/api/user/subscriptions')).data[0]!;
    expect(listed).toMatchObject({ state: 'PAYMENT_TOKEN_PENDING', paymentMethod: null, nextRenewal: null });
    const cards = (await testGateway().listStoredMethods(shopperReference(userId))).filter((m) => m.lastFour === '0005');
    const changed = await browser.api<SubscriptionView>('PATCH', `/api/user/subscriptions/${subscription.id}/payment-token`, { paymentToken: cards[0]!.id });
    expect(changed.status).toBe(200);
    const paidAt = (await env.DB.prepare('SELECT paid_at FROM orders WHERE order_number = ?').bind(subscription.orderNumber).first<number>('paid_at'))!;
    expect(changed.data).toMatchObject({ state: 'ACTIVE', startDate: paidAt, endDate: addMonths(paidAt, 12) });
  });

  it('the job adopts the customer\'s only stored card', async () => {
    const { subscription } = await buy(yearly);
    const token = (await row(subscription.id)).payment_token;
    await env.DB.prepare("UPDATE subscriptions SET state = 'PAYMENT_TOKEN_PENDING', payment_token = NULL, start_at = NULL, current_period_end = NULL, version = version + 1 WHERE id = ?").bind(subscription.id).run();
    await renewWith(env.DB, testGateway(), Date.now());
    expect(await row(subscription.id)).toMatchObject({ state: 'ACTIVE', payment_token: token });
  });
});


describe('the subscriptions screen', () => {
  const screen = () => href('accountSubscriptions', 'es_ES', DEFAULT_CHANNELS.ES);
  const form = (fields: Record<string, string>) => ({ method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });

  it('shows each subscription with its state, price, renewal, card and order, and asks a visitor to sign in', async () => {
    const { browser, subscription, orderNumber } = await buy(yearly);
    const response = await browser.fetch(screen());
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`data-subscription-id="${subscription.id}"`);
    expect(html).toContain('data-state="ACTIVE"');
    expect(html).toContain(`data-next-renewal="${subscription.nextRenewal}"`);
    expect(html).toContain('1111');
    expect(html).toContain(orderNumber);
    expect(html).toContain(`action="/api/user/subscriptions/${subscription.id}/payment-token"`);
    // The cancel form appears only on the confirmation step.
    expect(html).not.toContain(`action="/api/user/subscription/cancel?subscriptionId=${subscription.id}"`);
    const anonymous = await new (await import('./browser')).TestBrowser().fetch(screen());
    expect([302, 303]).toContain(anonymous.status);
  });

  it('cancels after the confirmation step and changes the card with plain forms, answering with the screen', async () => {
    const { browser, subscription } = await buy(yearly);
    const confirm = await (await browser.fetch(`${screen()}?confirm=${subscription.id}`)).text();
    const action = `/api/user/subscription/cancel?subscriptionId=${subscription.id}`;
    expect(confirm).toContain(`action="${action.replace(/&/g, '&amp;')}"`);
    // A card of someone else's is refused back to the screen with the error, nothing changed.
    const refused = await browser.fetch(`/api/user/subscriptions/${subscription.id}/payment-token`, form({ paymentToken: 'NOTMYCARD0000000', respond: 'page', lang: 'es_ES' }));
    expect(refused.status).toBe(303);
    expect(refused.headers.get('location')).toBe(`${screen()}?error=SUBSCRIPTION_CARD_UNKNOWN`);
    await browser.api('POST', '/api/user/adyen/new-card', { paymentMethod: card(MC, 'Ana García') });
    const mc = (await browser.api<{ id: string; lastFourDigits: string }[]>('GET', '/api/user/bankCards')).data.find((c) => c.lastFourDigits === '0005')!;
    const changed = await browser.fetch(`/api/user/subscriptions/${subscription.id}/payment-token`, form({ paymentToken: mc.id, respond: 'page', lang: 'es_ES' }));
    expect(changed.status).toBe(303);
    expect(changed.headers.get('location')).toBe(`${screen()}?done=card`);
    expect((await row(subscription.id)).payment_token).toBe(mc.id);
    const cancelled = await browser.fetch(action, form({ respond: 'page', lang: 'es_ES' }));
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get('location')).toBe(`${screen()}?done=canceled`);
    const html = await (await browser.fetch(`${screen()}?done=canceled`)).text();
    expect(html).toContain('data-state="CANCELED"');
    expect(html).toContain('role="status"');
    const again = await browser.fetch(action, form({ respond: 'page', lang: 'es_ES' }));
    expect(again.headers.get('location')).toBe(`${screen()}?error=SUBSCRIPTION_NOT_CANCELABLE`);
  });
});

describe('selling and charging a subscription', () => {
  it('the basket says which line is a subscription, and only the card provider may pay it (32028)', async () => {
    const { browser, cartId, address } = await shopper();
    await add(browser, cartId, yearly, 1);
    const cart = await browser.api<{ articles: { idArticle: number; isSubscription: boolean }[] }>('GET', `/api/checkout/orders/${cartId}/cart`);
    expect(cart.data.articles.find((a) => a.idArticle === yearly.article_id)?.isSubscription).toBe(true);
    const quote = await browser.api<{ payments: { slug: string }[]; paymentsNotAllowed: { slug: string; unavailableData: { error_code: number } }[] }>('GET', `/api/checkout/orders/${cartId}/quote?shippingType=1&shippingAddressId=${address}`);
    expect(quote.data.payments.map((p) => p.slug)).toContain('adyen');
    expect(quote.data.payments.map((p) => p.slug)).not.toContain('transferencia');
    expect(quote.data.paymentsNotAllowed.find((p) => p.slug === 'transferencia')?.unavailableData.error_code).toBe(32028);
    // Without the plan the same article is an ordinary line.
    const plain = await shopper();
    await add(plain.browser, plain.cartId, offerWithoutPlan, 1);
    const plainCart = await plain.browser.api<{ articles: { idArticle: number; isSubscription: boolean }[] }>('GET', `/api/checkout/orders/${plain.cartId}/cart`);
    expect(plainCart.data.articles[0]?.isSubscription).toBe(false);
  });

  it('the product page says the article is a subscription and how often it renews; others say nothing', async () => {
    const slugOf = async (articleId: number) => (await env.DB.prepare("SELECT slug FROM article_translations WHERE article_id = ? AND lang = 'es_ES'").bind(articleId).first<string>('slug'))!;
    const browser = (await shopper()).browser;
    const yearlyPage = await (await browser.fetch(slugHref(await slugOf(yearly.article_id), 'es_ES', DEFAULT_CHANNELS.ES))).text();
    expect(yearlyPage).toContain('data-subscription-months="12"');
    const monthlyPage = await (await browser.fetch(slugHref(await slugOf(monthly.article_id), 'es_ES', DEFAULT_CHANNELS.ES))).text();
    expect(monthlyPage).toContain('data-subscription-months="1"');
    const plainPage = await (await browser.fetch(slugHref(await slugOf(offerWithoutPlan.article_id), 'es_ES', DEFAULT_CHANNELS.ES))).text();
    expect(plainPage).toContain('data-product-id');
    expect(plainPage).not.toContain('data-subscription-months');
  });

  it('the sandbox, as Adyen, refuses a renewal on an unknown card and a payment without the shopper on a new card', async () => {
    const gateway = testGateway();
    await expect(gateway.chargeStoredMethod!({ amount: { value: 1000, currency: 'EUR' }, reference: 'SUB-999999-1', shopperReference: shopperReference(999_999), storedMethodId: 'UNKNOWNCARD00000', idempotencyKey: 'sub:999999:1:1', returnUrl: 'https://www.ampora.es/' })).rejects.toMatchObject({ kind: 'validation', errorCode: '800' });
    const response = await fetch(`${env.ADYEN_API_BASE_URL}/v71/payments`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-API-Key': env.ADYEN_API_KEY },
      body: JSON.stringify({ merchantAccount: env.ADYEN_MERCHANT_ACCOUNT, amount: { value: 1000, currency: 'EUR' }, reference: 'SUB-X', returnUrl: 'https://www.ampora.es/', shopperReference: 'x', shopperInteraction: 'ContAuth', recurringProcessingModel: 'Subscription', paymentMethod: card(VISA) }),
    });
    expect(response.status).toBe(422);
    expect(((await response.json()) as { errorCode: string }).errorCode).toBe('702');
  });
});
