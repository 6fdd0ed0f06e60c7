/**
 * Extended-insurance policies (docs/account.md "Insurance"). `createPolicies` is the fulfilment
 * step (worker/orders/fulfil.ts): each paid insurance line becomes one policy.
 *
 * - An insurance bought with its article (a service line attached to it in the cart) is placed
 *   as an order line of the same order whose `article_id` is the article's: the policy covers that
 *   article of that order.
 * - A standalone insurance line (a renewal, or a new policy for an article bought earlier) carries
 *   what it covers in `order_lines.details` { coversOrderNumber, coversArticleId, renewsPolicyId? }.
 *
 * The policy starts at payment (a renewal: at the end of the policy it continues), see ./rules.ts.
 * One policy per insurance line (`order_line_id` is unique), so running the step twice, or two
 * runs racing, makes one; the customer is told once (inbox insurance.policy, ref the policy id).
 */
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { inList } from '../db/limits';
import { articleTranslations, extendedInsurances, insurancePolicies } from '../db/schema';
import { tellUser } from '../inbox/messages';
import type { PaidOrder } from '../orders/fulfil';
import { coverageOf } from './covered';
import { policyEnd, policyStart } from './rules';

/** The latest end of the policies already covering one purchase (an article of an order), or null. */
async function coveredUntil(db: Db, userId: number, articleOrderNumber: string, articleId: number): Promise<number | null> {
  const [latest] = await db
    .select({ endsAt: insurancePolicies.endsAt })
    .from(insurancePolicies)
    .where(and(eq(insurancePolicies.userId, userId), eq(insurancePolicies.articleOrderNumber, articleOrderNumber), eq(insurancePolicies.articleId, articleId)))
    .orderBy(desc(insurancePolicies.endsAt))
    .limit(1);
  return latest?.endsAt ?? null;
}

/** Creates the policy of each paid insurance line (owner: insurances). */
export async function createPolicies(db: Db, order: PaidOrder, now: Date): Promise<void> {
  const lines = order.lines.filter((line) => line.serviceKind === 'insurance' && line.serviceId !== null);
  if (lines.length === 0) return;
  const plans = new Map((await db.select({ id: extendedInsurances.id, years: extendedInsurances.years }).from(extendedInsurances).where(inList(extendedInsurances.id, lines.map((l) => l.serviceId!)))).map((p) => [p.id, p]));
  for (const line of lines) {
    const plan = plans.get(line.serviceId!);
    // A plan taken out of the catalogue after it was sold keeps no years to count: nothing can be made (the line stays paid).
    if (!plan) {
      console.error(`insurance: plan ${line.serviceId} of order line ${line.id} no longer exists`);
      continue;
    }
    const coverage = coverageOf(line.details);
    const articleOrderNumber = coverage?.coversOrderNumber ?? order.orderNumber;
    const articleId = coverage?.coversArticleId ?? line.articleId;
    let renewed: { id: number; endsAt: number } | undefined;
    if (coverage?.renewsPolicyId !== undefined) {
      [renewed] = await db
        .select({ id: insurancePolicies.id, endsAt: insurancePolicies.endsAt })
        .from(insurancePolicies)
        .where(and(eq(insurancePolicies.id, coverage.renewsPolicyId), eq(insurancePolicies.userId, order.userId)));
    }
    // A line already made into a policy changes nothing below (the unique line index).
    const startsAt = policyStart(order.paidAt, renewed?.endsAt ?? null, await coveredUntil(db, order.userId, articleOrderNumber, articleId));
    await db
      .insert(insurancePolicies)
      .values({
        userId: order.userId,
        insuranceId: plan.id,
        articleId,
        articleOrderNumber,
        orderNumber: order.orderNumber,
        orderLineId: line.id,
        price: line.unitPrice * line.qty,
        state: 'active',
        startsAt,
        endsAt: policyEnd(startsAt, plan.years),
        renewsPolicyId: renewed?.id ?? null,
        createdAt: now.getTime(),
      })
      .onConflictDoNothing({ target: insurancePolicies.orderLineId });
  }
  // Told once per policy, whichever run made it (the inbox is unique per user, kind and ref).
  const made = await db
    .select({ id: insurancePolicies.id, articleId: insurancePolicies.articleId, endsAt: insurancePolicies.endsAt })
    .from(insurancePolicies)
    .where(inList(insurancePolicies.orderLineId, lines.map((l) => l.id)));
  const names = made.length === 0 ? [] : await db.select({ articleId: articleTranslations.articleId, name: articleTranslations.name }).from(articleTranslations).where(and(inList(articleTranslations.articleId, made.map((p) => p.articleId)), eq(articleTranslations.lang, order.language)));
  for (const policy of made) {
    const articleName = names.find((n) => n.articleId === policy.articleId)?.name ?? '';
    await tellUser(db, { userId: order.userId, kind: 'insurance.policy', ref: String(policy.id), params: { policyId: policy.id, articleName, endsAt: policy.endsAt }, at: now.getTime() });
  }
}
