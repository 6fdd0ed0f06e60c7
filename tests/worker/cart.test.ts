import type { ArticleOffer } from '../../worker/domain/checkout/offer-match';
import type { InstallationChoice } from '../../worker/cart/view-types';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../worker/app';
import { installationAt } from '../../worker/cart/installation';
import { dbFor } from '../../worker/db/client';
import { ASSEMBLY_SERVICE_ID } from '../../worker/domain/checkout/sale-restrictions';
import { PASSWORD, signUp, TestBrowser } from './browser';

interface CartArticle {
  idLine: number;
  idArticle: number;
  qty: number;
  unitPrice: number;
  totalPrice: number;
  mpOffer: { shopId: number } | null;
}
interface Cart {
  idCart: string;
  articles: CartArticle[];
  units: number;
  totals: { articlesSubtotal: number; totalPrice: number };
  notices: { code: number; articleNames: string[] }[];
  outOfStock: { modifiedArticles: { idArticle: number; qty: number }[]; removedArticles: { idArticle: number }[]; emptyCart: boolean } | null;
}

interface OfferRow {
  id: number;
  article_id: number;
  price: number;
  stock: number;
}

async function offersWhere(where: string, limit = 1): Promise<OfferRow[]> {
  return (await env.DB.prepare(`SELECT o.id, o.article_id, o.price, o.stock FROM offers o JOIN articles a ON a.id = o.article_id WHERE o.channel = 'ES' AND ${where} ORDER BY o.article_id LIMIT ?`).bind(limit).all<OfferRow>()).results;
}

/** New, in stock, sold by the store: the buy box picks it (the store wins ties within 1 %). */
const OWN_NEW = "o.seller_id = 0 AND o.condition = 'new' AND a.condition = 'new' AND a.type IN ('normal', 'own-stock') AND o.availability_code <= 3";

let own: OfferRow[] = [];

beforeAll(async () => {
  own = await offersWhere(`${OWN_NEW} AND o.stock >= 5`, 40);
});

async function cartOf(browser: TestBrowser): Promise<string> {
  return (await browser.api<{ idCart: string }>('POST', '/api/users/info')).data.idCart;
}

async function add(browser: TestBrowser, cartId: string, offer: OfferRow, qty = 1) {
  return browser.api<Cart>('POST', `/api/orders/${cartId}/cart/articles`, { articles: [{ idArticle: offer.article_id, idOffer: offer.id, qty }] });
}

describe('cart calls', () => {
  it('adds, changes the quantity, removes a line and empties the cart, with totals in cents', async () => {
    const browser = new TestBrowser();
    const cartId = await cartOf(browser);
    const [a, b] = own;
    const first = await add(browser, cartId, a!, 2);
    expect(first.status).toBe(200);
    expect(first.data.articles).toMatchObject([{ idArticle: a!.article_id, qty: 2, unitPrice: a!.price, totalPrice: a!.price * 2 }]);
    expect(browser.cookies.get('ampora_cart_units')).toBe('2');
    const second = await add(browser, cartId, b!, 1);
    expect(second.data.totals.articlesSubtotal).toBe(a!.price * 2 + b!.price);
    const line = second.data.articles.find((x) => x.idArticle === b!.article_id)!;
    const changed = await browser.api<Cart>('PUT', `/api/orders/${cartId}/cart/${line.idLine}`, { qty: 3 });
    expect(changed.data.articles.find((x) => x.idLine === line.idLine)!.qty).toBe(3);
    const removed = await browser.api<Cart>('DELETE', `/api/orders/${cartId}/cart/${line.idLine}`);
    expect(removed.data.articles.map((x) => x.idArticle)).toEqual([a!.article_id]);
    const missing = await browser.api('PUT', `/api/orders/${cartId}/cart/${line.idLine}`, { qty: 1 });
    expect(missing).toMatchObject({ status: 404, error: { code: 1121 } });
    expect((await browser.api<Cart>('DELETE', `/api/orders/${cartId}/cart`)).data.articles).toEqual([]);
    expect(browser.cookies.get('ampora_cart_units')).toBe('0');
  });

  it('gift-wraps a line for free, and needs a quantity or a wrapping choice', async () => {
    const browser = new TestBrowser();
    const cartId = await cartOf(browser);
    const line = (await add(browser, cartId, own[0]!, 1)).data.articles[0]!;
    const wrapped = await browser.api<{ articles: { idLine: number; giftPaper: boolean; totalPrice: number }[] }>('PUT', `/api/orders/${cartId}/cart/${line.idLine}`, { giftPaper: true });
    expect(wrapped.data.articles[0]).toMatchObject({ giftPaper: true, totalPrice: own[0]!.price });
    expect((await browser.api('PUT', `/api/orders/${cartId}/cart/${line.idLine}`, {})).status).toBe(400);
  });

  it('adds the same offer onto its line', async () => {
    const browser = new TestBrowser();
    const cartId = await cartOf(browser);
    await add(browser, cartId, own[0]!, 1);
    const again = await add(browser, cartId, own[0]!, 2);
    expect(again.data.articles).toHaveLength(1);
    expect(again.data.articles[0]!.qty).toBe(3);
  });

  it('caps a line at the stock on hand and says so (1139)', async () => {
    const browser = new TestBrowser();
    const cartId = await cartOf(browser);
    const [offer] = await offersWhere(`${OWN_NEW} AND o.stock BETWEEN 1 AND 10`);
    const result = await add(browser, cartId, offer!, 15);
    expect(result.data.articles[0]!.qty).toBe(offer!.stock);
    expect(result.data.notices).toMatchObject([{ code: 1139, articleNames: [expect.any(String)] }]);
  });

  it('refuses what cannot be bought, with the spec codes, and changes nothing', async () => {
    const browser = new TestBrowser();
    const cartId = await cartOf(browser);
    await add(browser, cartId, own[0]!, 1);
    const [gone] = await offersWhere('o.availability_code >= 6');
    expect(await add(browser, cartId, gone!, 1)).toMatchObject({ status: 409, error: { code: 1125 } });
    const [refurbished] = await offersWhere("o.availability_code <= 3 AND o.stock >= 3 AND (a.type IN ('refurbished', 'reaconditioned') OR o.condition <> 'new')");
    expect(await add(browser, cartId, refurbished!, 3)).toMatchObject({ status: 409, error: { code: 1124 } });
    const unknown = await browser.api('POST', `/api/orders/${cartId}/cart/articles`, { articles: [{ idArticle: 99_999_999, qty: 1 }] });
    expect(unknown).toMatchObject({ status: 404, error: { code: 'ARTICLE_NOT_FOUND' } });
    const bad = await browser.api('POST', `/api/orders/${cartId}/cart/articles`, { articles: [{ idArticle: own[1]!.article_id, qty: 0 }] });
    expect(bad.status).toBe(400);
    const cart = await browser.api<Cart>('GET', `/api/checkout/orders/${cartId}/cart`);
    expect(cart.data.articles.map((x) => [x.idArticle, x.qty])).toEqual([[own[0]!.article_id, 1]]);
  });

  it('refuses a 31st line (1137)', async () => {
    const browser = new TestBrowser();
    const cartId = await cartOf(browser);
    const many = await offersWhere(`${OWN_NEW} AND o.stock >= 1`, 31);
    expect(many).toHaveLength(31);
    const thirty = await browser.api<Cart>('POST', `/api/orders/${cartId}/cart/articles`, { articles: many.slice(0, 30).map((o) => ({ idArticle: o.article_id, idOffer: o.id, qty: 1 })) });
    expect(thirty.data.articles).toHaveLength(30);
    expect(await add(browser, cartId, many[30]!, 1)).toMatchObject({ status: 409, error: { code: 1137 } });
  });

  it('refuses any cart id but the caller’s', async () => {
    const alice = new TestBrowser();
    const aliceCart = await cartOf(alice);
    await add(alice, aliceCart, own[0]!, 1);
    const mallory = new TestBrowser();
    await cartOf(mallory);
    expect((await mallory.api('GET', `/api/checkout/orders/${aliceCart}/cart`)).status).toBe(404);
    expect((await add(mallory, aliceCart, own[1]!, 1)).status).toBe(404);
    expect((await mallory.api('GET', '/api/checkout/orders/not-a-cart/cart')).status).toBe(400);
    expect((await alice.api<Cart>('GET', `/api/checkout/orders/${aliceCart}/cart`)).data.articles).toHaveLength(1);
  });

  it('brings the cart within stock when asked to recalculate (1119 info)', async () => {
    const browser = new TestBrowser();
    const cartId = await cartOf(browser);
    const [a, b] = await offersWhere(`${OWN_NEW} AND o.stock >= 6`, 2);
    await add(browser, cartId, a!, 5);
    await add(browser, cartId, b!, 1);
    await env.DB.batch([env.DB.prepare('UPDATE offers SET stock = 2 WHERE id = ?').bind(a!.id), env.DB.prepare('UPDATE offers SET availability_code = 7, stock = 0 WHERE id = ?').bind(b!.id)]);
    try {
      const plain = await browser.api<Cart>('GET', `/api/checkout/orders/${cartId}/cart`);
      expect(plain.data.outOfStock).toBeNull();
      const checked = await browser.api<Cart>('GET', `/api/checkout/orders/${cartId}/cart?recalculateStock=true`);
      expect(checked.data.outOfStock).toMatchObject({ modifiedArticles: [{ idArticle: a!.article_id, qty: 2 }], removedArticles: [{ idArticle: b!.article_id }], emptyCart: false });
      expect(checked.data.articles.map((x) => [x.idArticle, x.qty])).toEqual([[a!.article_id, 2]]);
    } finally {
      await env.DB.batch([env.DB.prepare('UPDATE offers SET stock = ? WHERE id = ?').bind(a!.stock, a!.id), env.DB.prepare('UPDATE offers SET availability_code = 0, stock = ? WHERE id = ?').bind(b!.stock, b!.id)]);
    }
  });

  it('answers the cart summary with one delivery group per seller, and 1102 for an empty cart', async () => {
    const browser = new TestBrowser();
    const cartId = await cartOf(browser);
    expect(await browser.api('GET', `/api/checkout/orders/orderdata/${cartId}`)).toMatchObject({ status: 409, error: { code: 1102 } });
    const [marketplace] = await offersWhere("o.seller_id <> 0 AND o.availability_code <= 3 AND o.stock >= 1 AND o.condition = 'new' AND a.type NOT IN ('refurbished', 'reaconditioned', 'recertified', 'cpo')");
    await add(browser, cartId, own[0]!, 1);
    await add(browser, cartId, marketplace!, 1);
    const summary = await browser.api<Cart & { ordersAndDeliveries: { idShop: number; type: string; articles: number[] }[] }>('GET', `/api/checkout/orders/orderdata/${cartId}`);
    expect(summary.status).toBe(200);
    expect(summary.data.ordersAndDeliveries.map((g) => g.idShop).sort((x, y) => x - y)).toEqual([0, summary.data.articles.find((x) => x.mpOffer)!.mpOffer!.shopId].sort((x, y) => x - y));
  });

  it('gives the cart token of the caller', async () => {
    const browser = new TestBrowser();
    const cartId = await cartOf(browser);
    const token = await browser.api<{ idCart: string; encryptedCartId: string; units: number }>('GET', '/api/checkout/cart/token');
    expect(token.data).toMatchObject({ idCart: cartId, units: 0 });
  });

  it('clears the cart modifier and forgets the anonymous cart', async () => {
    const browser = new TestBrowser();
    const cartId = await cartOf(browser);
    const cleared = await browser.api('DELETE', `/api/orders/modifier/${cartId}`);
    expect(cleared.status).toBe(200);
    expect(browser.cookies.has('ampora_cart')).toBe(false);
    expect(await cartOf(browser)).not.toBe(cartId);
  });
});

describe('the anonymous basket follows the shopper at sign-in', () => {
  it('merges the anonymous lines into the account’s cart', async () => {
    const owner = new TestBrowser();
    const email = await signUp(owner);
    const accountCart = await cartOf(owner);
    await add(owner, accountCart, own[0]!, 1);

    const shopper = new TestBrowser();
    const anonymousCart = await cartOf(shopper);
    await add(shopper, anonymousCart, own[0]!, 2);
    await add(shopper, anonymousCart, own[1]!, 1);
    const login = await shopper.api<{ idCart: string }>('POST', '/api/users/login', { email, password: PASSWORD });
    expect(login.data.idCart).toBe(accountCart);
    expect(shopper.cookies.has('ampora_cart')).toBe(false);
    const merged = await shopper.api<Cart>('GET', `/api/checkout/orders/${accountCart}/cart`);
    expect(merged.data.articles.map((x) => [x.idArticle, x.qty])).toEqual([
      [own[0]!.article_id, 3],
      [own[1]!.article_id, 1],
    ]);
    expect((await shopper.api('GET', `/api/checkout/orders/${anonymousCart}/cart`)).status).toBe(404);
  });
});

describe('one cart, many writers', () => {
  it('50 concurrent additions end as a serial run would: no lost update', async () => {
    const browser = new TestBrowser();
    const cartId = await cartOf(browser);
    const offers = own.slice(0, 25);
    const requests = [...offers, ...offers].map((offer) => add(browser, cartId, offer, 1));
    const results = await Promise.all(requests);
    expect(results.every((r) => r.status === 200)).toBe(true);
    const cart = await browser.api<Cart>('GET', `/api/checkout/orders/${cartId}/cart`);
    expect(cart.data.articles).toHaveLength(25);
    expect(cart.data.articles.every((x) => x.qty === 2)).toBe(true);
    expect(cart.data.units).toBe(50);
  });
});

describe('the basket page', () => {
  it('shows the caller’s lines, never cached, and works for anonymous visitors', async () => {
    const browser = new TestBrowser();
    const cartId = await cartOf(browser);
    await add(browser, cartId, own[0]!, 2);
    const response = await browser.fetch('/cart/shopping_basket');
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
    const html = await response.text();
    expect(html).toContain('data-island="basket"');
    expect(html).toContain(`data-line-id=`);
    expect(html).toContain(`data-subtotal="${own[0]!.price * 2}"`);
    const stranger = await (await new TestBrowser().fetch('/cart/shopping_basket')).text();
    expect(stranger).not.toContain('data-line-id=');
  });
});

describe('services with an article: extended insurance and extra services', () => {
  type ServiceCart = Omit<Cart, 'articles'> & { articles: (CartArticle & { articleReference: number; service: { kind: string; id: number } | null; extendedInsurances: { id: number; price: number; years: number }[]; extraServices: { id: number }[] })[] };

  async function insurable(): Promise<OfferRow> {
    const plan = (await env.DB.prepare('SELECT category_ids FROM extended_insurances LIMIT 1').first<string>('category_ids'))!;
    const ids = (JSON.parse(plan) as number[]).join(',');
    return (await offersWhere(`${OWN_NEW} AND o.stock >= 5 AND o.price BETWEEN 5000 AND 100000 AND a.category_id IN (${ids})`, 1))[0]!;
  }

  it('offers the plans of the article’s band, attaches one that follows the article’s quantity, and removes it with the article', async () => {
    const browser = new TestBrowser();
    const cartId = await cartOf(browser);
    const offer = await insurable();
    const first = await browser.api<ServiceCart>('POST', `/api/orders/${cartId}/cart/articles`, { articles: [{ idArticle: offer.article_id, idOffer: offer.id, qty: 1 }] });
    const article = first.data.articles[0]!;
    expect(article.extendedInsurances.map((p) => p.years)).toEqual([2, 3]);
    const plan = article.extendedInsurances[0]!;
    const withPlan = await browser.api<ServiceCart>('POST', `/api/orders/${cartId}/cart/${article.idLine}/services`, { kind: 'insurance', serviceId: plan.id });
    const insurance = withPlan.data.articles.find((a) => a.service?.kind === 'insurance')!;
    expect(insurance).toMatchObject({ articleReference: offer.article_id, unitPrice: plan.price, qty: 1 });
    expect(withPlan.data.totals.articlesSubtotal).toBe(offer.price + plan.price);
    expect(withPlan.data.units).toBe(1);
    // Another plan replaces the first; the plan follows the article's quantity.
    await browser.api('POST', `/api/orders/${cartId}/cart/${article.idLine}/services`, { kind: 'insurance', serviceId: article.extendedInsurances[1]!.id });
    const two = await browser.api<ServiceCart>('PUT', `/api/orders/${cartId}/cart/${article.idLine}`, { qty: 2 });
    const plans = two.data.articles.filter((a) => a.service?.kind === 'insurance');
    expect(plans).toHaveLength(1);
    expect(plans[0]).toMatchObject({ qty: 2, unitPrice: article.extendedInsurances[1]!.price });
    const removed = await browser.api<ServiceCart>('DELETE', `/api/orders/${cartId}/cart/${article.idLine}`);
    expect(removed.data.articles).toEqual([]);
  });

  it('adds an article with its plan in one call, and refuses plans that do not fit', async () => {
    const browser = new TestBrowser();
    const cartId = await cartOf(browser);
    const offer = await insurable();
    const options = (await browser.api<ServiceCart>('POST', `/api/orders/${cartId}/cart/articles`, { articles: [{ idArticle: offer.article_id, idOffer: offer.id, qty: 1 }] })).data.articles[0]!.extendedInsurances;
    await browser.api('DELETE', `/api/orders/${cartId}/cart`);
    const together = await browser.api<ServiceCart>('POST', `/api/orders/${cartId}/cart/articles`, { articles: [{ idArticle: offer.article_id, idOffer: offer.id, qty: 1, extendedInsuranceId: options[0]!.id }] });
    expect(together.data.articles.map((a) => a.service?.kind ?? 'article')).toEqual(['article', 'insurance']);
    const wrongBand = (await env.DB.prepare('SELECT id FROM extended_insurances WHERE ? NOT BETWEEN article_price_min AND article_price_max LIMIT 1').bind(offer.price).first<number>('id'))!;
    const refused = await browser.api('POST', `/api/orders/${cartId}/cart/${together.data.articles[0]!.idLine}/services`, { kind: 'insurance', serviceId: wrongBand });
    expect(refused).toMatchObject({ status: 409, error: { code: 'SERVICE_NOT_AVAILABLE' } });
  });

  it('brings the chosen plan along when the anonymous basket joins the account at sign-in', async () => {
    const owner = new TestBrowser();
    const email = await signUp(owner);
    const shopper = new TestBrowser();
    const cartId = await cartOf(shopper);
    const offer = await insurable();
    const added = await shopper.api<ServiceCart>('POST', `/api/orders/${cartId}/cart/articles`, { articles: [{ idArticle: offer.article_id, idOffer: offer.id, qty: 1 }] });
    await shopper.api('POST', `/api/orders/${cartId}/cart/${added.data.articles[0]!.idLine}/services`, { kind: 'insurance', serviceId: added.data.articles[0]!.extendedInsurances[0]!.id });
    const login = await shopper.api<{ idCart: string }>('POST', '/api/users/login', { email, password: PASSWORD });
    const merged = await shopper.api<ServiceCart>('GET', `/api/checkout/orders/${login.data.idCart}/cart`);
    expect(merged.data.articles.map((a) => a.service?.kind ?? 'article')).toEqual(['article', 'insurance']);
    expect(merged.data.units).toBe(1);
  });

  it('refuses extended insurance to business customers (1173)', async () => {
    const browser = new TestBrowser();
    const email = await signUp(browser);
    await env.DB.prepare('UPDATE users SET is_b2b = 1 WHERE email = ?').bind(email).run();
    const cartId = await cartOf(browser);
    const offer = await insurable();
    const added = await browser.api<ServiceCart>('POST', `/api/orders/${cartId}/cart/articles`, { articles: [{ idArticle: offer.article_id, idOffer: offer.id, qty: 1 }] });
    expect(added.data.articles[0]!.extendedInsurances).toEqual([]);
    const plan = (await env.DB.prepare('SELECT id FROM extended_insurances WHERE ? BETWEEN article_price_min AND article_price_max LIMIT 1').bind(offer.price).first<number>('id'))!;
    const refused = await browser.api('POST', `/api/orders/${cartId}/cart/${added.data.articles[0]!.idLine}/services`, { kind: 'insurance', serviceId: plan });
    expect(refused).toMatchObject({ status: 409, error: { code: 1173 } });
  });
});

describe('home installation as a cart line', () => {
  type Installation = InstallationChoice;
  type InstallCart = Omit<Cart, 'articles' | 'totals'> & {
    totals: Cart['totals'] & { totalInstallationPrice: number };
    articles: (CartArticle & { articleReference: number; weightGrams: number; service: { kind: string; id: number } | null; installationOptions: { id: number; name: string; summary: string }[]; installationService: Installation | null })[];
  };
  interface Service {
    id: number;
    prices: Record<string, number>;
    categoryIds: number[];
  }

  let service: Service;
  let appliance: OfferRow;

  beforeAll(async () => {
    const row = (await env.DB.prepare("SELECT id, category_ids, province_prices FROM installation_services WHERE country_iso = 'ES' ORDER BY id LIMIT 1").first<{ id: number; category_ids: string; province_prices: string }>())!;
    service = { id: row.id, prices: JSON.parse(row.province_prices) as Record<string, number>, categoryIds: JSON.parse(row.category_ids) as number[] };
    const found = await offersWhere(`${OWN_NEW} AND o.stock >= 3 AND a.category_id IN (${service.categoryIds.join(',')})`);
    expect(found).toHaveLength(1);
    appliance = found[0]!;
  });

  const install = (browser: TestBrowser, cartId: string, idLine: number, postalCode: string, serviceId = service.id) =>
    browser.api<InstallCart>('POST', `/api/orders/${cartId}/cart/${idLine}/services`, { kind: 'installation', serviceId, postalCode });

  it('offers the service for the article, prices it at the postal code’s province and totals it', async () => {
    const browser = new TestBrowser();
    const cartId = await cartOf(browser);
    const added = await browser.api<InstallCart>('POST', `/api/orders/${cartId}/cart/articles`, { articles: [{ idArticle: appliance.article_id, idOffer: appliance.id, qty: 1 }] });
    const article = added.data.articles[0]!;
    expect(article.installationOptions.map((o) => o.id)).toEqual([service.id]);
    expect(article.installationService).toBeNull();
    const installed = await install(browser, cartId, article.idLine, '28013');
    expect(installed.status).toBe(200);
    const madrid = service.prices['28']!;
    const line = installed.data.articles.find((a) => a.service?.kind === 'installation')!;
    expect(line).toMatchObject({ articleReference: appliance.article_id, qty: 1, unitPrice: madrid, totalPrice: madrid, weightGrams: 0, mpOffer: null, service: { id: service.id } });
    expect(installed.data.articles[0]!.installationService).toMatchObject({ idLine: line.idLine, installationServiceId: service.id, postalCode: '28013', price: madrid, totalPrice: madrid });
    expect(installed.data.articles[0]!.installationService!.summary).not.toBe('');
    expect(installed.data.totals).toMatchObject({ articlesSubtotal: appliance.price + madrid, totalPrice: appliance.price + madrid, totalInstallationPrice: madrid });
    expect(installed.data.units).toBe(1);
    // The basket page shows it with its price and a way to remove it.
    const page = await (await browser.fetch('/cart/shopping_basket')).text();
    expect(page).toContain(`data-installation-line="${line.idLine}"`);
    expect(page).toContain(`data-installation-total="${madrid}"`);
    // The price is read again from D1 on every cart read, never kept from the first answer.
    await env.DB.prepare('UPDATE installation_services SET province_prices = ? WHERE id = ?').bind(JSON.stringify({ ...service.prices, '28': madrid + 100 }), service.id).run();
    try {
      const reread = await browser.api<InstallCart>('GET', `/api/checkout/orders/${cartId}/cart`);
      expect(reread.data.totals.totalInstallationPrice).toBe(madrid + 100);
    } finally {
      await env.DB.prepare('UPDATE installation_services SET province_prices = ? WHERE id = ?').bind(JSON.stringify(service.prices), service.id).run();
    }
  });

  it('refuses a province we do not serve (38001) and a service the article cannot have (38002), changing nothing', async () => {
    const browser = new TestBrowser();
    const cartId = await cartOf(browser);
    const [other] = await offersWhere(`${OWN_NEW} AND o.stock >= 1 AND a.category_id NOT IN (${service.categoryIds.join(',')})`);
    const added = await browser.api<InstallCart>('POST', `/api/orders/${cartId}/cart/articles`, {
      articles: [
        { idArticle: appliance.article_id, idOffer: appliance.id, qty: 1 },
        { idArticle: other!.article_id, idOffer: other!.id, qty: 1 },
      ],
    });
    const washer = added.data.articles.find((a) => a.idArticle === appliance.article_id)!;
    const notAppliance = added.data.articles.find((a) => a.idArticle === other!.article_id)!;
    expect(notAppliance.installationOptions).toEqual([]);
    expect(await install(browser, cartId, washer.idLine, '07001')).toMatchObject({ status: 404, error: { code: 38001 } });
    expect(await install(browser, cartId, washer.idLine, '2801')).toMatchObject({ status: 404, error: { code: 38001 } });
    expect(await install(browser, cartId, washer.idLine, '28013', 999)).toMatchObject({ status: 404, error: { code: 38002 } });
    expect(await install(browser, cartId, notAppliance.idLine, '28013')).toMatchObject({ status: 404, error: { code: 38002 } });
    expect((await install(browser, cartId, washer.idLine, '')).status).toBe(400);
    // Adding the article with an installation that cannot be: refused before the article goes in.
    await browser.api('DELETE', `/api/orders/${cartId}/cart/${notAppliance.idLine}`);
    const together = await browser.api('POST', `/api/orders/${cartId}/cart/articles`, { articles: [{ idArticle: other!.article_id, idOffer: other!.id, qty: 1, installationServiceId: service.id, postalCode: '28013' }] });
    expect(together).toMatchObject({ status: 404, error: { code: 38002 } });
    expect((await browser.api('POST', `/api/orders/${cartId}/cart/articles`, { articles: [{ idArticle: appliance.article_id, qty: 1, installationServiceId: service.id }] })).status).toBe(400);
    const cart = await browser.api<InstallCart>('GET', `/api/checkout/orders/${cartId}/cart`);
    expect(cart.data.articles.map((a) => [a.idArticle, a.qty, a.service?.kind ?? 'article'])).toEqual([[appliance.article_id, 1, 'article']]);
    expect(cart.data.totals.totalInstallationPrice).toBe(0);
  });

  it('keeps one installation per article (a new postal code replaces it), follows its quantity and goes with it', async () => {
    const browser = new TestBrowser();
    const cartId = await cartOf(browser);
    const together = await browser.api<InstallCart>('POST', `/api/orders/${cartId}/cart/articles`, { articles: [{ idArticle: appliance.article_id, idOffer: appliance.id, qty: 1, installationServiceId: service.id, postalCode: '28013' }] });
    expect(together.data.articles.map((a) => a.service?.kind ?? 'article')).toEqual(['article', 'installation']);
    const article = together.data.articles[0]!;
    const toledo = await install(browser, cartId, article.idLine, '45001');
    const lines = toledo.data.articles.filter((a) => a.service?.kind === 'installation');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ unitPrice: service.prices['45'] });
    expect(toledo.data.articles[0]!.installationService!.postalCode).toBe('45001');
    const two = await browser.api<InstallCart>('PUT', `/api/orders/${cartId}/cart/${article.idLine}`, { qty: 2 });
    expect(two.data.articles.find((a) => a.service?.kind === 'installation')).toMatchObject({ qty: 2, totalPrice: service.prices['45']! * 2 });
    expect(two.data.totals).toMatchObject({ articlesSubtotal: (appliance.price + service.prices['45']!) * 2, totalInstallationPrice: service.prices['45']! * 2 });
    // Removing the installation line alone keeps the article; removing the article takes its installation.
    const installation = two.data.articles.find((a) => a.service?.kind === 'installation')!;
    const without = await browser.api<InstallCart>('DELETE', `/api/orders/${cartId}/cart/${installation.idLine}`);
    expect(without.data.articles.map((a) => a.idLine)).toEqual([article.idLine]);
    await install(browser, cartId, article.idLine, '28013');
    const removed = await browser.api<InstallCart>('DELETE', `/api/orders/${cartId}/cart/${article.idLine}`);
    expect(removed.data.articles).toEqual([]);
    expect(removed.data.totals.totalInstallationPrice).toBe(0);
  });

  it('is for business customers too, and comes along at sign-in', async () => {
    const owner = new TestBrowser();
    const email = await signUp(owner);
    await env.DB.prepare('UPDATE users SET is_b2b = 1 WHERE email = ?').bind(email).run();
    const shopper = new TestBrowser();
    const anonymousCart = await cartOf(shopper);
    const added = await shopper.api<InstallCart>('POST', `/api/orders/${anonymousCart}/cart/articles`, { articles: [{ idArticle: appliance.article_id, idOffer: appliance.id, qty: 1 }] });
    await install(shopper, anonymousCart, added.data.articles[0]!.idLine, '28013');
    const login = await shopper.api<{ idCart: string }>('POST', '/api/users/login', { email, password: PASSWORD });
    const merged = await shopper.api<InstallCart>('GET', `/api/checkout/orders/${login.data.idCart}/cart`);
    expect(merged.data.articles.map((a) => a.service?.kind ?? 'article')).toEqual(['article', 'installation']);
    expect(merged.data.articles[0]!.installationService).toMatchObject({ postalCode: '28013', price: service.prices['28'] });
    const again = await install(shopper, login.data.idCart, merged.data.articles[0]!.idLine, '45001');
    expect(again.status).toBe(200);
  });

  it('cannot be added to another user’s cart', async () => {
    const alice = new TestBrowser();
    const aliceCart = await cartOf(alice);
    const added = await alice.api<InstallCart>('POST', `/api/orders/${aliceCart}/cart/articles`, { articles: [{ idArticle: appliance.article_id, idOffer: appliance.id, qty: 1 }] });
    const mallory = new TestBrowser();
    await cartOf(mallory);
    expect((await install(mallory, aliceCart, added.data.articles[0]!.idLine, '28013')).status).toBe(404);
    expect((await alice.api<InstallCart>('GET', `/api/checkout/orders/${aliceCart}/cart`)).data.articles).toHaveLength(1);
  });

  it('is priced again for the checkout’s postal code: notServed (38001) where we do not install', async () => {
    const line = { service: { kind: 'installation' as const, id: service.id }, familyId: service.categoryIds[0]!, qty: 2 };
    const db = dbFor(env.DB);
    expect(await installationAt(db, line, '28013', 'ES')).toEqual({ ok: true, installationServiceId: service.id, postalCode: '28013', provinceCode: '28', unitPrice: service.prices['28'], totalPrice: service.prices['28']! * 2 });
    expect(await installationAt(db, line, '07001', 'ES')).toMatchObject({ ok: false, reason: 'notServed', error: 'installationPriceNotFound' });
    expect(await installationAt(db, line, '1000-001', 'PT')).toMatchObject({ ok: false, reason: 'notServed' });
    expect(await installationAt(db, { ...line, service: { kind: 'installation', id: 999 } }, '28013', 'ES')).toMatchObject({ ok: false, reason: 'serviceNotFound', error: 'installationServiceNotFound' });
    expect(await installationAt(db, { ...line, familyId: -1 }, '28013', 'ES')).toMatchObject({ ok: false, reason: 'serviceNotFound' });
  });
});

describe('articles sold only on conditions: OEM (1145) and companion (1146)', () => {
  type RestrictedCart = Omit<Cart, 'articles'> & { articles: (CartArticle & { name: string; extraServices: { id: number }[] })[]; criticalErrors: { code: number; articleName?: string }[] };

  async function restrict(offer: OfferRow, restriction: 'oem' | 'companion' | null) {
    await env.DB.prepare('UPDATE articles SET sale_restriction = ? WHERE id = ?').bind(restriction, offer.article_id).run();
  }

  it('an OEM article blocks the cart until the PC assembly service is in it', async () => {
    const assembly = (await env.DB.prepare('SELECT category_ids FROM extra_services WHERE id = ?').bind(ASSEMBLY_SERVICE_ID).first<string>('category_ids'))!;
    const [component] = await offersWhere(`${OWN_NEW} AND o.stock >= 1 AND a.category_id IN (${(JSON.parse(assembly) as number[]).join(',')})`);
    await restrict(component!, 'oem');
    try {
      const browser = new TestBrowser();
      const cartId = await cartOf(browser);
      const added = await browser.api<RestrictedCart>('POST', `/api/orders/${cartId}/cart/articles`, { articles: [{ idArticle: component!.article_id, idOffer: component!.id, qty: 1 }] });
      const line = added.data.articles[0]!;
      expect(added.data.criticalErrors).toEqual([{ code: 1145, articleName: line.name }]);
      const summary = await browser.api<RestrictedCart>('GET', `/api/checkout/orders/orderdata/${cartId}`);
      expect(summary.data.criticalErrors).toEqual([{ code: 1145, articleName: line.name }]);
      // The basket says why and offers no way on to the checkout.
      const page = await (await browser.fetch('/cart/shopping_basket')).text();
      expect(page).toContain('data-critical-error="1145"');
      expect(page).toContain('id="basket-blocked"');
      expect(line.extraServices.map((s) => s.id)).toContain(ASSEMBLY_SERVICE_ID);
      const assembled = await browser.api<RestrictedCart>('POST', `/api/orders/${cartId}/cart/${line.idLine}/services`, { kind: 'service', serviceId: ASSEMBLY_SERVICE_ID });
      expect(assembled.data.criticalErrors).toEqual([]);
      expect((await browser.api<RestrictedCart>('GET', `/api/checkout/orders/orderdata/${cartId}`)).data.criticalErrors).toEqual([]);
    } finally {
      await restrict(component!, null);
    }
  });

  it('a companion article cannot be the only physical article', async () => {
    const [companion, other] = own;
    await restrict(companion!, 'companion');
    try {
      const browser = new TestBrowser();
      const cartId = await cartOf(browser);
      const alone = await add(browser, cartId, companion!, 1);
      expect(alone.status).toBe(200);
      const name = (alone.data as unknown as RestrictedCart).articles[0]!.name;
      expect((alone.data as unknown as RestrictedCart).criticalErrors).toEqual([{ code: 1146, articleName: name }]);
      const accompanied = (await add(browser, cartId, other!, 1)).data as unknown as RestrictedCart;
      expect(accompanied.criticalErrors).toEqual([]);
      const line = accompanied.articles.find((a) => a.idArticle === other!.article_id)!;
      const again = (await browser.api<RestrictedCart>('DELETE', `/api/orders/${cartId}/cart/${line.idLine}`)).data;
      expect(again.criticalErrors.map((e) => e.code)).toEqual([1146]);
    } finally {
      await restrict(companion!, null);
    }
  });
});

describe('what a cart line says: delivery dates, shop stock, other offers and a better offer (1147)', () => {
  type Offer = ArticleOffer;
  type LineCart = Omit<Cart, 'articles'> & {
    articles: (CartArticle & {
      name: string;
      idOffer: number;
      service: { kind: string } | null;
      deliveryDate: { strDeliveryDate: string; isSameDay: boolean; minDate: string; maxDate: string } | null;
      storeAvailability: { shopId: number; shopName: string; qty: number }[];
      buyboxOffers: Offer[];
      betterOffer: Offer | null;
    })[];
    criticalErrors: { code: number; articleName?: string }[];
  };

  /** Purchasable on ES, as the cart's rule has it: codes 0–5, with stock for codes 0–3. */
  const PURCHASABLE = '(o.availability_code BETWEEN 0 AND 5 AND (o.availability_code > 3 OR o.stock > 0))';

  /** The cart read through the app with the clock at `now` (the browser's cookies, so its own cart). */
  async function cartAt(browser: TestBrowser, cartId: string, now: Date): Promise<LineCart> {
    const headers = { Cookie: [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; '), 'CF-Connecting-IP': browser.ip };
    const response = await createApp({ now: () => now }).fetch(new Request(`${browser.origin}/api/checkout/orders/${cartId}/cart`, { headers }), env);
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: LineCart }).data;
  }

  /** The other purchasable offers of an article on ES, as the cart must list them. */
  async function otherOffers(articleId: number, offerId: number): Promise<Offer[]> {
    const rows = await env.DB.prepare(
      `SELECT o.id AS idOffer, o.seller_id AS shopId, s.name AS shopName, o.price, o.condition, o.availability_code AS availabilityCode FROM offers o JOIN sellers s ON s.id = o.seller_id
       WHERE o.channel = 'ES' AND o.article_id = ? AND o.id <> ? AND ${PURCHASABLE} ORDER BY o.price, o.id LIMIT 5`,
    ).bind(articleId, offerId).all<Offer>();
    return rows.results;
  }

  it('dates each article line by the request’s clock in the channel’s time zone', async () => {
    const browser = new TestBrowser();
    const cartId = await cartOf(browser);
    const [sameDay] = await offersWhere("o.seller_id = 0 AND a.type = 'digital' AND o.delivery_min_days = 0 AND o.delivery_max_days = 0 AND o.availability_code <= 3 AND o.stock >= 1");
    const [twoDays] = await offersWhere(`${OWN_NEW} AND o.stock >= 1 AND o.delivery_min_days = 1 AND o.delivery_max_days = 2`);
    await add(browser, cartId, sameDay!, 1);
    await add(browser, cartId, twoDays!, 1);
    // Monday 2 November 2026, 09:00 in Madrid: before the 10:00 same-day cut-off.
    const morning = await cartAt(browser, cartId, new Date('2026-11-02T08:00:00Z'));
    const line = (cart: LineCart, offer: OfferRow) => cart.articles.find((a) => a.idArticle === offer.article_id)!;
    expect(line(morning, sameDay!).deliveryDate).toEqual({ strDeliveryDate: '2026-11-02', isSameDay: true, minDate: '2026-11-01T23:00:00.000Z', maxDate: '2026-11-01T23:00:00.000Z' });
    expect(line(morning, twoDays!).deliveryDate).toEqual({ strDeliveryDate: '2026-11-03', isSameDay: false, minDate: '2026-11-02T23:00:00.000Z', maxDate: '2026-11-03T23:00:00.000Z' });
    // 10:30 in Madrid: same day is over; Saturday's next delivery day is Monday (no Sundays).
    expect(line(await cartAt(browser, cartId, new Date('2026-11-02T09:30:00Z')), sameDay!).deliveryDate).toMatchObject({ strDeliveryDate: '2026-11-03', isSameDay: false });
    expect(line(await cartAt(browser, cartId, new Date('2026-11-07T12:00:00Z')), twoDays!).deliveryDate).toMatchObject({ strDeliveryDate: '2026-11-09', isSameDay: false });
    // The existing delivery days stay beside the dates.
    expect((line(morning, twoDays!) as unknown as { delivery: unknown }).delivery).toEqual({ minDays: 1, maxDays: 2 });
  });

  it('lists the units in our shops on our own lines, and not on another seller’s line of the same article', async () => {
    const article = (await env.DB.prepare(
      `SELECT o.article_id FROM offers o JOIN articles a ON a.id = o.article_id WHERE o.channel = 'ES' AND ${OWN_NEW} AND o.stock >= 1
       AND EXISTS (SELECT 1 FROM physical_shop_stock p WHERE p.article_id = o.article_id AND p.qty > 0)
       AND EXISTS (SELECT 1 FROM offers m WHERE m.article_id = o.article_id AND m.channel = 'ES' AND m.seller_id <> 0 AND m.condition = 'new' AND m.availability_code <= 3 AND m.stock >= 1)
       ORDER BY o.article_id LIMIT 1`,
    ).first<number>('article_id'))!;
    const [ownOffer] = await offersWhere(`${OWN_NEW} AND o.stock >= 1 AND o.article_id = ${article}`);
    const [otherSeller] = await offersWhere(`o.seller_id <> 0 AND o.condition = 'new' AND o.availability_code <= 3 AND o.stock >= 1 AND o.article_id = ${article}`);
    const shops = (await env.DB.prepare('SELECT p.shop_id AS shopId, s.name AS shopName, p.qty FROM physical_shop_stock p JOIN physical_shops s ON s.id = p.shop_id WHERE p.article_id = ? AND p.qty > 0 ORDER BY s.name').bind(article).all()).results;
    expect(shops.length).toBeGreaterThan(0);
    const browser = new TestBrowser();
    const cartId = await cartOf(browser);
    await add(browser, cartId, ownOffer!, 1);
    const cart = (await add(browser, cartId, otherSeller!, 1)).data as unknown as LineCart;
    expect(cart.articles.find((a) => a.idOffer === ownOffer!.id)!.storeAvailability).toEqual(shops);
    expect(cart.articles.find((a) => a.idOffer === otherSeller!.id)!.storeAvailability).toEqual([]);
    // The basket says when each line arrives, and in how many shops and which we have it.
    const page = await (await browser.fetch('/cart/shopping_basket')).text();
    for (const a of cart.articles) expect(page).toContain(`data-delivery-date="${a.deliveryDate!.strDeliveryDate}"`);
    expect(page).toContain(`data-store-availability="${shops.length}"`);
    for (const shop of shops) expect(page).toContain(String(shop.shopName));
  });

  it('lists the article’s other purchasable offers, cheapest first, without the line’s own', async () => {
    const [offer] = await offersWhere(`${OWN_NEW} AND o.stock >= 1 AND (SELECT count(*) FROM offers x WHERE x.article_id = o.article_id AND x.channel = 'ES') >= 4`);
    const expected = await otherOffers(offer!.article_id, offer!.id);
    expect(expected.length).toBeGreaterThanOrEqual(2);
    const browser = new TestBrowser();
    const cartId = await cartOf(browser);
    const line = ((await add(browser, cartId, offer!, 1)).data as unknown as LineCart).articles[0]!;
    expect(line.buyboxOffers).toEqual(expected);
    expect(line.buyboxOffers.map((o) => o.idOffer)).not.toContain(offer!.id);
    const prices = line.buyboxOffers.map((o) => o.price);
    expect(prices).toEqual([...prices].sort((x, y) => x - y));
    // An offer that can no longer be bought leaves the list.
    const gone = expected[0]!;
    await env.DB.prepare('UPDATE offers SET availability_code = 7 WHERE id = ?').bind(gone.idOffer).run();
    try {
      const reread = await browser.api<LineCart>('GET', `/api/checkout/orders/${cartId}/cart`);
      expect(reread.data.articles[0]!.buyboxOffers.map((o) => o.idOffer)).toEqual((await otherOffers(offer!.article_id, offer!.id)).map((o) => o.idOffer));
      expect(reread.data.articles[0]!.buyboxOffers.map((o) => o.idOffer)).not.toContain(gone.idOffer);
    } finally {
      await env.DB.prepare('UPDATE offers SET availability_code = ? WHERE id = ?').bind(gone.availabilityCode, gone.idOffer).run();
    }
  });

  it('warns of a cheaper offer in the same condition for a marketplace line (1147), without blocking, and not once it is the cheapest', async () => {
    const row = (await env.DB.prepare(
      `SELECT o.id, o.article_id, o.price, o.stock FROM offers o JOIN articles a ON a.id = o.article_id JOIN sellers s ON s.id = o.seller_id
       WHERE o.channel = 'ES' AND s.kind = 'marketplace' AND o.availability_code <= 3 AND o.stock >= 1 AND o.condition = 'new' AND a.sale_restriction IS NULL AND a.type NOT IN ('refurbished', 'reaconditioned', 'recertified', 'cpo', 'digital')
       AND EXISTS (SELECT 1 FROM offers p WHERE p.article_id = o.article_id AND p.channel = 'ES' AND p.seller_id <> o.seller_id AND p.condition = o.condition AND p.price < o.price AND p.availability_code BETWEEN 0 AND 5 AND (p.availability_code > 3 OR p.stock > 0))
       ORDER BY o.article_id LIMIT 1`,
    ).first<OfferRow>())!;
    const cheapest = (await env.DB.prepare(
      `SELECT o.id, o.price FROM offers o WHERE o.article_id = ? AND o.channel = 'ES' AND o.id <> ? AND o.condition = 'new' AND ${PURCHASABLE} ORDER BY o.price, o.id LIMIT 1`,
    ).bind(row.article_id, row.id).first<{ id: number; price: number }>())!;
    const browser = new TestBrowser();
    const cartId = await cartOf(browser);
    await add(browser, cartId, own[0]!, 1);
    const cart = (await add(browser, cartId, row, 1)).data as unknown as LineCart;
    const line = cart.articles.find((a) => a.idOffer === row.id)!;
    expect(line.betterOffer).toMatchObject({ idOffer: cheapest.id, price: cheapest.price, condition: 'new' });
    expect(cart.articles.find((a) => a.idOffer === own[0]!.id)!.betterOffer).toBeNull();
    expect(cart.criticalErrors).toEqual([{ code: 1147, articleName: line.name }]);
    const summary = await browser.api<LineCart>('GET', `/api/checkout/orders/orderdata/${cartId}`);
    expect(summary.data.criticalErrors).toEqual([{ code: 1147, articleName: line.name }]);
    // The basket shows it on the line with a link to the product, and the way on stays open.
    const page = await (await browser.fetch('/cart/shopping_basket')).text();
    expect(page).toContain(`data-better-offer="${line.idLine}"`);
    expect(page).not.toContain('id="basket-blocked"');

    // Once the line is the cheapest in its condition, or ties with the cheapest, there is no better offer.
    for (const price of [cheapest.price - 1, cheapest.price]) {
      await env.DB.prepare('UPDATE offers SET price = ? WHERE id = ?').bind(price, row.id).run();
      try {
        const reread = await browser.api<LineCart>('GET', `/api/checkout/orders/${cartId}/cart`);
        expect(reread.data.articles.find((a) => a.idOffer === row.id)).toMatchObject({ unitPrice: price, betterOffer: null });
        expect(reread.data.criticalErrors).toEqual([]);
      } finally {
        await env.DB.prepare('UPDATE offers SET price = ? WHERE id = ?').bind(row.price, row.id).run();
      }
    }
  });
});
