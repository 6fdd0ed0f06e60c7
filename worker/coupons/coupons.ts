/**
 * The coupons a customer keeps in their account (spec §3 discount coupon, §7 discountcode): read
 * from `user_coupons` joined to the promotions engine's tables (coupons, promotion_campaigns,
 * promotion_redemptions) and the campaign's texts; the status by precedence comes from
 * ./status.ts. Adding a code checks it like the checkout's coupon field reads it (trimmed, upper
 * case) and refuses what could never work in this store.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import type { Language } from '../../client/i18n/languages';
import { normaliseCode } from '../checkout/promotions-data';
import type { Db } from '../db/client';
import { coupons, promotionCampaigns, promotionCampaignTexts, promotionRedemptions, userCoupons } from '../db/schema';
import { appError } from '../http/errors';
import { compareCoupons, couponStatus, notStarted, type CouponFacts, type CouponStatus } from './status';

/** Spec §9 general list page size. */
export const COUPONS_PAGE_SIZE = 16;
export const MAX_COUPONS_PAGE_SIZE = 50;
/** Coupons one account may hold; adding more answers couponLimit (store-given ones count too). */
const MAX_ACCOUNT_COUPONS = 100;
/** What a code may look like once normalised (the seed's and the engine's codes all fit). */
const COUPON_CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{0,39}$/;

/** A readable discount from the campaign's first effect: a percentage, or an amount in cents, or free shipping. */
export interface CouponDiscount {
  type: 'percent' | 'amount' | 'freeShipping';
  /** Percent (10 = 10 %) or cents; null for free shipping. */
  value: number | null;
  /** 'cart' off the whole basket, 'lines' off matching items (per unit for an amount). */
  scope: 'cart' | 'lines';
  /** The least basket subtotal (cents) the campaign asks for, or null. */
  minCartAmount: number | null;
}

/** Spec §3 discount coupon, plus what the account screen shows besides. */
export interface AccountCoupon {
  /** The coupon's own key: its code. */
  couponId: string;
  code: string;
  name: string;
  description: string;
  status: CouponStatus;
  /** ISO dates: the campaign's start (inclusive) and end (exclusive). */
  startDate: string;
  expirationDate: string;
  couponDiscount: CouponDiscount | null;
  /** An ACTIVE coupon whose campaign has not begun yet. */
  notStarted: boolean;
  source: 'customer' | 'store';
  addedAt: string;
}

export interface CouponPage {
  items: AccountCoupon[];
  page: number;
  pageSize: number;
  total: number;
}

type Texts = Record<string, { name: string; description: string }>;

/** The campaign's words in the language, else in English, else its internal name and no description. */
function textsFor(texts: Texts | null, language: Language, fallbackName: string): { name: string; description: string } {
  const text = texts?.[language] ?? texts?.['en_EN'];
  return text && typeof text.name === 'string' && text.name.trim() !== '' ? { name: text.name, description: typeof text.description === 'string' ? text.description : '' } : { name: fallbackName, description: '' };
}

const isCents = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;
const isPercent = (v: unknown): v is number => typeof v === 'number' && v > 0 && v <= 100;

/** The discount of a campaign's effects (JSON as stored); null when the first effect is not one the engine knows. */
function discountOf(effects: unknown, conditions: unknown): CouponDiscount | null {
  const first = Array.isArray(effects) ? (effects[0] as Record<string, unknown> | undefined) : undefined;
  const minimums = Array.isArray(conditions) ? conditions.flatMap((c) => (c && (c as Record<string, unknown>).kind === 'minCartAmount' && isCents((c as Record<string, unknown>).amount) ? [(c as { amount: number }).amount] : [])) : [];
  const minCartAmount = minimums.length ? Math.max(...minimums) : null;
  switch (first?.kind) {
    case 'percentOffCart':
    case 'percentOffLines':
      return isPercent(first.percent) ? { type: 'percent', value: first.percent, scope: first.kind === 'percentOffCart' ? 'cart' : 'lines', minCartAmount } : null;
    case 'amountOffCart':
      return isCents(first.amount) ? { type: 'amount', value: first.amount, scope: 'cart', minCartAmount } : null;
    case 'amountOffLines':
      return isCents(first.amountPerUnit) ? { type: 'amount', value: first.amountPerUnit, scope: 'lines', minCartAmount } : null;
    case 'freeShipping':
      return { type: 'freeShipping', value: null, scope: 'cart', minCartAmount };
    default:
      return null;
  }
}

const couponColumns = {
  code: coupons.code,
  campaignId: coupons.campaignId,
  couponUsageLimit: coupons.usageLimit,
  couponUsageCounter: coupons.usageCounter,
  name: promotionCampaigns.name,
  channels: promotionCampaigns.channels,
  startsAt: promotionCampaigns.startsAt,
  endsAt: promotionCampaigns.endsAt,
  perUserLimit: promotionCampaigns.perUserLimit,
  campaignUsageLimit: promotionCampaigns.usageLimit,
  campaignUsageCounter: promotionCampaigns.usageCounter,
  effects: promotionCampaigns.effects,
  conditions: promotionCampaigns.conditions,
};

type CouponRow = { [K in keyof typeof couponColumns]: (typeof couponColumns)[K]['_']['data'] };

/** The user's redemptions per campaign (per-user limits count campaigns, as in the engine). */
async function redemptionsOf(db: Db, userId: number): Promise<Map<number, number>> {
  const rows = await db.select({ campaignId: promotionRedemptions.campaignId, uses: count() }).from(promotionRedemptions).where(eq(promotionRedemptions.userId, userId)).groupBy(promotionRedemptions.campaignId);
  return new Map(rows.map((r) => [r.campaignId, r.uses]));
}

function factsOf(row: CouponRow, redemptions: Map<number, number>): CouponFacts {
  return {
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    perUserLimit: row.perUserLimit,
    userRedemptions: redemptions.get(row.campaignId) ?? 0,
    couponUsageLimit: row.couponUsageLimit,
    couponUsageCounter: row.couponUsageCounter,
    campaignUsageLimit: row.campaignUsageLimit,
    campaignUsageCounter: row.campaignUsageCounter,
  };
}

const offersChannel = (channels: unknown, channel: string) => Array.isArray(channels) && channels.includes(channel);

/**
 * The signed-in customer's coupons usable in this store (its campaign lists the channel), in the
 * account's order (./status.ts `compareCoupons`), one page. A page past the last one is empty.
 */
export async function listCoupons(db: Db, args: { userId: number; channel: string; language: Language; now: Date; page: number; pageSize: number }): Promise<CouponPage> {
  const now = args.now.getTime();
  const [rows, redemptions] = await Promise.all([
    db
      .select({ ...couponColumns, source: userCoupons.source, addedAt: userCoupons.addedAt, texts: promotionCampaignTexts.texts })
      .from(userCoupons)
      .innerJoin(coupons, eq(coupons.code, userCoupons.code))
      .innerJoin(promotionCampaigns, eq(promotionCampaigns.id, coupons.campaignId))
      .leftJoin(promotionCampaignTexts, eq(promotionCampaignTexts.campaignId, promotionCampaigns.id))
      .where(eq(userCoupons.userId, args.userId))
      // Bounded by MAX_ACCOUNT_COUPONS for what customers add; the store gives few.
      .limit(MAX_ACCOUNT_COUPONS * 5),
    redemptionsOf(db, args.userId),
  ]);
  const all = rows
    .filter((row) => offersChannel(row.channels, args.channel))
    .map((row): AccountCoupon => {
      const facts = factsOf(row, redemptions);
      const status = couponStatus(facts, now);
      return {
        couponId: row.code,
        code: row.code,
        ...textsFor(row.texts, args.language, row.name),
        status,
        startDate: new Date(row.startsAt).toISOString(),
        expirationDate: new Date(row.endsAt).toISOString(),
        couponDiscount: discountOf(row.effects, row.conditions),
        notStarted: status === 'ACTIVE' && notStarted(facts, now),
        source: row.source === 'store' ? 'store' : 'customer',
        addedAt: new Date(row.addedAt).toISOString(),
      };
    })
    .sort((a, b) => compareCoupons({ status: a.status, code: a.code, endsAt: Date.parse(a.expirationDate) }, { status: b.status, code: b.code, endsAt: Date.parse(b.expirationDate) }));
  const start = (args.page - 1) * args.pageSize;
  return { items: all.slice(start, start + args.pageSize), page: args.page, pageSize: args.pageSize, total: all.length };
}

/**
 * Adds a code to the customer's account (source 'customer') and returns it as listed. Refusals,
 * in this order, none of which writes anything: couponNotFound (404, an unknown or malformed
 * code), couponAlreadyAdded (409), couponOtherChannel (409, its campaign is not for this store),
 * couponEnded (409), couponRunOut (409, its total usage limit is reached), couponAlreadyUsed
 * (409, this customer used it as often as it allows), couponLimit (409, MAX_ACCOUNT_COUPONS). A
 * campaign that has not started yet can be added: it shows from when it works.
 */
export async function addCoupon(db: Db, args: { userId: number; channel: string; language: Language; rawCode: string; now: Date }): Promise<AccountCoupon> {
  const code = normaliseCode(args.rawCode);
  if (!COUPON_CODE_PATTERN.test(code)) throw appError('couponNotFound');
  const now = args.now.getTime();
  const [[row], [held], redemptions] = await Promise.all([
    db.select(couponColumns).from(coupons).innerJoin(promotionCampaigns, eq(promotionCampaigns.id, coupons.campaignId)).where(eq(coupons.code, code)).limit(1),
    db.select({ code: userCoupons.code }).from(userCoupons).where(and(eq(userCoupons.userId, args.userId), eq(userCoupons.code, code))).limit(1),
    redemptionsOf(db, args.userId),
  ]);
  if (!row) throw appError('couponNotFound');
  if (held) throw appError('couponAlreadyAdded');
  if (!offersChannel(row.channels, args.channel)) throw appError('couponOtherChannel');
  const facts = factsOf(row, redemptions);
  if (now >= facts.endsAt) throw appError('couponEnded');
  if ((facts.couponUsageLimit > 0 && facts.couponUsageCounter >= facts.couponUsageLimit) || (facts.campaignUsageLimit > 0 && facts.campaignUsageCounter >= facts.campaignUsageLimit)) throw appError('couponRunOut');
  if (couponStatus(facts, now) === 'USED') throw appError('couponAlreadyUsed');
  // One statement: the cap and the (user, code) key hold even when two adds race.
  const inserted = await db.run(
    sql`INSERT INTO user_coupons (user_id, code, source, added_at) SELECT ${args.userId}, ${code}, 'customer', ${now} WHERE (SELECT count(*) FROM user_coupons WHERE user_id = ${args.userId}) < ${MAX_ACCOUNT_COUPONS} ON CONFLICT DO NOTHING`,
  );
  if (inserted.meta.changes !== 1) {
    const [again] = await db.select({ code: userCoupons.code }).from(userCoupons).where(and(eq(userCoupons.userId, args.userId), eq(userCoupons.code, code))).limit(1);
    throw appError(again ? 'couponAlreadyAdded' : 'couponLimit');
  }
  const [texts] = await db.select({ texts: promotionCampaignTexts.texts }).from(promotionCampaignTexts).where(eq(promotionCampaignTexts.campaignId, row.campaignId));
  return {
    couponId: code,
    code,
    ...textsFor(texts?.texts ?? null, args.language, row.name),
    status: couponStatus(facts, now),
    startDate: new Date(row.startsAt).toISOString(),
    expirationDate: new Date(row.endsAt).toISOString(),
    couponDiscount: discountOf(row.effects, row.conditions),
    notStarted: notStarted(facts, now),
    source: 'customer',
    addedAt: new Date(now).toISOString(),
  };
}
