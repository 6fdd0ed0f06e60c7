import { describe, expect, it } from 'vitest';
import { CHOOSABLE_EXTRA_DAYS, canShowNeutralDelivery, choosableDays, localDate, scheduleAllowed } from '../../../worker/domain/checkout/delivery-choices';
import { marketplaceAgenciesFor } from '../../../worker/domain/checkout/agencies';
import { modifierExpired, parseModifier } from '../../../worker/cart/modifier';
import { allocate } from '../../../worker/domain/orders/allocate';

describe('choosable delivery days', () => {
  it('offers the earliest day and the next delivery days, Sundays skipped', () => {
    // 2026-11-27 is a Friday: Saturday 28, (Sunday 29 skipped), Monday 30, 1, 2, 3 December.
    expect(choosableDays('2026-11-27')).toEqual(['2026-11-27', '2026-11-28', '2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03']);
    expect(choosableDays('2026-11-27')).toHaveLength(CHOOSABLE_EXTRA_DAYS + 1);
  });

  it('crosses the year', () => {
    expect(choosableDays('2026-12-30')).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02', '2027-01-04', '2027-01-05']);
  });

  it('reads an instant as the channel’s calendar day', () => {
    // 23:30 UTC on 21 November is already the 22nd in Madrid, still the 21st in Lisbon.
    const instant = new Date('2026-11-21T23:30:00Z');
    expect(localDate(instant, 'Europe/Madrid')).toBe('2026-11-22');
    expect(localDate(instant, 'Europe/Lisbon')).toBe('2026-11-21');
  });

  it('gives the day ICU gives, every 10 minutes around both 2026 clock changes and midnight, in every channel’s zone', () => {
    for (const zone of ['Europe/Madrid', 'Europe/Lisbon', 'Europe/Paris', 'Europe/Rome', 'Europe/Berlin', 'Atlantic/Canary']) {
      const icu = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
      for (const around of ['2026-03-29T01:00:00Z', '2026-10-25T01:00:00Z', '2026-12-31T23:00:00Z']) {
        for (let at = Date.parse(around) - 26 * 3_600_000; at < Date.parse(around) + 26 * 3_600_000; at += 10 * 60_000) {
          expect(localDate(new Date(at), zone), `${zone} ${new Date(at).toISOString()}`).toBe(icu.format(at));
        }
      }
    }
  });
});

describe('day and slot choice', () => {
  const days = choosableDays('2026-11-27');
  it.each([
    [{ deliveryDate: null, deliveryTime: null }, true],
    [{ deliveryDate: '2026-11-30', deliveryTime: null }, true],
    [{ deliveryDate: '2026-11-30', deliveryTime: 'morning' }, true],
    [{ deliveryDate: '2026-11-30', deliveryTime: 'afternoon' }, true],
    [{ deliveryDate: '2026-11-29', deliveryTime: null }, false],
    [{ deliveryDate: '2026-12-10', deliveryTime: null }, false],
    [{ deliveryDate: null, deliveryTime: 'morning' }, false],
    [{ deliveryDate: '2026-11-30', deliveryTime: 'night' }, false],
  ])('%j → %s', (choice, allowed) => {
    expect(scheduleAllowed(days, choice)).toBe(allowed);
  });

  it('allows no day at all when the agency does not schedule', () => {
    expect(scheduleAllowed([], { deliveryDate: '2026-11-30', deliveryTime: null })).toBe(false);
    expect(scheduleAllowed([], { deliveryDate: null, deliveryTime: null })).toBe(true);
  });
});

describe('neutral delivery', () => {
  it.each([
    [{ isB2b: true, shippingType: 1, hasOwnGroup: true }, true],
    [{ isB2b: false, shippingType: 1, hasOwnGroup: true }, false],
    [{ isB2b: true, shippingType: 3, hasOwnGroup: true }, false],
    [{ isB2b: true, shippingType: 2, hasOwnGroup: true }, false],
    [{ isB2b: true, shippingType: 1, hasOwnGroup: false }, false],
  ] as const)('%j → %s', (facts, shown) => {
    expect(canShowNeutralDelivery(facts)).toBe(shown);
  });
});

describe('marketplace agencies', () => {
  it('gives every seller its standard service and premium sellers an express one', () => {
    expect(marketplaceAgenciesFor('standard').map((a) => a.id)).toEqual(['seller-standard']);
    expect(marketplaceAgenciesFor('premium').map((a) => [a.id, a.extraCost, a.express])).toEqual([
      ['seller-standard', 0, false],
      ['seller-express', 499, true],
    ]);
  });
});

describe('cart modifier', () => {
  const now = new Date('2026-11-22T10:00:00Z');
  it('is expired from its expiry on, and absent or malformed modifiers never are', () => {
    expect(modifierExpired(JSON.stringify({ orderNumber: 'ES-1', expiresAt: now.getTime() }), now)).toBe(true);
    expect(modifierExpired(JSON.stringify({ orderNumber: 'ES-1', expiresAt: now.getTime() + 1 }), now)).toBe(false);
    expect(modifierExpired(null, now)).toBe(false);
    expect(modifierExpired('not json', now)).toBe(false);
    expect(parseModifier(JSON.stringify({ orderNumber: 7, expiresAt: 1 }))).toBeNull();
  });
});

describe('store balance across orders', () => {
  const groups = [
    { articles: 10_000, shipping: 0, lineDiscount: 0, own: true },
    { articles: 5_000, shipping: 500, lineDiscount: 0, own: false },
  ];
  it('pays after the gift card, group by group, and never more than is due', () => {
    const shares = allocate(groups, 0, 0, 4_000, 8_000);
    expect(shares.map((s) => [s.giftCard, s.balance, s.total])).toEqual([
      [4_000, 6_000, 0],
      [0, 2_000, 3_500],
    ]);
    const all = allocate(groups, 0, 0, 0, 1_000_000);
    expect(all.reduce((sum, s) => sum + s.balance, 0)).toBe(15_500);
    expect(all.every((s) => s.total === 0)).toBe(true);
  });
  it('spends nothing by default', () => {
    expect(allocate(groups, 0, 0, 0).map((s) => s.balance)).toEqual([0, 0]);
  });
});
