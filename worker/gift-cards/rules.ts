/**
 * The rules of a gift card bought in the store (spec §2 gift cards), pure: what the buyer says
 * about the recipient (the line's details), how many may be bought at once, the card's code and
 * when it expires. The amounts and the validity are the page's (worker/domain/content/gift-cards.ts).
 */
import { z } from 'zod';
import { GIFT_CARDS } from '../domain/content/gift-cards';

/** Cards of one amount and recipient added at once. */
export const GIFT_CARD_QTY = { min: 1, max: 10 } as const;
export const GIFT_CARD_MESSAGE_MAX = 300;
export const GIFT_CARD_NAME_MAX = 80;

/** Who a gift-card line is for, kept on the cart line and the order line (`details`). */
export interface GiftCardDetails {
  recipientName: string;
  recipientEmail: string;
  /** A few words for the recipient; '' when none. */
  message: string;
  senderName: string;
}

// Control characters would end up in an e-mail's text and subject; a message may have line breaks.
const CONTROL = /[\u0000-\u001f\u007f]/;
const noControl = (value: string) => !CONTROL.test(value);
const noControlButBreaks = (value: string) => !CONTROL.test(value.replace(/\r?\n/g, ' '));
const name = z.string().trim().min(1).max(GIFT_CARD_NAME_MAX).refine(noControl);

export const giftCardDetailsSchema = z.object({
  recipientName: name,
  recipientEmail: z.string().trim().max(254).email().transform((email) => email.toLowerCase()),
  message: z.string().trim().max(GIFT_CARD_MESSAGE_MAX).refine(noControlButBreaks).default(''),
  senderName: name,
});

/** A purchase from the gift cards page: an amount on sale, how many, and the details. */
export const giftCardPurchaseSchema = giftCardDetailsSchema.extend({
  amount: z.coerce
    .number()
    .int()
    .refine((amount) => (GIFT_CARDS.amounts as readonly number[]).includes(amount)),
  qty: z.coerce.number().int().min(GIFT_CARD_QTY.min).max(GIFT_CARD_QTY.max),
});
export type GiftCardPurchase = z.output<typeof giftCardPurchaseSchema>;

/** The details stored on a line, when they are a gift card's (a line added without them has none). */
export function giftCardDetailsOf(details: Record<string, string | number> | null | undefined): GiftCardDetails | null {
  if (!details) return null;
  const parsed = giftCardDetailsSchema.safeParse(details);
  return parsed.success ? parsed.data : null;
}

/**
 * Gift card codes are 16 characters of A–Z and 0–9 (checkGiftCard's format, as the seeded
 * cards); issued ones draw from the 32 that cannot be misread (no 0/O, 1/I): 80 random bits.
 */
export const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const CODE_LENGTH = 16;

export function newGiftCardCode(random: (bytes: Uint8Array) => Uint8Array = (bytes) => crypto.getRandomValues(bytes)): string {
  // 256 is a multiple of 32: taking each byte modulo 32 keeps every character equally likely.
  const bytes = random(new Uint8Array(CODE_LENGTH));
  return Array.from(bytes, (byte) => CODE_ALPHABET[byte % CODE_ALPHABET.length]).join('');
}

/** The same day `months` calendar months later (UTC); a day the month lacks becomes its last day. */
export function addMonths(from: Date, months: number): Date {
  const target = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + months, 1, from.getUTCHours(), from.getUTCMinutes(), from.getUTCSeconds(), from.getUTCMilliseconds()));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(from.getUTCDate(), lastDay));
  return target;
}

/** A card bought (paid) at `paidAt` can be spent until this instant, excluded. */
export function giftCardExpiry(paidAt: number, validityMonths: number = GIFT_CARDS.validityMonths): number {
  return addMonths(new Date(paidAt), validityMonths).getTime();
}

/** How a code is shown to people: four groups of four (typed back with or without the dashes). */
export function formatGiftCardCode(code: string): string {
  return code.match(/.{1,4}/g)?.join('-') ?? code;
}
