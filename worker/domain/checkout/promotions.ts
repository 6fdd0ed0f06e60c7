/**
 * Cart promotions: a small rules engine in the style of Talon.One. Campaigns are data (gates,
 * conditions, effects); `evaluate` turns a cart into discounts and the `talonOneNotifications` of
 * spec §3. Money is integer cents. No I/O: campaigns, coupons and usage counters are passed in,
 * and redemptions are recorded by the caller once the order exists.
 *
 * Rules:
 * - Order: campaigns run by ascending `priority` (1 before 2), then ascending `id`. When an
 *   `exclusive` campaign applies, no campaign after it runs; the ones before it keep their effects.
 * - Gates, checked first: `startsAt ≤ now < endsAt` (start inclusive, end exclusive, as in
 *   catalogue/campaign.ts); the cart's channel is listed in `channels` (an empty list matches no
 *   channel); `usageCounter < usageLimit`; the user's redemptions of the campaign
 *   (`userUsage[id]`, 0 if absent) `< perUserLimit`. An absent limit, or 0, means unlimited.
 * - Conditions, all must hold: `subtotal ≥ minCartAmount`; some line (qty > 0) in the listed
 *   categories / brands; the user's first purchase.
 * - Coupon match: a campaign with `couponRequired` applies only with a valid coupon of its own.
 *   Codes match trimmed and case-insensitively; a code entered twice counts once; a campaign uses
 *   one coupon (the first valid one entered). A coupon of a campaign without `couponRequired` is
 *   accepted and reported, the campaign applies anyway.
 * - Effects, in the campaign's order: percentage or amount off the cart, percentage or amount off
 *   matching lines (every listed filter must match; no filter matches every line), free shipping.
 *   Percentages apply to what is still payable after earlier effects (10 % then 10 % is 19 %).
 *   A line amount is off each unit of the line. A line discount never exceeds the line total
 *   (unitPrice × qty) and the sum of all line and cart discounts never exceeds the subtotal.
 * - Rounding: a percentage discount is rounded half up once per line (line effects) or once on
 *   the cart (cart effects), in integer basis points (percentages have at most 2 decimals).
 * - totalDiscount = line discounts + cart discount + shipping saved, so
 *   totalToPay = subtotal + shippingCost − totalDiscount.
 * - Notifications (keys, not prose), coupons first in the order entered, then offers:
 *   'coupon.applied' (info) with couponDiscountTextValue; 'coupon.rejected' with the reason as
 *   body: unknown, notStarted, expired, wrongChannel, usedUp, userLimitReached (error: the coupon
 *   cannot work on this cart) or conditionsNotMet, minCartAmountNotReached, notCombinable
 *   (warning: the customer can still change the cart, or it lost to another campaign).
 *   'offer.almostQualified' (offer) for a campaign without coupon whose only failing condition
 *   is a minimum amount the subtotal is less than 20 % short of (ALMOST_QUALIFIED_PERCENT).
 * - couponDiscountTextValue is locale-free: '10%' for a percentage, the amount in cents ('500')
 *   for an amount, 'freeShipping' when that is the campaign's first effect. The UI formats it.
 */

export interface Campaign {
  id: number;
  name: string;
  channels: readonly string[];
  /** Epoch ms, inclusive. */
  startsAt: number;
  /** Epoch ms, exclusive. */
  endsAt: number;
  /** Lower runs first. */
  priority: number;
  exclusive?: boolean;
  couponRequired: boolean;
  conditions: readonly Condition[];
  effects: readonly Effect[];
  /** Total redemptions allowed; absent or 0 = unlimited. */
  usageLimit?: number;
  /** Redemptions so far (absent = 0). */
  usageCounter?: number;
  /** Redemptions allowed per user; absent or 0 = unlimited. */
  perUserLimit?: number;
}

export type Condition =
  | { kind: 'minCartAmount'; amount: number }
  | { kind: 'categories'; categoryIds: readonly number[] }
  | { kind: 'brands'; brandIds: readonly number[] }
  | { kind: 'firstPurchase' };

export interface LineFilter {
  categoryIds?: readonly number[];
  brandIds?: readonly number[];
}

export type Effect =
  | { kind: 'percentOffCart'; percent: number }
  | { kind: 'amountOffCart'; amount: number }
  | ({ kind: 'percentOffLines'; percent: number } & LineFilter)
  | ({ kind: 'amountOffLines'; amountPerUnit: number } & LineFilter)
  | { kind: 'freeShipping' };

export interface Coupon {
  code: string;
  campaignId: number;
  /** Absent or 0 = unlimited. */
  usageLimit: number;
  usageCounter: number;
  /** This user's redemptions of this coupon; limited by the campaign's perUserLimit. */
  perUserUsed: number;
}

export interface CartLine {
  idLine: number;
  articleId: number;
  categoryId: number;
  brandId: number;
  unitPrice: number;
  qty: number;
}

export interface EvaluateInput {
  cart: { channel: string; subtotal: number; lines: readonly CartLine[]; shippingCost: number };
  user: { isFirstPurchase: boolean; userUsage: Readonly<Record<number, number>> };
  now: number;
  couponCodes: readonly string[];
  campaigns: readonly Campaign[];
  coupons: readonly Coupon[];
}

export type NotificationType = 'info' | 'error' | 'warning' | 'offer';

export type CouponRejection =
  | 'unknown'
  | 'notStarted'
  | 'expired'
  | 'wrongChannel'
  | 'usedUp'
  | 'userLimitReached'
  | 'conditionsNotMet'
  | 'minCartAmountNotReached'
  | 'notCombinable';

export interface PromotionNotification {
  notificationTitle: 'coupon.applied' | 'coupon.rejected' | 'offer.almostQualified';
  notificationBody: string;
  notificationType: NotificationType;
  couponDiscountTextValue?: string;
  couponCode?: string;
  campaignId?: number;
  /** Cents still missing to reach a minimum amount. */
  missingAmount?: number;
}

export interface Evaluation {
  lineDiscounts: Record<number, number>;
  cartDiscount: number;
  freeShipping: boolean;
  shippingDiscount: number;
  totalDiscount: number;
  notifications: PromotionNotification[];
  appliedCoupons: string[];
  appliedCampaigns: number[];
}

/** An offer is shown when the subtotal is less than this percentage short of a minimum amount. */
export const ALMOST_QUALIFIED_PERCENT = 20;

const ERROR_REJECTIONS: ReadonlySet<CouponRejection> = new Set(['unknown', 'notStarted', 'expired', 'wrongChannel', 'usedUp', 'userLimitReached']);

type Gate = 'notStarted' | 'expired' | 'wrongChannel' | 'usedUp' | 'userLimitReached';
type Outcome = { status: 'applied' } | { status: 'stopped' } | { status: 'gate'; gate: Gate } | { status: 'conditions'; failed: Condition[] } | { status: 'noCoupon' };

const isLimited = (limit: number | undefined): limit is number => limit !== undefined && limit > 0;
const normalise = (code: string): string => code.trim().toUpperCase();

/** Applies the promotions to a cart; see the module header for every rule. */
export function evaluate(input: EvaluateInput): Evaluation {
  const { cart } = input;
  const campaigns = [...input.campaigns].sort((a, b) => a.priority - b.priority || a.id - b.id);
  const byId = new Map(campaigns.map((campaign) => [campaign.id, campaign]));
  const couponByCode = new Map(input.coupons.map((coupon) => [normalise(coupon.code), coupon]));

  // Coupon checks that do not depend on the cart's contents; the first valid coupon claims its campaign.
  const codes = [...new Set(input.couponCodes.map(normalise).filter((code) => code !== ''))];
  const early = new Map<string, CouponRejection>();
  const claimed = new Map<number, Coupon>();
  for (const code of codes) {
    const coupon = couponByCode.get(code);
    const campaign = coupon && byId.get(coupon.campaignId);
    const rejection: CouponRejection | null =
      !coupon || !campaign
        ? 'unknown'
        : (gate(campaign, input) ??
          (isLimited(coupon.usageLimit) && coupon.usageCounter >= coupon.usageLimit ? 'usedUp' : null) ??
          (isLimited(campaign.perUserLimit) && coupon.perUserUsed >= campaign.perUserLimit ? 'userLimitReached' : null) ??
          (claimed.has(campaign.id) ? 'notCombinable' : null));
    if (rejection) early.set(code, rejection);
    else if (coupon) claimed.set(coupon.campaignId, coupon);
  }

  const state = { lines: new Map<number, number>(), cart: 0, freeShipping: false };
  const outcomes = new Map<number, Outcome>();
  const appliedCampaigns: number[] = [];
  let stopped = false;
  for (const campaign of campaigns) {
    const outcome = stopped ? { status: 'stopped' as const } : decide(campaign, input, claimed.has(campaign.id));
    outcomes.set(campaign.id, outcome);
    if (outcome.status !== 'applied') continue;
    for (const effect of campaign.effects) apply(effect, cart, state);
    appliedCampaigns.push(campaign.id);
    if (campaign.exclusive) stopped = true;
  }

  const notifications: PromotionNotification[] = [];
  const appliedCoupons: string[] = [];
  for (const code of codes) {
    const coupon = couponByCode.get(code);
    const campaign = coupon && byId.get(coupon.campaignId);
    const outcome = campaign && outcomes.get(campaign.id);
    const rejection = early.get(code) ?? (outcome ? rejectionFor(outcome, campaign, cart.subtotal) : 'unknown');
    const couponCode = coupon?.code ?? code;
    if (rejection === null && campaign) {
      appliedCoupons.push(couponCode);
      notifications.push({ notificationTitle: 'coupon.applied', notificationBody: 'coupon.applied', notificationType: 'info', couponDiscountTextValue: discountText(campaign), couponCode, campaignId: campaign.id });
    } else if (rejection !== null) {
      notifications.push({
        notificationTitle: 'coupon.rejected',
        notificationBody: `coupon.${rejection}`,
        notificationType: ERROR_REJECTIONS.has(rejection) ? 'error' : 'warning',
        couponCode,
        ...(campaign && { campaignId: campaign.id }),
        ...(rejection === 'minCartAmountNotReached' && campaign && { missingAmount: missingAmount(campaign, cart.subtotal) }),
      });
    }
  }
  for (const campaign of campaigns) {
    const outcome = outcomes.get(campaign.id);
    if (campaign.couponRequired || outcome?.status !== 'conditions' || !almostQualifies(outcome.failed, cart.subtotal)) continue;
    notifications.push({ notificationTitle: 'offer.almostQualified', notificationBody: 'offer.minCartAmount', notificationType: 'offer', couponDiscountTextValue: discountText(campaign), campaignId: campaign.id, missingAmount: missingAmount(campaign, cart.subtotal) });
  }

  const lineTotal = [...state.lines.values()].reduce((sum, cents) => sum + cents, 0);
  const shippingDiscount = state.freeShipping ? Math.max(0, cart.shippingCost) : 0;
  return {
    lineDiscounts: Object.fromEntries([...state.lines].filter(([, cents]) => cents > 0)),
    cartDiscount: state.cart,
    freeShipping: state.freeShipping,
    shippingDiscount,
    totalDiscount: lineTotal + state.cart + shippingDiscount,
    notifications,
    appliedCoupons,
    appliedCampaigns,
  };
}

/** The first gate the campaign fails for this cart, user and time, or null. */
function gate(campaign: Campaign, { cart, user, now }: EvaluateInput): Gate | null {
  if (now < campaign.startsAt) return 'notStarted';
  if (now >= campaign.endsAt) return 'expired';
  if (!campaign.channels.includes(cart.channel)) return 'wrongChannel';
  if (isLimited(campaign.usageLimit) && (campaign.usageCounter ?? 0) >= campaign.usageLimit) return 'usedUp';
  if (isLimited(campaign.perUserLimit) && (user.userUsage[campaign.id] ?? 0) >= campaign.perUserLimit) return 'userLimitReached';
  return null;
}

function decide(campaign: Campaign, input: EvaluateInput, hasCoupon: boolean): Outcome {
  const failedGate = gate(campaign, input);
  if (failedGate) return { status: 'gate', gate: failedGate };
  const failed = campaign.conditions.filter((condition) => !holds(condition, input));
  if (failed.length > 0) return { status: 'conditions', failed };
  if (campaign.couponRequired && !hasCoupon) return { status: 'noCoupon' };
  return { status: 'applied' };
}

function holds(condition: Condition, { cart, user }: EvaluateInput): boolean {
  const lines = cart.lines.filter((line) => line.qty > 0);
  switch (condition.kind) {
    case 'minCartAmount':
      return cart.subtotal >= condition.amount;
    case 'categories':
      return lines.some((line) => condition.categoryIds.includes(line.categoryId));
    case 'brands':
      return lines.some((line) => condition.brandIds.includes(line.brandId));
    case 'firstPurchase':
      return user.isFirstPurchase;
  }
}

/** Why a coupon that passed the early checks did not apply, or null when it did. */
function rejectionFor(outcome: Outcome, campaign: Campaign, subtotal: number): CouponRejection | null {
  switch (outcome.status) {
    case 'applied':
      return null;
    case 'gate':
      return outcome.gate;
    case 'conditions':
      return outcome.failed.every((c) => c.kind === 'minCartAmount') && missingAmount(campaign, subtotal) > 0 ? 'minCartAmountNotReached' : 'conditionsNotMet';
    case 'stopped':
    case 'noCoupon':
      return 'notCombinable';
  }
}

function missingAmount(campaign: Campaign, subtotal: number): number {
  const minimums = campaign.conditions.flatMap((c) => (c.kind === 'minCartAmount' ? [c.amount] : []));
  return Math.max(0, ...minimums.map((minimum) => minimum - subtotal));
}

/** Only minimum amounts fail, and the subtotal is less than ALMOST_QUALIFIED_PERCENT short of each. */
function almostQualifies(failed: readonly Condition[], subtotal: number): boolean {
  return failed.every((c) => c.kind === 'minCartAmount' && subtotal * 100 > c.amount * (100 - ALMOST_QUALIFIED_PERCENT));
}

interface State {
  lines: Map<number, number>;
  cart: number;
  freeShipping: boolean;
}

function apply(effect: Effect, cart: EvaluateInput['cart'], state: State): void {
  const remainingCart = (): number => Math.max(0, cart.subtotal - state.cart - [...state.lines.values()].reduce((sum, cents) => sum + cents, 0));
  switch (effect.kind) {
    case 'freeShipping':
      state.freeShipping = true;
      return;
    case 'percentOffCart':
    case 'amountOffCart': {
      const remaining = remainingCart();
      const wanted = effect.kind === 'percentOffCart' ? percentOf(remaining, effect.percent) : Math.max(0, effect.amount);
      state.cart += Math.min(wanted, remaining);
      return;
    }
    case 'percentOffLines':
    case 'amountOffLines':
      for (const line of cart.lines) {
        if (line.qty <= 0 || !matches(effect, line)) continue;
        const already = state.lines.get(line.idLine) ?? 0;
        const remainingLine = Math.max(0, line.unitPrice * line.qty - already);
        const wanted = effect.kind === 'percentOffLines' ? percentOf(remainingLine, effect.percent) : Math.max(0, effect.amountPerUnit) * line.qty;
        state.lines.set(line.idLine, already + Math.min(wanted, remainingLine, remainingCart()));
      }
  }
}

const matches = (filter: LineFilter, line: CartLine): boolean =>
  (!filter.categoryIds?.length || filter.categoryIds.includes(line.categoryId)) && (!filter.brandIds?.length || filter.brandIds.includes(line.brandId));

/** `percent` % of `base`, rounded half up, in integer basis points; percent is clamped to 0–100. */
export function percentOf(base: number, percent: number): number {
  const basisPoints = Math.round(Math.min(100, Math.max(0, percent)) * 100);
  return Math.floor((base * basisPoints + 5000) / 10000);
}

/** Locale-free text of a campaign's first effect: '10%', '500' (cents) or 'freeShipping'. */
export function discountText(campaign: Campaign): string | undefined {
  const effect = campaign.effects[0];
  if (!effect) return undefined;
  switch (effect.kind) {
    case 'percentOffCart':
    case 'percentOffLines':
      return `${effect.percent}%`;
    case 'amountOffCart':
      return String(effect.amount);
    case 'amountOffLines':
      return String(effect.amountPerUnit);
    case 'freeShipping':
      return 'freeShipping';
  }
}
