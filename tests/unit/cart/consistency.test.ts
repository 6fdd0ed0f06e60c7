import { describe, expect, it } from 'vitest';
import type { CartLineView, CartViewData } from '../../../client/cart/api';
import { ALERT_INTERVAL_MS, ALERT_STAMP_KEY, alertDue, checkCartConsistency } from '../../../client/cart/consistency';
import { costMismatch, mismatchAlert } from '../../../worker/domain/checkout/cost-check';

const NOW = 1_800_000_000_000;
const ID = '0b7c2a4e-1111-4222-8333-444455556666';

function line(idLine: number, unitPrice: number, qty: number): CartLineView {
  return {
    idLine,
    idArticle: 1000 + idLine,
    idOffer: 2000 + idLine,
    seller: { id: 0, kind: 'own', minShippingPrice: 0 },
    weightGrams: 500,
    articleReference: 0,
    name: `Article ${idLine}`,
    slug: `article-${idLine}`,
    ean: '8400000000000',
    trademark: 'Brand',
    trademarkRef: 1,
    family: 'Family',
    familyId: 1,
    articleImage: 'img',
    unitPrice,
    totalPrice: unitPrice * qty,
    basePrice: unitPrice,
    originalPrice: null,
    crossedOutPrice: null,
    recommendedPrice: null,
    qty,
    maxQty: 20,
    type: 'physical',
    condition: 'new',
    availabilityCode: 1,
    canAddGiftPaper: true,
    giftPaper: false,
    isSubscription: false,
    subscriptionMonths: null,
    delivery: { minDays: 1, maxDays: 2 },
    mpOffer: null,
    valoration: { average: 0, count: 0 },
    saleRestriction: null,
    service: null,
    extendedInsurances: [],
    extraServices: [],
    installationOptions: [],
    installationService: null,
    deliveryDate: null,
    storeAvailability: [],
    buyboxOffers: [],
    betterOffer: null,
  };
}

function cart(articles: CartLineView[], articlesSubtotal: number): CartViewData {
  return {
    idCart: ID,
    articles,
    otherChannelArticles: [],
    units: articles.reduce((n, a) => n + a.qty, 0),
    totals: { articlesSubtotal, totalDiscountInCart: 0, shippingCost: null, marketPlaceShippingCost: null, dropShippingShippingCost: null, totalPrice: articlesSubtotal, totalToPay: articlesSubtotal, totalInstallationPrice: 0, cartShops: [] },
    notices: [],
    outOfStock: null,
    criticalErrors: [],
    updatedAt: NOW,
  };
}

/** A Map-backed stand-in for local storage. */
function memoryStore(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), items } as unknown as Storage & { items: Map<string, string> };
}

describe('costMismatch: Σ unitPrice × qty against totals.articlesSubtotal (spec §5)', () => {
  it.each([
    ['an empty cart', [], 0, undefined],
    ['one line that adds up', [line(1, 1999, 2)], 3998, undefined],
    ['several lines that add up', [line(1, 1999, 2), line(2, 50_000, 1), line(3, 1, 20)], 54_018, undefined],
    ['a subtotal one cent high', [line(1, 1999, 2)], 3999, { linesSum: 3998, subtotal: 3999 }],
    ['a subtotal that misses a line', [line(1, 1000, 1), line(2, 500, 3)], 1000, { linesSum: 2500, subtotal: 1000 }],
    ['a subtotal on an empty cart', [], 1500, { linesSum: 0, subtotal: 1500 }],
  ])('%s', (_label, articles, subtotal, expected) => {
    const result = costMismatch(cart(articles, subtotal));
    if (expected === undefined) expect(result).toBeUndefined();
    else expect(result).toMatchObject({ idCart: ID, ...expected, lines: articles.map((a) => ({ idLine: a.idLine, idArticle: a.idArticle, name: a.name, qty: a.qty, unitPrice: a.unitPrice })) });
  });

  it('uses unit price × quantity, not the line total the server sent', () => {
    const wrongTotal = { ...line(1, 1000, 2), totalPrice: 1500 };
    expect(costMismatch(cart([wrongTotal], 2000))).toBeUndefined();
    expect(costMismatch(cart([wrongTotal], 1500))).toMatchObject({ linesSum: 2000, subtotal: 1500 });
  });
});

describe('alertDue: once per 10 minutes from this browser (spec §9)', () => {
  it.each([
    [null, NOW, true],
    ['', NOW, true],
    ['garbage', NOW, true],
    [String(NOW), NOW, false],
    [String(NOW), NOW + ALERT_INTERVAL_MS - 1, false],
    [String(NOW), NOW + ALERT_INTERVAL_MS, true],
    [String(NOW + 60_000), NOW, true],
  ])('last alert %s, now %d → %s', (last, now, due) => {
    expect(ALERT_INTERVAL_MS).toBe(600_000);
    expect(alertDue(last, now)).toBe(due);
  });
});

describe('mismatchAlert (written by the server from the cart it checked)', () => {
  it('names the cart, both sums and every line, within the server limits', () => {
    const alert = mismatchAlert(costMismatch(cart([line(1, 1999, 2), line(2, 500, 1)], 9999))!);
    expect(alert.kind).toBe('product-cost-mismatch');
    expect(alert.title).toContain(ID);
    expect(alert.text).toContain(ID);
    expect(alert.text).toContain('4498 cents');
    expect(alert.text).toContain('9999 cents');
    expect(alert.text).toContain('- line 1, article 1001, Article 1: 2 × 1999 = 3998');
    expect(alert.text).toContain('- line 2, article 1002, Article 2: 1 × 500 = 500');
    expect(mismatchAlert(costMismatch(cart([line(1, 1999, 2)], 1))!, 'Checked on the server.').text).toContain('(difference -3997).\nChecked on the server.\n');
  });

  it('cuts a very long text to 4,000 characters', () => {
    const many = Array.from({ length: 30 }, (_, i) => ({ ...line(i + 1, 100, 1), name: 'N'.repeat(300) }));
    const alert = mismatchAlert(costMismatch(cart(many, 1))!);
    expect(alert.text.length).toBeLessThanOrEqual(4000);
    expect(alert.text.endsWith('…')).toBe(true);
    expect(alert.title.length).toBeLessThanOrEqual(200);
  });
});

describe('checkCartConsistency', () => {
  const bad = cart([line(1, 1000, 1)], 2000);

  it('sends nothing for a consistent cart', async () => {
    const sent: unknown[] = [];
    expect(await checkCartConsistency(cart([line(1, 1000, 1)], 1000), NOW, memoryStore(), async (a) => void sent.push(a))).toBe(false);
    expect(sent).toEqual([]);
  });

  it('alerts on a mismatch, then stays quiet for 10 minutes', async () => {
    const store = memoryStore();
    const sent: unknown[] = [];
    const send = async (a: unknown) => void sent.push(a);
    expect(await checkCartConsistency(bad, NOW, store, send)).toBe(true);
    // The report carries no title or text for the server to trust: only the kind of check.
    expect(sent).toEqual([{ kind: 'product-cost-mismatch' }]);
    expect(store.items.get(ALERT_STAMP_KEY)).toBe(String(NOW));
    expect(await checkCartConsistency(bad, NOW + ALERT_INTERVAL_MS - 1, store, send)).toBe(false);
    expect(await checkCartConsistency(bad, NOW + ALERT_INTERVAL_MS, store, send)).toBe(true);
    expect(sent).toHaveLength(2);
  });

  it('never throws: a failed send or a broken storage resolves to false', async () => {
    expect(await checkCartConsistency(bad, NOW, memoryStore(), async () => Promise.reject(new Error('offline')))).toBe(false);
    const broken = { getItem: () => { throw new Error('denied'); }, setItem: () => undefined } as unknown as Storage;
    expect(await checkCartConsistency(bad, NOW, broken, async () => undefined)).toBe(false);
    // A malformed answer is not a crash either.
    expect(await checkCartConsistency({ idCart: ID, totals: null } as unknown as CartViewData, NOW, memoryStore(), async () => undefined)).toBe(false);
  });

  // Node has no localStorage: undefined falls back to browserStorage(), which is none here.
  it('still alerts without local storage (the server throttle bounds it)', async () => {
    const sent: unknown[] = [];
    expect(await checkCartConsistency(bad, NOW, undefined, async (a) => void sent.push(a))).toBe(true);
    expect(sent).toHaveLength(1);
  });
});
