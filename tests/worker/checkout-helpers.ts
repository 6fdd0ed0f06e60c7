// Shared set-up of the checkout worker tests: offers to buy, a signed-up shopper with a Madrid address.
import { env } from 'cloudflare:workers';
import { expect } from 'vitest';
import { signUp, TestBrowser } from './browser';

export interface OfferRow {
  id: number;
  article_id: number;
  price: number;
  stock: number;
}

export const OWN_NEW = "o.seller_id = 0 AND o.condition = 'new' AND a.condition = 'new' AND a.type IN ('normal', 'own-stock') AND o.availability_code <= 3 AND a.weight_grams < 20000 AND a.sale_restriction IS NULL";

/** Five of our own new offers on ES with stock, and one marketplace offer. */
export async function checkoutOffers(): Promise<{ own: OfferRow[]; marketplace: OfferRow }> {
  const own = (await env.DB.prepare(`SELECT o.id, o.article_id, o.price, o.stock FROM offers o JOIN articles a ON a.id = o.article_id WHERE o.channel = 'ES' AND ${OWN_NEW} AND o.stock >= 5 AND o.price < 40000 ORDER BY o.article_id LIMIT 5`).all<OfferRow>()).results;
  const marketplace = (await env.DB.prepare(
    "SELECT o.id, o.article_id, o.price, o.stock FROM offers o JOIN articles a ON a.id = o.article_id JOIN sellers s ON s.id = o.seller_id WHERE o.channel = 'ES' AND s.kind = 'marketplace' AND o.availability_code <= 3 AND o.stock >= 2 AND o.condition = 'new' AND a.sale_restriction IS NULL AND a.type NOT IN ('refurbished', 'reaconditioned', 'recertified', 'cpo', 'digital') ORDER BY o.article_id LIMIT 1",
  ).first<OfferRow>())!;
  return { own, marketplace };
}

export const MADRID = { name: 'Ana', surname: 'García', address: 'Calle de Alcalá', streetNumber: '42', city: 'Madrid', postalCode: '28014', provinceId: 28, countryIso: 'ES', phone: '612345678' };

export async function shopper() {
  const browser = new TestBrowser();
  await signUp(browser);
  const cartId = (await browser.api<{ idCart: string }>('POST', '/api/users/info')).data.idCart;
  const address = (await browser.api<{ id: number }>('POST', '/api/user/addresses/shipping', MADRID)).data.id;
  return { browser, cartId, address };
}

export async function add(browser: TestBrowser, cartId: string, offer: OfferRow, qty = 1) {
  const result = await browser.api('POST', `/api/orders/${cartId}/cart/articles`, { articles: [{ idArticle: offer.article_id, idOffer: offer.id, qty }] });
  expect(result.status).toBe(200);
}

export interface Placed {
  orders: { orderNumber: string; orderKey: string; state: string; total: number }[];
  replay: boolean;
}
