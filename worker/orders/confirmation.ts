/**
 * The order confirmation e-mail: one per order, in the order's language, with its lines, totals,
 * where and when it is delivered, and how to pay (for a bank transfer, the accounts and the order
 * number as the reference). Sent in the background once the batch that confirmed the order has
 * committed: the placing batch for transfer, cash, shop and free orders; for an order paid through
 * the card provider, the batch that recorded its payment (worker/payments/events.ts), so a shopper
 * whose card is refused is never told the order is confirmed.
 *
 * Once per order: sending first claims the order (`orders.confirmation_sent_at`, set only while
 * it is null, in one statement), so a retried or concurrent request never sends it twice; the
 * provider's idempotency key is the order number as well, so a retried delivery is not doubled.
 * A failed delivery is logged; the order stands and its page shows the same details.
 */
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { and, eq, isNull } from 'drizzle-orm';
import { LANGUAGES, type Language } from '../../client/i18n/languages';
import { href } from '../../client/routes';
import { formatDate, formatMoney } from '../../client/i18n/format';
import { PAYMENT_METHOD_LABELS } from '../../client/orders/labels';
import type { ChannelId } from '../channel/channels';
import type { Db } from '../db/client';
import { CHANNEL_TIME_ZONES } from '../domain/catalogue/delivery';
import { emailSender } from '../email/provider';
import type { AppContext } from '../http/context';
import { channelOrigins } from '../seo/hreflang';
import { inList } from '../db/limits';
import { orders, users } from '../db/schema';
import { addressLines, addressPartsOf } from '../domain/identity/address-format';
import { orderConfirmationEmail } from '../email/templates';
import type { EmailMessage, EmailSender } from '../email/provider';
import { deliverGiftCards } from '../gift-cards/send';
import { i18nFor } from '../i18n/catalogs';
import { BANK_ACCOUNTS, type BankAccount } from './bank-accounts';
import { ordersOfUser, type OrderSummary } from './read';

/** What the e-mail needs to know about an order beyond its summary. */
export interface ConfirmationInput {
  order: OrderSummary;
  language: Language;
  shippingAddress: Record<string, unknown>;
  /** The order's tracking page, absolute. */
  trackingUrl: string;
  timeZone: string;
  bankAccounts: readonly BankAccount[];
}

const text = (address: Record<string, unknown>, key: string) => (typeof address[key] === 'string' ? (address[key] as string) : '');

/** Where the order goes: a heading, then the recipient or place and the address as its country writes it. */
function deliveryBlock(i18n: I18n, order: OrderSummary, address: Record<string, unknown>, language: Language): string {
  const lines = addressLines(addressPartsOf(address));
  const person = `${text(address, 'name')} ${text(address, 'surname')}`.trim();
  let block: string[];
  if (order.shippingType === 3) block = [i18n._(msg`Collect in the shop:`), text(address, 'name'), ...lines];
  else if (order.shippingType === 2) block = [i18n._(msg`Collection point:`), text(address, 'pointName'), ...lines, person];
  else block = [i18n._(msg`Delivery address:`), person, ...lines];
  if (order.deliveryDate) {
    const day = formatDate(new Date(`${order.deliveryDate}T12:00:00Z`), language, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
    block.push(order.deliveryTime === 'morning' ? i18n._(msg`Delivery on ${day}, in the morning`) : order.deliveryTime === 'afternoon' ? i18n._(msg`Delivery on ${day}, in the afternoon`) : i18n._(msg`Delivery on ${day}`));
  }
  return block.filter((line) => line !== '').join('\n');
}

/** The confirmation of one order as an e-mail to `to` (pure: everything comes in). */
export function confirmationMessage(to: string, input: ConfirmationInput): EmailMessage {
  const { order, language } = input;
  const i18n = i18nFor(language);
  const money = (cents: number) => formatMoney(cents, language);
  const number = order.orderNumber;
  const date = formatDate(new Date(order.createdAt), language, { dateStyle: 'long', timeZone: input.timeZone });
  const lines = order.lines.map((line) => `${line.qty} × ${line.name}: ${money(line.totalPrice)}`).join('\n');
  const amount = money(order.articlesSubtotal);
  const totals = [i18n._(msg`Items: ${amount}`)];
  const shipping = money(order.shippingCost);
  totals.push(i18n._(msg`Shipping: ${shipping}`));
  const donation = money(order.solidaryAmount);
  if (order.solidaryAmount > 0) totals.push(i18n._(msg`Charity donation: ${donation}`));
  const discount = money(order.discount);
  if (order.discount > 0) totals.push(i18n._(msg`Discount: −${discount}`));
  const giftCard = money(order.giftCardAmount);
  if (order.giftCardAmount > 0) totals.push(i18n._(msg`Gift card: −${giftCard}`));
  const balance = money(order.balanceAmount);
  if (order.balanceAmount > 0) totals.push(i18n._(msg`Your balance: −${balance}`));
  const total = money(order.total);
  totals.push(i18n._(msg`Total: ${total}`));
  const label = PAYMENT_METHOD_LABELS[order.paymentMethod];
  const method = label ? i18n._(label) : order.paymentMethod;
  const payment = [i18n._(msg`Payment: ${method}`)];
  if (order.paymentMethod === 'transferencia' && order.total > 0) {
    const reference = number;
    payment.push(i18n._(msg`Transfer ${total} to one of these accounts and write ${reference} as the reference. We prepare the order as soon as the transfer arrives.`));
    payment.push(...input.bankAccounts.map((account) => `${account.bank} · ${account.holder} · IBAN ${account.iban} · BIC ${account.bic}`));
  }
  return orderConfirmationEmail(to, i18n, {
    subject: i18n._(msg`Your Ampora order ${number}`),
    paragraphs: [i18n._(msg`Thank you for your order ${number}, placed on ${date}.`), lines, totals.join('\n'), deliveryBlock(i18n, order, input.shippingAddress, language), payment.join('\n')],
    action: { label: i18n._(msg`Follow this order`), url: input.trackingUrl },
    idempotencyKey: `order-confirmation-${number}`,
  });
}

export interface SendConfirmationsInput {
  userId: number;
  orderNumbers: readonly string[];
  now: Date;
  timeZone: string;
  /** The absolute tracking page of an order in its language. */
  trackingUrl: (orderNumber: string, language: Language) => string;
}

/**
 * Claims the orders not confirmed yet and sends each one its e-mail. Orders already claimed (a
 * retry of the same checkout, a concurrent request) are skipped, so each order is confirmed once.
 */
export async function sendOrderConfirmations(db: Db, sender: EmailSender, input: SendConfirmationsInput): Promise<string[]> {
  if (input.orderNumbers.length === 0) return [];
  const claimed = await db
    .update(orders)
    .set({ confirmationSentAt: input.now.getTime() })
    .where(and(eq(orders.userId, input.userId), inList(orders.orderNumber, input.orderNumbers), isNull(orders.confirmationSentAt)))
    .returning({ orderNumber: orders.orderNumber, language: orders.language, shippingAddress: orders.shippingAddress });
  if (claimed.length === 0) return [];
  const [[user], summaries] = await Promise.all([
    db.select({ email: users.email }).from(users).where(eq(users.id, input.userId)),
    ordersOfUser(db, input.userId, claimed.map((c) => c.orderNumber)),
  ]);
  if (!user) return [];
  const sent: string[] = [];
  for (const order of summaries) {
    const row = claimed.find((c) => c.orderNumber === order.orderNumber)!;
    const language = (LANGUAGES as readonly string[]).includes(row.language) ? (row.language as Language) : 'en_EN';
    try {
      await sender.send(confirmationMessage(user.email, { order, language, shippingAddress: row.shippingAddress, trackingUrl: input.trackingUrl(order.orderNumber, language), timeZone: input.timeZone, bankAccounts: BANK_ACCOUNTS }));
      sent.push(order.orderNumber);
    } catch (error) {
      console.error('Order confirmation e-mail failed', order.orderNumber, error);
    }
  }
  return sent;
}

/**
 * Confirms these orders after the answer, in the background (waitUntil): each one not confirmed yet
 * gets its e-mail once (`sendOrderConfirmations`), with its tracking link on its own channel (a
 * webhook may arrive on another channel's host). Nothing here can fail the request.
 */
export function confirmOrdersLater(c: AppContext, orderNumbers: readonly string[]): void {
  if (orderNumbers.length === 0) return;
  const requestUrl = new URL(c.req.url);
  const { db, channel, channels, now } = c.var;
  const work = Promise.resolve()
    .then(async () => {
      const rows = await db.select({ orderNumber: orders.orderNumber, userId: orders.userId, channel: orders.channel }).from(orders).where(inList(orders.orderNumber, orderNumbers));
      const groups = new Map<string, { userId: number; channel: ChannelId; orderNumbers: string[] }>();
      for (const row of rows) {
        const key = `${row.userId}:${row.channel}`;
        const group = groups.get(key) ?? { userId: row.userId, channel: row.channel as ChannelId, orderNumbers: [] };
        group.orderNumbers.push(row.orderNumber);
        groups.set(key, group);
      }
      // The sender is built in the background too: a mail misconfiguration must not fail an order that stands.
      const sender = emailSender(c.env, db);
      const origins = channelOrigins(requestUrl, channel.id, channels);
      for (const group of groups.values()) {
        const origin = group.channel === channel.id ? requestUrl.origin : origins[group.channel];
        await sendOrderConfirmations(db, sender, {
          userId: group.userId,
          orderNumbers: group.orderNumbers,
          now,
          timeZone: CHANNEL_TIME_ZONES[group.channel],
          trackingUrl: (orderNumber, language) => origin + href('tracking', language, channels[group.channel], { orderNumber }),
        });
      }
      // The gift cards of the paid ones go to their recipients now (the sweep sends any left over).
      await deliverGiftCards(db, sender, orderNumbers, { now, originOf: (id) => (id === channel.id ? requestUrl.origin : origins[id]) });
    })
    .catch((error: unknown) => console.error('Order confirmations failed', error));
  let ctx: { waitUntil(promise: Promise<unknown>): void } | undefined;
  try {
    ctx = c.executionCtx;
  } catch {
    // No ExecutionContext (the app called directly, as some tests do): the work runs without one.
  }
  ctx?.waitUntil(work);
}
