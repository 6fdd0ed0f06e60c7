// Pickup shops, customs zones and delivery groups (spec §3, §4, §5, §9).
import { describe, expect, it } from 'vitest';
import {
  customsMatch,
  customsZone,
  deliveryGroups,
  pickupShopFor,
  shopShippingMarker,
  type GroupableLine,
} from '../../../worker/domain/checkout/delivery-options';
import { cartShippingTotals } from '../../../worker/domain/checkout/shipping';
import { COUNTRIES, PROVINCES } from '../../../scripts/seed/geo';

describe('pickupShopFor', () => {
  it.each([
    ['Madrid', 30, 30],
    ['Murcia', 1, 1],
    ['Barcelona', 71, 1],
    ['Murcia Thader', 80, 1],
    ['an unknown shop', 999, 1],
  ])('%s (%d) → %d', (_, shopId, expected) => {
    expect(pickupShopFor(shopId)).toBe(expected);
  });
});

describe('shop markers', () => {
  it.each([
    [30, { kind: 'shop', shopId: 30, addressId: -30 }],
    [1, { kind: 'shop', shopId: 1, addressId: -1 }],
    [71, { kind: 'shop', shopId: 1, addressId: -1 }],
    [80, { kind: 'shop', shopId: 1, addressId: -1 }],
  ])('shop %d → %j', (shopId, marker) => {
    expect(shopShippingMarker(shopId)).toEqual(marker);
  });
});

describe('customs zones', () => {
  it.each([
    ['ES', '35', 'canarias'],
    ['ES', '38', 'canarias'],
    ['ES', '51', 'ceuta'],
    ['ES', '52', 'melilla'],
    ['ES', '07', null],
    ['ES', '28', null],
    ['ES', null, null],
    ['PT', '30', null],
    ['PT', '20', null],
    ['FR', '35', null],
    ['AD', '07', null],
  ] as const)('%s %j → %s', (country, province, zone) => {
    expect(customsZone(country, province)).toBe(zone);
  });

  it('agrees with the customsZone column of the seeded provinces', () => {
    const iso = new Map(COUNTRIES.map((country) => [country.id, country.iso]));
    for (const province of PROVINCES) expect(customsZone(iso.get(province.countryId)!, province.code), province.name).toBe(province.customsZone);
  });

  const es = (provinceCode: string) => ({ countryIso: 'ES', provinceCode });
  it.each([
    ['peninsula and peninsula', es('28'), es('08'), true],
    ['peninsula and Portugal', es('28'), { countryIso: 'PT', provinceCode: '11' }, true],
    ['Baleares is not a customs zone', es('07'), es('28'), true],
    ['Las Palmas and Tenerife are both Canarias', es('35'), es('38'), true],
    ['Ceuta and Ceuta', es('51'), es('51'), true],
    ['Canarias shipping, peninsula billing', es('35'), es('28'), false],
    ['peninsula shipping, Canarias billing', es('28'), es('38'), false],
    ['Ceuta and Melilla', es('51'), es('52'), false],
    ['Melilla shipping, French billing', es('52'), { countryIso: 'FR', provinceCode: '75' }, false],
  ])('%s → %s', (_, shipping, billing, expected) => {
    expect(customsMatch(shipping, billing)).toBe(expected);
  });
});

describe('deliveryGroups', () => {
  type Line = GroupableLine & { name: string };
  const cart: Line[] = [
    { idLine: 1, sellerKind: 'marketplace', shopId: 15, minShippingPrice: 450, name: 'mouse' },
    { idLine: 2, sellerKind: 'own', shopId: 0, name: 'laptop' },
    { idLine: 3, sellerKind: 'dropshipping', shopId: 40, name: 'chair' },
    { idLine: 4, sellerKind: 'marketplace', shopId: 12, minShippingPrice: 690, name: 'case' },
    { idLine: 5, sellerKind: 'own', shopId: 0, name: 'cable' },
    { idLine: 6, sellerKind: 'marketplace', shopId: 15, minShippingPrice: 300, name: 'pad' },
    { idLine: 7, sellerKind: 'dropshipping', shopId: 33, name: 'desk' },
  ];

  it('makes one group per seller, own first, then marketplace and dropshipping by shop id', () => {
    const groups = deliveryGroups(cart);
    expect(groups.map((g) => [g.orderKey, g.kind, g.shopId, g.lines.map((l) => l.idLine)])).toEqual([
      ['own-0', 'own', 0, [2, 5]],
      ['marketplace-12', 'marketplace', 12, [4]],
      ['marketplace-15', 'marketplace', 15, [1, 6]],
      ['dropshipping-33', 'dropshipping', 33, [7]],
      ['dropshipping-40', 'dropshipping', 40, [3]],
    ]);
  });

  it('gives a marketplace group the highest minShippingPrice of its lines, and no other group one', () => {
    expect(deliveryGroups(cart).map((g) => g.minShippingPrice)).toEqual([undefined, 690, 450, undefined, undefined]);
  });

  it('keeps the caller’s line objects', () => {
    expect(deliveryGroups(cart)[0]?.lines.map((l) => l.name)).toEqual(['laptop', 'cable']);
  });

  it('groups every own line under shop 0, whatever shop id it carries', () => {
    const lines: GroupableLine[] = [{ idLine: 1, sellerKind: 'own', shopId: 0 }, { idLine: 2, sellerKind: 'own', shopId: 30 }];
    expect(deliveryGroups(lines).map((g) => [g.orderKey, g.lines.length])).toEqual([['own-0', 2]]);
  });

  it('gives the same order whatever the order of the lines', () => {
    const keys = (lines: Line[]) => deliveryGroups(lines).map((g) => g.orderKey);
    expect(keys([...cart].reverse())).toEqual(keys(cart));
  });

  it('is empty for an empty cart', () => {
    expect(deliveryGroups([])).toEqual([]);
  });

  it('feeds the shipping totals directly', () => {
    const lines = cart.map((l) => ({ ...l, weightGrams: 1000, qty: 1, digital: false, unitPrice: 2000 }));
    expect(cartShippingTotals(deliveryGroups(lines), { countryIso: 'ES', provinceCode: '30' }, 1)).toEqual({
      shippingCost: 499,
      marketPlaceShippingCost: 690 + 450,
      dropShippingShippingCost: 2 * 595,
      unavailable: [],
    });
  });
});
