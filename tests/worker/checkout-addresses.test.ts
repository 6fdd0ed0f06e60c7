// Addresses at checkout across countries: store pickup only where a shop serves the delivery
// country (spec §3 notAvailableShopsReasons), and addresses written the way their country writes
// them on the step pages and the order pages.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { add, checkoutOffers, shopper, type OfferRow, type Placed } from './checkout-helpers';

let own: OfferRow[] = [];
let marketplace: OfferRow;
const provinceId = async (iso: string, code: string) =>
  (await env.DB.prepare('SELECT p.id FROM provinces p JOIN countries c ON c.id = p.country_id WHERE c.iso = ? AND p.code = ?').bind(iso, code).first<number>('id'))!;

const PARIS = { name: 'Marie', surname: 'Dupont', address: 'rue de Rivoli', streetNumber: '42', city: 'Paris', postalCode: '75001', countryIso: 'FR', phone: '612345678' };
const MILANO = { name: 'Giulia', surname: 'Rossi', address: 'Via Roma', streetNumber: '10', city: 'Milano', postalCode: '20121', countryIso: 'IT', phone: '3123456789' };

beforeAll(async () => {
  ({ own, marketplace } = await checkoutOffers());
});

describe('store pickup by delivery country', () => {
  it('offers a shopper delivering to Paris no Spanish shop, says why, and refuses a shop in the quote and the order', async () => {
    const { browser, cartId } = await shopper();
    await add(browser, cartId, own[0]!, 1);
    const paris = (await browser.api<{ id: number }>('POST', '/api/user/addresses/shipping', { ...PARIS, provinceId: await provinceId('FR', '75') })).data.id;
    await browser.api('PUT', `/api/checkout/orders/${cartId}/draft`, { shippingAddressSelected: paris, shippingType: 1 });
    const page = (await (await browser.fetch('/cart/shipping')).text()).replaceAll('&quot;', '"');
    expect(page).toContain('id="shop-pickup-why"');
    expect(page).toMatch(/id="shipping-type-3"[^>]*disabled|disabled[^>]*id="shipping-type-3"/);
    expect(page).toContain('"shops":[]');
    expect(page).toContain('"shopReasons":["noShopInCountry"]');

    const quote = await browser.api('GET', `/api/checkout/orders/${cartId}/quote?shippingType=3&shopId=30&shippingAddressId=${paris}`);
    expect(quote.status).toBe(409);
    expect(quote.error).toMatchObject({ code: 'SHOP_NOT_AVAILABLE', details: { notAvailableShopsReasons: ['noShopInCountry'] } });
    const before = await env.DB.prepare('SELECT COUNT(*) AS n FROM orders').first<number>('n');
    const placed = await browser.api('POST', `/api/checkout/orders/${cartId}/place`, { shippingType: 3, shopId: 30, shippingAddressId: paris, paymentMethod: 'payinshop', conditionsAccepted: true });
    expect(placed.error?.code).toBe('SHOP_NOT_AVAILABLE');
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM orders').first<number>('n')).toBe(before);
  });

  it('still offers the Spanish shops for a Spanish address', async () => {
    const { browser, cartId, address } = await shopper();
    await add(browser, cartId, own[0]!, 1);
    await browser.api('PUT', `/api/checkout/orders/${cartId}/draft`, { shippingAddressSelected: address, shippingType: 3, shopSelected: 30 });
    const page = (await (await browser.fetch('/cart/shipping')).text()).replaceAll('&quot;', '"');
    expect(page).toContain('"shopReasons":[]');
    expect(page).toContain('id="shop-30"');
    expect(page).not.toContain('id="shop-pickup-why"');
    expect((await browser.api('GET', `/api/checkout/orders/${cartId}/quote?shippingType=3&shopId=30&shippingAddressId=${address}`)).status).toBe(200);
  });
});

describe('the cart summary’s notAvailableShopsReasons (spec §3)', () => {
  it('is empty for our own articles in Spain and says when other sellers’ articles cannot be picked up', async () => {
    const { browser, cartId } = await shopper();
    await add(browser, cartId, own[0]!, 1);
    type Summary = { notAvailableShopsReasons: string[] };
    expect((await browser.api<Summary>('GET', `/api/checkout/orders/orderdata/${cartId}`)).data.notAvailableShopsReasons).toEqual([]);
    await add(browser, cartId, marketplace, 1);
    expect((await browser.api<Summary>('GET', `/api/checkout/orders/orderdata/${cartId}`)).data.notAvailableShopsReasons).toEqual(['otherSellers']);
  });
});

describe('addresses written by their country', () => {
  it('lists a French address the French way in the addresses step', async () => {
    const { browser, cartId } = await shopper();
    await add(browser, cartId, own[0]!, 1);
    await browser.api('POST', '/api/user/addresses/shipping', { ...PARIS, provinceId: await provinceId('FR', '75') });
    const page = await (await browser.fetch('/cart/address')).text();
    expect(page).toContain('Marie Dupont, 42 rue de Rivoli, 75001 Paris');
    expect(page).not.toContain('rue de Rivoli 42');
  });

  it('shows an Italian order’s address with the CAP before the town and the province’s sigla', async () => {
    const { browser, cartId } = await shopper();
    await add(browser, cartId, own[0]!, 1);
    const milano = (await browser.api<{ id: number }>('POST', '/api/user/addresses/shipping', { ...MILANO, provinceId: await provinceId('IT', 'MI') })).data.id;
    const placed = await browser.api<Placed>('POST', `/api/checkout/orders/${cartId}/place`, { shippingType: 1, shippingAddressId: milano, paymentMethod: 'transferencia', conditionsAccepted: true });
    expect(placed.status).toBe(201);
    const ok = await (await browser.fetch(`/cart/ok?orders=${placed.data.orders[0]!.orderNumber}`)).text();
    expect(ok).toMatch(/class="order-card__destination">[^<]*Giulia Rossi, Via Roma 10, 20121 Milano MI/);
  });
});
