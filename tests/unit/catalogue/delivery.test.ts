// Delivery wording: same day before 10:00 local, minutes rounded up to 5, no Sunday delivery (spec §9).
import { describe, expect, it } from 'vitest';
import { CHANNEL_TIME_ZONES, deliveryEstimate, roundUpToFiveMinutes, type DeliveryKind } from '../../../worker/domain/catalogue/delivery';

const MADRID = CHANNEL_TIME_ZONES.ES;
const LISBON = CHANNEL_TIME_ZONES.PT;

describe('CHANNEL_TIME_ZONES', () => {
  it('maps every channel to its country’s zone', () => {
    expect(CHANNEL_TIME_ZONES).toEqual({ ES: 'Europe/Madrid', PT: 'Europe/Lisbon', FR: 'Europe/Paris', IT: 'Europe/Rome', DE: 'Europe/Berlin' });
  });
});

describe('roundUpToFiveMinutes', () => {
  it.each([
    [0, 0],
    [1, 5],
    [4, 5],
    [5, 5],
    [6, 10],
    [10, 10],
    [11, 15],
    [4.2, 5],
    [-3, 0],
  ])('%d → %d', (minutes, expected) => {
    expect(roundUpToFiveMinutes(minutes)).toBe(expected);
  });
});

// Wed 5 Nov 2025: Madrid is UTC+1, Lisbon UTC+0. Wed 2 Jul 2025: Madrid UTC+2, Lisbon UTC+1.
describe('same-day cut-off at 10:00 local', () => {
  it.each([
    // [case, zone, now (UTC), kind, from, cutoff, minutesLeft]
    ['Madrid 09:59:59', MADRID, '2025-11-05T08:59:59Z', 'today', '2025-11-04T23:00:00Z', '2025-11-05T09:00:00Z', 5],
    ['Madrid 10:00:00', MADRID, '2025-11-05T09:00:00Z', 'tomorrow', '2025-11-05T23:00:00Z', undefined, undefined],
    ['Lisbon 09:59:59', LISBON, '2025-11-05T09:59:59Z', 'today', '2025-11-05T00:00:00Z', '2025-11-05T10:00:00Z', 5],
    ['Lisbon 10:00:00', LISBON, '2025-11-05T10:00:00Z', 'tomorrow', '2025-11-06T00:00:00Z', undefined, undefined],
    ['09:30 UTC is past the cut-off in Madrid (10:30)', MADRID, '2025-11-05T09:30:00Z', 'tomorrow', '2025-11-05T23:00:00Z', undefined, undefined],
    ['09:30 UTC is before it in Lisbon (09:30)', LISBON, '2025-11-05T09:30:00Z', 'today', '2025-11-05T00:00:00Z', '2025-11-05T10:00:00Z', 30],
    ['Madrid summer 09:59:59', MADRID, '2025-07-02T07:59:59Z', 'today', '2025-07-01T22:00:00Z', '2025-07-02T08:00:00Z', 5],
    ['Madrid summer 10:00:00', MADRID, '2025-07-02T08:00:00Z', 'tomorrow', '2025-07-02T22:00:00Z', undefined, undefined],
    ['Lisbon summer 09:59:59', LISBON, '2025-07-02T08:59:59Z', 'today', '2025-07-01T23:00:00Z', '2025-07-02T09:00:00Z', 5],
    ['Lisbon summer 10:00:00', LISBON, '2025-07-02T09:00:00Z', 'tomorrow', '2025-07-02T23:00:00Z', undefined, undefined],
  ] as const)('%s', (_, timeZone, now, kind, from, cutoff, minutesLeft) => {
    const estimate = deliveryEstimate({ now: new Date(now), minDays: 0, maxDays: 0, timeZone });
    expect(estimate.kind).toBe(kind);
    expect(estimate.from.toISOString()).toBe(new Date(from).toISOString());
    expect(estimate.to.toISOString()).toBe(new Date(from).toISOString());
    expect(estimate.cutoff?.toISOString()).toBe(cutoff && new Date(cutoff).toISOString());
    expect(estimate.minutesLeft).toBe(minutesLeft);
  });

  it.each([
    // [local time in Madrid, UTC instant, minutes left after rounding]
    ['09:41:10 (18 min 50 s → 19 → 20)', '2025-11-05T08:41:10Z', 20],
    ['09:55:00 (exactly 5 min)', '2025-11-05T08:55:00Z', 5],
    ['09:54:59 (5 min 1 s → 6 → 10)', '2025-11-05T08:54:59Z', 10],
    ['09:50:00 (exactly 10 min)', '2025-11-05T08:50:00Z', 10],
    ['09:59:59.900 (100 ms → 1 → 5)', '2025-11-05T08:59:59.900Z', 5],
    ['00:00:00 (600 min)', '2025-11-04T23:00:00Z', 600],
  ])('minutes left at %s', (_, now, minutesLeft) => {
    expect(deliveryEstimate({ now: new Date(now), minDays: 0, maxDays: 0, timeZone: MADRID }).minutesLeft).toBe(minutesLeft);
  });

  it('offers no same day when the earliest delivery is not today', () => {
    const estimate = deliveryEstimate({ now: new Date('2025-11-05T07:00:00Z'), minDays: 1, maxDays: 1, timeZone: MADRID });
    expect(estimate).toEqual({ kind: 'tomorrow', from: new Date('2025-11-05T23:00:00Z'), to: new Date('2025-11-05T23:00:00Z') });
  });
});

// Fri 7, Sat 8, Sun 9, Mon 10, Tue 11 Nov 2025, Madrid (local midnight is 23:00 UTC the day before).
describe('delivery days skip Sundays', () => {
  it.each([
    // [case, now, minDays, maxDays, kind, from, to]
    ['Saturday + 1 → Monday', '2025-11-08T12:00:00Z', 1, 1, 'date', '2025-11-09T23:00:00Z', '2025-11-09T23:00:00Z'],
    ['Saturday same day before 10:00 → today', '2025-11-08T08:00:00Z', 0, 0, 'today', '2025-11-07T23:00:00Z', '2025-11-07T23:00:00Z'],
    ['Saturday same day after 10:00 → Monday', '2025-11-08T09:00:00Z', 0, 0, 'date', '2025-11-09T23:00:00Z', '2025-11-09T23:00:00Z'],
    ['Sunday before 10:00 has no same day → Monday', '2025-11-09T08:00:00Z', 0, 0, 'tomorrow', '2025-11-09T23:00:00Z', '2025-11-09T23:00:00Z'],
    ['Friday + 1 → Saturday', '2025-11-07T12:00:00Z', 1, 1, 'tomorrow', '2025-11-07T23:00:00Z', '2025-11-07T23:00:00Z'],
    ['Friday + 1 to 3 → Saturday to Tuesday', '2025-11-07T12:00:00Z', 1, 3, 'range', '2025-11-07T23:00:00Z', '2025-11-10T23:00:00Z'],
    ['Wednesday 0 to 2 before 10:00 → today to Friday', '2025-11-05T08:00:00Z', 0, 2, 'range', '2025-11-04T23:00:00Z', '2025-11-06T23:00:00Z'],
    ['Wednesday 0 to 2 after 10:00 → Thursday to Friday', '2025-11-05T09:00:00Z', 0, 2, 'range', '2025-11-05T23:00:00Z', '2025-11-06T23:00:00Z'],
    ['maxDays below minDays is raised', '2025-11-05T12:00:00Z', 2, 1, 'date', '2025-11-06T23:00:00Z', '2025-11-06T23:00:00Z'],
    ['Saturday + 1 across the end of summer time', '2025-10-25T12:00:00Z', 1, 1, 'date', '2025-10-26T23:00:00Z', '2025-10-26T23:00:00Z'],
    ['Saturday + 1 across the start of summer time', '2025-03-29T12:00:00Z', 1, 1, 'date', '2025-03-30T22:00:00Z', '2025-03-30T22:00:00Z'],
  ] as [string, string, number, number, DeliveryKind, string, string][])('%s', (_, now, minDays, maxDays, kind, from, to) => {
    const estimate = deliveryEstimate({ now: new Date(now), minDays, maxDays, timeZone: MADRID });
    expect(estimate.kind).toBe(kind);
    expect(estimate.from.toISOString()).toBe(new Date(from).toISOString());
    expect(estimate.to.toISOString()).toBe(new Date(to).toISOString());
  });

  it('keeps the cut-off on a range that starts today', () => {
    const estimate = deliveryEstimate({ now: new Date('2025-11-05T08:00:00Z'), minDays: 0, maxDays: 2, timeZone: MADRID });
    expect(estimate.cutoff).toEqual(new Date('2025-11-05T09:00:00Z'));
    expect(estimate.minutesLeft).toBe(60);
  });
});

describe('deliveryEstimate across the changes of summer time', () => {
  const local = (instant: Date, timeZone: string) =>
    new Intl.DateTimeFormat('en-GB', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(instant);

  it.each(Object.values(CHANNEL_TIME_ZONES))('in %s, every 20 minutes of the days around both 2026 changes, days start at local midnight and the cutoff is 10:00 local', (zone) => {
    for (const change of ['2026-03-29T01:00:00Z', '2026-10-25T01:00:00Z']) {
      for (let at = Date.parse(change) - 30 * 3_600_000; at < Date.parse(change) + 30 * 3_600_000; at += 20 * 60_000) {
        const now = new Date(at);
        const estimate = deliveryEstimate({ now, minDays: 0, maxDays: 2, timeZone: zone });
        expect(local(estimate.from, zone)).toMatch(/, 00:00:00$/);
        expect(local(estimate.to, zone)).toMatch(/, 00:00:00$/);
        if (estimate.cutoff) {
          expect(local(estimate.cutoff, zone)).toBe(`${local(now, zone).slice(0, 10)}, 10:00:00`);
          expect(now.getTime()).toBeLessThan(estimate.cutoff.getTime());
        } else if (!local(now, zone).startsWith('29/03') && !local(now, zone).startsWith('25/10')) {
          // No same-day delivery: past 10:00 local (both changes fall on a Sunday, which has none).
          expect(Number(local(now, zone).slice(12, 14))).toBeGreaterThanOrEqual(10);
        }
      }
    }
  });
});
