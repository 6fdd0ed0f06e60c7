/** The rules of gift cards bought in the store (worker/gift-cards/rules.ts): codes, expiry, the buyer's details, the purchase. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normaliseGiftCardCode } from '../../worker/checkout/promotions-data';
import { GIFT_CARDS } from '../../worker/domain/content/gift-cards';
import { CARD_PROVIDER_SLUG, PAYMENT_UNAVAILABLE, PLAIN_CART_FACTS, paymentAvailability, type CartFacts } from '../../worker/domain/checkout/payments';
import { DEFAULT_CHANNELS } from '../../worker/channel/channels';
import {
  addMonths,
  CODE_ALPHABET,
  CODE_LENGTH,
  formatGiftCardCode,
  giftCardDetailsOf,
  giftCardDetailsSchema,
  giftCardExpiry,
  giftCardPurchaseSchema,
  newGiftCardCode,
} from '../../worker/gift-cards/rules';

/** The format checkGiftCard accepts (worker/checkout/promotions-data.ts), as the seeded demo cards. */
const ACCEPTED = /^[A-Z0-9]{16}$/;

describe('gift card codes', () => {
  it('are 16 characters the checkout validation accepts, like the seeded cards', () => {
    expect(ACCEPTED.test('AMPORA2026DEMO01')).toBe(true);
    for (let i = 0; i < 200; i++) {
      const code = newGiftCardCode();
      expect(code).toHaveLength(CODE_LENGTH);
      expect(ACCEPTED.test(code)).toBe(true);
      expect(code).not.toMatch(/[01IO]/);
    }
  });

  it('map every random byte onto the alphabet, each character equally often', () => {
    expect(CODE_ALPHABET).toHaveLength(32);
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    const counts = new Map<string, number>();
    for (let start = 0; start < 256; start += CODE_LENGTH) {
      const code = newGiftCardCode((bytes) => {
        bytes.set(all.slice(start, start + CODE_LENGTH));
        return bytes;
      });
      for (const ch of code) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    }
    expect(new Set(counts.values())).toEqual(new Set([8]));
    expect(counts.size).toBe(32);
  });

  it('do not repeat (random, not derived from the order)', () => {
    const codes = new Set(Array.from({ length: 2_000 }, () => newGiftCardCode()));
    expect(codes.size).toBe(2_000);
  });

  it('are shown in groups of four and typed back either way', () => {
    expect(formatGiftCardCode('ABCDEFGHJKLMNPQR')).toBe('ABCD-EFGH-JKLM-NPQR');
    fc.assert(fc.property(fc.constant(null), () => {
      const code = newGiftCardCode();
      return normaliseGiftCardCode(formatGiftCardCode(code)) === code && normaliseGiftCardCode(formatGiftCardCode(code).toLowerCase()) === code;
    }));
  });
});

describe('gift card expiry', () => {
  it.each([
    ['2026-11-25T10:00:00.000Z', 24, '2028-11-25T10:00:00.000Z'],
    ['2026-01-31T00:00:00.000Z', 1, '2026-02-28T00:00:00.000Z'],
    ['2027-01-31T12:00:00.000Z', 1, '2027-02-28T12:00:00.000Z'],
    ['2028-01-31T12:00:00.000Z', 1, '2028-02-29T12:00:00.000Z'],
    ['2026-02-29T00:00:00.000Z', 12, '2027-03-01T00:00:00.000Z'], // not a date: JS rolls it to 1 March first
    ['2026-12-15T23:30:00.000Z', 2, '2027-02-15T23:30:00.000Z'],
  ])('%s + %i months = %s', (from, months, to) => {
    expect(addMonths(new Date(from), months).toISOString()).toBe(to);
  });

  it('is the validity shown on the gift cards page, from the payment', () => {
    const paidAt = Date.UTC(2026, 10, 25, 9, 0);
    expect(giftCardExpiry(paidAt)).toBe(Date.UTC(2026 + GIFT_CARDS.validityMonths / 12, 10, 25, 9, 0));
    expect(GIFT_CARDS.validityMonths % 12).toBe(0);
  });

  it('is always later than the payment and within the months given', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01'), max: new Date('2090-01-01'), noInvalidDate: true }), fc.integer({ min: 1, max: 60 }), (from, months) => {
        const to = addMonths(from, months);
        const days = (to.getTime() - from.getTime()) / 86_400_000;
        return to > from && days >= months * 28 && days <= months * 31 + 1;
      }),
    );
  });
});

const good = { recipientName: '  Maria Silva ', recipientEmail: ' Maria.Silva@Example.PT ', message: ' Parabéns! ', senderName: 'João' };

describe('the details of a gift-card line', () => {
  it('are trimmed, the e-mail lower-cased and the message optional', () => {
    expect(giftCardDetailsSchema.parse(good)).toEqual({ recipientName: 'Maria Silva', recipientEmail: 'maria.silva@example.pt', message: 'Parabéns!', senderName: 'João' });
    expect(giftCardDetailsSchema.parse({ ...good, message: undefined }).message).toBe('');
  });

  it.each([
    ['no recipient name', { recipientName: '   ' }],
    ['a name too long', { recipientName: 'x'.repeat(81) }],
    ['a bad e-mail', { recipientEmail: 'maria@' }],
    ['no e-mail', { recipientEmail: '' }],
    ['a message over 300 characters', { message: 'x'.repeat(301) }],
    ['a control character in the message', { message: 'hi\u0007there' }],
    ['a line break in a name', { senderName: 'João\nBcc: x@y.z' }],
    ['no sender', { senderName: '' }],
  ])('refuse %s', (_, change) => {
    expect(giftCardDetailsSchema.safeParse({ ...good, ...change }).success).toBe(false);
  });

  it('accept a message of exactly 300 characters, with line breaks', () => {
    expect(giftCardDetailsSchema.safeParse({ ...good, message: `${'x'.repeat(149)}\n${'y'.repeat(150)}` }).success).toBe(true);
  });

  it('read back from a stored line only when they are a gift card’s', () => {
    expect(giftCardDetailsOf({ ...good })).toMatchObject({ recipientEmail: 'maria.silva@example.pt' });
    expect(giftCardDetailsOf(null)).toBeNull();
    expect(giftCardDetailsOf({ coversOrderNumber: 'A1', coversArticleId: 3 })).toBeNull();
  });
});

describe('a purchase from the gift cards page', () => {
  const purchase = { ...good, amount: 5_000, qty: 2 };

  it('takes an amount on sale and 1 to 10 cards (form fields come as text)', () => {
    expect(giftCardPurchaseSchema.parse({ ...purchase, amount: '5000', qty: '10' })).toMatchObject({ amount: 5_000, qty: 10 });
    for (const amount of GIFT_CARDS.amounts) expect(giftCardPurchaseSchema.safeParse({ ...purchase, amount }).success).toBe(true);
  });

  it.each([
    ['an amount not on sale', { amount: 3_000 }],
    ['a fractional amount', { amount: 2_500.5 }],
    ['no cards', { qty: 0 }],
    ['eleven cards', { qty: 11 }],
    ['half a card', { qty: 1.5 }],
  ])('refuses %s', (_, change) => {
    expect(giftCardPurchaseSchema.safeParse({ ...purchase, ...change }).success).toBe(false);
  });
});

describe('paying for gift cards (32025)', () => {
  const facts = (over: Partial<CartFacts>): CartFacts => ({ ...PLAIN_CART_FACTS, channel: DEFAULT_CHANNELS.PT, totalToPay: 5_000, shippingType: 1, countryIso: 'PT', ...over });
  it('refuses credit and cash on delivery but keeps the card', () => {
    const cart = facts({ hasGiftCards: true, hasDigital: true });
    expect(paymentAvailability(cart, CARD_PROVIDER_SLUG)).toEqual({ available: true });
    expect(paymentAvailability(cart, 'oney')).toMatchObject({ available: false, code: PAYMENT_UNAVAILABLE.giftCards });
    expect(paymentAvailability(cart, 'contrareembolso')).toMatchObject({ available: false });
  });
});
