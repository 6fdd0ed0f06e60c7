/**
 * E-mailing the gift cards an order issued (docs/account.md "Gift cards"): each card goes to its
 * recipient once, in the order's language, with its code, amount, expiry, the buyer's message and
 * how to spend it. Sent after payment: in the background of the request that saw the order paid
 * (`sendGiftCardsLater`, from the order confirmation) and by the scheduled sweep for any card
 * still unsent (a failed delivery, an order paid by staff or by a late webhook).
 *
 * Once per card: sending first claims the card (`gift_cards.sent_at`, set only while it is null,
 * in one statement), so a concurrent run skips it; the provider's idempotency key is the card's
 * code, so a retried delivery is not doubled. A delivery that fails gives the claim back for the
 * sweep. When a line's cards are out, the buyer is told in the inbox (`giftcard.sent`).
 */
import { msg } from '@lingui/core/macro';
import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import { LANGUAGES, type Language } from '../../client/i18n/languages';
import { formatDate, formatMoney } from '../../client/i18n/format';
import { href } from '../../client/routes';
import { DEFAULT_CHANNELS, type ChannelId } from '../channel/channels';
import { dbFor, type Db } from '../db/client';
import { inList } from '../db/limits';
import { giftCards, orderLines, orders } from '../db/schema';
import { CHANNEL_TIME_ZONES } from '../domain/catalogue/delivery';
import { emailSender, type EmailMessage, type EmailSender } from '../email/provider';
import { accountNoticeEmail } from '../email/templates';
import { i18nFor } from '../i18n/catalogs';
import { tellUser } from '../inbox/messages';
import { paidOrder } from '../orders/fulfil';
import { formatGiftCardCode } from './rules';
import { issueGiftCards } from './issue';

export interface GiftCardMail {
  code: string;
  amount: number;
  expiresAt: number;
  recipientName: string;
  recipientEmail: string;
  message: string;
  senderName: string;
  language: Language;
  timeZone: string;
  /** The gift cards page of the order's store, absolute; null when it cannot be known. */
  pageUrl: string | null;
}

/** The e-mail of one card (pure: everything comes in): the words, then the code, then a link to the gift cards page. */
export function giftCardMessage(mail: GiftCardMail): EmailMessage {
  const i18n = i18nFor(mail.language);
  const amount = formatMoney(mail.amount, mail.language);
  const date = formatDate(new Date(mail.expiresAt), mail.language, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: mail.timeZone });
  const { recipientName, senderName, message } = mail;
  const paragraphs = [
    i18n._(msg`Hello ${recipientName},`),
    senderName ? i18n._(msg`${senderName} has sent you an Ampora gift card worth ${amount}.`) : i18n._(msg`You have received an Ampora gift card worth ${amount}.`),
  ];
  if (message) paragraphs.push(`${i18n._(msg`Their message:`)}\n“${message}”`);
  paragraphs.push(
    i18n._(msg`You can spend it on anything sold on Ampora until ${date}. Whatever is not spent in one order stays on the card for the next one.`),
    i18n._(msg`How to use it: add what you want to your basket, go to checkout and, in the payment step, enter the code in the “Gift card” field and apply it.`),
    i18n._(msg`Your gift card code:`),
  );
  return accountNoticeEmail(mail.recipientEmail, i18n, {
    subject: senderName ? i18n._(msg`${senderName} has sent you an Ampora gift card`) : i18n._(msg`You have received an Ampora gift card`),
    paragraphs,
    code: formatGiftCardCode(mail.code),
    ...(mail.pageUrl ? { action: { label: i18n._(msg`About Ampora gift cards`), url: mail.pageUrl } } : {}),
    idempotencyKey: `gift-card:${mail.code}`,
  });
}

export interface SendOptions {
  now: Date;
  /** Only the cards of these orders (the request that saw them paid); every unsent card when absent (the sweep). */
  orderNumbers?: readonly string[];
  /** The origin of a channel's store (https://…), for the link to the gift cards page. */
  originOf?: (channel: ChannelId) => string | null;
  limit?: number;
}

const SWEEP_LIMIT = 100;

/** Sends every unsent card (of the orders given); returns the codes sent. */
export async function sendGiftCards(db: Db, sender: EmailSender, options: SendOptions): Promise<string[]> {
  const unsent = await db
    .select({ code: giftCards.code, orderLineId: giftCards.orderLineId })
    .from(giftCards)
    .where(and(isNull(giftCards.sentAt), isNotNull(giftCards.orderNumber), options.orderNumbers ? inList(giftCards.orderNumber, options.orderNumbers) : undefined))
    .orderBy(asc(giftCards.createdAt), asc(giftCards.orderLineId), asc(giftCards.unitIndex))
    .limit(options.limit ?? SWEEP_LIMIT);
  const sent: string[] = [];
  const linesDone = new Map<number, { userId: number; orderNumber: string; recipientName: string; amount: number; count: number }>();
  for (const { code } of unsent) {
    const at = options.now.getTime();
    const [card] = await db
      .update(giftCards)
      .set({ sentAt: at })
      .where(and(eq(giftCards.code, code), isNull(giftCards.sentAt)))
      .returning();
    if (!card || card.orderNumber === null) continue; // another run has it
    const [order] = await db
      .select({ language: orders.language, channel: orders.channel })
      .from(orders)
      .where(eq(orders.orderNumber, card.orderNumber));
    if (!order) continue;
    const language = (LANGUAGES as readonly string[]).includes(order.language) ? (order.language as Language) : 'en_EN';
    const channel = (order.channel in DEFAULT_CHANNELS ? order.channel : 'ES') as ChannelId;
    const origin = options.originOf?.(channel) ?? null;
    try {
      await sender.send(
        giftCardMessage({
          code: card.code,
          amount: card.initialAmount,
          expiresAt: card.expiresAt,
          recipientName: card.recipientName ?? '',
          recipientEmail: card.recipientEmail ?? '',
          message: card.message ?? '',
          senderName: await senderNameOf(db, card.orderLineId),
          language,
          timeZone: CHANNEL_TIME_ZONES[channel],
          pageUrl: origin ? origin + href('giftCards', language, DEFAULT_CHANNELS[channel]) : null,
        }),
      );
      sent.push(card.code);
      if (card.orderLineId !== null && card.buyerUserId !== null) {
        const line = linesDone.get(card.orderLineId) ?? { userId: card.buyerUserId, orderNumber: card.orderNumber, recipientName: card.recipientName ?? '', amount: card.initialAmount, count: 0 };
        line.count++;
        linesDone.set(card.orderLineId, line);
      }
    } catch (error) {
      // Given back for the sweep; the idempotency key keeps a delivery that did happen from doubling.
      await db
        .update(giftCards)
        .set({ sentAt: null })
        .where(and(eq(giftCards.code, card.code), eq(giftCards.sentAt, at)));
      console.error('Gift card e-mail failed', card.orderNumber, card.orderLineId, error);
    }
  }
  for (const [lineId, line] of linesDone) {
    await tellUser(db, { userId: line.userId, kind: 'giftcard.sent', ref: String(lineId), params: { orderNumber: line.orderNumber, recipientName: line.recipientName, amount: line.amount, count: line.count }, at: options.now.getTime() });
  }
  return sent;
}

/** The sender's name the buyer gave on the order line ('' when none). */
async function senderNameOf(db: Db, orderLineId: number | null): Promise<string> {
  if (orderLineId === null) return '';
  const [line] = await db.select({ details: orderLines.details }).from(orderLines).where(eq(orderLines.id, orderLineId));
  const name = line?.details?.senderName;
  return typeof name === 'string' ? name : '';
}

/**
 * After orders became paid, in the request's background: their gift cards (issued here if the
 * fulfilment has not got to them yet: issuing is idempotent), then their e-mails.
 */
export async function deliverGiftCards(db: Db, sender: EmailSender, orderNumbers: readonly string[], options: Omit<SendOptions, 'orderNumbers'>): Promise<string[]> {
  for (const number of orderNumbers) {
    const order = await paidOrder(db, number);
    if (order) await issueGiftCards(db, order, options.now);
  }
  return sendGiftCards(db, sender, { ...options, orderNumbers });
}

/** The scheduled sweep: every card still unsent (a failed delivery, an order paid without a request to send from). */
export async function sendUnsentGiftCards(env: Env, scheduledTime: number): Promise<number> {
  const db = dbFor(env.DB);
  try {
    const sent = await sendGiftCards(db, emailSender(env, db), { now: new Date(scheduledTime), originOf: (id) => `https://${DEFAULT_CHANNELS[id].hosts.production}` });
    return sent.length;
  } catch (error) {
    console.error('Sending unsent gift cards failed', error);
    return 0;
  }
}
