// The delivery and payment choices of the checkout beyond the basic flow: delivery day and time
// slot, marketplace services per seller order, neutral delivery, forced billing for business
// customers, gateway methods, the step pages' alerts, empty-basket and expired-change handling.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, TestBrowser } from './browser';
import { add, checkoutOffers, shopper, type OfferRow, type Placed } from './checkout-helpers';

let own: OfferRow[] = [];
let premiumOffer: OfferRow;

type Group = { kind: string; orderKey: string; agencies: { id: string; extraCost: number }[]; agencySelected: string | null; deliveryDays: string[]; deliveryDateSelected: { date: string; time: string | null } | null };
type QuoteData = { totals: { shippingCost: number; marketPlaceShippingCost: number; totalToPay: number }; ordersAndDeliveries: Group[]; canShowNeutralDelivery: boolean; criticalErrors: { code: number }[] };

beforeAll(async () => {
  ({ own } = await checkoutOffers());
  // A marketplace offer of a premium seller (express service offered).
  premiumOffer = (await env.DB.prepare(
    "SELECT o.id, o.article_id, o.price, o.stock FROM offers o JOIN articles a ON a.id = o.article_id JOIN sellers s ON s.id = o.seller_id WHERE o.channel = 'ES' AND s.kind = 'marketplace' AND s.tier = 'premium' AND o.availability_code <= 3 AND o.stock >= 2 AND o.condition = 'new' AND a.sale_restriction IS NULL AND a.type NOT IN ('refurbished', 'reaconditioned', 'recertified', 'cpo', 'digital') ORDER BY o.article_id LIMIT 1",
  ).first<OfferRow>())!;
});

async function makeBusiness(browser: { api: (m: string, p: string) => Promise<{ data: unknown }> }) {
  const info = (await browser.api('POST', '/api/users/info')).data as { hashId: string };
  await env.DB.prepare('UPDATE users SET is_b2b = 1 WHERE hash_id = ?').bind(info.hashId).run();
}

describe('delivery day and time slot', () => {
  it('offers the standard agency’s days, keeps a chosen day and slot on the order, and refuses a day outside them', async () => {
    const { browser, cartId, address } = await shopper();
    await add(browser, cartId, own[0]!, 1);
    const base = `/api/checkout/orders/${cartId}/quote?shippingType=1&shippingAddressId=${address}`;
    const plain = await browser.api<QuoteData>('GET', base);
    const days = plain.data.ordersAndDeliveries.find((g) => g.kind === 'own')!.deliveryDays;
    expect(days).toHaveLength(6);
    expect(days.every((day) => new Date(`${day}T12:00:00Z`).getUTCDay() !== 0)).toBe(true);

    const chosen = await browser.api<QuoteData>('GET', `${base}&deliveryDate=${days[2]}&deliveryTime=afternoon`);
    expect(chosen.status).toBe(200);
    expect(chosen.data.ordersAndDeliveries.find((g) => g.kind === 'own')!.deliveryDateSelected).toEqual({ date: days[2], time: 'afternoon' });
    // A later day costs nothing.
    expect(chosen.data.totals.totalToPay).toBe(plain.data.totals.totalToPay);

    const late = new Date(Date.parse(`${days[5]}T12:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);
    expect((await browser.api('GET', `${base}&deliveryDate=${late}`)).error?.code).toBe('DELIVERY_DATE_NOT_AVAILABLE');
    expect((await browser.api('GET', `${base}&deliveryTime=morning`)).error?.code).toBe('DELIVERY_DATE_NOT_AVAILABLE');
    // Express delivers on its earliest day: no day to choose.
    expect((await browser.api('GET', `${base}&deliveryAgency=seur-24&deliveryDate=${days[0]}`)).error?.code).toBe('DELIVERY_DATE_NOT_AVAILABLE');
    expect((await browser.api('GET', `${base}&deliveryDate=31-12-2026`)).status).toBe(400);

    const placed = await browser.api<Placed>('POST', `/api/checkout/orders/${cartId}/place`, { shippingType: 1, shippingAddressId: address, deliveryDate: days[2], deliveryTime: 'afternoon', paymentMethod: 'transferencia', conditionsAccepted: true });
    expect(placed.status).toBe(201);
    const row = await env.DB.prepare('SELECT delivery_date, delivery_time FROM orders WHERE order_number = ?').bind(placed.data.orders[0]!.orderNumber).first();
    expect(row).toEqual({ delivery_date: days[2], delivery_time: 'afternoon' });
    // The result page repeats where and when.
    const ok = await (await browser.fetch(`/cart/ok?orders=${placed.data.orders[0]!.orderNumber}`)).text();
    expect(ok).toMatch(/class="order-card__destination">[^<]*Calle de Alcalá 42, 28014 Madrid/);
  });

  it('forgets the day when the draft changes agency or leaves home delivery, and a shop clears the agency (spec §4)', async () => {
    const { browser, cartId, address } = await shopper();
    await add(browser, cartId, own[0]!, 1);
    const days = (await browser.api<QuoteData>('GET', `/api/checkout/orders/${cartId}/quote?shippingType=1&shippingAddressId=${address}`)).data.ordersAndDeliveries[0]!.deliveryDays;
    const draft = (patch: object) => browser.api<Record<string, unknown>>('PUT', `/api/checkout/orders/${cartId}/draft`, patch);
    expect((await draft({ shippingAddressSelected: address, shippingType: 1, deliveryAgency: 'seur', deliveryDate: days[1], deliveryTime: 'morning' })).data).toMatchObject({ deliveryAgency: 'seur', deliveryDate: days[1], deliveryTime: 'morning' });
    expect((await draft({ deliveryAgency: 'seur-24' })).data).toMatchObject({ deliveryAgency: 'seur-24', deliveryDate: null, deliveryTime: null });
    expect((await draft({ shippingType: 3, shopSelected: 71 })).data).toMatchObject({ shopSelected: 1, deliveryAgency: null, deliveryDate: null });
    expect((await draft({ deliveryTime: 'midnight' })).status).toBe(400);
    // A day no longer offered stops the payment step with its own code, whatever kind of refusal it is.
    await draft({ shippingType: 1, shopSelected: null, deliveryAgency: 'seur', deliveryDate: '2020-01-07', paymentMethodSelected: 'transferencia' });
    const page = await (await browser.fetch('/cart/payment')).text();
    expect(page).toContain('data-alert-code="DELIVERY_DATE_NOT_AVAILABLE"');
    expect(page).toContain('data-alert-blocks="true"');
  });
});

describe('marketplace services per seller order', () => {
  it('offers a premium seller’s express service, adds its cost to the marketplace shipping, refuses unknown services and keeps the choice on that order', async () => {
    const { browser, cartId, address } = await shopper();
    await add(browser, cartId, own[0]!, 1);
    await add(browser, cartId, premiumOffer, 1);
    const base = `/api/checkout/orders/${cartId}/quote?shippingType=1&shippingAddressId=${address}`;
    const plain = await browser.api<QuoteData>('GET', base);
    const group = plain.data.ordersAndDeliveries.find((g) => g.kind === 'marketplace')!;
    expect(group.agencies.map((a) => a.id)).toEqual(['seller-standard', 'seller-express']);
    expect(group.agencySelected).toBe('seller-standard');
    // Only our own order has days to choose.
    expect(group.deliveryDays).toEqual([]);

    const express = await browser.api<QuoteData>('GET', `${base}&marketplaceAgencies=${group.orderKey}:seller-express`);
    expect(express.data.totals.marketPlaceShippingCost).toBe(plain.data.totals.marketPlaceShippingCost + 499);
    expect(express.data.totals.shippingCost).toBe(plain.data.totals.shippingCost);
    expect((await browser.api('GET', `${base}&marketplaceAgencies=${group.orderKey}:seur`)).error?.code).toBe(1117);
    expect((await browser.api('GET', `${base}&marketplaceAgencies=nonsense`)).status).toBe(400);

    const placed = await browser.api<Placed>('POST', `/api/checkout/orders/${cartId}/place`, { shippingType: 1, shippingAddressId: address, marketplaceAgencies: [{ orderKey: group.orderKey, id: 'seller-express' }], paymentMethod: 'transferencia', conditionsAccepted: true });
    expect(placed.status).toBe(201);
    const agencies = await env.DB.prepare(`SELECT order_key, agency FROM orders WHERE order_number IN (${placed.data.orders.map(() => '?').join(',')}) ORDER BY order_key`).bind(...placed.data.orders.map((o) => o.orderNumber)).all();
    expect(agencies.results).toEqual(expect.arrayContaining([{ order_key: group.orderKey, agency: 'seller-express' }, { order_key: 'own-0', agency: 'seur' }]));
  });
});

describe('business customers', () => {
  it('must invoice (1158 blocks the order until a billing address is chosen) and may ask for neutral delivery', async () => {
    const { browser, cartId, address } = await shopper();
    await makeBusiness(browser);
    await add(browser, cartId, own[1]!, 1);
    const base = `/api/checkout/orders/${cartId}/quote?shippingType=1&shippingAddressId=${address}`;
    const quote = await browser.api<QuoteData>('GET', base);
    expect(quote.data.canShowNeutralDelivery).toBe(true);
    expect(quote.data.criticalErrors.map((e) => e.code)).toContain(1158);

    const order = { shippingType: 1, shippingAddressId: address, isNeutralOrder: true, paymentMethod: 'transferencia', conditionsAccepted: true };
    const refused = await browser.api('POST', `/api/checkout/orders/${cartId}/place`, order);
    expect(refused.status).toBe(409);
    expect(refused.error?.code).toBe(1158);
    expect(await env.DB.prepare('SELECT count(*) AS n FROM orders WHERE checkout_key LIKE ?').bind(`${cartId}:%`).first('n')).toBe(0);

    // The step page shows the blocking alert.
    await browser.api('PUT', `/api/checkout/orders/${cartId}/draft`, { shippingAddressSelected: address, shippingType: 1, paymentMethodSelected: 'transferencia' });
    const page = await (await browser.fetch('/cart/payment')).text();
    expect(page).toContain('data-alert-code="1158"');
    expect(page).toContain('data-alert-blocks="true"');

    const billing = (await browser.api<{ id: number }>('POST', '/api/user/addresses/billing', { name: 'Ana', surname: 'García', address: 'Calle de Alcalá', streetNumber: '42', city: 'Madrid', postalCode: '28014', provinceId: 28, countryIso: 'ES', billingType: 'company', companyName: 'Ampora Demo SL', nif: 'B12345674', cellPhone: '612345678' })).data;
    const placed = await browser.api<Placed>('POST', `/api/checkout/orders/${cartId}/place`, { ...order, billingAddressId: billing.id });
    expect(placed.status).toBe(201);
    expect(await env.DB.prepare('SELECT neutral FROM orders WHERE order_number = ?').bind(placed.data.orders[0]!.orderNumber).first('neutral')).toBe(1);
  });

  it('is the only one offered neutral delivery', async () => {
    const { browser, cartId, address } = await shopper();
    await add(browser, cartId, own[1]!, 1);
    const quote = await browser.api<QuoteData>('GET', `/api/checkout/orders/${cartId}/quote?shippingType=1&shippingAddressId=${address}`);
    expect(quote.data.canShowNeutralDelivery).toBe(false);
    expect((await browser.api('GET', `/api/checkout/orders/${cartId}/quote?shippingType=1&shippingAddressId=${address}&isNeutralOrder=true`)).error?.code).toBe('NEUTRAL_DELIVERY_NOT_AVAILABLE');
  });
});

describe('gateway payment methods', () => {
  it('can be chosen in the draft; placing with the card provider waits for the payment, a method of another channel is refused without writing anything', async () => {
    const { browser, cartId, address } = await shopper();
    await add(browser, cartId, own[0]!, 1);
    const saved = await browser.api<{ paymentMethodSelected: string }>('PUT', `/api/checkout/orders/${cartId}/draft`, { shippingAddressSelected: address, shippingType: 1, paymentMethodSelected: 'adyen' });
    expect(saved.data.paymentMethodSelected).toBe('adyen');
    // The summary keeps the customer's choice while it is offered.
    const summary = await (await browser.fetch('/cart/summary')).text();
    expect((await browser.api<{ paymentMethodSelected: string }>('GET', `/api/checkout/orders/${cartId}/draft`)).data.paymentMethodSelected).toBe('adyen');
    // The card provider is connected: no "not connected" warning on the summary.
    expect(summary).not.toContain('notification--warning');
    // MB WAY is Portugal's: the Spanish store does not offer it (1109).
    const refused = await browser.api('POST', `/api/checkout/orders/${cartId}/place`, { shippingType: 1, shippingAddressId: address, paymentMethod: 'mbway', conditionsAccepted: true });
    expect(refused.status).toBe(409);
    expect(refused.error?.code).toBe(1109);
    expect(await env.DB.prepare('SELECT count(*) AS n FROM orders WHERE checkout_key LIKE ?').bind(`${cartId}:%`).first('n')).toBe(0);
    expect((await browser.api('PUT', `/api/checkout/orders/${cartId}/draft`, { paymentMethodSelected: 'bitcoin' })).status).toBe(400);
    const placed = await browser.api<{ orders: { orderNumber: string; state: string; total: number }[]; payment: { orderId: string; amount: { value: number; currency: string }; method: string; loadingMode: string } }>('POST', `/api/checkout/orders/${cartId}/place`, { shippingType: 1, shippingAddressId: address, paymentMethod: 'adyen', conditionsAccepted: true });
    expect(placed.status).toBe(201);
    expect(placed.data.orders.map((o) => o.state)).toEqual(['awaiting_payment']);
    expect(placed.data.payment).toEqual({ orderId: placed.data.orders[0]!.orderNumber, amount: { value: placed.data.orders[0]!.total, currency: 'EUR' }, method: 'adyen', loadingMode: 'form' });
  });
});

describe('spec §8 handling on the step pages', () => {
  it('sends a customer whose basket is empty to their orders', async () => {
    const { browser } = await shopper();
    const response = await browser.fetch('/cart/summary', { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/usuarios/panel/mis-pedidos-y-facturas');
  });

  it('warns when an invoice is asked for without an invoice address (1136), without blocking', async () => {
    const { browser, cartId, address } = await shopper();
    await add(browser, cartId, own[0]!, 1);
    const quote = await browser.api<QuoteData>('GET', `/api/checkout/orders/${cartId}/quote?shippingType=1&shippingAddressId=${address}&customerRequestsInvoice=true`);
    expect(quote.data.criticalErrors.map((e) => e.code)).toEqual([1136]);
    await browser.api('PUT', `/api/checkout/orders/${cartId}/draft`, { shippingAddressSelected: address, shippingType: 1, customerRequestsInvoice: true, paymentMethodSelected: 'transferencia' });
    const page = await (await browser.fetch('/cart/payment')).text();
    expect(page).toContain('data-alert-code="1136"');
    expect(page).toContain('data-alert-blocks="false"');
  });
});

describe('collection points (shipping type 2)', () => {
  it('finds points near the address, prices the point’s tariff, and sends the order there', async () => {
    const { browser, cartId, address } = await shopper();
    const cheap = own.find((o) => o.price < 5000) ?? own[0]!;
    await add(browser, cartId, cheap, 1);
    const found = await browser.api<{ points: { id: number; distanceKm: number }[] }>('GET', `/api/orders/get-shipping-points?country=ES&cp=28014&idArticle=${cheap.article_id}`);
    expect(found.data.points.length).toBeGreaterThan(0);
    const point = found.data.points[0]!;
    const quote = await browser.api<QuoteData & { ordersAndDeliveries: Group[] }>('GET', `/api/checkout/orders/${cartId}/quote?shippingType=2&shippingAddressId=${address}&pickingPointId=${point.id}`);
    expect(quote.status).toBe(200);
    expect(quote.data.totals.shippingCost).toBe(cheap.price >= 5000 ? 0 : 299);
    // No agency to choose and no day: the point's network delivers.
    expect(quote.data.ordersAndDeliveries[0]!.deliveryDays).toEqual([]);

    expect((await browser.api('GET', `/api/checkout/orders/${cartId}/quote?shippingType=2&shippingAddressId=${address}&pickingPointId=999999`)).error?.code).toBe('SHIPPING_POINT_NOT_FOUND');
    expect((await browser.api('PUT', `/api/checkout/orders/${cartId}/draft`, { pickingPointSelected: 999999 })).error?.code).toBe('SHIPPING_POINT_NOT_FOUND');

    const placed = await browser.api<Placed>('POST', `/api/checkout/orders/${cartId}/place`, { shippingType: 2, shippingAddressId: address, pickingPointId: point.id, paymentMethod: 'transferencia', conditionsAccepted: true });
    expect(placed.status).toBe(201);
    const row = await env.DB.prepare('SELECT picking_point_id, shipping_type, shipping_address FROM orders WHERE order_number = ?').bind(placed.data.orders[0]!.orderNumber).first<{ picking_point_id: number; shipping_type: number; shipping_address: string }>();
    expect(row).toMatchObject({ picking_point_id: point.id, shipping_type: 2 });
    expect(JSON.parse(row!.shipping_address)).toMatchObject({ kind: 'point', pointId: point.id, name: 'Ana', surname: 'García' });
    expect(JSON.parse(row!.shipping_address).phone).toContain('612345678');
  });

  it('is not offered where there are none (Canarias)', async () => {
    const { browser, cartId } = await shopper();
    await add(browser, cartId, own[0]!, 1);
    const canarias = (await browser.api<{ id: number }>('POST', '/api/user/addresses/shipping', { name: 'Ana', surname: 'García', address: 'Calle Triana', streetNumber: '1', city: 'Las Palmas', postalCode: '35002', provinceId: 35, countryIso: 'ES', phone: '612345678' })).data.id;
    await browser.api('PUT', `/api/checkout/orders/${cartId}/draft`, { shippingAddressSelected: canarias });
    const page = await (await browser.fetch('/cart/shipping')).text();
    expect(page).toContain('id="collection-point-why"');
    expect(page).toMatch(/id="shipping-type-2"[^>]*disabled|disabled[^>]*id="shipping-type-2"/);
  });

  it('is refused for articles other sellers send, with the reasons', async () => {
    const { browser, cartId, address } = await shopper();
    await add(browser, cartId, own[0]!, 1);
    await add(browser, cartId, premiumOffer, 1);
    const point = (await browser.api<{ points: { id: number }[] }>('GET', '/api/orders/get-shipping-points?country=ES&cp=28014')).data.points[0]!;
    const refused = await browser.api('GET', `/api/checkout/orders/${cartId}/quote?shippingType=2&shippingAddressId=${address}&pickingPointId=${point.id}`);
    expect(refused.status).toBe(409);
    expect(refused.error).toMatchObject({ code: 'SHIPPING_POINT_NOT_ALLOWED', details: { reasons: ['marketplace'] } });
    // The cart summary says so too (spec §3), and that the basket cannot be collected in a shop.
    const summary = await browser.api<{ shippingPointsNotAllowedReasons: string[]; isCollectInShop: boolean }>('GET', `/api/checkout/orders/orderdata/${cartId}`);
    expect(summary.data).toMatchObject({ shippingPointsNotAllowedReasons: ['marketplace'], isCollectInShop: false });
    // The delivery step says why the option is off.
    await browser.api('PUT', `/api/checkout/orders/${cartId}/draft`, { shippingAddressSelected: address });
    const page = await (await browser.fetch('/cart/shipping')).text();
    expect(page).toContain('id="collection-point-why"');
  });
});

describe('store balance at checkout', () => {
  it('spends the balance when asked, after the gift card, and records the spend', async () => {
    const { browser, cartId, address } = await shopper();
    const hashId = ((await browser.api('POST', '/api/users/info')).data as { hashId: string }).hashId;
    const userId = await env.DB.prepare('SELECT id FROM users WHERE hash_id = ?').bind(hashId).first<number>('id');
    await env.DB.batch([
      env.DB.prepare('INSERT INTO user_balances (user_id, balance, updated_at) VALUES (?, 1500, 0)').bind(userId),
      env.DB.prepare("INSERT INTO balance_movements (user_id, type, amount, at) VALUES (?, 'ADD', 1500, 0)").bind(userId),
    ]);
    await add(browser, cartId, own[0]!, 1);
    const base = `/api/checkout/orders/${cartId}/quote?shippingType=1&shippingAddressId=${address}`;
    type BalanceQuote = { totals: { balance: number; balanceToSpend: number; totalToPay: number } };
    const plain = await browser.api<BalanceQuote>('GET', base);
    expect(plain.data.totals).toMatchObject({ balance: 1500, balanceToSpend: 0 });
    const spending = await browser.api<BalanceQuote>('GET', `${base}&useBalance=true`);
    expect(spending.data.totals).toMatchObject({ balance: 1500, balanceToSpend: 1500, totalToPay: plain.data.totals.totalToPay - 1500 });

    const placed = await browser.api<Placed>('POST', `/api/checkout/orders/${cartId}/place`, { shippingType: 1, shippingAddressId: address, useBalance: true, paymentMethod: 'transferencia', conditionsAccepted: true });
    expect(placed.status).toBe(201);
    const number = placed.data.orders[0]!.orderNumber;
    expect(placed.data.orders[0]!.total).toBe(spending.data.totals.totalToPay);
    expect(await env.DB.prepare('SELECT balance_amount FROM orders WHERE order_number = ?').bind(number).first('balance_amount')).toBe(1500);
    expect(await env.DB.prepare('SELECT balance FROM user_balances WHERE user_id = ?').bind(userId).first('balance')).toBe(0);
    expect(await env.DB.prepare("SELECT amount FROM balance_movements WHERE user_id = ? AND type = 'SPEND' AND order_number = ?").bind(userId, number).first('amount')).toBe(1500);
    const history = await browser.api<{ validateData: { balance: number } }>('GET', '/api/user/balance/history');
    expect(history.data.validateData.balance).toBe(0);
    // The result page shows what the balance paid.
    const ok = await (await browser.fetch(`/cart/ok?orders=${number}`)).text();
    expect(ok).toContain('data-order-balance="1500"');
  });
});

describe('installation and sale restrictions at checkout', () => {
  it('prices installation for the delivery address, refusing one where we do not install (38001)', async () => {
    const row = (await env.DB.prepare("SELECT id, category_ids, province_prices FROM installation_services WHERE country_iso = 'ES' ORDER BY id LIMIT 1").first<{ id: number; category_ids: string; province_prices: string }>())!;
    const prices = JSON.parse(row.province_prices) as Record<string, number>;
    const appliance = (await env.DB.prepare(
      `SELECT o.id, o.article_id, o.price, o.stock FROM offers o JOIN articles a ON a.id = o.article_id WHERE o.channel = 'ES' AND o.seller_id = 0 AND o.condition = 'new' AND o.availability_code <= 3 AND o.stock >= 2 AND a.sale_restriction IS NULL AND a.category_id IN (${(JSON.parse(row.category_ids) as number[]).join(',')}) ORDER BY o.article_id LIMIT 1`,
    ).first<OfferRow>())!;
    const { browser, cartId, address } = await shopper();
    const added = await browser.api('POST', `/api/orders/${cartId}/cart/articles`, { articles: [{ idArticle: appliance.article_id, idOffer: appliance.id, qty: 1, installationServiceId: row.id, postalCode: '28013' }] });
    expect(added.status).toBe(200);
    type InstallQuote = { totals: { articlesSubtotal: number; totalInstallationPrice: number } };
    const madrid = await browser.api<InstallQuote>('GET', `/api/checkout/orders/${cartId}/quote?shippingType=1&shippingAddressId=${address}`);
    expect(madrid.data.totals).toMatchObject({ totalInstallationPrice: prices['28'], articlesSubtotal: appliance.price + prices['28']! });

    const palma = await env.DB.prepare("SELECT id, code FROM provinces WHERE code = '07' AND country_id = (SELECT id FROM countries WHERE iso = 'ES')").first<{ id: number; code: string }>();
    expect(prices[palma!.code]).toBeUndefined();
    const islands = (await browser.api<{ id: number }>('POST', '/api/user/addresses/shipping', { name: 'Ana', surname: 'García', address: 'Carrer de Sant Miquel', streetNumber: '3', city: 'Palma', postalCode: '07002', provinceId: palma!.id, countryIso: 'ES', phone: '612345678' })).data.id;
    const refused = await browser.api('GET', `/api/checkout/orders/${cartId}/quote?shippingType=1&shippingAddressId=${islands}`);
    expect(refused.error?.code).toBe(38001);

    const placed = await browser.api<Placed>('POST', `/api/checkout/orders/${cartId}/place`, { shippingType: 1, shippingAddressId: address, paymentMethod: 'transferencia', conditionsAccepted: true });
    expect(placed.status).toBe(201);
    const lines = await env.DB.prepare('SELECT total_price, stock_taken FROM order_lines WHERE order_number = ? ORDER BY id').bind(placed.data.orders[0]!.orderNumber).all();
    expect(lines.results).toEqual([
      { total_price: appliance.price, stock_taken: 1 },
      { total_price: madrid.data.totals.totalInstallationPrice, stock_taken: 0 },
    ]);
  });

  it('refuses to place an order whose only physical article is a companion (1146)', async () => {
    const { browser, cartId, address } = await shopper();
    const companion = own[3]!;
    await env.DB.prepare("UPDATE articles SET sale_restriction = 'companion' WHERE id = ?").bind(companion.article_id).run();
    try {
      await add(browser, cartId, companion, 1);
      const quote = await browser.api<QuoteData>('GET', `/api/checkout/orders/${cartId}/quote?shippingType=1&shippingAddressId=${address}`);
      expect(quote.data.criticalErrors.map((e) => e.code)).toEqual([1146]);
      const refused = await browser.api('POST', `/api/checkout/orders/${cartId}/place`, { shippingType: 1, shippingAddressId: address, paymentMethod: 'transferencia', conditionsAccepted: true });
      expect(refused).toMatchObject({ status: 409, error: { code: 1146 } });
      await browser.api('PUT', `/api/checkout/orders/${cartId}/draft`, { shippingAddressSelected: address, shippingType: 1, paymentMethodSelected: 'transferencia' });
      const page = await (await browser.fetch('/cart/summary')).text();
      expect(page).toContain('data-alert-code="1146"');
      expect(page).toContain('data-alert-blocks="true"');
    } finally {
      await env.DB.prepare('UPDATE articles SET sale_restriction = NULL WHERE id = ?').bind(companion.article_id).run();
    }
  });
});

describe('store pickup by someone else', () => {
  it('keeps who collects the order, and refuses a document that is not one', async () => {
    const { browser, cartId } = await shopper();
    await add(browser, cartId, own[2]!, 1);
    const order = { shippingType: 3, shopId: 30, paymentMethod: 'payinshop', conditionsAccepted: true };
    expect((await browser.api('POST', `/api/checkout/orders/${cartId}/place`, { ...order, whoPicksUp: { name: 'Luis Pérez', documentId: '12' } })).status).toBe(400);
    expect((await browser.api('PUT', `/api/checkout/orders/${cartId}/draft`, { whoPicksUp: { name: 'L', documentId: '12345678Z' } })).status).toBe(400);
    const placed = await browser.api<Placed>('POST', `/api/checkout/orders/${cartId}/place`, { ...order, whoPicksUp: { name: 'Luis Pérez', documentId: '12345678Z' } });
    expect(placed.status).toBe(201);
    const address = JSON.parse((await env.DB.prepare('SELECT shipping_address FROM orders WHERE order_number = ?').bind(placed.data.orders[0]!.orderNumber).first<string>('shipping_address'))!);
    expect(address).toMatchObject({ kind: 'shop', shopId: 30, whoPicksUp: { name: 'Luis Pérez', documentId: '12345678Z' } });
  });
});

describe('addresses carriers do not reach or that are incomplete', () => {
  it('refuses home delivery to a blocked postal code (1149) and shows it on the step', async () => {
    const { browser, cartId } = await shopper();
    await add(browser, cartId, own[0]!, 1);
    const alicante = await env.DB.prepare("SELECT id FROM provinces WHERE code = '03' AND country_id = (SELECT id FROM countries WHERE iso = 'ES')").first<number>('id');
    const tabarca = (await browser.api<{ id: number }>('POST', '/api/user/addresses/shipping', { name: 'Ana', surname: 'García', address: 'Carrer de Sant Pere', streetNumber: '1', city: 'Isla de Tabarca', postalCode: '03138', provinceId: alicante, countryIso: 'ES', phone: '612345678' })).data.id;
    const refused = await browser.api('GET', `/api/checkout/orders/${cartId}/quote?shippingType=1&shippingAddressId=${tabarca}`);
    expect(refused).toMatchObject({ status: 409, error: { code: 1149 } });
    await browser.api('PUT', `/api/checkout/orders/${cartId}/draft`, { shippingAddressSelected: tabarca, shippingType: 1, paymentMethodSelected: 'transferencia' });
    const page = await (await browser.fetch('/cart/payment')).text();
    expect(page).toContain('data-alert-code="1149"');
    // Store pickup still works for this customer.
    expect((await browser.api('GET', `/api/checkout/orders/${cartId}/quote?shippingType=3&shopId=30`)).status).toBe(200);
  });

  it('says when the shipping address was never checked (1135), without stopping the order', async () => {
    const { browser, cartId, address } = await shopper();
    await add(browser, cartId, own[0]!, 1);
    await env.DB.prepare('UPDATE shipping_addresses SET validated = 0 WHERE id = ?').bind(address).run();
    const quote = await browser.api<QuoteData>('GET', `/api/checkout/orders/${cartId}/quote?shippingType=1&shippingAddressId=${address}`);
    expect(quote.data.criticalErrors.map((e) => e.code)).toEqual([1135]);
    const placed = await browser.api('POST', `/api/checkout/orders/${cartId}/place`, { shippingType: 1, shippingAddressId: address, paymentMethod: 'transferencia', conditionsAccepted: true });
    expect(placed.status).toBe(201);
  });

  it('shows “Error loading cart information” on the basket a step sent the customer back to', async () => {
    const { browser } = await shopper();
    const page = await (await browser.fetch('/cart/shopping_basket?error=cart')).text();
    expect(page).toContain('data-cart-load-error');
    expect(await (await browser.fetch('/cart/shopping_basket')).text()).not.toContain('data-cart-load-error');
  });
});

describe('cart without address (1155)', () => {
  it('is reported by the cart summary of a customer with no shipping address, and never displayed', async () => {
    const browser = new TestBrowser();
    await signUp(browser);
    const cartId = (await browser.api<{ idCart: string }>('POST', '/api/users/info')).data.idCart;
    await add(browser, cartId, own[0]!, 1);
    type Summary = { criticalErrors: { code: number }[] };
    expect((await browser.api<Summary>('GET', `/api/checkout/orders/orderdata/${cartId}`)).data.criticalErrors).toEqual([{ code: 1155 }]);
    const page = await (await browser.fetch('/cart/address')).text();
    expect(page).not.toContain('data-alert-code');
    await browser.api('POST', '/api/user/addresses/shipping', { name: 'Ana', surname: 'García', address: 'Calle de Alcalá', streetNumber: '42', city: 'Madrid', postalCode: '28014', provinceId: 28, countryIso: 'ES', phone: '612345678' });
    expect((await browser.api<Summary>('GET', `/api/checkout/orders/orderdata/${cartId}`)).data.criticalErrors).toEqual([]);
  });
});

describe('placing what the draft holds', () => {
  it('places the draft’s choices when only the conditions are sent, and refuses a draft without them', async () => {
    const { browser, cartId, address } = await shopper();
    await add(browser, cartId, own[1]!, 1);
    expect((await browser.api('POST', `/api/checkout/orders/${cartId}/place`, { conditionsAccepted: true })).status).toBe(400);
    const days = (await browser.api<QuoteData>('GET', `/api/checkout/orders/${cartId}/quote?shippingType=1&shippingAddressId=${address}`)).data.ordersAndDeliveries[0]!.deliveryDays;
    await browser.api('PUT', `/api/checkout/orders/${cartId}/draft`, { shippingAddressSelected: address, shippingType: 1, deliveryAgency: 'seur', deliveryDate: days[3], deliveryTime: 'morning' });
    // Still no payment method chosen.
    expect((await browser.api('POST', `/api/checkout/orders/${cartId}/place`, { conditionsAccepted: true })).status).toBe(400);
    await browser.api('PUT', `/api/checkout/orders/${cartId}/draft`, { paymentMethodSelected: 'contrareembolso' });
    expect((await browser.api('POST', `/api/checkout/orders/${cartId}/place`, { conditionsAccepted: false })).status).toBe(400);
    const placed = await browser.api<Placed>('POST', `/api/checkout/orders/${cartId}/place`, { conditionsAccepted: true });
    expect(placed.status).toBe(201);
    const row = await env.DB.prepare('SELECT payment_method, agency, delivery_date, delivery_time FROM orders WHERE order_number = ?').bind(placed.data.orders[0]!.orderNumber).first();
    expect(row).toEqual({ payment_method: 'contrareembolso', agency: 'seur', delivery_date: days[3], delivery_time: 'morning' });
  });
});

describe('addresses step (spec §4 address handling)', () => {
  it('checks the selected address and lists it first', async () => {
    const { browser, cartId, address } = await shopper();
    await add(browser, cartId, own[0]!, 1);
    const murcia = (await browser.api<{ id: number }>('POST', '/api/user/addresses/shipping', { name: 'Ana', surname: 'García', address: 'Gran Vía', streetNumber: '3', city: 'Murcia', postalCode: '30001', provinceId: 30, countryIso: 'ES', phone: '612345678' })).data.id;
    const order = (html: string) => [...html.matchAll(/id="shipping-(\d+)"/g)].map((m) => Number(m[1]));
    const before = order(await (await browser.fetch('/cart/address')).text());
    expect(before).toHaveLength(2);
    const other = before[0] === address ? murcia : address;
    await browser.api('PUT', `/api/checkout/orders/${cartId}/draft`, { shippingAddressSelected: other });
    const html = await (await browser.fetch('/cart/address')).text();
    expect(order(html)[0]).toBe(other);
    expect(html).toMatch(new RegExp(`id="shipping-${other}"[^>]*checked|checked[^>]*id="shipping-${other}"`));
  });
});
