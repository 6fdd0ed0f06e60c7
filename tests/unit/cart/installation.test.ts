import { describe, expect, it } from 'vitest';
import type { CartLineRow } from '../../../worker/cart/cart-do';
import type { LineDetail } from '../../../worker/cart/facts';
import { eligibleInstallations, installationPrice, provinceOfPostalCode, type InstallationOffer, type ProvincePrefixes } from '../../../worker/cart/installation';
import { cartView, type ServiceContext } from '../../../worker/cart/view';

const SPAIN: ProvincePrefixes[] = [
  { code: '28', postalPrefixes: '28' },
  { code: '07', postalPrefixes: '07' },
  { code: '45', postalPrefixes: '45' },
];
const HOME: InstallationOffer = { id: 1, categoryIds: [40, 41], countryIso: 'ES', provincePrices: { '28': 3_999, '45': 5_499 }, name: 'Installation at home', summary: 'A technician connects it.' };

describe('the province of a postal code', () => {
  it.each([
    ['28013', SPAIN, '28'],
    ['07001', SPAIN, '07'],
    ['35001', SPAIN, null],
    // The longest listed prefix wins; provinces listing none never match.
    ['1234-567', [{ code: 'A', postalPrefixes: '1' }, { code: 'B', postalPrefixes: '12, 13' }], 'B'],
    ['10115', [{ code: 'BE', postalPrefixes: '' }], null],
  ])('%s → %s', (postalCode, provinces, expected) => {
    expect(provinceOfPostalCode(postalCode, provinces)).toBe(expected);
  });
});

describe('the installation price at a postal code (38001 when not served)', () => {
  it.each([
    ['a served province', 'ES', '28013', { ok: true, postalCode: '28013', provinceCode: '28', price: 3_999 }],
    ['another served province at its price', 'ES', ' 45 001 ', { ok: true, postalCode: '45001', provinceCode: '45', price: 5_499 }],
    ['a province without a price', 'ES', '07001', { ok: false, reason: 'notServed' }],
    ['a code that is not Spanish', 'ES', '2801', { ok: false, reason: 'notServed' }],
    ['an empty code', 'ES', '', { ok: false, reason: 'notServed' }],
    ['another country', 'PT', '1000-001', { ok: false, reason: 'notServed' }],
  ])('%s', (_label, country, postalCode, expected) => {
    expect(installationPrice(HOME, country, postalCode, SPAIN)).toEqual(expected);
  });

  it('is offered for the service’s categories in its own country, never for digital goods', () => {
    expect(eligibleInstallations({ categoryId: 40, type: 'normal' }, 'ES', [HOME])).toEqual([HOME]);
    expect(eligibleInstallations({ categoryId: 12, type: 'normal' }, 'ES', [HOME])).toEqual([]);
    expect(eligibleInstallations({ categoryId: 40, type: 'normal' }, 'FR', [HOME])).toEqual([]);
    expect(eligibleInstallations({ categoryId: 40, type: 'digital' }, 'ES', [HOME])).toEqual([]);
  });
});

function detail(offerId: number, articleId: number, price: number, familyId: number, saleRestriction: LineDetail['saleRestriction'] = null): LineDetail {
  return {
    offerId, articleId, name: `Article ${articleId}`, slug: `article-${articleId}`, ean: '0', brand: 'Brand', brandId: 1, family: 'Family', familyId, imageKey: 'img',
    type: 'normal', condition: 'new', price, originalPrice: null, recommendedPrice: null, availabilityCode: 0, stock: 10, deliveryMinDays: 1, deliveryMaxDays: 3,
    minShippingPrice: 0, weightGrams: 50_000, ratingAverage: 0, ratingCount: 0, saleRestriction, seller: { id: 0, name: 'Ampora', slug: 'ampora', kind: 'own', sentBy: 'retailer' },
  };
}

const row = (over: Partial<CartLineRow> & Pick<CartLineRow, 'idLine' | 'offerId' | 'articleId'>): CartLineRow => ({ qty: 1, articleReference: 0, kind: 'article', serviceId: null, postalCode: null, giftPaper: false, addedAt: 0, ...over });

const CONTEXT: ServiceContext = { insurances: [], services: [], insuranceAllowed: true, installations: [HOME], countryIso: 'ES', provinces: new Map([['ES', SPAIN]]) };
const viewOf = (lines: CartLineRow[], lineDetails: ReadonlyMap<number, LineDetail>, services = CONTEXT) =>
  cartView({ idCart: 'cart', lines, details: lineDetails, updatedAt: 0, now: new Date('2026-11-02T08:00:00Z'), timeZone: 'Europe/Madrid', services });
const WASHER = detail(500, 50, 49_900, 40);
const PHONE = detail(600, 60, 29_900, 12);
const details = new Map([[500, WASHER], [600, PHONE]]);

describe('installation lines in the cart view', () => {
  it('prices the line at its province × the article’s units, right after its article, and totals it', () => {
    const lines = [row({ idLine: 1, offerId: 500, articleId: 50, qty: 2 }), row({ idLine: 2, offerId: 600, articleId: 60 }), row({ idLine: 3, offerId: 500, articleId: 50, qty: 2, articleReference: 50, kind: 'installation', serviceId: 1, postalCode: '28013' })];
    const view = viewOf(lines, details);
    expect(view.articles.map((a) => [a.idLine, a.service?.kind ?? 'article'])).toEqual([[1, 'article'], [3, 'installation'], [2, 'article']]);
    const installation = view.articles[1]!;
    expect(installation).toMatchObject({ unitPrice: 3_999, totalPrice: 7_998, qty: 2, weightGrams: 0, type: 'service', mpOffer: null, service: { kind: 'installation', id: 1 } });
    const choice = { idLine: 3, installationServiceId: 1, name: HOME.name, summary: HOME.summary, postalCode: '28013', price: 3_999, totalPrice: 7_998 };
    expect(installation.installationService).toEqual(choice);
    expect(view.articles[0]!.installationService).toEqual(choice);
    expect(view.articles[0]!.installationOptions).toEqual([{ id: 1, name: HOME.name, summary: HOME.summary }]);
    expect(view.articles[2]!.installationOptions).toEqual([]);
    expect(view.totals).toMatchObject({ articlesSubtotal: 49_900 * 2 + 29_900 + 7_998, totalInstallationPrice: 7_998 });
    expect(view.units).toBe(3);
  });

  it('leaves out an installation whose province is no longer served, or that the article can no longer have', () => {
    const lines = [row({ idLine: 1, offerId: 500, articleId: 50 }), row({ idLine: 2, offerId: 500, articleId: 50, articleReference: 50, kind: 'installation', serviceId: 1, postalCode: '07001' })];
    const unserved = viewOf(lines, details);
    expect(unserved.articles.map((a) => a.idLine)).toEqual([1]);
    expect(unserved.totals).toMatchObject({ articlesSubtotal: 49_900, totalInstallationPrice: 0 });
    const otherChannel = viewOf([lines[0]!, { ...lines[1]!, postalCode: '28013' }], details, { ...CONTEXT, countryIso: 'FR' });
    expect(otherChannel.articles.map((a) => a.idLine)).toEqual([1]);
  });

  it('puts the sale-restriction errors of the lines in criticalErrors', () => {
    const oem = new Map([[700, detail(700, 70, 19_900, 30, 'oem')]]);
    expect(viewOf([row({ idLine: 1, offerId: 700, articleId: 70 })], oem).criticalErrors).toEqual([{ code: 1145, articleName: 'Article 70' }]);
    const companion = new Map([[700, detail(700, 70, 19_900, 30, 'companion')], ...details]);
    expect(viewOf([row({ idLine: 1, offerId: 700, articleId: 70 })], companion).criticalErrors).toEqual([{ code: 1146, articleName: 'Article 70' }]);
    expect(viewOf([row({ idLine: 1, offerId: 700, articleId: 70 }), row({ idLine: 2, offerId: 600, articleId: 60 })], companion).criticalErrors).toEqual([]);
  });
});
