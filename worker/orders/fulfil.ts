/**
 * What a paid order delivers without a parcel (docs/account.md "Fulfilment"): digital codes,
 * gift cards, subscriptions and insurance policies. Every place that sees an order become paid
 * (a gateway's event, a payment at placement, staff marking a transfer received) calls
 * `afterOrderPaid`, which issues its tax document and then runs each fulfilment step.
 *
 * Each step is idempotent on its own (one row per order line and unit, unique indexes, guarded
 * updates), so running it twice, or two runs racing, delivers once. `orders.fulfilled_at` is set
 * when every step succeeded; an order left without it (a step failed, the request died) is done
 * again by the scheduled sweep (`fulfilMissingOrders`).
 */
import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { orderLines, orders } from '../db/schema';
import { ensureOrderDocument } from '../documents/issue';
import { assignDigitalCodes } from '../digital/codes';
import { issueGiftCards } from '../gift-cards/issue';
import { startSubscriptions } from '../subscriptions/start';
import { createPolicies } from '../insurances/policies';
import { tellOrderPaid } from '../inbox/order-news';

export interface PaidLine {
  id: number;
  articleId: number;
  offerId: number;
  name: string;
  qty: number;
  unitPrice: number;
  serviceKind: 'insurance' | 'service' | 'installation' | null;
  serviceId: number | null;
  details: Record<string, string | number> | null;
}

export interface PaidOrder {
  orderNumber: string;
  userId: number;
  channel: string;
  language: string;
  paymentMethod: string;
  paidAt: number;
  lines: PaidLine[];
}

/** One step of the fulfilment: does its part of the order once, whatever number of times it is called. */
export type FulfilmentStep = (db: Db, order: PaidOrder, now: Date) => Promise<void>;

/** In this order: a subscription or policy step may read what an earlier step delivered. */
const FULFILMENT_STEPS: readonly { name: string; run: FulfilmentStep }[] = [
  { name: 'digital codes', run: assignDigitalCodes },
  { name: 'gift cards', run: issueGiftCards },
  { name: 'subscriptions', run: startSubscriptions },
  { name: 'insurance policies', run: createPolicies },
];

/** The order as paid, with its lines; undefined while it is not paid (or does not exist). */
export async function paidOrder(db: Db, orderNumber: string): Promise<PaidOrder | undefined> {
  const [order] = await db
    .select({ orderNumber: orders.orderNumber, userId: orders.userId, channel: orders.channel, language: orders.language, paymentMethod: orders.paymentMethod, paidAt: orders.paidAt, state: orders.state })
    .from(orders)
    .where(eq(orders.orderNumber, orderNumber));
  if (!order || order.paidAt === null || order.state === 'cancelled') return undefined;
  const lines = await db
    .select({
      id: orderLines.id,
      articleId: orderLines.articleId,
      offerId: orderLines.offerId,
      name: orderLines.name,
      qty: orderLines.qty,
      unitPrice: orderLines.unitPrice,
      serviceKind: orderLines.serviceKind,
      serviceId: orderLines.serviceId,
      details: orderLines.details,
    })
    .from(orderLines)
    .where(eq(orderLines.orderNumber, orderNumber))
    .orderBy(asc(orderLines.id));
  return { ...order, paidAt: order.paidAt, lines };
}

/** Runs every step for a paid order; true when all of them succeeded (the order is then marked fulfilled). */
export async function fulfilOrder(db: Db, orderNumber: string, now: Date): Promise<boolean> {
  const order = await paidOrder(db, orderNumber);
  if (!order) return false;
  let done = true;
  for (const step of FULFILMENT_STEPS) {
    try {
      await step.run(db, order, now);
    } catch (error) {
      done = false;
      console.error(`fulfilment: ${step.name} of order ${orderNumber} failed`, error);
    }
  }
  if (done) await db.update(orders).set({ fulfilledAt: now.getTime() }).where(and(eq(orders.orderNumber, orderNumber), isNull(orders.fulfilledAt)));
  return done;
}

/** After an order became paid: the customer's inbox message, its tax document, then its fulfilment. Never throws (the sweep retries). */
export async function afterOrderPaid(db: Db, orderNumber: string, now: Date): Promise<void> {
  // Told once per order whichever way it was paid (the ref is the order number).
  await tellOrderPaid(db, orderNumber);
  try {
    await ensureOrderDocument(db, orderNumber, now);
  } catch (error) {
    console.error('Issuing the document of a paid order failed', orderNumber, error);
  }
  try {
    await fulfilOrder(db, orderNumber, now);
  } catch (error) {
    console.error('Fulfilling a paid order failed', orderNumber, error);
  }
}

const SWEEP_BATCH = 50;

/** The scheduled sweep: paid orders not fulfilled yet (oldest first), a batch at a time. */
export async function fulfilMissingOrders(db: Db, now: Date): Promise<number> {
  const missing = await db
    .select({ orderNumber: orders.orderNumber })
    .from(orders)
    .where(and(isNotNull(orders.paidAt), isNull(orders.fulfilledAt)))
    .orderBy(asc(orders.paidAt))
    .limit(SWEEP_BATCH);
  let fulfilled = 0;
  for (const { orderNumber } of missing) if (await fulfilOrder(db, orderNumber, now)) fulfilled++;
  return fulfilled;
}
