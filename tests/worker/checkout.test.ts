import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../worker/db/client';
import { transitionOrder } from '../../worker/orders/transitions';
import { TestBrowser } from './browser';
import { MADRID, OWN_NEW, add, checkoutOffers, shopper, type OfferRow, type Placed } from './checkout-helpers';

let own: OfferRow[] = [];
let marketplace: OfferRow;

beforeAll(async () => {
  ({ own, marketplace } = await checkoutOffers());
});

describe('checkout quote', () => {
  it('prices the cart for home delivery and lists the payment methods, with the ones not allowed and why', async () => {
    const { browser, cartId, address } = await shopper();
    await add(browser, cartId, own[0]!, 1);
    const quote = await browser.api<{ totals: { articlesSubtotal: number; shippingCost: number; totalToPay: number }; payments: { slug: string }[]; paymentsNotAllowed: { slug: string; unavailableData: { error_code: number } }[] }>(
      'GET',
      `/api/checkout/orders/${cartId}/quote?shippingType=1&shippingAddressId=${address}`,
    );
    expect(quote.status).toBe(200);
    const expectedShipping = own[0]!.price >= 5000 ? 0 : 499;
    expect(quote.data.totals).toMatchObject({ articlesSubtotal: own[0]!.price, shippingCost: expectedShipping, totalToPay: own[0]!.price + expectedShipping });
    expect(quote.data.payments.map((p) => p.slug)).toEqual(expect.arrayContaining(['transferencia', 'contrareembolso']));
    expect(quote.data.paymentsNotAllowed.find((p) => p.slug === 'payinshop')?.unavailableData.error_code).toBeGreaterThanOrEqual(32000);
  });

  it('needs a session, and the caller’s own address', async () => {
    const anonymous = new TestBrowser();
    expect((await anonymous.api('GET', `/api/checkout/orders/${crypto.randomUUID()}/quote?shippingType=1`)).status).toBe(401);
    const { browser, cartId } = await shopper();
    const other = await shopper();
    await add(browser, cartId, own[0]!, 1);
    const foreign = await browser.api('GET', `/api/checkout/orders/${cartId}/quote?shippingType=1&shippingAddressId=${other.address}`);
    expect(foreign.status).toBe(404);
  });

  it('refuses other sellers’ articles for store pickup (1170) and customs territories without a matching invoice address (1152)', async () => {
    const { browser, cartId } = await shopper();
    await add(browser, cartId, marketplace, 1);
    expect((await browser.api('GET', `/api/checkout/orders/${cartId}/quote?shippingType=3&shopId=30`)).error?.code).toBe(1170);
    const canarias = (await browser.api<{ id: number }>('POST', '/api/user/addresses/shipping', { ...MADRID, city: 'Las Palmas', postalCode: '35001', provinceId: 35 })).data.id;
    expect((await browser.api('GET', `/api/checkout/orders/${cartId}/quote?shippingType=1&shippingAddressId=${canarias}`)).error?.code).toBe(1152);
  });
});

describe('placing orders', () => {
  it('pays by transfer: one order per seller, stock taken, basket emptied, result and tracking pages', async () => {
    const { browser, cartId, address } = await shopper();
    await add(browser, cartId, own[1]!, 2);
    await add(browser, cartId, marketplace, 1);
    const before = (await env.DB.prepare('SELECT stock FROM offers WHERE id = ?').bind(own[1]!.id).first<number>('stock'))!;
    const placed = await browser.api<Placed>('POST', `/api/checkout/orders/${cartId}/place`, { shippingType: 1, shippingAddressId: address, paymentMethod: 'transferencia', conditionsAccepted: true });
    expect(placed.status).toBe(201);
    expect(placed.data.orders.map((o) => o.orderKey).sort()).toEqual(['marketplace-' + (await env.DB.prepare('SELECT seller_id FROM offers WHERE id = ?').bind(marketplace.id).first('seller_id')), 'own-0'].sort());
    expect(placed.data.orders.every((o) => o.state === 'awaiting_payment')).toBe(true);
    expect(await env.DB.prepare('SELECT stock FROM offers WHERE id = ?').bind(own[1]!.id).first('stock')).toBe(before - 2);
    expect((await browser.api<{ articles: unknown[] }>('GET', `/api/checkout/orders/${cartId}/cart`)).data.articles).toEqual([]);

    const numbers = placed.data.orders.map((o) => o.orderNumber).join(',');
    const ok = await browser.fetch(`/cart/ok?orders=${numbers}`);
    expect(ok.status).toBe(200);
    const html = await ok.text();
    for (const order of placed.data.orders) expect(html).toContain(`data-order-number="${order.orderNumber}"`);
    expect(html).toContain('IBAN');
    // Another customer cannot open this result page.
    const stranger = (await shopper()).browser;
    expect((await stranger.fetch(`/cart/ok?orders=${numbers}`)).status).toBe(404);
    // Tracking is public, without personal data.
    const tracking = await (await new TestBrowser().fetch(`/tracking/${placed.data.orders[0]!.orderNumber}`)).text();
    expect(tracking).toContain('data-state="awaiting_payment"');
    expect(tracking).not.toContain('Alcalá');
  });

  it('picks up in Barcelona at Murcia, paying in the shop', async () => {
    const { browser, cartId } = await shopper();
    await add(browser, cartId, own[2]!, 1);
    const placed = await browser.api<Placed>('POST', `/api/checkout/orders/${cartId}/place`, { shippingType: 3, shopId: 71, paymentMethod: 'payinshop', conditionsAccepted: true });
    expect(placed.status).toBe(201);
    const order = await env.DB.prepare('SELECT shop_id, shipping_cost, state, shipping_address FROM orders WHERE order_number = ?').bind(placed.data.orders[0]!.orderNumber).first<{ shop_id: number; shipping_cost: number; state: string; shipping_address: string }>();
    expect(order).toMatchObject({ shop_id: 1, shipping_cost: 0, state: 'confirmed' });
    expect(JSON.parse(order!.shipping_address)).toMatchObject({ kind: 'shop', shopId: 1, addressId: -1 });
  });

  it('refuses a payment method that is not offered (1109), and unaccepted conditions, changing nothing', async () => {
    const { browser, cartId, address } = await shopper();
    await add(browser, cartId, own[3]!, 1);
    const cod = await browser.api('POST', `/api/checkout/orders/${cartId}/place`, { shippingType: 3, shopId: 30, paymentMethod: 'contrareembolso', conditionsAccepted: true });
    expect(cod).toMatchObject({ status: 409, error: { code: 1109 } });
    const noConditions = await browser.api('POST', `/api/checkout/orders/${cartId}/place`, { shippingType: 1, shippingAddressId: address, paymentMethod: 'transferencia', conditionsAccepted: false });
    expect(noConditions.status).toBe(400);
    const gateway = await browser.api('POST', `/api/checkout/orders/${cartId}/place`, { shippingType: 1, shippingAddressId: address, paymentMethod: 'multibanco', conditionsAccepted: true });
    // Multibanco is Portugal's bank reference: not offered in Spain, refused, nothing written.
    expect(gateway).toMatchObject({ status: 409, error: { code: 1109 } });
    expect((await browser.api<{ articles: unknown[] }>('GET', `/api/checkout/orders/${cartId}/cart`)).data.articles).toHaveLength(1);
  });

  it('places once when the same cart is sent twice at the same time', async () => {
    const { browser, cartId, address } = await shopper();
    await add(browser, cartId, own[4]!, 1);
    const body = { shippingType: 1, shippingAddressId: address, paymentMethod: 'contrareembolso', conditionsAccepted: true };
    const [a, b] = await Promise.all([browser.api<Placed>('POST', `/api/checkout/orders/${cartId}/place`, body), browser.api<Placed>('POST', `/api/checkout/orders/${cartId}/place`, body)]);
    const numbers = [a, b].filter((r) => r.status === 200 || r.status === 201).map((r) => r.data.orders[0]!.orderNumber);
    expect(new Set(numbers).size).toBe(1);
    const userId = await env.DB.prepare('SELECT user_id FROM orders WHERE order_number = ?').bind(numbers[0]).first<number>('user_id');
    expect(await env.DB.prepare('SELECT count(*) AS n FROM orders WHERE user_id = ?').bind(userId).first('n')).toBe(1);
  });
});

describe('checkout step pages', () => {
  it('send anonymous shoppers to login and back to the step', async () => {
    const response = await new TestBrowser().fetch('/cart/address');
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/login?next=%2Fcart%2Faddress');
  });

  it('walk through addresses, delivery, payment and summary with the draft kept on the server', async () => {
    const { browser, cartId, address } = await shopper();
    await add(browser, cartId, own[0]!, 1);
    const step = async (path: string) => {
      const html = await (await browser.fetch(path)).text();
      return JSON.parse(/data-island="checkout-step"[^>]*data-props="([^"]*)"/.exec(html)![1]!.replaceAll('&quot;', '"').replaceAll('&amp;', '&')) as { step: string; payments?: { slug: string; available: boolean }[]; totals?: { totalToPay: number }; shops?: { id: number; pickupName: string; name: string }[] };
    };
    expect((await step('/cart/address')).step).toBe('addresses');
    // Skipping ahead shows the first step still missing.
    expect((await step('/cart/summary')).step).toBe('addresses');
    const other = await shopper();
    expect((await browser.api('PUT', `/api/checkout/orders/${cartId}/draft`, { shippingAddressSelected: other.address })).status).toBe(404);
    expect((await browser.api('PUT', `/api/checkout/orders/${cartId}/draft`, { shippingAddressSelected: address })).status).toBe(200);
    const delivery = await step('/cart/shipping');
    expect(delivery.step).toBe('delivery');
    const barcelona = delivery.shops!.find((s) => s.id === 71)!;
    expect(barcelona.pickupName).not.toBe(barcelona.name);
    const typed = await browser.api('PUT', `/api/checkout/orders/${cartId}/draft`, { shippingType: 1 });
    expect(typed.data).toMatchObject({ shippingAddressSelected: address, shippingType: 1 });
    const payment = await step('/cart/payment');
    expect(payment.step).toBe('payment');
    expect(payment.payments!.find((p) => p.slug === 'transferencia')).toMatchObject({ available: true });
    await browser.api('PUT', `/api/checkout/orders/${cartId}/draft`, { paymentMethodSelected: 'transferencia' });
    const summary = await step('/cart/summary');
    expect(summary.step).toBe('summary');
    expect(summary.totals!.totalToPay).toBeGreaterThanOrEqual(own[0]!.price);
    // Opening the basket resets the checkout, keeping the payment choice (spec §4).
    await browser.fetch('/cart/shopping_basket');
    const draft = await browser.api<{ shippingAddressSelected: number | null; paymentMethodSelected: string | null }>('GET', `/api/checkout/orders/${cartId}/draft`);
    expect(draft.data).toMatchObject({ shippingAddressSelected: null, paymentMethodSelected: 'transferencia' });
  });
});

describe('coupons, promotions and gift cards', () => {
  beforeAll(async () => {
    const { demoPromotionStatements } = await import('../../scripts/seed/demo-accounts');
    await env.DB.batch(demoPromotionStatements().map((sql) => env.DB.prepare(sql)));
  });

  type QuoteData = { totals: { articlesSubtotal: number; shippingCost: number; totalDiscountInCart: number; totalGiftCardDiscountInCart: number; totalToPay: number }; talonOneNotifications: { notificationTitle: string; notificationBody: string; notificationType: string }[]; payments: { slug: string }[] };

  it('validates gift cards with a code and a message', async () => {
    const browser = new TestBrowser();
    expect((await browser.api<{ balance: number }>('POST', '/api/giftcards/validate?code=ampora-2026-demo-01')).data).toMatchObject({ code: 'AMPORA2026DEMO01', balance: 5000 });
    expect((await browser.api('POST', '/api/giftcards/validate?code=NOPE')).error).toMatchObject({ code: 'GIFT_CARD_NOT_FOUND', message: expect.any(String) });
    expect((await browser.api('POST', '/api/giftcards/validate?code=AMPORA2025OLD001')).error?.code).toBe('GIFT_CARD_EXPIRED');
  });

  it('applies a first-purchase coupon and a gift card to the quote, and says why an unknown coupon does nothing', async () => {
    const { browser, cartId, address } = await shopper();
    await add(browser, cartId, own[0]!, 1);
    const base = `/api/checkout/orders/${cartId}/quote?shippingType=1&shippingAddressId=${address}`;
    const plain = await browser.api<QuoteData>('GET', base);
    const withCoupon = await browser.api<QuoteData>('GET', `${base}&couponCodes=bienvenida10,NOSUCHCODE`);
    const tenth = Math.floor((own[0]!.price * 10) / 100 + 0.5);
    expect(withCoupon.data.totals.totalDiscountInCart).toBe(tenth);
    expect(withCoupon.data.totals.totalToPay).toBe(plain.data.totals.totalToPay - tenth);
    expect(withCoupon.data.talonOneNotifications).toEqual(
      expect.arrayContaining([expect.objectContaining({ notificationTitle: 'coupon.applied', notificationType: 'info' }), expect.objectContaining({ notificationTitle: 'coupon.rejected', notificationBody: 'coupon.unknown', notificationType: 'error' })]),
    );
    const withCard = await browser.api<QuoteData>('GET', `${base}&giftCardCode=AMPORA2026DEMO01`);
    expect(withCard.data.totals.totalGiftCardDiscountInCart).toBe(Math.min(5000, plain.data.totals.totalToPay));
    expect((await browser.api('GET', `${base}&giftCardCode=AMPORA2025OLD001`)).error?.code).toBe('GIFT_CARD_EXPIRED');
  });

  it('places with a coupon and a gift card: discounts on the orders, the card spent, the coupon used once', async () => {
    const { browser, cartId, address } = await shopper();
    await add(browser, cartId, own[1]!, 1);
    const card = 'AMPORA2026DEMO02';
    const before = (await env.DB.prepare('SELECT balance FROM gift_cards WHERE code = ?').bind(card).first<number>('balance'))!;
    const quote = await browser.api<QuoteData>('GET', `/api/checkout/orders/${cartId}/quote?shippingType=1&shippingAddressId=${address}&couponCodes=BIENVENIDA10&giftCardCode=${card}`);
    const method = quote.data.totals.totalToPay === 0 ? 'free' : 'transferencia';
    expect(quote.data.payments.map((p) => p.slug)).toContain(method);
    const placed = await browser.api<Placed>('POST', `/api/checkout/orders/${cartId}/place`, { shippingType: 1, shippingAddressId: address, couponCodes: ['BIENVENIDA10'], giftCardCode: card, paymentMethod: method, conditionsAccepted: true });
    expect(placed.status).toBe(201);
    const order = await env.DB.prepare('SELECT discount, gift_card_amount, total, user_id FROM orders WHERE order_number = ?').bind(placed.data.orders[0]!.orderNumber).first<{ discount: number; gift_card_amount: number; total: number; user_id: number }>();
    expect(order).toMatchObject({ discount: quote.data.totals.totalDiscountInCart, gift_card_amount: quote.data.totals.totalGiftCardDiscountInCart, total: quote.data.totals.totalToPay });
    expect(await env.DB.prepare('SELECT balance FROM gift_cards WHERE code = ?').bind(card).first('balance')).toBe(before - quote.data.totals.totalGiftCardDiscountInCart);
    expect(await env.DB.prepare('SELECT count(*) AS n FROM promotion_redemptions WHERE user_id = ? AND coupon_code = ?').bind(order!.user_id, 'BIENVENIDA10').first('n')).toBe(1);
    // The welcome coupon was for the first purchase, once.
    await add(browser, cartId, own[2]!, 1);
    const again = await browser.api<QuoteData>('GET', `/api/checkout/orders/${cartId}/quote?shippingType=1&shippingAddressId=${address}&couponCodes=BIENVENIDA10`);
    expect(again.data.totals.totalDiscountInCart).toBe(0);
    expect(again.data.talonOneNotifications[0]).toMatchObject({ notificationTitle: 'coupon.rejected', notificationType: 'error' });
  });

  it('a gift card covering everything leaves only the free method', async () => {
    await env.DB.prepare("INSERT OR REPLACE INTO gift_cards (code, balance, initial_amount, expires_at, created_at) VALUES ('BIGCARD000000001', 10000000, 10000000, ?, 0)").bind(Date.now() + 86_400_000).run();
    const { browser, cartId, address } = await shopper();
    await add(browser, cartId, own[3]!, 1);
    const quote = await browser.api<QuoteData>('GET', `/api/checkout/orders/${cartId}/quote?shippingType=1&shippingAddressId=${address}&giftCardCode=BIGCARD000000001`);
    expect(quote.data.totals.totalToPay).toBe(0);
    expect(quote.data.payments.map((p) => p.slug)).toEqual(['free']);
    const placed = await browser.api<Placed>('POST', `/api/checkout/orders/${cartId}/place`, { shippingType: 1, shippingAddressId: address, giftCardCode: 'BIGCARD000000001', paymentMethod: 'free', conditionsAccepted: true });
    expect(placed.data.orders[0]).toMatchObject({ state: 'confirmed', total: 0 });
  });
});

describe('orders with services', () => {
  it('writes the extended insurance as its own order line, taking stock only for the article, and keeps the gift wrapping', async () => {
    const { browser, cartId, address } = await shopper();
    const plan = (await env.DB.prepare('SELECT id, price, category_ids, article_price_min, article_price_max FROM extended_insurances WHERE years = 2 LIMIT 1 OFFSET 1').first<{ id: number; price: number; category_ids: string; article_price_min: number; article_price_max: number }>())!;
    const offer = (await env.DB.prepare(
      `SELECT o.id, o.article_id, o.price, o.stock FROM offers o JOIN articles a ON a.id = o.article_id WHERE o.channel = 'ES' AND ${OWN_NEW} AND o.stock >= 3 AND o.price BETWEEN ? AND ? AND a.category_id IN (${(JSON.parse(plan.category_ids) as number[]).join(',')}) ORDER BY o.article_id LIMIT 1`,
    )
      .bind(plan.article_price_min, plan.article_price_max)
      .first<OfferRow>())!;
    const added = await browser.api<{ articles: { idLine: number }[] }>('POST', `/api/orders/${cartId}/cart/articles`, { articles: [{ idArticle: offer.article_id, idOffer: offer.id, qty: 2, extendedInsuranceId: plan.id }] });
    expect(added.status).toBe(200);
    await browser.api('PUT', `/api/orders/${cartId}/cart/${added.data.articles[0]!.idLine}`, { giftPaper: true });
    const placed = await browser.api<Placed>('POST', `/api/checkout/orders/${cartId}/place`, { shippingType: 1, shippingAddressId: address, paymentMethod: 'transferencia', conditionsAccepted: true });
    expect(placed.status).toBe(201);
    const lines = (await env.DB.prepare('SELECT qty, unit_price, stock_taken, gift_paper FROM order_lines WHERE order_number = ? ORDER BY id').bind(placed.data.orders[0]!.orderNumber).all<{ qty: number; unit_price: number; stock_taken: number; gift_paper: number }>()).results;
    expect(lines).toEqual([
      { qty: 2, unit_price: offer.price, stock_taken: 1, gift_paper: 1 },
      { qty: 2, unit_price: plan.price, stock_taken: 0, gift_paper: 0 },
    ]);
    expect(await env.DB.prepare('SELECT stock FROM offers WHERE id = ?').bind(offer.id).first('stock')).toBe(offer.stock - 2);
  });
});

describe('installation data', () => {
  it('prices installation by postal code, with 38002 for a service the article cannot have and 38001 where we do not install', async () => {
    const service = (await env.DB.prepare('SELECT id, category_ids FROM installation_services LIMIT 1').first<{ id: number; category_ids: string }>())!;
    const categories = (JSON.parse(service.category_ids) as number[]).join(',');
    const washer = (await env.DB.prepare(`SELECT id FROM articles WHERE category_id IN (${categories}) LIMIT 1`).first<number>('id'))!;
    const other = (await env.DB.prepare(`SELECT id FROM articles WHERE category_id NOT IN (${categories}) LIMIT 1`).first<number>('id'))!;
    const browser = new TestBrowser();
    const madrid = await browser.api<{ price: number; postalCode: string }>('GET', `/api/checkout/articles/installation/data?postalCode=28014&serviceId=${service.id}&articleId=${washer}`);
    expect(madrid.data).toMatchObject({ price: 3999, postalCode: '28014' });
    const toledo = await browser.api<{ price: number }>('GET', `/api/checkout/articles/installation/data?postalCode=45001&serviceId=${service.id}&articleId=${washer}`);
    expect(toledo.data.price).toBe(5499);
    expect((await browser.api('GET', `/api/checkout/articles/installation/data?postalCode=35001&serviceId=${service.id}&articleId=${washer}`)).error?.code).toBe(38001);
    expect((await browser.api('GET', `/api/checkout/articles/installation/data?postalCode=28014&serviceId=${service.id}&articleId=${other}`)).error?.code).toBe(38002);
    expect((await browser.api('GET', `/api/checkout/articles/installation/data?postalCode=28014&serviceId=999&articleId=${washer}`)).error?.code).toBe(38002);
    expect((await browser.api('GET', '/api/checkout/articles/installation/data?postalCode=28014&serviceId=x&articleId=1')).status).toBe(400);
  });
});

describe('personal document id in billing (1177)', () => {
  it('asks for an invoice address with a tax id from 3,000 €', async () => {
    const { browser, cartId, address } = await shopper();
    const [dear] = (await env.DB.prepare(`SELECT o.id, o.article_id, o.price, o.stock FROM offers o JOIN articles a ON a.id = o.article_id WHERE o.channel = 'ES' AND ${OWN_NEW} AND o.stock >= 3 AND o.price >= 100000 ORDER BY o.price DESC LIMIT 1`).all<OfferRow>()).results;
    const qty = Math.min(3, Math.ceil(300_000 / dear!.price));
    await add(browser, cartId, dear!, qty);
    expect(dear!.price * qty).toBeGreaterThanOrEqual(300_000);
    const base = `/api/checkout/orders/${cartId}/quote?shippingType=1&shippingAddressId=${address}`;
    expect((await browser.api('GET', base)).error?.code).toBe(1177);
    const billing = (await browser.api<{ id: number }>('POST', '/api/user/addresses/billing', { ...MADRID, billingType: 'individual', nif: '12345678Z', cellPhone: '612345678', phone: undefined })).data;
    expect((await browser.api('GET', `${base}&billingAddressId=${billing.id}`)).status).toBe(200);
  });
});

describe('delivery agencies', () => {
  it('lists the agencies of the address with their windows, adds the express cost, refuses one that does not go there (1117), and keeps it on the order', async () => {
    const { browser, cartId, address } = await shopper();
    await add(browser, cartId, own[0]!, 1);
    type Groups = { totals: { shippingCost: number }; ordersAndDeliveries: { kind: string; agencies: { id: string; extraCost: number; deliveryFrom: string; deliveryTo: string }[]; agencySelected: string | null; deliveryDate: { from: string; to: string } }[] };
    const base = `/api/checkout/orders/${cartId}/quote?shippingType=1&shippingAddressId=${address}`;
    const standard = await browser.api<Groups>('GET', base);
    const own0 = standard.data.ordersAndDeliveries.find((g) => g.kind === 'own')!;
    expect(own0.agencies.map((a) => a.id)).toEqual(['seur', 'seur-24']);
    expect(own0.agencySelected).toBe('seur');
    const express = await browser.api<Groups>('GET', `${base}&deliveryAgency=seur-24`);
    expect(express.data.totals.shippingCost).toBe(standard.data.totals.shippingCost + 399);
    const expressGroup = express.data.ordersAndDeliveries.find((g) => g.kind === 'own')!;
    expect(expressGroup.deliveryDate.from).toBe(expressGroup.deliveryDate.to);
    expect((await browser.api('GET', `${base}&deliveryAgency=chronopost`)).error?.code).toBe(1117);
    const placed = await browser.api<Placed>('POST', `/api/checkout/orders/${cartId}/place`, { shippingType: 1, shippingAddressId: address, deliveryAgency: 'seur-24', paymentMethod: 'transferencia', conditionsAccepted: true });
    expect(await env.DB.prepare('SELECT agency FROM orders WHERE order_number = ?').bind(placed.data.orders[0]!.orderNumber).first('agency')).toBe('seur-24');
  });
});

describe('solidary amount', () => {
  it('is offered for invoices to Spain, adds its amount, travels with the first order, and is cleared for other countries', async () => {
    const { browser, cartId, address } = await shopper();
    await add(browser, cartId, own[0]!, 1);
    type SolidaryQuote = { totals: { solidaryAmount: number; totalToPay: number }; isAvailableSolidaryOption: boolean };
    const base = `/api/checkout/orders/${cartId}/quote?shippingType=1&shippingAddressId=${address}`;
    const plain = await browser.api<SolidaryQuote>('GET', base);
    expect(plain.data.isAvailableSolidaryOption).toBe(true);
    const withDonation = await browser.api<SolidaryQuote>('GET', `${base}&solidaryAmountChecked=true`);
    expect(withDonation.data.totals).toMatchObject({ solidaryAmount: 100, totalToPay: plain.data.totals.totalToPay + 100 });
    const lisboa = await env.DB.prepare("SELECT id FROM provinces WHERE name = 'Lisboa'").first<number>('id');
    const portugal = (await browser.api<{ id: number }>('POST', '/api/user/addresses/billing', { name: 'Ana', surname: 'Silva', address: 'Rua Augusta', streetNumber: '1', city: 'Lisboa', postalCode: '1100-048', provinceId: lisboa, countryIso: 'PT', billingType: 'individual', nif: '123456789', cellPhone: '912345678' })).data;
    const abroad = await browser.api<SolidaryQuote>('GET', `${base}&solidaryAmountChecked=true&billingAddressId=${portugal.id}`);
    expect(abroad.data).toMatchObject({ isAvailableSolidaryOption: false, totals: { solidaryAmount: 0 } });
    const placed = await browser.api<Placed>('POST', `/api/checkout/orders/${cartId}/place`, { shippingType: 1, shippingAddressId: address, solidaryAmountChecked: true, paymentMethod: 'transferencia', conditionsAccepted: true });
    const number = placed.data.orders[0]!.orderNumber;
    expect(placed.data.orders[0]!.total).toBe(withDonation.data.totals.totalToPay);
    // The donation is the order's own amount, not an article line: the order lists only what was bought.
    const order = await env.DB.prepare('SELECT solidary_amount, articles_subtotal FROM orders WHERE order_number = ?').bind(number).first();
    expect(order).toEqual({ solidary_amount: 100, articles_subtotal: own[0]!.price });
    const lines = (await env.DB.prepare('SELECT article_id FROM order_lines WHERE order_number = ?').bind(number).all<{ article_id: number }>()).results;
    expect(lines).toEqual([{ article_id: own[0]!.article_id }]);
    // Nothing to review but the article once it is paid (an unpaid transfer is not yet a purchase): no "article 0" without a name.
    const unpaid = await browser.api<{ items: unknown[] }>('GET', '/api/users/info/pending-reviews');
    expect(unpaid.data.items).toEqual([]);
    await transitionOrder(createDb(env.DB), { orderNumber: number, event: 'payment_received', now: new Date(), actor: { kind: 'staff' } });
    const reviews = await browser.api<{ items: { articleId: number; name: string | null }[] }>('GET', '/api/users/info/pending-reviews');
    expect(reviews.data.items.map((i) => i.articleId)).toEqual([own[0]!.article_id]);
    expect(reviews.data.items.every((i) => typeof i.name === 'string' && i.name.length > 0)).toBe(true);
    // The order page shows the donation as an amount of the order.
    const ok = await browser.fetch(`/cart/ok?orders=${number}`);
    expect(await ok.text()).toContain('data-order-solidary="100"');
  });
});

describe('payment choice on the summary (spec §4)', () => {
  it('keeps the choice while offered and switches to free when only free is offered', async () => {
    await env.DB.prepare("INSERT OR REPLACE INTO gift_cards (code, balance, initial_amount, expires_at, created_at) VALUES ('BIGCARD000000002', 10000000, 10000000, ?, 0)").bind(Date.now() + 86_400_000).run();
    const { browser, cartId, address } = await shopper();
    await add(browser, cartId, own[2]!, 1);
    await browser.api('PUT', `/api/checkout/orders/${cartId}/draft`, { shippingAddressSelected: address, shippingType: 1, paymentMethodSelected: 'contrareembolso' });
    const chosen = async () => (await browser.api<{ paymentMethodSelected: string | null }>('GET', `/api/checkout/orders/${cartId}/draft`)).data.paymentMethodSelected;
    await browser.fetch('/cart/summary');
    expect(await chosen()).toBe('contrareembolso');
    await browser.api('PUT', `/api/checkout/orders/${cartId}/draft`, { giftCardCode: 'BIGCARD000000002' });
    await browser.fetch('/cart/summary');
    expect(await chosen()).toBe('free');
    await browser.api('PUT', `/api/checkout/orders/${cartId}/draft`, { giftCardCode: null });
    await browser.fetch('/cart/payment');
    // Free is no longer offered: the preferred method that completes here takes its place.
    expect(await chosen()).toBe('transferencia');
  });
});
