/**
 * The card payment pages (spec §2) rendered by the Worker with the real Adyen sandbox behind the
 * calls: /cart/ok and /cart/ko for a card payment, the form page, the 3-D Secure return page, the
 * stored cards on the payment step, and the CSP that only card-form pages widen.
 */
import { describe, expect, it } from 'vitest';
import { TestBrowser } from './browser';
import { add, checkoutOffers, shopper } from './checkout-helpers';
import { MC_FRICTIONLESS, VISA, card, payData, placeByCard } from './payments-helpers';

async function html(browser: TestBrowser, path: string) {
  const response = await browser.fetch(path);
  return { status: response.status, location: response.headers.get('Location'), csp: response.headers.get('Content-Security-Policy') ?? '', body: await response.text() };
}

/** The props the server gave an island, or null when the page has no such island. */
function islandProps(body: string, name: string): Record<string, unknown> | null {
  const match = new RegExp(`data-island="${name}"[^>]*data-props="([^"]*)"`).exec(body);
  if (!match) return null;
  return JSON.parse(match[1]!.replaceAll('&quot;', '"').replaceAll('&amp;', '&').replaceAll('&#x27;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>'));
}

describe('/cart/payment/form-type/gw', () => {
  it('shows the card form for the owner\'s order awaiting payment, with the card-form CSP; another shopper gets 404', async () => {
    const order = await placeByCard(2);
    const page = await html(order.browser, `/cart/payment/form-type/gw?orderId=${order.reference}`);
    expect(page.status).toBe(200);
    expect(islandProps(page.body, 'card-payment')).toEqual({ orderNumber: order.reference, amount: order.amount, hash: null });
    expect(page.csp).toContain("frame-src 'self' https:");
    expect(page.csp).toContain('https://*.adyen.com');

    const stranger = await shopper();
    expect((await html(stranger.browser, `/cart/payment/form-type/gw?orderId=${order.reference}`)).status).toBe(404);
    expect((await html(order.browser, '/cart/payment/form-type/gw?orderId=not-an-order')).status).toBe(404);
    // Pages without the form keep the strict policy.
    expect((await html(order.browser, '/cart/shopping_basket')).csp).not.toContain('frame-src');
  });

  it('sends a paid order to its result page', async () => {
    const order = await placeByCard();
    const paid = await payData(order.browser, order.reference, { paymentMethod: card(VISA) });
    expect(paid.data.paymentResult).toBe('PROCESSED');
    const page = await html(order.browser, `/cart/payment/form-type/gw?orderId=${order.reference}`);
    expect(page.status).toBe(302);
    expect(page.location).toBe(`/cart/ok?orderId=${order.reference}`);
  });
});

describe('/cart/ok and /cart/ko after a card payment', () => {
  it('ok: every order of the payment, and the payment followed from the first', async () => {
    const order = await placeByCard();
    const paid = await payData(order.browser, order.reference, { paymentMethod: card(MC_FRICTIONLESS) });
    expect(paid.data.next).toBe(`/cart/ok?orderId=${order.reference}`);
    const page = await html(order.browser, paid.data.next);
    expect(page.status).toBe(200);
    for (const number of order.orderNumbers) expect(page.body).toContain(`data-order-number="${number}"`);
    expect(islandProps(page.body, 'payment-status')).toEqual({ orderNumber: order.reference, state: 'confirmed' });
    expect(page.body).toContain('data-payment="paid"');
    // Only the owner sees it.
    const stranger = await shopper();
    expect((await html(stranger.browser, paid.data.next)).status).toBe(404);
  });

  it('ko: the owner\'s refused order gets the reason island; anyone else the general page', async () => {
    const order = await placeByCard();
    const refused = await payData(order.browser, order.reference, { paymentMethod: card(MC_FRICTIONLESS, 'NOT_ENOUGH_BALANCE') });
    expect(refused.data).toMatchObject({ paymentResult: 'REJECTED_USER', reason: 'funds_exceeded', next: `/cart/ko?orderId=${order.reference}` });
    const page = await html(order.browser, refused.data.next);
    expect(islandProps(page.body, 'payment-failed')).toEqual({ orderNumber: order.reference });
    const reason = await order.browser.api<{ reason: string; canPayLater: boolean }>('GET', `/api/orders/payment/error/${order.reference}`);
    expect(reason.data).toMatchObject({ reason: 'funds_exceeded', canPayLater: true });

    const stranger = await shopper();
    const general = await html(stranger.browser, refused.data.next);
    expect(general.status).toBe(200);
    expect(islandProps(general.body, 'payment-failed')).toBeNull();
    expect(general.body).not.toContain(order.reference);
  });
});

describe('/cart/order/securePayment', () => {
  it('hands a well-formed redirectResult to its island and nothing else', async () => {
    const browser = new TestBrowser();
    const good = await html(browser, '/cart/order/securePayment?orderId=ES-260101-ABCDEF&redirectResult=eyJhIjoxfQ%3D%3D');
    expect(islandProps(good.body, 'payment-return')).toEqual({ kind: 'secure', orderNumber: 'ES-260101-ABCDEF', redirectResult: 'eyJhIjoxfQ==', hash: null });
    for (const query of ['orderId=ES-260101-ABCDEF', 'orderId=nope&redirectResult=abc', 'orderId=ES-260101-ABCDEF&redirectResult=%3Cscript%3E', 'orderId=ES-260101-ABCDEF&redirectResult=abc&hash=zz']) {
      const bad = await html(browser, `/cart/order/securePayment?${query}`);
      expect(bad.status, query).toBe(200);
      expect(islandProps(bad.body, 'payment-return'), query).toBeNull();
    }
  });
});

describe('payment step', () => {
  it('offers the stored cards of the shopper, and the draft keeps the chosen one only with the card provider', async () => {
    const who = await shopper();
    const order = await placeByCard(1, 'adyen', who);
    const saved = await payData(order.browser, order.reference, { paymentMethod: card(MC_FRICTIONLESS), storePaymentMethod: true });
    expect(saved.data.paymentResult).toBe('PROCESSED');
    const cards = await order.browser.api<{ id: string; lastFourDigits: string }[]>('GET', '/api/user/bankCards');
    expect(cards.data).toHaveLength(1);
    const stored = cards.data[0]!;

    // The next checkout, up to the payment step.
    const cartId = (await order.browser.api<{ idCart: string }>('POST', '/api/users/info')).data.idCart;
    const { own } = await checkoutOffers();
    await add(order.browser, cartId, own[1]!);
    expect((await order.browser.api('PUT', `/api/checkout/orders/${cartId}/draft`, { shippingType: 1, shippingAddressSelected: who.address })).status).toBe(200);
    const step = await html(order.browser, '/cart/payment');
    expect(step.status).toBe(200);
    const props = islandProps(step.body, 'checkout-step') as { storedCards: { id: string; lastFourDigits: string; expired: boolean }[] };
    expect(props.storedCards).toEqual([expect.objectContaining({ id: stored.id, lastFourDigits: '9736', expired: false })]);
    expect(step.body).toContain(`value="card-${stored.id}"`);

    const chosen = await order.browser.api<{ adyenInfo: { selectedStoredCard: string | null } }>('PUT', `/api/checkout/orders/${cartId}/draft`, { paymentMethodSelected: 'adyen', adyenInfo: { selectedStoredCard: stored.id } });
    expect(chosen.status).toBe(200);
    const summary = islandProps((await html(order.browser, '/cart/summary')).body, 'checkout-step') as { draft: { adyenInfo: { selectedStoredCard: string | null } } };
    expect(summary.draft.adyenInfo.selectedStoredCard).toBe(stored.id);
    await order.browser.api('PUT', `/api/checkout/orders/${cartId}/draft`, { paymentMethodSelected: 'transferencia' });
    const other = islandProps((await html(order.browser, '/cart/summary')).body, 'checkout-step') as { draft: { adyenInfo: { selectedStoredCard: string | null } } };
    expect(other.draft.adyenInfo.selectedStoredCard).toBeNull();
  });
});

describe('a removed stored card (spec §4)', () => {
  it('was the chosen one: the payment step selects the first remaining card', async () => {
    const who = await shopper();
    for (const number of [VISA, MC_FRICTIONLESS]) {
      const order = await placeByCard(1, 'adyen', who);
      expect((await payData(order.browser, order.reference, { paymentMethod: card(number), storePaymentMethod: true })).data.paymentResult).toBe('PROCESSED');
    }
    const cards = (await who.browser.api<{ id: string; lastFourDigits: string }[]>('GET', '/api/user/bankCards')).data;
    expect(cards).toHaveLength(2);
    const [chosen, other] = [cards[0]!, cards[1]!];

    const { own } = await checkoutOffers();
    await add(who.browser, who.cartId, own[2]!);
    await who.browser.api('PUT', `/api/checkout/orders/${who.cartId}/draft`, { shippingType: 1, shippingAddressSelected: who.address, paymentMethodSelected: 'adyen', adyenInfo: { selectedStoredCard: chosen.id } });
    const before = islandProps((await html(who.browser, '/cart/payment')).body, 'checkout-step') as { draft: { adyenInfo: { selectedStoredCard: string | null } } };
    expect(before.draft.adyenInfo.selectedStoredCard).toBe(chosen.id);

    expect((await who.browser.api('DELETE', `/api/user/0/bankstore/adyen/${chosen.id}/disable`)).status).toBe(200);
    const after = islandProps((await html(who.browser, '/cart/payment')).body, 'checkout-step') as { draft: { adyenInfo: { selectedStoredCard: string | null } }; storedCards: { id: string }[] };
    expect(after.storedCards.map((c) => c.id)).toEqual([other.id]);
    expect(after.draft.adyenInfo.selectedStoredCard).toBe(other.id);
  });
});
