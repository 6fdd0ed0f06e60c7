/**
 * Delivery day, time slot and neutral delivery (spec §3 draft deliveryDate, deliveryTime,
 * isNeutralOrder; summary canShowNeutralDelivery). Pure rules, ours:
 *
 * - An agency with `scheduling` lets the customer choose the day: the earliest day of its
 *   delivery window or any of the next CHOOSABLE_EXTRA_DAYS delivery days (Sundays skipped, as
 *   worker/domain/catalogue/delivery.ts counts them). A later day costs nothing.
 * - On a chosen day the customer may also choose a time slot (TIME_SLOTS, local time); no slot
 *   means any time of the day. A slot without a day is not a choice.
 * - Neutral delivery (a parcel without our branding or prices, for customers who resell) is
 *   offered to business customers for home deliveries that include articles we ship ourselves;
 *   it applies to our own order only, other sellers pack their own parcels.
 *
 * Days are local calendar dates of the channel ('YYYY-MM-DD').
 */
import { wallClock } from '../catalogue/delivery';

export const CHOOSABLE_EXTRA_DAYS = 5;

export const TIME_SLOTS = [
  { id: 'morning', from: '09:00', to: '14:00' },
  { id: 'afternoon', from: '15:00', to: '20:00' },
] as const;
export type TimeSlotId = (typeof TIME_SLOTS)[number]['id'];

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

function toDay(date: string): number {
  const match = DATE.exec(date);
  if (!match) throw new RangeError(`not a date: ${date}`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / DAY_MS;
}

const fromDay = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The local calendar date of an instant in a time zone. */
export function localDate(instant: Date, timeZone: string): string {
  const { year, month, day } = wallClock(instant, timeZone);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The days a customer may choose: the earliest and the next CHOOSABLE_EXTRA_DAYS delivery days. */
export function choosableDays(earliest: string): string[] {
  const days: string[] = [];
  for (let day = toDay(earliest); days.length <= CHOOSABLE_EXTRA_DAYS; day++) {
    if (new Date(day * DAY_MS).getUTCDay() !== 0) days.push(fromDay(day));
  }
  return days;
}

export interface DeliveryScheduleChoice {
  deliveryDate: string | null;
  deliveryTime: string | null;
}

/**
 * Whether the chosen day and slot can be given: nothing chosen always can; a day must be one of
 * `days` (empty when the agency does not schedule), a slot needs a day and must exist.
 */
export function scheduleAllowed(days: readonly string[], choice: DeliveryScheduleChoice): boolean {
  if (choice.deliveryDate === null) return choice.deliveryTime === null;
  if (!days.includes(choice.deliveryDate)) return false;
  return choice.deliveryTime === null || TIME_SLOTS.some((slot) => slot.id === choice.deliveryTime);
}

/** Spec §3 canShowNeutralDelivery: business customers, home delivery, with articles we ship. */
export function canShowNeutralDelivery(facts: { isB2b: boolean; shippingType: 1 | 2 | 3; hasOwnGroup: boolean }): boolean {
  return facts.isB2b && facts.shippingType === 1 && facts.hasOwnGroup;
}
