/**
 * Delivery wording (spec §9): "today" applies if ordered before 10:00 in the channel's time zone,
 * with the time left rounded up to 5 minutes. Wall-clock parts come from Intl, no libraries.
 */
import type { ChannelId } from '../../channel/channels';

/** The time zone each channel's cut-off and delivery days are counted in. */
export const CHANNEL_TIME_ZONES = {
  ES: 'Europe/Madrid',
  PT: 'Europe/Lisbon',
  FR: 'Europe/Paris',
  IT: 'Europe/Rome',
  DE: 'Europe/Berlin',
} as const satisfies Record<ChannelId, string>;

/** Local hour before which a same-day order must be placed. */
export const SAME_DAY_CUTOFF_HOUR = 10;

export type DeliveryKind = 'today' | 'tomorrow' | 'date' | 'range';

export interface DeliveryEstimate {
  /** `today`/`tomorrow`/`date` when both ends fall on one day, `range` otherwise. */
  kind: DeliveryKind;
  /** Start (local midnight, as an instant) of the earliest delivery day; format it in `timeZone`. */
  from: Date;
  /** Start (local midnight) of the latest delivery day. */
  to: Date;
  /** Today's 10:00 local, present only when delivery can start today. */
  cutoff?: Date;
  /** Minutes until `cutoff`, rounded up to a multiple of 5; present with `cutoff`. */
  minutesLeft?: number;
}

export interface DeliveryInput {
  now: Date;
  /** Delivery days after today for the earliest delivery; 0 means same day. */
  minDays: number;
  maxDays: number;
  /** IANA zone, usually `CHANNEL_TIME_ZONES[channel]`. */
  timeZone: string;
}

/** Rounds minutes up to the next multiple of 5 (0 → 0, 1 → 5, 5 → 5, 6 → 10); negatives give 0. */
export function roundUpToFiveMinutes(minutes: number): number {
  return minutes <= 0 ? 0 : Math.ceil(minutes / 5) * 5;
}

/**
 * The delivery estimate shown for an offer.
 *
 * - Days are calendar days in `timeZone`. Sundays are not delivery days: counting N delivery days
 *   skips them (Saturday + 1 → Monday), and there is no same-day delivery on a Sunday.
 * - Same day is possible only when `minDays` is 0, today is not Sunday and `now` is before 10:00
 *   local (09:59:59 yes, 10:00:00 no). Then `cutoff` is today's 10:00 and `minutesLeft` the time
 *   to it in whole minutes rounded up, then up to a multiple of 5 (09:41:10 → 19 → 20).
 * - When `minDays` is 0 but same day is not possible, the earliest delivery is the next delivery
 *   day; `maxDays` is kept unless that pushes it before the earliest day.
 * - Negative or fractional day counts are floored to whole days ≥ 0; `maxDays` below `minDays`
 *   is raised to it.
 * - `kind`: both ends on today → `today`; on the calendar day after today → `tomorrow` (so
 *   Saturday → Monday is a `date`); on any other single day → `date`; different days → `range`.
 */
export function deliveryEstimate({ now, minDays, maxDays, timeZone }: DeliveryInput): DeliveryEstimate {
  const wall = wallClock(now, timeZone);
  const today = Date.UTC(wall.year, wall.month - 1, wall.day) / DAY_MS;
  const cutoff = localInstant(today, SAME_DAY_CUTOFF_HOUR, timeZone);
  const min = wholeDays(minDays);
  const sameDay = min === 0 && !isSunday(today) && now.getTime() < cutoff.getTime();
  const earliest = sameDay ? 0 : Math.max(min, 1);
  const latest = Math.max(wholeDays(maxDays), earliest);

  const fromDay = addDeliveryDays(today, earliest);
  const toDay = addDeliveryDays(today, latest);
  const kind: DeliveryKind = fromDay !== toDay ? 'range' : fromDay === today ? 'today' : fromDay === today + 1 ? 'tomorrow' : 'date';
  const estimate: DeliveryEstimate = { kind, from: localInstant(fromDay, 0, timeZone), to: localInstant(toDay, 0, timeZone) };
  if (sameDay) {
    estimate.cutoff = cutoff;
    estimate.minutesLeft = roundUpToFiveMinutes(Math.ceil((cutoff.getTime() - now.getTime()) / 60_000));
  }
  return estimate;
}

const DAY_MS = 86_400_000;

const wholeDays = (days: number): number => (Number.isFinite(days) ? Math.max(0, Math.floor(days)) : 0);

/** `day` is a local calendar day as days since 1970-01-01. */
const isSunday = (day: number): boolean => new Date(day * DAY_MS).getUTCDay() === 0;

/** The `count`-th delivery day after `day`, Sundays skipped; `count` 0 is `day` itself. */
function addDeliveryDays(day: number, count: number): number {
  let result = day;
  for (let i = 0; i < count; i++) {
    result++;
    while (isSunday(result)) result++;
  }
  return result;
}

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** One formatter per time zone: building an Intl.DateTimeFormat costs far more than using it. */
const wallClockFormats = new Map<string, Intl.DateTimeFormat>();
/** Offsets by time zone and UTC hour (see offsetMs); cleared when it grows past OFFSETS_KEPT. */
const offsets = new Map<string, number>();
const OFFSETS_KEPT = 2000;
const HOUR_MS = 3_600_000;

/** The local date and time in `timeZone` at `instant`, read from ICU (formatToParts, the costly call). */
function zonedParts(instant: Date, timeZone: string): WallClock {
  let format = wallClockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    wallClockFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour'), minute: part('minute'), second: part('second') };
}

/**
 * Milliseconds `timeZone` is ahead of UTC at `instant` (whole seconds). The store's time zones
 * (Europe's) change offset only at a whole UTC hour, so ICU is asked once per zone and UTC hour:
 * every product card and offer of a page estimates its delivery, two or three offsets each.
 */
function offsetMs(instant: number, timeZone: string): number {
  const key = `${timeZone}:${Math.floor(instant / HOUR_MS)}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    const wall = zonedParts(new Date(instant), timeZone);
    const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
    offset = asUtc - Math.floor(instant / 1000) * 1000;
    if (offsets.size >= OFFSETS_KEPT) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

/** The local date and time in `timeZone` at `instant` (from the offset of its UTC hour). */
export function wallClock(instant: Date, timeZone: string): WallClock {
  const local = new Date(Math.floor(instant.getTime() / 1000) * 1000 + offsetMs(instant.getTime(), timeZone));
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
  };
}

/**
 * The instant at which the local clock in `timeZone` shows `hour`:00 on local `day`. Two passes
 * settle the offset across a DST change; European changes happen at night, never at 00:00 or 10:00.
 */
function localInstant(day: number, hour: number, timeZone: string): Date {
  const asUtc = day * DAY_MS + hour * 3_600_000;
  const guess = asUtc - offsetMs(asUtc, timeZone);
  return new Date(asUtc - offsetMs(guess, timeZone));
}
