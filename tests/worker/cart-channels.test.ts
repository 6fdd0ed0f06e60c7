// One account, one basket, several stores: a line added on another channel is kept, shown as not
// sold here (with the store it was added on), left out of totals and orders, and never deleted by
// viewing the basket on another store (worker/cart/view.ts otherChannelArticles).
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CartView } from '../../worker/cart/view';
import { signUp, TestBrowser } from './browser';
import { MADRID, OWN_NEW, type OfferRow, type Placed } from './checkout-helpers';

async function ownOffer(channel: string, skip = 0): Promise<OfferRow> {
  return (await env.DB.prepare(`SELECT o.id, o.article_id, o.price, o.stock FROM offers o JOIN articles a ON a.id = o.article_id WHERE o.channel = ? AND ${OWN_NEW} AND o.stock >= 5 AND o.price < 40000 ORDER BY o.article_id DESC LIMIT 1 OFFSET ?`).bind(channel, skip).first<OfferRow>())!;
}

let es: OfferRow;
let fr: OfferRow;

beforeAll(async () => {
  es = await ownOffer('ES', 3);
  fr = await ownOffer('FR', 4);
});

/** The same signed-in person on the Spanish and the French store. */
async function shopperOnTwoStores() {
  const onEs = new TestBrowser('http://es.localhost');
  await signUp(onEs);
  const onFr = new TestBrowser('http://fr.localhost');
  for (const [name, value] of onEs.cookies) onFr.cookies.set(name, value);
  const cartId = (await onEs.api<{ idCart: string }>('POST', '/api/users/info')).data.idCart;
  expect((await onFr.api<{ idCart: string }>('POST', '/api/users/info')).data.idCart).toBe(cartId);
  return { onEs, onFr, cartId };
}

const view = (browser: TestBrowser, cartId: string) => browser.api<CartView>('GET', `/api/checkout/orders/${cartId}/cart?recalculateStock=true`);

describe('a basket shared by the stores of one account', () => {
  it('keeps a line added on ES when the basket is opened on FR, marks it, and sells it again back on ES', async () => {
    const { onEs, onFr, cartId } = await shopperOnTwoStores();
    expect((await onEs.api('POST', `/api/orders/${cartId}/cart/articles`, { articles: [{ idArticle: es.article_id, idOffer: es.id, qty: 2 }] })).status).toBe(200);

    // On FR, with the stock check and through the basket page: the line stays, apart and out of the totals.
    const page = await onFr.fetch('/cart/shopping_basket');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('data-other-channel="ES"');
    const onFrView = await view(onFr, cartId);
    expect(onFrView.status).toBe(200);
    expect(onFrView.data.articles).toEqual([]);
    expect(onFrView.data.outOfStock).toBeNull();
    expect(onFrView.data.totals.articlesSubtotal).toBe(0);
    expect(onFrView.data.units).toBe(0);
    expect(onFrView.data.otherChannelArticles).toMatchObject([{ idArticle: es.article_id, idOffer: es.id, qty: 2, channel: 'ES', country: 'ES' }]);
    expect(onFrView.data.otherChannelArticles[0]!.name.length).toBeGreaterThan(0);

    // Back on ES: the line is there and sellable, at its price.
    const back = await view(onEs, cartId);
    expect(back.data.otherChannelArticles).toEqual([]);
    expect(back.data.articles.map((a) => [a.idOffer, a.qty])).toEqual([[es.id, 2]]);
    expect(back.data.totals.articlesSubtotal).toBe(es.price * 2);
  });

  it('orders only what is sold on the store, keeps the other store’s lines for it, and lets the shopper remove them anywhere', async () => {
    const { onEs, onFr, cartId } = await shopperOnTwoStores();
    await onEs.api('POST', `/api/orders/${cartId}/cart/articles`, { articles: [{ idArticle: es.article_id, idOffer: es.id, qty: 1 }] });
    expect((await onFr.api('POST', `/api/orders/${cartId}/cart/articles`, { articles: [{ idArticle: fr.article_id, idOffer: fr.id, qty: 1 }] })).status).toBe(200);
    const onEsView = await view(onEs, cartId);
    expect(onEsView.data.articles.map((a) => a.idOffer)).toEqual([es.id]);
    expect(onEsView.data.otherChannelArticles.map((a) => [a.idOffer, a.channel, a.country])).toEqual([[fr.id, 'FR', 'FR']]);
    expect(onEsView.data.totals.articlesSubtotal).toBe(es.price);

    const address = (await onEs.api<{ id: number }>('POST', '/api/user/addresses/shipping', MADRID)).data.id;
    const placed = await onEs.api<Placed>('POST', `/api/checkout/orders/${cartId}/place`, { shippingType: 1, shippingAddressId: address, paymentMethod: 'transferencia', conditionsAccepted: true });
    expect(placed.status).toBe(201);
    const numbers = placed.data.orders.map((o) => o.orderNumber);
    const ordered = (await env.DB.prepare(`SELECT offer_id FROM order_lines WHERE order_number IN (${numbers.map(() => '?').join(',')})`).bind(...numbers).all<{ offer_id: number }>()).results;
    expect(ordered).toEqual([{ offer_id: es.id }]);

    // The French line waits for the French store.
    const onFrView = await view(onFr, cartId);
    expect(onFrView.data.articles.map((a) => a.idOffer)).toEqual([fr.id]);
    expect(onFrView.data.otherChannelArticles).toEqual([]);
    // Removed from the Spanish basket, where it is only shown.
    const line = (await view(onEs, cartId)).data.otherChannelArticles[0]!;
    const removed = await onEs.api<CartView>('DELETE', `/api/orders/${cartId}/cart/${line.idLine}`);
    expect(removed.status).toBe(200);
    expect(removed.data.otherChannelArticles).toEqual([]);
    expect((await view(onFr, cartId)).data.articles).toEqual([]);
  });
});
