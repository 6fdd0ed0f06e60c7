/**
 * The scheduled reminder of policies whose renewal window has opened (docs/account.md
 * "Insurance"): an active policy ending within 60 days and not renewed yet gets one inbox message
 * `insurance.expiring` (ref the policy id: told once however often the sweep runs). Policies
 * already told are left out of the read, so each run looks only at new ones, a batch at a time.
 */
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { articleTranslations, inboxMessages, insurancePolicies, orders } from '../db/schema';
import { tellUser } from '../inbox/messages';
import { RENEW_BEFORE_DAYS } from './rules';

const DAY = 86_400_000;
const BATCH = 100;

/** Tells the customers of policies entering their renewal window; answers how many were told. */
export async function tellExpiringPolicies(db: Db, now: Date): Promise<number> {
  const at = now.getTime();
  const due = await db
    .select({ id: insurancePolicies.id, userId: insurancePolicies.userId, endsAt: insurancePolicies.endsAt, articleName: articleTranslations.name })
    .from(insurancePolicies)
    .innerJoin(orders, eq(orders.orderNumber, insurancePolicies.orderNumber))
    .leftJoin(articleTranslations, and(eq(articleTranslations.articleId, insurancePolicies.articleId), eq(articleTranslations.lang, orders.language)))
    .where(
      and(
        eq(insurancePolicies.state, 'active'),
        gt(insurancePolicies.endsAt, at),
        lte(insurancePolicies.endsAt, at + RENEW_BEFORE_DAYS * DAY),
        sql`NOT EXISTS (SELECT 1 FROM insurance_policies AS renewal WHERE renewal.renews_policy_id = ${insurancePolicies.id})`,
        sql`NOT EXISTS (SELECT 1 FROM ${inboxMessages} WHERE ${inboxMessages.userId} = ${insurancePolicies.userId} AND ${inboxMessages.kind} = 'insurance.expiring' AND ${inboxMessages.ref} = CAST(${insurancePolicies.id} AS TEXT))`,
      ),
    )
    .limit(BATCH);
  for (const policy of due) {
    await tellUser(db, { userId: policy.userId, kind: 'insurance.expiring', ref: String(policy.id), params: { policyId: policy.id, articleName: policy.articleName ?? '', endsAt: policy.endsAt }, at });
  }
  return due.length;
}
