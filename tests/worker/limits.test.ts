// Any cart the cart accepts — up to every limit at once: 30 article lines, 20 units a line, the
// services of each line, several sellers, 5 coupon codes — can be quoted and placed. D1 binds at
// most 100 parameters per statement, so no statement may grow with the cart (worker/db/limits.ts).
import { env } from 'cloudflare:workers';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_ARTICLE_LINES, MAX_REFURBISHED_UNITS, MAX_UNITS_PER_LINE } from '../../worker/cart/rules';
import { insertRows, inList } from '../../worker/db/limits';
import { createDb } from '../../worker/db/client';
import { orderLines, offers } from '../../worker/db/schema';
import type { TestBrowser } from './browser';
import { MADRID, shopper, type Placed } from './checkout-helpers';

interface PoolOffer {
  id: number;
  article_id: number;
  availability_code: number;
  refurbished: number;
  seller_kind: string;
}

interface ViewLine {
  idLine: number;
  idArticle: number;
  idOffer: number;
  qty: number;
  unitPrice: number;
  totalPrice: number;
  availabilityCode: number;
  service: { kind: string; id: number } | null;
  extendedInsurances: { id: number }[];
  extraServices: { id: number }[];
  installationOptions: { id: number }[];
}

interface CartData {
  articles: ViewLine[];
}

interface QuoteData {
  totals: { articlesSubtotal: number; totalDiscountInCart: number; totalToPay: number };
  payments: { slug: string; needsGateway?: boolean }[];
  ordersAndDeliveries: { orderKey: string; kind: string }[];
  criticalErrors: { code: number }[];
}

/** What one line of a generated cart asks for; indexes and masks are resolved against what the line offers. */
interface LineWish {
  offer: number;
  qty: number;
  insurance: boolean;
  extras: number;
  installation: boolean;
}

const STOCK = 5000;
const GIFT_CARD = 'LIMITSCARD000001';
const NO_GATEWAY = ['transferencia', 'contrareembolso', 'free'];
const COUPONS = ['BIENVENIDA10', 'AMPORA5', 'ampora5', 'NOSUCHCODE', 'Ñ-CÓDIGO-ÚNICO', 'X'.repeat(40)];

let pool: PoolOffer[];
let browser: TestBrowser;
let cartId: string;
let address: number;
let billing: number;

beforeAll(async () => {
  const { demoPromotionStatements } = await import('../../scripts/seed/demo-accounts');
  await env.DB.batch(demoPromotionStatements().map((sql) => env.DB.prepare(sql)));
  // Offers the cart accepts on ES, one per article, from every kind of seller and availability
  // that can be bought. Left out: articles sold only with others (1145/1146, which the quote
  // rightly blocks alone), and digital codes and deals, which must be paid at once through a
  // payment gateway that is not connected yet (placing offers them no method it can use).
  pool = (
    await env.DB.prepare(
      `SELECT o.id, o.article_id, o.availability_code, (o.condition <> 'new' OR a.type IN ('refurbished', 'reaconditioned', 'recertified', 'cpo')) AS refurbished,
         s.kind AS seller_kind
       FROM offers o JOIN articles a ON a.id = o.article_id JOIN sellers s ON s.id = o.seller_id
       WHERE o.channel = 'ES' AND o.availability_code BETWEEN 0 AND 5 AND (o.availability_code > 3 OR o.stock > 0) AND a.sale_restriction IS NULL AND a.type NOT IN ('digital', 'deal')
         AND o.id = (SELECT min(o2.id) FROM offers o2 WHERE o2.article_id = o.article_id AND o2.channel = 'ES' AND o2.availability_code BETWEEN 0 AND 5 AND (o2.availability_code > 3 OR o2.stock > 0))
       ORDER BY (o.id * 7919) % 211, o.id LIMIT 90`,
    ).all<PoolOffer>()
  ).results;
  expect(pool.length).toBeGreaterThanOrEqual(MAX_ARTICLE_LINES);
  expect(new Set(pool.map((o) => o.seller_kind)).size).toBeGreaterThan(1);
  // Enough stock that every run can take its units (the property is about the statements, not about selling out).
  await env.DB.prepare(`UPDATE offers SET stock = ${STOCK} WHERE id IN (SELECT value FROM json_each(?))`).bind(JSON.stringify(pool.map((o) => o.id))).run();
  await env.DB.prepare('INSERT OR REPLACE INTO gift_cards (code, balance, initial_amount, expires_at, created_at) VALUES (?, 1000000000, 1000000000, ?, 0)').bind(GIFT_CARD, Date.now() + 86_400_000).run();
  ({ browser, cartId, address } = await shopper());
  // From 3,000 € an order needs an invoice address with a tax id (1177): a full cart passes that easily.
  const invoice = await browser.api<{ id: number }>('POST', '/api/user/addresses/billing', { ...MADRID, phone: undefined, billingType: 'company', companyName: 'Ampora Limits SL', nif: 'B12345674', cellPhone: '612345678' });
  expect(invoice.status, JSON.stringify(invoice.error)).toBe(201);
  billing = invoice.data.id;
});

/** The units a line may hold for the cart to accept it and the order to carry it. */
function unitsFor(offer: PoolOffer, wanted: number): number {
  if (offer.refurbished) return Math.min(wanted, MAX_REFURBISHED_UNITS);
  return Math.min(wanted, MAX_UNITS_PER_LINE);
}

const stockOf = async (ids: number[]) =>
  new Map((await env.DB.prepare('SELECT id, stock FROM offers WHERE id IN (SELECT value FROM json_each(?))').bind(JSON.stringify(ids)).all<{ id: number; stock: number }>()).results.map((r) => [r.id, r.stock]));

/** Fills the cart as wished (articles, then their services in one call), quotes it, places it, and checks the orders. */
async function quoteAndPlace(wishes: LineWish[], coupons: string[]) {
  const chosen = wishes.map((w) => ({ wish: w, offer: pool[w.offer % pool.length]! }));
  const articles = chosen.map(({ wish, offer }) => ({ idArticle: offer.article_id, idOffer: offer.id, qty: unitsFor(offer, wish.qty) }));
  // First the articles alone, to learn which services each line may carry…
  const plain = await browser.api<CartData>('POST', `/api/orders/${cartId}/cart/articles`, { articles });
  expect(plain.status, JSON.stringify(plain.error)).toBe(200);
  const options = new Map(plain.data.articles.filter((a) => a.service === null).map((a) => [a.idOffer, a]));
  expect((await browser.api('DELETE', `/api/orders/${cartId}/cart`)).status).toBe(200);
  // …then the articles with every service wished that the line offers, in one call.
  const withServices = chosen.map(({ wish, offer }, i) => {
    const line = options.get(offer.id)!;
    const extras = line.extraServices.filter((_, bit) => (wish.extras >> bit) & 1).map((s) => s.id);
    const installation = wish.installation ? line.installationOptions[0] : undefined;
    return {
      ...articles[i]!,
      ...(wish.insurance && line.extendedInsurances[0] ? { extendedInsuranceId: line.extendedInsurances[0].id } : {}),
      extraServiceIds: extras.slice(0, 5),
      ...(installation ? { installationServiceId: installation.id, postalCode: MADRID.postalCode } : {}),
    };
  });
  const filled = await browser.api<CartData>('POST', `/api/orders/${cartId}/cart/articles`, { articles: withServices });
  expect(filled.status, JSON.stringify(filled.error)).toBe(200);
  const lines = filled.data.articles;
  expect(lines.filter((l) => l.service === null)).toHaveLength(wishes.length);

  // Paid by transfer or cash when the cart is within their limits, else by a gift card that
  // covers it all (the card and wallet methods need the payment gateway, not connected yet).
  const quoteWith = async (giftCardCode: string | null) => {
    const choice = { shippingType: 1, shippingAddressId: address, billingAddressId: billing, couponCodes: coupons, giftCardCode };
    const quote = await browser.api<QuoteData>('GET', `/api/checkout/orders/${cartId}/quote?shippingType=1&shippingAddressId=${address}&billingAddressId=${billing}&couponCodes=${encodeURIComponent(coupons.join(','))}${giftCardCode ? `&giftCardCode=${giftCardCode}` : ''}`);
    expect(quote.status, JSON.stringify(quote.error)).toBe(200);
    return { choice, quote, method: quote.data.payments.find((p) => NO_GATEWAY.includes(p.slug) && !p.needsGateway)?.slug };
  };
  let { choice, quote, method } = await quoteWith(null);
  if (!method) ({ choice, quote, method } = await quoteWith(GIFT_CARD));
  expect(method).toBeDefined();

  const stocked = lines.filter((l) => l.service === null && l.availabilityCode <= 3);
  const before = await stockOf(stocked.map((l) => l.idOffer));
  const placed = await browser.api<Placed>('POST', `/api/checkout/orders/${cartId}/place`, { ...choice, paymentMethod: method, conditionsAccepted: true });
  expect(placed.status, JSON.stringify(placed.error)).toBe(201);

  // One order per seller group, the totals of the quote, every cart line an order line.
  const numbers = placed.data.orders.map((o) => o.orderNumber);
  expect(numbers).toHaveLength(quote.data.ordersAndDeliveries.length);
  expect(placed.data.orders.reduce((sum, o) => sum + o.total, 0)).toBe(quote.data.totals.totalToPay);
  const stored = (
    await env.DB.prepare('SELECT o.order_number, o.articles_subtotal, (SELECT sum(total_price) FROM order_lines l WHERE l.order_number = o.order_number) AS lines_total, (SELECT count(*) FROM order_lines l WHERE l.order_number = o.order_number) AS n FROM orders o WHERE o.order_number IN (SELECT value FROM json_each(?))')
      .bind(JSON.stringify(numbers))
      .all<{ articles_subtotal: number; lines_total: number; n: number }>()
  ).results;
  for (const order of stored) expect(order.lines_total).toBe(order.articles_subtotal);
  expect(stored.reduce((sum, o) => sum + o.n, 0)).toBe(lines.length);
  expect(stored.reduce((sum, o) => sum + o.articles_subtotal, 0)).toBe(quote.data.totals.articlesSubtotal);
  // Units on hand came off each offer's stock; the basket is empty again.
  const after = await stockOf(stocked.map((l) => l.idOffer));
  for (const line of stocked) expect(before.get(line.idOffer)! - after.get(line.idOffer)!).toBe(line.qty);
  const emptied = await browser.api<CartData>('GET', `/api/checkout/orders/${cartId}/cart`);
  expect(emptied.data.articles).toHaveLength(0);
  return { lines: lines.length, services: lines.filter((l) => l.service !== null).length, orders: numbers.length, units: lines.reduce((sum, l) => sum + (l.service ? 0 : l.qty), 0) };
}

const wish = fc.record({ offer: fc.nat(), qty: fc.integer({ min: 1, max: MAX_UNITS_PER_LINE }), insurance: fc.boolean(), extras: fc.nat(31), installation: fc.boolean() });

describe('carts at their limits', () => {
  it('places a cart with every limit at once: 30 lines of 20 units, every service, several sellers, 5 coupons', async () => {
    const all = Array.from({ length: MAX_ARTICLE_LINES }, (_, offer) => ({ offer, qty: MAX_UNITS_PER_LINE, insurance: true, extras: 31, installation: true }));
    const placed = await quoteAndPlace(all, COUPONS.slice(0, 5));
    // The cart really was at its limits: far more lines than a statement's parameters allow, several sellers.
    expect(placed.lines - placed.services).toBe(MAX_ARTICLE_LINES);
    expect(placed.services).toBeGreaterThan(10);
    expect(placed.orders).toBeGreaterThan(2);
    expect(placed.units).toBeGreaterThan(MAX_ARTICLE_LINES * 10);
  });

  it('quotes and places any cart the cart accepts', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(wish, { minLength: 1, maxLength: MAX_ARTICLE_LINES, selector: (w) => w.offer % pool.length }),
        fc.subarray(COUPONS, { maxLength: 5 }),
        async (wishes, coupons) => {
          await browser.api('DELETE', `/api/orders/${cartId}/cart`);
          await quoteAndPlace(wishes, coupons);
        },
      ),
      { numRuns: 20 },
    );
  }, 120_000);
});

describe('statements within D1 limits', () => {
  const db = createDb(env.DB);

  it('reads a list of any length with one parameter', async () => {
    const ids = Array.from({ length: 500 }, (_, i) => i + 1);
    const rows = await db.select({ id: offers.id }).from(offers).where(inList(offers.id, ids));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.id <= 500)).toBe(true);
    expect(await db.select({ id: offers.id }).from(offers).where(inList(offers.id, []))).toEqual([]);
  });

  it('cuts a multi-row insert into statements under 100 parameters, written in one batch', async () => {
    const rows = Array.from({ length: 95 }, (_, i) => ({ orderNumber: 'LIMITS-1', articleId: i + 1, offerId: i + 1, name: `line ${i}`, qty: 1, unitPrice: 100, totalPrice: 100, stockTaken: false }));
    const statements = insertRows(db, orderLines, rows);
    expect(statements.length).toBeGreaterThan(1);
    for (const statement of statements) expect(statement.toSQL().params.length).toBeLessThanOrEqual(100);
    await db.batch(statements as unknown as Parameters<typeof db.batch>[0]);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM order_lines WHERE order_number = 'LIMITS-1'").first('n')).toBe(95);
  });
});
