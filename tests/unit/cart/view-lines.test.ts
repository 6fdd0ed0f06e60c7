// What a cart line says beyond its price: delivery dates by the request's clock, units in our
// shops, the article's other offers, and the marketplace offer match (1147).
import { describe, expect, it } from 'vitest';
import type { CartLineRow } from '../../../worker/cart/cart-do';
import type { ArticleExtras, LineDetail } from '../../../worker/cart/facts';
import { cartView, MAX_BUYBOX_OFFERS, type CartViewInput, type ServiceContext } from '../../../worker/cart/view';
import type { ArticleOffer } from '../../../worker/domain/checkout/offer-match';

const MADRID = 'Europe/Madrid';
/** Monday 2 November 2026, 09:00 in Madrid (CET). */
const MONDAY_9AM = new Date('2026-11-02T08:00:00Z');

const OWN = { id: 0, name: 'Ampora', slug: 'ampora', kind: 'own', sentBy: 'retailer' } as const;
const SHOP_12 = { id: 12, name: 'Tech Shop', slug: 'tech-shop', kind: 'marketplace', sentBy: 'seller' } as const;

function detail(offerId: number, articleId: number, price: number, over: Partial<LineDetail> = {}): LineDetail {
  return {
    offerId, articleId, name: `Article ${articleId}`, slug: `article-${articleId}`, ean: '0', brand: 'Brand', brandId: 1, family: 'Family', familyId: 10, imageKey: 'img',
    type: 'normal', condition: 'new', price, originalPrice: null, recommendedPrice: null, availabilityCode: 0, stock: 10, deliveryMinDays: 1, deliveryMaxDays: 3,
    minShippingPrice: 0, weightGrams: 1_000, ratingAverage: 0, ratingCount: 0, saleRestriction: null, seller: OWN, ...over,
  };
}

const row = (over: Partial<CartLineRow> & Pick<CartLineRow, 'idLine' | 'offerId' | 'articleId'>): CartLineRow => ({ qty: 1, articleReference: 0, kind: 'article', serviceId: null, postalCode: null, giftPaper: false, addedAt: 0, ...over });
const offer = (idOffer: number, shopId: number, price: number, condition = 'new'): ArticleOffer => ({ idOffer, shopId, shopName: `Shop ${shopId}`, price, condition, availabilityCode: 0 });

/** Article 1 sold by us (offer 100), article 2 bought from shop 12 (offer 200). */
const LINES = [row({ idLine: 1, offerId: 100, articleId: 1 }), row({ idLine: 2, offerId: 200, articleId: 2 })];
const DETAILS = new Map([
  [100, detail(100, 1, 20_000)],
  [200, detail(200, 2, 15_000, { seller: SHOP_12 })],
]);
const SHOP_STOCK = [{ shopId: 30, shopName: 'Madrid', qty: 4 }, { shopId: 1, shopName: 'Murcia', qty: 2 }];

function view(over: Partial<CartViewInput> = {}) {
  return cartView({ idCart: 'cart', lines: LINES, details: DETAILS, updatedAt: 0, now: MONDAY_9AM, timeZone: MADRID, ...over });
}

describe('delivery dates of a line (spec §3 deliveryDate)', () => {
  const dates = (minDays: number, maxDays: number, now = MONDAY_9AM, timeZone = MADRID) =>
    cartView({ idCart: 'cart', lines: [LINES[0]!], details: new Map([[100, detail(100, 1, 20_000, { deliveryMinDays: minDays, deliveryMaxDays: maxDays })]]), updatedAt: 0, now, timeZone }).articles[0]!.deliveryDate;

  it('counts the offer’s delivery days from the request’s clock, local midnights as instants', () => {
    expect(dates(1, 3)).toEqual({ strDeliveryDate: '2026-11-03', isSameDay: false, minDate: '2026-11-02T23:00:00.000Z', maxDate: '2026-11-04T23:00:00.000Z' });
  });

  it('is same day for a same-day offer ordered before 10:00 local, and the next day after', () => {
    expect(dates(0, 0)).toEqual({ strDeliveryDate: '2026-11-02', isSameDay: true, minDate: '2026-11-01T23:00:00.000Z', maxDate: '2026-11-01T23:00:00.000Z' });
    expect(dates(0, 2)).toMatchObject({ strDeliveryDate: '2026-11-02', isSameDay: true, maxDate: '2026-11-03T23:00:00.000Z' });
    const tenThirty = new Date('2026-11-02T09:30:00Z');
    expect(dates(0, 0, tenThirty)).toMatchObject({ strDeliveryDate: '2026-11-03', isSameDay: false });
  });

  it('follows the channel’s time zone: 10:30 in Madrid is 09:30 in Lisbon', () => {
    const instant = new Date('2026-11-02T09:30:00Z');
    expect(dates(0, 0, instant, 'Europe/Lisbon')).toEqual({ strDeliveryDate: '2026-11-02', isSameDay: true, minDate: '2026-11-02T00:00:00.000Z', maxDate: '2026-11-02T00:00:00.000Z' });
  });

  it('skips Sundays: Saturday plus one delivery day is Monday', () => {
    expect(dates(1, 1, new Date('2026-11-07T12:00:00Z'))).toMatchObject({ strDeliveryDate: '2026-11-09' });
  });
});

describe('shop stock and the other offers of a line', () => {
  it('lists our shops’ units only on lines we sell ourselves', () => {
    const extras: ArticleExtras = { shopStock: new Map([[1, SHOP_STOCK], [2, SHOP_STOCK]]), offers: new Map() };
    const [own, marketplace] = view({ extras }).articles;
    expect(own!.storeAvailability).toEqual(SHOP_STOCK);
    expect(marketplace!.storeAvailability).toEqual([]);
  });

  it('lists the article’s other offers cheapest first, without the line’s own, at most five', () => {
    const others = [offer(201, 0, 9_000), offer(202, 20, 9_500, 'Reaconditioned-A'), offer(200, 12, 15_000), offer(203, 21, 16_000), offer(204, 22, 17_000), offer(205, 23, 18_000), offer(206, 24, 19_000)];
    const extras: ArticleExtras = { shopStock: new Map(), offers: new Map([[2, others]]) };
    const line = view({ extras }).articles[1]!;
    expect(MAX_BUYBOX_OFFERS).toBe(5);
    expect(line.buyboxOffers.map((o) => o.idOffer)).toEqual([201, 202, 203, 204, 205]);
    expect(view().articles.map((a) => a.buyboxOffers)).toEqual([[], []]);
  });
});

describe('a better offer for a marketplace line (1147)', () => {
  it('marks the line and adds the warning after the sale restrictions', () => {
    const cheaper = offer(201, 0, 14_999);
    const extras: ArticleExtras = { shopStock: new Map(), offers: new Map([[2, [cheaper, offer(200, 12, 15_000)]]]) };
    const oem = new Map([...DETAILS, [100, detail(100, 1, 20_000, { saleRestriction: 'oem' })]]);
    const cart = view({ extras, details: oem });
    expect(cart.articles.map((a) => a.betterOffer)).toEqual([null, cheaper]);
    expect(cart.criticalErrors).toEqual([
      { code: 1145, articleName: 'Article 1' },
      { code: 1147, articleName: 'Article 2' },
    ]);
  });

  it('is absent when the cheaper offer is in another condition or at the same price', () => {
    const extras: ArticleExtras = { shopStock: new Map(), offers: new Map([[2, [offer(201, 20, 9_000, 'Reaconditioned-A'), offer(202, 0, 15_000), offer(200, 12, 15_000)]]]) };
    const cart = view({ extras });
    expect(cart.articles[1]!.betterOffer).toBeNull();
    expect(cart.criticalErrors).toEqual([]);
  });
});

describe('service lines keep neutral values', () => {
  it('has no delivery date, shop stock, other offers or better offer', () => {
    const services: ServiceContext = {
      insurances: [],
      services: [{ id: 3, name: 'Set-up', price: 2_999, description: 'We set it up.', allowInMarketplace: true, categoryIds: [10] }],
      insuranceAllowed: true,
      installations: [],
      countryIso: 'ES',
      provinces: new Map(),
    };
    const lines = [...LINES, row({ idLine: 3, offerId: 200, articleId: 2, articleReference: 2, kind: 'service', serviceId: 3 })];
    const extras: ArticleExtras = { shopStock: new Map([[2, SHOP_STOCK]]), offers: new Map([[2, [offer(201, 0, 1_000)]]]) };
    const cart = view({ lines, extras, services });
    const service = cart.articles.find((a) => a.service !== null)!;
    expect(service).toMatchObject({ idLine: 3, deliveryDate: null, storeAvailability: [], buyboxOffers: [], betterOffer: null });
    expect(cart.criticalErrors.map((e) => e.code)).toEqual([1147]);
  });
});
