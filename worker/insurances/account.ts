/**
 * The customer's side of insurance policies (docs/account.md "Insurance"): the policies with their
 * state and whether they may be renewed, the purchases that may still get a new policy, and
 * putting a renewal or a new policy in the basket as a standalone insurance line (bought through
 * the ordinary checkout; worker/insurances/policies.ts makes the policy once it is paid).
 */
import { and, asc, desc, eq, inArray, isNotNull, isNull, notInArray, gte } from 'drizzle-orm';
import type { Language } from '../../client/i18n/languages';
import type { Db } from '../db/client';
import { inList } from '../db/limits';
import { articles, articleTranslations, documents, insurancePolicies, orderLines, orders } from '../db/schema';
import { serviceCatalogue, type InsuranceOffer } from '../cart/services';
import { appError } from '../http/errors';
import { isRenewable, newPolicyDeadline, newPolicyPlans, policyState, NEW_POLICY_DAYS, type PolicyState } from './rules';
import type { Coverage } from './covered';

/** Spec §9 general lists. */
export const POLICIES_PAGE_SIZE = 16;
const DAY = 86_400_000;
/** The documents that invoice an order (the customer's copy of what they paid). */
const INVOICE_TYPES = ['invoice', 'ticket', 'passiveSubject'];

export interface PolicyView {
  id: number;
  state: PolicyState;
  startsAt: number;
  endsAt: number;
  articleId: number;
  articleName: string;
  /** The order the insured article was bought in, and the order that paid this policy. */
  articleOrderNumber: string;
  orderNumber: string;
  planId: number;
  /** The plan's name in the request's language ('' when the plan left the catalogue). */
  planName: string;
  years: number;
  /** What this policy cost (cents). */
  price: number;
  renewable: boolean;
  /** What renewing costs now (the plan's price of the day × the units covered), when renewable. */
  renewalPrice: number | null;
  renewsPolicyId: number | null;
  /** The policy that continues this one, once a renewal was paid. */
  renewedById: number | null;
  /** The invoice of the order that paid the policy, once issued. */
  invoice: { id: number; docType: string; code: string } | null;
}

interface PolicyRow {
  id: number;
  insuranceId: number;
  articleId: number;
  articleOrderNumber: string;
  orderNumber: string;
  orderLineId: number;
  price: number;
  state: PolicyState;
  startsAt: number;
  endsAt: number;
  renewsPolicyId: number | null;
}

async function userPolicies(db: Db, userId: number): Promise<PolicyRow[]> {
  return db
    .select({
      id: insurancePolicies.id,
      insuranceId: insurancePolicies.insuranceId,
      articleId: insurancePolicies.articleId,
      articleOrderNumber: insurancePolicies.articleOrderNumber,
      orderNumber: insurancePolicies.orderNumber,
      orderLineId: insurancePolicies.orderLineId,
      price: insurancePolicies.price,
      state: insurancePolicies.state,
      startsAt: insurancePolicies.startsAt,
      endsAt: insurancePolicies.endsAt,
      renewsPolicyId: insurancePolicies.renewsPolicyId,
    })
    .from(insurancePolicies)
    .where(eq(insurancePolicies.userId, userId))
    .orderBy(desc(insurancePolicies.endsAt), desc(insurancePolicies.id));
}

async function articleNames(db: Db, language: Language, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ articleId: articleTranslations.articleId, name: articleTranslations.name }).from(articleTranslations).where(and(inList(articleTranslations.articleId, ids), eq(articleTranslations.lang, language)));
  return new Map(rows.map((r) => [r.articleId, r.name]));
}

/** Units a policy covers: its insurance line's quantity (an insurance bought with 2 units covers both). */
async function unitsOf(db: Db, lineIds: readonly number[]): Promise<Map<number, number>> {
  if (lineIds.length === 0) return new Map();
  const rows = await db.select({ id: orderLines.id, qty: orderLines.qty }).from(orderLines).where(inList(orderLines.id, lineIds));
  return new Map(rows.map((r) => [r.id, r.qty]));
}

/** Every policy of the customer as the account shows it, latest end first. */
export async function listPolicies(db: Db, user: { id: number; isB2b: boolean }, language: Language, now: Date): Promise<PolicyView[]> {
  const rows = await userPolicies(db, user.id);
  if (rows.length === 0) return [];
  const at = now.getTime();
  const [{ insurances }, names, units, invoices] = await Promise.all([
    serviceCatalogue(db, language),
    articleNames(db, language, rows.map((r) => r.articleId)),
    unitsOf(db, rows.map((r) => r.orderLineId)),
    db
      .select({ id: documents.id, docType: documents.docType, code: documents.code, orderNumber: documents.orderNumber })
      .from(documents)
      .where(and(eq(documents.userId, user.id), inList(documents.orderNumber, rows.map((r) => r.orderNumber)), inArray(documents.docType, INVOICE_TYPES)))
      .orderBy(asc(documents.id)),
  ]);
  return rows.map((row) => {
    const plan = insurances.find((p) => p.id === row.insuranceId);
    const renewedBy = rows.find((r) => r.renewsPolicyId === row.id);
    const state = policyState(row, at);
    const renewable = !user.isB2b && plan !== undefined && isRenewable({ state: row.state, endsAt: row.endsAt, renewed: renewedBy !== undefined }, at);
    const invoice = invoices.find((d) => d.orderNumber === row.orderNumber);
    return {
      id: row.id,
      state,
      startsAt: row.startsAt,
      endsAt: row.endsAt,
      articleId: row.articleId,
      articleName: names.get(row.articleId) ?? '',
      articleOrderNumber: row.articleOrderNumber,
      orderNumber: row.orderNumber,
      planId: row.insuranceId,
      planName: plan?.name ?? '',
      years: plan?.years ?? 0,
      price: row.price,
      renewable,
      renewalPrice: renewable && plan ? plan.price * (units.get(row.orderLineId) ?? 1) : null,
      renewsPolicyId: row.renewsPolicyId,
      renewedById: renewedBy?.id ?? null,
      invoice: invoice ? { id: invoice.id, docType: invoice.docType, code: invoice.code } : null,
    };
  });
}

/** The standalone insurance line a renewal puts in the basket, or the reason it cannot (404 not the caller's, 409 not renewable). */
export async function renewalLine(db: Db, user: { id: number; isB2b: boolean }, policyId: number, now: Date): Promise<StandaloneLine> {
  if (user.isB2b) throw appError('insuranceNotForBusiness');
  const rows = await userPolicies(db, user.id);
  const policy = rows.find((r) => r.id === policyId);
  if (!policy) throw appError('notFound');
  const renewed = rows.some((r) => r.renewsPolicyId === policy.id);
  if (!isRenewable({ state: policy.state, endsAt: policy.endsAt, renewed }, now.getTime())) throw appError('insuranceNotRenewable', { policyId, endsAt: policy.endsAt });
  const units = (await unitsOf(db, [policy.orderLineId])).get(policy.orderLineId) ?? 1;
  return { articleId: policy.articleId, serviceId: policy.insuranceId, qty: units, coverage: { coversOrderNumber: policy.articleOrderNumber, coversArticleId: policy.articleId, renewsPolicyId: policy.id } };
}

export interface StandaloneLine {
  articleId: number;
  serviceId: number;
  qty: number;
  coverage: Coverage;
}

/** A purchase that may still get a new policy, with the plans it may have. */
export interface EligiblePurchase {
  orderNumber: string;
  articleId: number;
  articleName: string;
  /** When it was paid, and the last moment (exclusive) a new policy can be bought for it. */
  paidAt: number;
  deadline: number;
  unitPrice: number;
  plans: { id: number; name: string; text: string; years: number; price: number }[];
}

/**
 * The customer's articles that may get a new policy now: bought from the store itself (physical,
 * in a plan's categories and price band), paid within the last 30 days, the order neither
 * cancelled nor returned, and no policy covering them yet. Newest purchase first.
 */
export async function eligiblePurchases(db: Db, user: { id: number; isB2b: boolean }, language: Language, now: Date): Promise<EligiblePurchase[]> {
  if (user.isB2b) return [];
  const at = now.getTime();
  const bought = await db
    .select({
      orderNumber: orders.orderNumber,
      paidAt: orders.paidAt,
      state: orders.state,
      sellerKind: orders.sellerKind,
      articleId: orderLines.articleId,
      unitPrice: orderLines.unitPrice,
      categoryId: articles.categoryId,
      type: articles.type,
      name: orderLines.name,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.orderNumber, orderLines.orderNumber))
    .innerJoin(articles, eq(articles.id, orderLines.articleId))
    .where(and(eq(orders.userId, user.id), isNotNull(orders.paidAt), gte(orders.paidAt, at - NEW_POLICY_DAYS * DAY), notInArray(orders.state, ['cancelled', 'returned']), isNull(orderLines.serviceKind)))
    .orderBy(desc(orders.paidAt), asc(orderLines.id));
  if (bought.length === 0) return [];
  const [{ insurances }, policies, names] = await Promise.all([serviceCatalogue(db, language), userPolicies(db, user.id), articleNames(db, language, bought.map((b) => b.articleId))]);
  const covered = new Set(policies.map((p) => `${p.articleOrderNumber}:${p.articleId}`));
  const seen = new Set<string>();
  const eligible: EligiblePurchase[] = [];
  for (const line of bought) {
    const key = `${line.orderNumber}:${line.articleId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const plans: InsuranceOffer[] = newPolicyPlans(
      { paidAt: line.paidAt!, unitPrice: line.unitPrice, categoryId: line.categoryId, sellerKind: line.sellerKind, type: line.type, covered: covered.has(key), undone: false },
      insurances,
      at,
    );
    if (plans.length === 0) continue;
    eligible.push({
      orderNumber: line.orderNumber,
      articleId: line.articleId,
      articleName: names.get(line.articleId) ?? line.name,
      paidAt: line.paidAt!,
      deadline: newPolicyDeadline(line.paidAt!),
      unitPrice: line.unitPrice,
      plans: plans.map((p) => ({ id: p.id, name: p.name, text: p.text, years: p.years, price: p.price })),
    });
  }
  return eligible;
}

/**
 * The standalone insurance line of a new policy, or why not: 1173 for business customers, 404
 * when the order is not the caller's or did not sell them that article, 409 when the article
 * cannot have that plan now (not eligible, too late, already covered).
 */
export async function newPolicyLine(db: Db, user: { id: number; isB2b: boolean }, language: Language, request: { orderNumber: string; articleId: number; insuranceId: number }, now: Date): Promise<StandaloneLine> {
  if (user.isB2b) throw appError('insuranceNotForBusiness');
  const [line] = await db
    .select({ id: orderLines.id })
    .from(orderLines)
    .innerJoin(orders, eq(orders.orderNumber, orderLines.orderNumber))
    .where(and(eq(orders.orderNumber, request.orderNumber), eq(orders.userId, user.id), eq(orderLines.articleId, request.articleId), isNull(orderLines.serviceKind)))
    .limit(1);
  if (!line) throw appError('insurancePurchaseNotFound', { orderNumber: request.orderNumber, articleId: request.articleId });
  const purchase = (await eligiblePurchases(db, user, language, now)).find((p) => p.orderNumber === request.orderNumber && p.articleId === request.articleId);
  if (!purchase?.plans.some((p) => p.id === request.insuranceId)) throw appError('insuranceNotEligible', { orderNumber: request.orderNumber, articleId: request.articleId, insuranceId: request.insuranceId });
  return { articleId: request.articleId, serviceId: request.insuranceId, qty: 1, coverage: { coversOrderNumber: request.orderNumber, coversArticleId: request.articleId } };
}
