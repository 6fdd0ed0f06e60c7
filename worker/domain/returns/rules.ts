/**
 * Return rules (pure): the return period (spec §9: 30 days from delivery), how many units of a
 * line may still go back, what they refund, and the carrier's collection code.
 */
export const RETURN_PERIOD_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether a return may still be asked for: up to 30 whole days after delivery (or collection). */
export function withinReturnPeriod(deliveredAt: number, now: Date): boolean {
  return now.getTime() - deliveredAt <= RETURN_PERIOD_DAYS * DAY_MS;
}

/** The last moment a return may be asked for. */
export const returnPeriodEnds = (deliveredAt: number): Date => new Date(deliveredAt + RETURN_PERIOD_DAYS * DAY_MS);

/** Units of a line that may still be returned: received less those in returns not rejected or cancelled. */
export const returnableUnits = (received: number, alreadyReturned: number): number => Math.max(0, received - alreadyReturned);

/** What returned units refund: units × the unit price paid (VAT included, cents). */
export const returnLineAmount = (qty: number, unitPrice: number): number => qty * unitPrice;

/** Orders from which something can be returned: received by the customer. */
export const RETURNABLE_ORDER_STATES = ['delivered', 'collected'] as const;

/** The reasons a customer chooses from (stored as these codes). */
export const RETURN_REASONS = ['changed_mind', 'defective', 'damaged', 'wrong_item', 'not_as_described', 'other'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

const LABEL_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** The carrier's collection code printed on the label: "RT" and 10 characters without look-alikes (0/O, 1/I). */
export function labelCode(random: Uint8Array = crypto.getRandomValues(new Uint8Array(10))): string {
  return `RT${Array.from(random.slice(0, 10), (b) => LABEL_ALPHABET[b % LABEL_ALPHABET.length]).join('')}`;
}

/** The gift code of a gift order: 8 characters without look-alikes, given to the recipient with the parcel. */
export function giftCode(random: Uint8Array = crypto.getRandomValues(new Uint8Array(8))): string {
  return Array.from(random.slice(0, 8), (b) => LABEL_ALPHABET[b % LABEL_ALPHABET.length]).join('');
}

export const GIFT_CODE_PATTERN = /^[A-Z2-9]{8}$/;
