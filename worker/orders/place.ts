/**
 * Placing orders: a checkout becomes one order per seller group in a single D1 batch (one
 * transaction). Orders paid through the card provider wait for the payment (`awaiting_payment`, stock
 * reserved as for a transfer) and are filed under one payment reference, the first order number. Units of stock on hand come off `offers.stock` in the same batch; the
 * `offers_stock_never_negative` trigger aborts the whole batch if any offer would go below
 * zero, so concurrent buyers never oversell and a failure leaves nothing written. An offer
 * whose last units on hand the order takes turns out of stock (code 6) in the same batch, and
 * its article's listing, search counts and cached pages follow (worker/db/stock-codes.ts). The checkout
 * key (cart id and the cart's version) is unique per seller group: placing the same cart
 * state twice returns the orders of the first time.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { coupons, giftCardMovements, giftCards, offers, orderEvents, orderLines, orders, paymentOrders, promotionCampaigns, promotionRedemptions, userPurchases, users } from '../db/schema';
import { orderNumber } from '../domain/orders/order-number';
import { spendStatements } from '../balance/balance';
import { isGatewayMethod, initialState, type OrderState, type PlaceableMethod } from '../domain/orders/state-machine';
import { LAST_STOCKED_CODE } from '../cart/rules';
import { insertRows } from '../db/limits';
import { isRanOut, offerIdsSql, ranOutGuardSql, settleStockCodesSql, stageSoldOutSql, stockRefreshSql } from '../db/stock-codes';
import { giftCode } from '../domain/returns/rules';
import { afterOrderPaid } from './fulfil';
import { isReplacedOrderMoved, replacedOrderStatements, ReplacedOrderMovedError } from './transitions';

export interface OrderLineInput {
  articleId: number;
  offerId: number;
  name: string;
  qty: number;
  unitPrice: number;
  availabilityCode: number;
  /** A service line (insurance, extra service): nothing comes off the stock. */
  isService?: boolean;
  /** Which service and plan a service line is (kept on the order line: an insurance becomes a policy once paid). */
  service?: { kind: 'insurance' | 'service' | 'installation'; id: number } | null;
  giftPaper?: boolean;
  /** What the line carries beyond the article (order_lines.details): a gift card's recipient… */
  details?: Record<string, string | number> | null;
}

export interface OrderGroupInput {
  orderKey: string;
  sellerKind: 'own' | 'marketplace' | 'dropshipping';
  sellerId: number;
  lines: OrderLineInput[];
  shippingCost: number;
  discount: number;
  agency?: string | null;
  /** The delivery day and slot chosen (our own home delivery). */
  deliveryDate?: string | null;
  deliveryTime?: string | null;
  /** Neutral delivery (our own order only). */
  neutral?: boolean;
  /** This order's share of the gift card and of the store balance (worker/domain/orders/allocate.ts). */
  giftCardAmount: number;
  balanceAmount?: number;
  /** The solidary donation this order carries (the first order of a checkout): an amount of the order, never an article line. */
  solidaryAmount?: number;
}

export interface PlaceInput {
  userId: number;
  channel: string;
  language: string;
  checkoutKey: string;
  paymentMethod: PlaceableMethod;
  /** The method's option chosen in the checkout (Oney's variant), passed on to its gateway start. */
  paymentOption?: string | null;
  shippingType: 1 | 2 | 3;
  shopId: number | null;
  pickingPointId?: number | null;
  shippingAddress: Record<string, unknown>;
  billingAddress: Record<string, unknown> | null;
  groups: OrderGroupInput[];
  /** The gift card spent and how much of it (the sum of the groups' shares). */
  giftCard: { code: string; amount: number } | null;
  /** The store balance spent (the sum of the groups' shares). */
  balanceSpent?: number;
  /** Promotions used: each campaign's counter (and its coupon's) goes up, and a redemption is recorded. */
  redemptions: { campaignId: number; couponCode: string | null }[];
  /**
   * The order this checkout changes (spec §7 cart modifier): it is cancelled in the same batch
   * (worker/orders/transitions.ts replacedOrderStatements) and what it was paid (`credit`) pays
   * the new orders first, in order; an order it pays whole is confirmed and paid at once.
   */
  replaces?: { orderNumber: string; credit: number };
  now: Date;
}

export interface PlacedOrder {
  orderNumber: string;
  orderKey: string;
  state: OrderState;
  total: number;
  /** What the replaced order's payment covered of this one (a change). */
  carried?: number;
}

export class OversoldError extends Error {}
export class GiftCardSpentError extends Error {}
export class CouponUsedUpError extends Error {}
export class BalanceSpentError extends Error {}

async function existing(db: Db, checkoutKey: string): Promise<PlacedOrder[]> {
  const rows = await db
    .select({ orderNumber: orders.orderNumber, orderKey: orders.orderKey, state: orders.state, total: orders.total })
    .from(orders)
    .where(eq(orders.checkoutKey, checkoutKey))
    .orderBy(orders.orderKey);
  return rows.map((r) => ({ ...r, state: r.state as OrderState }));
}

const subtotal = (group: OrderGroupInput) => group.lines.reduce((sum, line) => sum + line.unitPrice * line.qty, 0);

/** The orders of this checkout: placed now, or found when this cart state was placed before. */
export async function placeOrders(db: Db, input: PlaceInput): Promise<{ orders: PlacedOrder[]; replay: boolean }> {
  const before = await existing(db, input.checkoutKey);
  if (before.length > 0) return { orders: before, replay: true };
  let result: { orders: PlacedOrder[]; replay: boolean };
  try {
    // Most orders leave units on hand: their batch only checks that no offer ran out. A changed order may give units back.
    result = await placeBatch(db, input, input.replaces !== undefined);
  } catch (error) {
    if (!(error instanceof RanOutMeanwhile)) throw error;
    // This order takes an offer's last units on hand: placed again with what shows it on the store (nothing of the first try was written).
    result = await placeBatch(db, input, true);
  }
  if (result.replay) return result;
  // Orders paid as placed get their invoice and fulfilment now; a failure is retried by the sweeps.
  for (const order of result.orders) {
    if (input.paymentMethod !== 'free' && !(order.carried && order.total === 0)) continue;
    await afterOrderPaid(db, order.orderNumber, input.now);
  }
  return result;
}

/** The placing batch failed because it ran an offer out of stock on hand without the statements that show it. */
class RanOutMeanwhile extends Error {}

/**
 * The placing batch. With `showStockCodes`, offers it runs out of stock on hand turn out of
 * stock and the store shows it (worker/db/stock-codes.ts: ~18 statements, a few ms of the
 * database's writer even when they find nothing); without, the batch fails (RanOutMeanwhile)
 * if it runs one out, and nothing of it is written.
 */
async function placeBatch(db: Db, input: PlaceInput, showStockCodes: boolean): Promise<{ orders: PlacedOrder[]; replay: boolean }> {
  const at = input.now.getTime();
  const state = initialState(input.paymentMethod);
  const placed: PlacedOrder[] = [];
  const statements = [];
  // The replaced order's stock goes back before the new orders' comes off (the same units may be bought again).
  if (input.replaces) statements.push(...replacedOrderStatements(db, { orderNumber: input.replaces.orderNumber, userId: input.userId, now: input.now }));
  let credit = input.replaces?.credit ?? 0;
  const taken = new Set<number>();
  for (const line of input.groups.flatMap((g) => g.lines)) {
    if (!line.isService && line.availabilityCode <= LAST_STOCKED_CODE) {
      statements.push(db.update(offers).set({ stock: sql`${offers.stock} - ${line.qty}` }).where(eq(offers.id, line.offerId)));
      taken.add(line.offerId);
    }
  }
  const ids = taken.size > 0 ? offerIdsSql([...taken]) : null;
  if (!showStockCodes) {
    if (ids) statements.push(db.run(ranOutGuardSql(ids)));
  } else {
    // Offers whose last units on hand this order took are out of stock now, as an import makes them.
    if (ids) statements.push(db.run(settleStockCodesSql(ids)), db.run(stageSoldOutSql(ids)));
    // What changed codes shows on the store: listings and search refreshed, cached pages retired.
    statements.push(...stockRefreshSql(at).map((text) => db.run(text)));
  }
  for (const group of input.groups) {
    const number = orderNumber(input.channel, input.now);
    const due = Math.max(0, subtotal(group) + group.shippingCost + (group.solidaryAmount ?? 0) - group.discount - group.giftCardAmount - (group.balanceAmount ?? 0));
    const carried = Math.min(credit, due);
    credit -= carried;
    const total = due - carried;
    // Paid whole by the order it replaces: nothing is left to wait for.
    const paidByChange = input.replaces !== undefined && carried > 0 && total === 0;
    const groupState = paidByChange ? 'confirmed' : state;
    // The free method (gift card, balance or promotion cover it all) and a change paid whole: paid as placed.
    const paidAt = input.paymentMethod === 'free' || paidByChange ? at : null;
    placed.push({ orderNumber: number, orderKey: group.orderKey, state: groupState, total, ...(input.replaces ? { carried } : {}) });
    statements.push(
      db.insert(orders).values({
        orderNumber: number,
        checkoutKey: input.checkoutKey,
        orderKey: group.orderKey,
        userId: input.userId,
        channel: input.channel,
        language: input.language,
        state: groupState,
        sellerKind: group.sellerKind,
        sellerId: group.sellerId,
        paymentMethod: input.paymentMethod,
        paymentOption: input.paymentOption ?? null,
        shippingType: input.shippingType,
        shopId: input.shopId,
        pickingPointId: input.pickingPointId ?? null,
        agency: group.agency ?? null,
        deliveryDate: group.deliveryDate ?? null,
        deliveryTime: group.deliveryTime ?? null,
        neutral: group.neutral ?? false,
        balanceAmount: group.balanceAmount ?? 0,
        shippingAddress: input.shippingAddress,
        billingAddress: input.billingAddress,
        articlesSubtotal: subtotal(group),
        shippingCost: group.shippingCost,
        discount: group.discount,
        giftCardAmount: group.giftCardAmount,
        solidaryAmount: group.solidaryAmount ?? 0,
        total,
        paidAt,
        // A gift (a gift-wrapped line): its recipient may return it with this code, without seeing prices (worker/returns).
        giftCode: group.lines.some((line) => line.giftPaper) ? giftCode() : null,
        replacesOrderNumber: input.replaces?.orderNumber ?? null,
        createdAt: at,
        updatedAt: at,
      }),
      // Lines × columns would pass D1's 100 parameters from about a dozen lines: cut into statements of the same batch.
      ...insertRows(
        db,
        orderLines,
        group.lines.map((line) => ({
          orderNumber: number,
          articleId: line.articleId,
          offerId: line.offerId,
          name: line.name,
          qty: line.qty,
          unitPrice: line.unitPrice,
          totalPrice: line.unitPrice * line.qty,
          stockTaken: !line.isService && line.availabilityCode <= LAST_STOCKED_CODE,
          giftPaper: line.giftPaper ?? false,
          serviceKind: line.service?.kind ?? null,
          serviceId: line.service?.id ?? null,
          details: line.details ?? null,
        })),
      ),
      db.insert(orderEvents).values({ orderNumber: number, state: groupState, at }),
      // Purchases are the articles bought (what the shopper may review); services are not articles.
      ...insertRows(db, userPurchases, group.lines.filter((line) => !line.isService).map((line) => ({ userId: input.userId, articleId: line.articleId, orderNumber: number, purchasedAt: at }))),
    );
  }
  const first = placed[0]!.orderNumber;
  // Paid through a gateway: one payment, referenced by the first order number, pays every order of the checkout.
  if (isGatewayMethod(input.paymentMethod)) {
    // Only the orders that wait for it: one paid whole by a change is not part of the payment.
    const waiting = placed.filter((order) => order.state === 'awaiting_payment');
    if (waiting.length > 0) statements.push(db.insert(paymentOrders).values(waiting.map((order) => ({ reference: waiting[0]!.orderNumber, orderNumber: order.orderNumber }))));
  }
  if (input.giftCard && input.giftCard.amount > 0) {
    // The gift_cards_never_negative trigger aborts the batch if the balance was spent meanwhile.
    statements.push(
      db.update(giftCards).set({ balance: sql`${giftCards.balance} - ${input.giftCard.amount}` }).where(eq(giftCards.code, input.giftCard.code)),
      db.insert(giftCardMovements).values({ code: input.giftCard.code, orderNumber: first, amount: -input.giftCard.amount, at }),
    );
  }
  // user_balances_never_negative aborts the batch if the balance was spent meanwhile.
  if (input.balanceSpent && input.balanceSpent > 0) statements.push(...spendStatements(db, { userId: input.userId, amount: input.balanceSpent, orderNumber: first, now: input.now }));
  for (const redemption of input.redemptions) {
    // coupons_within_limit / campaigns_within_limit abort the batch past a usage limit.
    statements.push(
      db.update(promotionCampaigns).set({ usageCounter: sql`${promotionCampaigns.usageCounter} + 1` }).where(eq(promotionCampaigns.id, redemption.campaignId)),
      db.insert(promotionRedemptions).values({ campaignId: redemption.campaignId, couponCode: redemption.couponCode, userId: input.userId, orderNumber: first, at }),
    );
    if (redemption.couponCode) statements.push(db.update(coupons).set({ usageCounter: sql`${coupons.usageCounter} + 1` }).where(eq(coupons.code, redemption.couponCode)));
  }
  const spent = placed.reduce((sum, order) => sum + order.total, 0);
  statements.push(
    db
      .update(users)
      .set({
        totalPurchases: sql`${users.totalPurchases} + 1`,
        totalSpentCents: sql`${users.totalSpentCents} + ${spent}`,
        firstPurchaseAt: sql`coalesce(${users.firstPurchaseAt}, ${at})`,
        lastPurchaseAt: at,
      })
      .where(eq(users.id, input.userId)),
  );
  try {
    await db.batch(statements as unknown as Parameters<Db['batch']>[0]);
  } catch (error) {
    const text = String((error as Error)?.message ?? error) + String((error as { cause?: unknown })?.cause ?? '');
    if (text.includes('OUT_OF_STOCK')) throw new OversoldError('An article ran out of stock while the order was placed');
    if (isRanOut(text)) throw new RanOutMeanwhile('The order takes the last units of an offer');
    if (text.includes('GIFT_CARD_SPENT')) throw new GiftCardSpentError('The gift card balance was spent meanwhile');
    if (text.includes('BALANCE_SPENT')) throw new BalanceSpentError('The store balance was spent meanwhile');
    if (text.includes('COUPON_USED_UP')) throw new CouponUsedUpError('A coupon reached its usage limit meanwhile');
    if (input.replaces && isReplacedOrderMoved(text)) throw new ReplacedOrderMovedError('The order being changed moved on meanwhile');
    // The same cart placed at the same moment by another request: its orders stand.
    if (text.includes('UNIQUE') && text.includes('checkout_key')) return { orders: await existing(db, input.checkoutKey), replay: true };
    throw error;
  }
  return { orders: placed, replay: false };
}

