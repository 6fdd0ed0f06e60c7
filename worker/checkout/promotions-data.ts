/**
 * The promotions and gift cards as the checkout reads them from D1: the channel's campaigns
 * (conditions and effects are JSON, checked here so a malformed campaign is skipped and logged,
 * never half-applied), the coupons entered, the user's past redemptions, and gift cards.
 */
import { and, count, eq, gt, lte } from 'drizzle-orm';
import { inList } from '../db/limits';
import { z } from 'zod';
import type { Db } from '../db/client';
import { coupons, giftCards, promotionCampaigns, promotionRedemptions } from '../db/schema';
import type { Campaign, Coupon } from '../domain/checkout/promotions';

const cents = z.number().int().nonnegative();
const ids = z.array(z.number().int().positive());
const filter = { categoryIds: ids.optional(), brandIds: ids.optional() };
const conditionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('minCartAmount'), amount: cents }),
  z.object({ kind: z.literal('categories'), categoryIds: ids }),
  z.object({ kind: z.literal('brands'), brandIds: ids }),
  z.object({ kind: z.literal('firstPurchase') }),
]);
const effectSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('percentOffCart'), percent: z.number().positive().max(100) }),
  z.object({ kind: z.literal('amountOffCart'), amount: cents }),
  z.object({ kind: z.literal('percentOffLines'), percent: z.number().positive().max(100), ...filter }),
  z.object({ kind: z.literal('amountOffLines'), amountPerUnit: cents, ...filter }),
  z.object({ kind: z.literal('freeShipping') }),
]);

/** Normalises a code as customers type it: trimmed, upper case. */
export const normaliseCode = (code: string) => code.trim().toUpperCase();

export interface PromotionInputs {
  campaigns: Campaign[];
  coupons: Coupon[];
  userUsage: Record<number, number>;
}

export async function promotionInputs(db: Db, userId: number, codes: readonly string[], now: Date): Promise<PromotionInputs> {
  const at = now.getTime();
  const normalised = [...new Set(codes.map(normaliseCode))].filter(Boolean);
  const [rows, couponRows, usage] = await Promise.all([
    db.select().from(promotionCampaigns).where(and(lte(promotionCampaigns.startsAt, at), gt(promotionCampaigns.endsAt, at))),
    normalised.length ? db.select().from(coupons).where(inList(coupons.code, normalised)) : Promise.resolve([]),
    db.select({ campaignId: promotionRedemptions.campaignId, uses: count() }).from(promotionRedemptions).where(eq(promotionRedemptions.userId, userId)).groupBy(promotionRedemptions.campaignId),
  ]);
  // Campaigns of coupons entered are read even outside their window, so the engine can say "expired".
  const missing = couponRows.map((c) => c.campaignId).filter((id) => !rows.some((r) => r.id === id));
  const extra = missing.length ? await db.select().from(promotionCampaigns).where(inList(promotionCampaigns.id, missing)) : [];
  const campaigns: Campaign[] = [];
  for (const row of [...rows, ...extra]) {
    const conditions = z.array(conditionSchema).safeParse(row.conditions);
    const effects = z.array(effectSchema).safeParse(row.effects);
    if (!conditions.success || !effects.success) {
      console.error('Promotion campaign skipped: malformed conditions or effects', row.id);
      continue;
    }
    campaigns.push({ ...row, conditions: conditions.data, effects: effects.data });
  }
  const userUsage = Object.fromEntries(usage.map((u) => [u.campaignId, u.uses]));
  return {
    campaigns,
    coupons: couponRows.map((c) => ({ ...c, perUserUsed: userUsage[c.campaignId] ?? 0 })),
    userUsage,
  };
}

export type GiftCardCheck = { ok: true; code: string; balance: number; expiresAt: number } | { ok: false; problem: 'unknown' | 'expired' | 'empty' };

/** Gift card codes: 16 letters and digits, typed with or without spaces and dashes. */
export function normaliseGiftCardCode(raw: string): string {
  return raw.replace(/[\s-]/g, '').toUpperCase();
}

export async function checkGiftCard(db: Db, raw: string, now: Date): Promise<GiftCardCheck> {
  const code = normaliseGiftCardCode(raw);
  if (!/^[A-Z0-9]{16}$/.test(code)) return { ok: false, problem: 'unknown' };
  const [card] = await db.select().from(giftCards).where(eq(giftCards.code, code));
  if (!card) return { ok: false, problem: 'unknown' };
  if (card.expiresAt <= now.getTime()) return { ok: false, problem: 'expired' };
  if (card.balance <= 0) return { ok: false, problem: 'empty' };
  return { ok: true, code, balance: card.balance, expiresAt: card.expiresAt };
}
