/**
 * Insurance policies (worker/insurances, worker/api/insurances.ts): a paid order with an
 * insurance makes one policy however often the fulfilment runs; a renewal goes to the basket as
 * a standalone insurance line and, once paid, continues the old policy; a new policy for an
 * article bought earlier is validated (the caller's purchase, eligible, not for business
 * customers); someone else's policy answers 404.
 */
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { href } from '../../client/routes';
import { DEFAULT_CHANNELS } from '../../worker/channel/channels';
import { dbFor } from '../../worker/db/client';
import { tellExpiringPolicies } from '../../worker/insurances/expiring';
import { createPolicies } from '../../worker/insurances/policies';
import { fulfilOrder, paidOrder } from '../../worker/orders/fulfil';
import { transitionOrder } from '../../worker/orders/transitions';
import { TestBrowser } from './browser';
import { OWN_NEW, shopper, type OfferRow, type Placed } from './checkout-helpers';

const db = dbFor(env.DB);
const DAY = 86_400_000;

interface Plan {
  id: number;
  price: number;
  years: number;
}
interface CartLine {
  idLine: number;
  idArticle: number;
  unitPrice: number;
  qty: number;
  service: { kind: string; id: number } | null;
  extendedInsurances: Plan[];
  coverage?: { coversOrderNumber: string; coversArticleId: number; articleName: string; renewsPolicyId?: number };
}
interface Cart {
  idCart: string;
  articles: CartLine[];
  totals: { articlesSubtotal: number };
}
interface Policy {
  id: number;
  state: string;
  startsAt: number;
  endsAt: number;
  articleId: number;
  articleName: string;
  articleOrderNumber: string;
  orderNumber: string;
  planId: number;
  planName: string;
  years: number;
  renewable: boolean;
  renewalPrice: number | null;
  renewsPolicyId: number | null;
  renewedById: number | null;
}
interface Eligible {
  orderNumber: string;
  articleId: number;
  plans: Plan[];
}

let insurable: OfferRow[] = [];

beforeAll(async () => {
  // Our own new articles in stock whose price falls in a plan's band for their category.
  insurable = (
    await env.DB.prepare(
      `SELECT o.id, o.article_id, o.price, o.stock FROM offers o JOIN articles a ON a.id = o.article_id
       WHERE o.channel = 'ES' AND ${OWN_NEW} AND o.stock >= 10 AND o.price < 250000
       AND EXISTS (SELECT 1 FROM extended_insurances e, json_each(e.category_ids) j WHERE j.value = a.category_id AND o.price BETWEEN e.article_price_min AND e.article_price_max)
       ORDER BY o.article_id LIMIT 6`,
    ).all<OfferRow>()
  ).results;
  expect(insurable.length).toBeGreaterThanOrEqual(3);
});

type Session = Awaited<ReturnType<typeof shopper>>;
const clock = (at: Date) => ({ 'X-Test-Now': at.toISOString() });

/** Places the basket by transfer and marks it paid at `paidAt` (staff): the fulfilment runs then. */
async function placeAndPay(session: Session, paidAt = new Date()): Promise<string> {
  const placed = await session.browser.api<Placed>('POST', `/api/checkout/orders/${session.cartId}/place`, { shippingType: 1, shippingAddressId: session.address, paymentMethod: 'transferencia', conditionsAccepted: true }, clock(paidAt));
  expect(placed.status, JSON.stringify(placed.error)).toBe(201);
  expect(placed.data.orders).toHaveLength(1);
  const orderNumber = placed.data.orders[0]!.orderNumber;
  await transitionOrder(db, { orderNumber, event: 'payment_received', now: paidAt, actor: { kind: 'staff' } });
  return orderNumber;
}

/** Buys `offer` with its first (shortest) plan; answers the order and the plan. */
async function buyInsured(session: Session, offer: OfferRow, paidAt = new Date()) {
  const added = await session.browser.api<Cart>('POST', `/api/orders/${session.cartId}/cart/articles`, { articles: [{ idArticle: offer.article_id, idOffer: offer.id, qty: 1 }] });
  const plan = added.data.articles[0]!.extendedInsurances[0]!;
  const withPlan = await session.browser.api<Cart>('POST', `/api/orders/${session.cartId}/cart/${added.data.articles[0]!.idLine}/services`, { kind: 'insurance', serviceId: plan.id });
  expect(withPlan.status).toBe(200);
  return { orderNumber: await placeAndPay(session, paidAt), plan };
}

async function buyPlain(session: Session, offer: OfferRow, paidAt = new Date()) {
  const added = await session.browser.api<Cart>('POST', `/api/orders/${session.cartId}/cart/articles`, { articles: [{ idArticle: offer.article_id, idOffer: offer.id, qty: 1 }] }, clock(paidAt));
  expect(added.status).toBe(200);
  return placeAndPay(session, paidAt);
}

const policiesOf = async (browser: TestBrowser, at?: Date) => (await browser.api<{ policies: Policy[]; total: number }>('GET', '/api/user/insurances', undefined, at ? clock(at) : {})).data;
const policyRows = async (orderNumber: string) => (await env.DB.prepare('SELECT id, renews_policy_id, starts_at, ends_at FROM insurance_policies WHERE order_number = ?').bind(orderNumber).all<{ id: number; renews_policy_id: number | null; starts_at: number; ends_at: number }>()).results;
const basketOf = async (session: Session) => (await session.browser.api<Cart>('GET', `/api/checkout/orders/${session.cartId}/cart`)).data;

describe('policies made when an order with an insurance is paid', () => {
  it('makes one policy for the insured article, from payment for the plan’s years, told once however often the fulfilment runs', async () => {
    const session = await shopper();
    const paidAt = new Date(Date.UTC(2026, 10, 20, 10, 0, 0));
    const { orderNumber, plan } = await buyInsured(session, insurable[0]!, paidAt);
    const order = (await paidOrder(db, orderNumber))!;
    // The fulfilment again, twice at once, and the step alone: still one policy.
    await Promise.all([fulfilOrder(db, orderNumber, paidAt), fulfilOrder(db, orderNumber, paidAt), createPolicies(db, order, paidAt)]);
    const rows = await policyRows(orderNumber);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ starts_at: paidAt.getTime(), ends_at: Date.UTC(2026 + plan.years, 10, 20, 10, 0, 0), renews_policy_id: null });
    const told = await env.DB.prepare("SELECT COUNT(*) AS n FROM inbox_messages WHERE kind = 'insurance.policy' AND ref = ?").bind(String(rows[0]!.id)).first<number>('n');
    expect(told).toBe(1);

    const { policies, total } = await policiesOf(session.browser, paidAt);
    expect(total).toBe(1);
    expect(policies[0]).toMatchObject({ id: rows[0]!.id, state: 'active', articleId: insurable[0]!.article_id, articleOrderNumber: orderNumber, orderNumber, planId: plan.id, years: plan.years, renewable: false, renewalPrice: null });
    expect(policies[0]!.planName).not.toBe('');
    expect(policies[0]!.articleName).not.toBe('');
    // Past its end it reads as expired.
    const after = await policiesOf(session.browser, new Date(rows[0]!.ends_at + DAY));
    expect(after.policies[0]!.state).toBe('expired');
  });

  it('makes no policy while the order is unpaid', async () => {
    const session = await shopper();
    const added = await session.browser.api<Cart>('POST', `/api/orders/${session.cartId}/cart/articles`, { articles: [{ idArticle: insurable[1]!.article_id, idOffer: insurable[1]!.id, qty: 1 }] });
    await session.browser.api('POST', `/api/orders/${session.cartId}/cart/${added.data.articles[0]!.idLine}/services`, { kind: 'insurance', serviceId: added.data.articles[0]!.extendedInsurances[0]!.id });
    const placed = await session.browser.api<Placed>('POST', `/api/checkout/orders/${session.cartId}/place`, { shippingType: 1, shippingAddressId: session.address, paymentMethod: 'transferencia', conditionsAccepted: true });
    expect(placed.status).toBe(201);
    expect(await policyRows(placed.data.orders[0]!.orderNumber)).toEqual([]);
    expect((await policiesOf(session.browser)).total).toBe(0);
  });
});

describe('renewals', () => {
  it('puts a renewal in the basket near the end, and once paid the new policy continues the old one', async () => {
    const session = await shopper();
    const paidAt = new Date(Date.UTC(2026, 9, 1, 9, 0, 0));
    const { orderNumber, plan } = await buyInsured(session, insurable[2]!, paidAt);
    const [old] = await policyRows(orderNumber);
    // Too early: not renewable, nothing added.
    const early = await session.browser.api('POST', `/api/user/insurances/${old!.id}/renew`, undefined, clock(paidAt));
    expect(early).toMatchObject({ status: 409, error: { code: 'INSURANCE_NOT_RENEWABLE' } });
    expect((await basketOf(session)).articles).toEqual([]);

    const near = new Date(old!.ends_at - 20 * DAY);
    const listed = await policiesOf(session.browser, near);
    expect(listed.policies[0]).toMatchObject({ id: old!.id, renewable: true, renewalPrice: plan.price });
    const renewed = await session.browser.api<Cart>('POST', `/api/user/insurances/${old!.id}/renew`, undefined, clock(near));
    expect(renewed.status).toBe(200);
    expect(renewed.data.articles).toHaveLength(1);
    expect(renewed.data.articles[0]).toMatchObject({ idArticle: insurable[2]!.article_id, unitPrice: plan.price, qty: 1, service: { kind: 'insurance', id: plan.id }, coverage: { coversOrderNumber: orderNumber, coversArticleId: insurable[2]!.article_id, renewsPolicyId: old!.id } });
    expect(renewed.data.totals.articlesSubtotal).toBe(plan.price);
    // Asking twice keeps one line.
    await session.browser.api('POST', `/api/user/insurances/${old!.id}/renew`, undefined, clock(near));
    expect((await basketOf(session)).articles).toHaveLength(1);

    const renewal = await placeAndPay(session, near);
    const line = await env.DB.prepare("SELECT service_kind, service_id, details FROM order_lines WHERE order_number = ?").bind(renewal).first<{ service_kind: string; service_id: number; details: string }>();
    expect(line).toMatchObject({ service_kind: 'insurance', service_id: plan.id });
    expect(JSON.parse(line!.details)).toEqual({ coversOrderNumber: orderNumber, coversArticleId: insurable[2]!.article_id, renewsPolicyId: old!.id });
    const [next] = await policyRows(renewal);
    expect(next).toMatchObject({ renews_policy_id: old!.id, starts_at: old!.ends_at, ends_at: Date.UTC(new Date(old!.ends_at).getUTCFullYear() + plan.years, 9, 1, 9, 0, 0) });
    const after = await policiesOf(session.browser, near);
    expect(after.policies.find((p) => p.id === old!.id)).toMatchObject({ renewable: false, renewedById: next!.id });
    expect(after.policies.find((p) => p.id === next!.id)).toMatchObject({ articleOrderNumber: orderNumber, renewsPolicyId: old!.id });
    // Renewed once: asking again is refused.
    expect((await session.browser.api('POST', `/api/user/insurances/${old!.id}/renew`, undefined, clock(near))).status).toBe(409);
  });

  it('reminds the customer once when the renewal window opens, and not for a policy renewed already', async () => {
    const session = await shopper();
    const { orderNumber } = await buyInsured(session, insurable[4]!);
    const [policy] = await policyRows(orderNumber);
    const expiring = () => env.DB.prepare("SELECT COUNT(*) AS n FROM inbox_messages WHERE kind = 'insurance.expiring' AND ref = ?").bind(String(policy!.id)).first<number>('n');
    await tellExpiringPolicies(db, new Date(policy!.ends_at - 61 * DAY));
    expect(await expiring()).toBe(0);
    const inWindow = new Date(policy!.ends_at - 59 * DAY);
    await Promise.all([tellExpiringPolicies(db, inWindow), tellExpiringPolicies(db, inWindow)]);
    await tellExpiringPolicies(db, new Date(inWindow.getTime() + DAY));
    expect(await expiring()).toBe(1);
    // Past its end the policy is no longer "expiring".
    expect(await tellExpiringPolicies(db, new Date(policy!.ends_at + DAY))).toBe(0);
    // A policy renewed already (its renewal paid) is not reminded.
    const renewedOrder = (await buyInsured(session, insurable[5]!)).orderNumber;
    const [renewed] = await policyRows(renewedOrder);
    await env.DB.prepare(
      "INSERT INTO insurance_policies (user_id, insurance_id, article_id, article_order_number, order_number, order_line_id, price, state, starts_at, ends_at, renews_policy_id, created_at) SELECT user_id, insurance_id, article_id, article_order_number, order_number, order_line_id + 1000000, price, 'active', ends_at, ends_at + 1, id, created_at FROM insurance_policies WHERE id = ?",
    ).bind(renewed!.id).run();
    await tellExpiringPolicies(db, new Date(renewed!.ends_at - 10 * DAY));
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM inbox_messages WHERE kind = 'insurance.expiring' AND ref = ?").bind(String(renewed!.id)).first<number>('n')).toBe(0);
  });

  it('refuses someone else’s policy with 404 and leaves both baskets as they were', async () => {
    const owner = await shopper();
    const { orderNumber } = await buyInsured(owner, insurable[3]!);
    const [policy] = await policyRows(orderNumber);
    const near = new Date(policy!.ends_at - DAY);
    const stranger = await shopper();
    const attempt = await stranger.browser.api('POST', `/api/user/insurances/${policy!.id}/renew`, undefined, clock(near));
    expect(attempt.status).toBe(404);
    expect(attempt.data).toBeNull();
    expect((await basketOf(stranger)).articles).toEqual([]);
    expect((await policiesOf(stranger.browser)).total).toBe(0);
    expect((await basketOf(owner)).articles).toEqual([]);
    // Bad ids are refused before anything is read.
    expect((await owner.browser.api('POST', '/api/user/insurances/abc/renew')).status).toBe(400);
    expect((await new TestBrowser().api('GET', '/api/user/insurances')).status).toBe(401);
  });
});

describe('a new policy for an article bought earlier', () => {
  it('lists the purchase with its plans, validates the request, and once paid covers the earlier purchase', async () => {
    const session = await shopper();
    const boughtAt = new Date(Date.UTC(2026, 10, 10, 12, 0, 0));
    const offer = insurable[4]!;
    const earlier = await buyPlain(session, offer, boughtAt);
    const soon = new Date(boughtAt.getTime() + 10 * DAY);
    const eligible = (await session.browser.api<{ purchases: Eligible[] }>('GET', '/api/user/insurances/eligible', undefined, clock(soon))).data.purchases;
    const purchase = eligible.find((p) => p.orderNumber === earlier)!;
    expect(purchase).toMatchObject({ articleId: offer.article_id });
    expect(purchase.plans.length).toBeGreaterThan(0);
    const plan = purchase.plans[0]!;

    // An article that order did not sell, a plan outside its band, too late, a malformed body: refused, the basket untouched.
    const notBought = await session.browser.api('POST', '/api/user/insurances/new-policy', { orderNumber: earlier, articleId: insurable[5]!.article_id, insuranceId: plan.id }, clock(soon));
    expect(notBought).toMatchObject({ status: 404, error: { code: 'INSURANCE_PURCHASE_NOT_FOUND' } });
    const wrongBand = (await env.DB.prepare('SELECT id FROM extended_insurances WHERE ? NOT BETWEEN article_price_min AND article_price_max LIMIT 1').bind(offer.price).first<number>('id'))!;
    const notEligible = await session.browser.api('POST', '/api/user/insurances/new-policy', { orderNumber: earlier, articleId: offer.article_id, insuranceId: wrongBand }, clock(soon));
    expect(notEligible).toMatchObject({ status: 409, error: { code: 'INSURANCE_NOT_ELIGIBLE' } });
    const late = await session.browser.api('POST', '/api/user/insurances/new-policy', { orderNumber: earlier, articleId: offer.article_id, insuranceId: plan.id }, clock(new Date(boughtAt.getTime() + 31 * DAY)));
    expect(late).toMatchObject({ status: 409, error: { code: 'INSURANCE_NOT_ELIGIBLE' } });
    const malformed = await session.browser.api('POST', '/api/user/insurances/new-policy', { orderNumber: 'nope', articleId: -1, insuranceId: plan.id });
    expect(malformed.status).toBe(400);
    expect((await basketOf(session)).articles).toEqual([]);

    const added = await session.browser.api<Cart>('POST', '/api/user/insurances/new-policy', { orderNumber: earlier, articleId: offer.article_id, insuranceId: plan.id }, clock(soon));
    expect(added.status).toBe(200);
    expect(added.data.articles).toEqual([expect.objectContaining({ idArticle: offer.article_id, unitPrice: plan.price, service: { kind: 'insurance', id: plan.id }, coverage: expect.objectContaining({ coversOrderNumber: earlier, coversArticleId: offer.article_id }) })]);
    const policyOrder = await placeAndPay(session, soon);
    const [policy] = await policyRows(policyOrder);
    expect(policy).toMatchObject({ starts_at: soon.getTime(), renews_policy_id: null });
    const listed = (await policiesOf(session.browser, soon)).policies.find((p) => p.id === policy!.id)!;
    expect(listed).toMatchObject({ articleId: offer.article_id, articleOrderNumber: earlier, orderNumber: policyOrder, state: 'active' });
    // Covered now: no longer offered.
    const after = (await session.browser.api<{ purchases: Eligible[] }>('GET', '/api/user/insurances/eligible', undefined, clock(soon))).data.purchases;
    expect(after.some((p) => p.orderNumber === earlier && p.articleId === offer.article_id)).toBe(false);
    expect((await session.browser.api('POST', '/api/user/insurances/new-policy', { orderNumber: earlier, articleId: offer.article_id, insuranceId: plan.id }, clock(soon))).status).toBe(409);
  });

  it('answers 404 for someone else’s order, and 1173 to business customers', async () => {
    const owner = await shopper();
    const offer = insurable[5]!;
    const earlier = await buyPlain(owner, offer);
    const plan = (await owner.browser.api<{ purchases: Eligible[] }>('GET', '/api/user/insurances/eligible')).data.purchases.find((p) => p.orderNumber === earlier)!.plans[0]!;
    const stranger = await shopper();
    const theirs = await stranger.browser.api('POST', '/api/user/insurances/new-policy', { orderNumber: earlier, articleId: offer.article_id, insuranceId: plan.id });
    expect(theirs).toMatchObject({ status: 404, error: { code: 'INSURANCE_PURCHASE_NOT_FOUND' } });
    expect((await basketOf(stranger)).articles).toEqual([]);
    expect((await stranger.browser.api<{ purchases: Eligible[] }>('GET', '/api/user/insurances/eligible')).data.purchases).toEqual([]);

    const userId = (await env.DB.prepare('SELECT user_id FROM orders WHERE order_number = ?').bind(earlier).first<number>('user_id'))!;
    await env.DB.prepare('UPDATE users SET is_b2b = 1 WHERE id = ?').bind(userId).run();
    const business = await owner.browser.api('POST', '/api/user/insurances/new-policy', { orderNumber: earlier, articleId: offer.article_id, insuranceId: plan.id });
    expect(business).toMatchObject({ status: 409, error: { code: 1173 } });
    expect((await owner.browser.api<{ purchases: Eligible[] }>('GET', '/api/user/insurances/eligible')).data.purchases).toEqual([]);
    expect((await basketOf(owner)).articles).toEqual([]);
  });
});

describe('the insurance screens', () => {
  const path = (id: 'accountInsurances' | 'accountInsuranceRenewals' | 'accountNewPolicy') => href(id, 'es_ES', DEFAULT_CHANNELS.ES);
  const screen = async (session: Session, id: Parameters<typeof path>[0], at?: Date) => {
    const response = await session.browser.fetch(path(id), { headers: at ? clock(at) : {} });
    return { status: response.status, html: await response.text() };
  };

  it('show empty states to a customer without policies or purchases', async () => {
    const session = await shopper();
    const list = await screen(session, 'accountInsurances');
    expect(list.status).toBe(200);
    expect(list.html).toContain('class="insurance-empty"');
    expect(list.html).not.toContain('data-policy-id=');
    expect(list.html).toContain('noindex');
    const renewals = await screen(session, 'accountInsuranceRenewals');
    expect(renewals.status).toBe(200);
    expect(renewals.html).toContain('class="insurance-empty"');
    const fresh = await screen(session, 'accountNewPolicy');
    expect(fresh.status).toBe(200);
    expect(fresh.html).toContain('class="insurance-empty"');
    // Signed out: the sign-in page first.
    expect((await new TestBrowser().fetch(path('accountInsurances'))).status).toBe(302);
  });

  it('list the policy with its state and dates, offer its renewal near the end, and offer plans for a recent purchase', async () => {
    const session = await shopper();
    const paidAt = new Date(Date.UTC(2026, 10, 15, 10, 0, 0));
    const { orderNumber } = await buyInsured(session, insurable[0]!, paidAt);
    const plain = await buyPlain(session, insurable[1]!, paidAt);
    const [policy] = await policyRows(orderNumber);
    const list = await screen(session, 'accountInsurances', paidAt);
    expect(list.html).toContain(`data-policy-id="${policy!.id}"`);
    expect(list.html).toContain('data-policy-state="active"');
    expect(list.html).toContain('15/11/2026');
    expect(list.html).not.toContain('data-renew-policy=');
    const near = new Date(policy!.ends_at - 10 * DAY);
    const renewals = await screen(session, 'accountInsuranceRenewals', near);
    expect(renewals.html).toContain(`data-renew-policy="${policy!.id}"`);
    const later = await screen(session, 'accountInsurances', new Date(policy!.ends_at + DAY));
    expect(later.html).toContain('data-policy-state="expired"');
    const fresh = await screen(session, 'accountNewPolicy', paidAt);
    expect(fresh.html).toContain(`data-new-policy="${plain}:${insurable[1]!.article_id}"`);
    // The insured purchase is covered already: not offered again.
    expect(fresh.html).not.toContain(`data-new-policy="${orderNumber}:`);
  });

  it('take the forms without script: a 303 to the basket, or back to the screen with the refusal', async () => {
    const session = await shopper();
    const paidAt = new Date(Date.UTC(2026, 10, 16, 10, 0, 0));
    const { orderNumber } = await buyInsured(session, insurable[2]!, paidAt);
    const plain = await buyPlain(session, insurable[3]!, paidAt);
    const [policy] = await policyRows(orderNumber);
    const post = (path: string, fields: Record<string, string>, at: Date) =>
      session.browser.fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...clock(at) }, body: new URLSearchParams(fields).toString() });

    const early = await post(`/api/user/insurances/${policy!.id}/renew`, { respond: 'page', lang: 'es_ES' }, paidAt);
    expect(early.status).toBe(303);
    expect(early.headers.get('Location')).toBe(`${path('accountInsuranceRenewals')}?error=INSURANCE_NOT_RENEWABLE`);
    const shown = await session.browser.fetch(early.headers.get('Location')!);
    expect(await shown.text()).toContain('data-insurance-error');
    expect((await basketOf(session)).articles).toEqual([]);

    const plan = (await session.browser.api<{ purchases: Eligible[] }>('GET', '/api/user/insurances/eligible', undefined, clock(paidAt))).data.purchases.find((p) => p.orderNumber === plain)!.plans[0]!;
    const added = await post('/api/user/insurances/new-policy', { orderNumber: plain, articleId: String(insurable[3]!.article_id), insuranceId: String(plan.id), respond: 'page', lang: 'es_ES' }, paidAt);
    expect(added.status).toBe(303);
    expect(added.headers.get('Location')).toBe(href('cartBasket', 'es_ES', DEFAULT_CHANNELS.ES));
    expect((await basketOf(session)).articles.map((a) => a.coverage?.coversOrderNumber)).toEqual([plain]);
  });
});
