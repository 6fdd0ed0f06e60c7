/**
 * How the cart reads D1: each mutation answers with one round trip (the facts it decides with
 * and what the answer shows, read together), an emptied cart with none, and the answer shows
 * what D1 holds at the time of the call, never a copy kept from an earlier one. Adding articles
 * and changing a quantity are read by the cart's object itself, which decides with the lines as
 * they are when its read is back.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { CatalogueAccess } from '../../worker/cart/catalogue-access';
import { BOOKMARK_COOKIE, dbFor } from '../../worker/db/client';
import { constantRead, readAll, readsTogether, rowsRead } from '../../worker/db/raw';
import { TestBrowser } from './browser';
import { roundTrips } from './helpers';

interface Cart {
  articles: { idLine: number; idOffer: number; qty: number; unitPrice: number }[];
}
interface OfferRow {
  id: number;
  article_id: number;
  price: number;
}

/** New, in stock, sold by the store, with units to spare. */
async function ownOffers(limit: number): Promise<OfferRow[]> {
  const sql = `SELECT o.id, o.article_id, o.price FROM offers o JOIN articles a ON a.id = o.article_id
    WHERE o.channel = 'ES' AND o.seller_id = 0 AND o.condition = 'new' AND a.condition = 'new' AND a.type IN ('normal', 'own-stock')
      AND o.availability_code <= 3 AND o.stock >= 10 ORDER BY o.article_id LIMIT ?`;
  return (await env.DB.prepare(sql).bind(limit).all<OfferRow>()).results;
}

describe('cart mutations read D1 once', () => {
  it('adds, changes a quantity and removes lines with one round trip each, none once the cart is empty', async () => {
    const browser = new TestBrowser();
    const cartId = (await browser.api<{ idCart: string }>('POST', '/api/users/info')).data.idCart;
    const [first, second] = await ownOffers(2);
    const addOne = (offer: OfferRow) => browser.api<Cart>('POST', `/api/orders/${cartId}/cart/articles`, { articles: [{ idArticle: offer.article_id, idOffer: offer.id, qty: 1 }] });
    const added = await roundTrips(() => addOne(first!));
    expect(added.d1).toBe(1);
    const both = await roundTrips(() => addOne(second!));
    expect(both.d1).toBe(1);
    expect(both.result.data.articles.map((a) => a.idOffer)).toEqual([first!.id, second!.id]);
    const line = both.result.data.articles[0]!.idLine;
    const changed = await roundTrips(() => browser.api<Cart>('PUT', `/api/orders/${cartId}/cart/${line}`, { qty: 3 }));
    expect(changed).toMatchObject({ d1: 1, result: { status: 200 } });
    expect(changed.result.data.articles.map((a) => a.qty)).toEqual([3, 1]);
    const removed = await roundTrips(() => browser.api<Cart>('DELETE', `/api/orders/${cartId}/cart/${line}`));
    expect(removed.d1).toBe(1);
    expect(removed.result.data.articles.map((a) => a.idOffer)).toEqual([second!.id]);
    const emptied = await roundTrips(() => browser.api<Cart>('DELETE', `/api/orders/${cartId}/cart/${removed.result.data.articles[0]!.idLine}`));
    expect(emptied).toMatchObject({ d1: 0, result: { status: 200, data: { articles: [] } } });
  });

  it('leaves the cart as it was after an add refused part way, in what its object answers next too', async () => {
    const browser = new TestBrowser();
    const cartId = (await browser.api<{ idCart: string }>('POST', '/api/users/info')).data.idCart;
    const [kept, wanted] = await ownOffers(2);
    const [gone] = (await env.DB.prepare("SELECT o.id, o.article_id, o.price FROM offers o WHERE o.channel = 'ES' AND o.availability_code >= 6 LIMIT 1").all<OfferRow>()).results;
    const line = (offer: OfferRow) => ({ idArticle: offer.article_id, idOffer: offer.id, qty: 1 });
    await browser.api('POST', `/api/orders/${cartId}/cart/articles`, { articles: [line(kept!)] });
    // The first article goes in inside the transaction, the second is refused: all or none.
    expect(await browser.api('POST', `/api/orders/${cartId}/cart/articles`, { articles: [line(wanted!), line(gone!)] })).toMatchObject({ status: 409, error: { code: 1125 } });
    const cart = await browser.api<Cart>('GET', `/api/checkout/orders/${cartId}/cart`);
    expect(cart.data.articles.map((a) => a.idOffer)).toEqual([kept!.id]);
  });

  it('reads again when the offer added was not named (the buy box chose it after the first read)', async () => {
    const browser = new TestBrowser();
    const cartId = (await browser.api<{ idCart: string }>('POST', '/api/users/info')).data.idCart;
    const [offer] = await ownOffers(1);
    const added = await roundTrips(() => browser.api<Cart>('POST', `/api/orders/${cartId}/cart/articles`, { articles: [{ idArticle: offer!.article_id, qty: 1 }] }));
    expect(added.d1).toBe(2);
    expect(added.result.data.articles).toMatchObject([{ idOffer: expect.any(Number), qty: 1, unitPrice: expect.any(Number) }]);
  });

  it('answers each mutation with the price D1 has at the time of the call', async () => {
    const browser = new TestBrowser();
    const cartId = (await browser.api<{ idCart: string }>('POST', '/api/users/info')).data.idCart;
    const [, , offer] = await ownOffers(3);
    const added = await browser.api<Cart>('POST', `/api/orders/${cartId}/cart/articles`, { articles: [{ idArticle: offer!.article_id, idOffer: offer!.id, qty: 1 }] });
    expect(added.data.articles[0]!.unitPrice).toBe(offer!.price);
    await env.DB.prepare('UPDATE offers SET price = ? WHERE id = ?').bind(offer!.price + 100, offer!.id).run();
    try {
      const changed = await browser.api<Cart>('PUT', `/api/orders/${cartId}/cart/${added.data.articles[0]!.idLine}`, { qty: 2 });
      expect(changed.data.articles[0]).toMatchObject({ qty: 2, unitPrice: offer!.price + 100 });
    } finally {
      await env.DB.prepare('UPDATE offers SET price = ? WHERE id = ?').bind(offer!.price, offer!.id).run();
    }
  });
});

describe("the cart's object reads D1 itself", () => {
  const access: CatalogueAccess = { channel: { id: 'ES', country: 'ES' }, language: 'es_ES', session: 'first-primary' };
  const bookmarkSet = (headers: Headers) => headers.getSetCookie().some((line) => line.startsWith(`${BOOKMARK_COOKIE}=`));

  it("hands its read back to the request: the round trip in the log line, the session's bookmark in the answer's cookie", async () => {
    const browser = new TestBrowser();
    const cartId = (await browser.api<{ idCart: string }>('POST', '/api/users/info')).data.idCart;
    const [offer] = await ownOffers(1);
    const added = await roundTrips(() => browser.api<Cart>('POST', `/api/orders/${cartId}/cart/articles`, { articles: [{ idArticle: offer!.article_id, idOffer: offer!.id, qty: 1 }] }));
    expect(added.d1).toBe(1);
    expect(bookmarkSet(added.result.headers)).toBe(true);
    browser.cookies.delete(BOOKMARK_COOKIE);
    const changed = await roundTrips(() => browser.api<Cart>('PUT', `/api/orders/${cartId}/cart/${added.result.data.articles[0]!.idLine}`, { qty: 2 }));
    expect(changed).toMatchObject({ d1: 1, result: { status: 200 } });
    expect(bookmarkSet(changed.result.headers)).toBe(true);
    // A line not in the cart reads nothing: no round trip, no bookmark.
    browser.cookies.delete(BOOKMARK_COOKIE);
    const missing = await roundTrips(() => browser.api('PUT', `/api/orders/${cartId}/cart/424242`, { qty: 2 }));
    expect(missing).toMatchObject({ d1: 0, result: { status: 404, error: { code: 1121 } } });
    expect(bookmarkSet(missing.result.headers)).toBe(false);
  });

  it('decides with the lines as they are once its read is back: two adds of one offer at once make one line of two units', async () => {
    const [offer] = await ownOffers(1);
    const stub = env.CART.get(env.CART.idFromName(crypto.randomUUID()));
    const wanted = [{ idArticle: offer!.article_id, idOffer: offer!.id, qty: 1 }];
    // The second call reaches the object while the first one's read is out.
    const [first, second] = await Promise.all([stub.addArticles(wanted, access, Date.now()), stub.addArticles(wanted, access, Date.now())]);
    expect([first.outcome.ok, second.outcome.ok]).toEqual([true, true]);
    const lines = await stub.lines();
    expect(lines.map((l) => ({ offerId: l.offerId, qty: l.qty }))).toEqual([{ offerId: offer!.id, qty: 2 }]);
    // A quantity changed while a line is removed: the change finds no line, nothing comes back.
    const idLine = lines[0]!.idLine;
    const [changed, removed] = await Promise.all([stub.changeQty(idLine, 3, access, Date.now()), stub.remove(idLine, Date.now())]);
    expect(removed.ok).toBe(true);
    expect(changed.outcome).toEqual({ ok: false, code: 1121 });
    expect(await stub.lines()).toEqual([]);
  });

  it('refuses, naming it, an article the channel does not sell, and adds none of the others (404)', async () => {
    const browser = new TestBrowser();
    const cartId = (await browser.api<{ idCart: string }>('POST', '/api/users/info')).data.idCart;
    const [offer, other] = await ownOffers(2);
    const refused = await browser.api('POST', `/api/orders/${cartId}/cart/articles`, { articles: [{ idArticle: offer!.article_id, qty: 1 }, { idArticle: 99_999_999, qty: 1 }] });
    expect(refused).toMatchObject({ status: 404, error: { code: 'ARTICLE_NOT_FOUND', details: { idArticle: 99_999_999 } } });
    const named = await browser.api('POST', `/api/orders/${cartId}/cart/articles`, { articles: [{ idArticle: offer!.article_id, idOffer: other!.id, qty: 1 }] });
    expect(named).toMatchObject({ status: 404, error: { code: 'ARTICLE_NOT_FOUND', details: { idArticle: offer!.article_id } } });
    expect((await browser.api<Cart>('GET', `/api/checkout/orders/${cartId}/cart`)).data.articles).toEqual([]);
  });
});

describe('readAll', () => {
  it('gives each read its own rows, in order, and sends no statement for a read that needs none', async () => {
    const prepared: string[] = [];
    const counting = new Proxy(env.DB, {
      get(target, key) {
        if (key === 'prepare') return (sql: string) => (prepared.push(sql), target.prepare(sql));
        const value = Reflect.get(target, key) as unknown;
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const db = dbFor(counting);
    const [one, nothing, pair] = await readAll(db, [
      rowsRead('SELECT ?1 AS n', [1], (rows: { n: number }[]) => rows.map((r) => r.n)),
      constantRead('none'),
      readsTogether([rowsRead('SELECT ?1 AS n', [2], (rows: { n: number }[]) => rows[0]!.n), rowsRead('SELECT ?1 AS s', ['three'], (rows: { s: string }[]) => rows[0]!.s)]),
    ]);
    expect([one, nothing, pair]).toEqual([[1], 'none', [2, 'three']]);
    expect(prepared).toHaveLength(3);
    prepared.length = 0;
    expect(await readAll(db, [constantRead(0)])).toEqual([0]);
    expect(prepared).toEqual([]);
  });
});
