// Pickup shops, customs zones, the collection point search and delivery groups (spec §3, §4, §5, §9).
import { describe, expect, it } from 'vitest';
import {
  customsMatch,
  customsZone,
  deliveryGroups,
  pickupShopFor,
  selectShop,
  shippingPointQuery,
  shopFromMarker,
  shopShippingMarker,
  type DeliveryDraft,
  type GroupableLine,
  type ShippingPointInput,
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

  it.each([
    [-30, 30],
    [-1, 1],
    ['-30', 30],
    [-71, null],
    [30, null],
    [0, null],
    [1234, null],
    ['1234', null],
    [null, null],
  ] as const)('address %j is the marker of %j', (addressId, shopId) => {
    expect(shopFromMarker(addressId)).toBe(shopId);
  });
});

describe('selectShop', () => {
  const draft = {
    shippingMethod: 'address',
    shopSelected: null,
    deliveryAgency: 'express-24',
    shippingAddressSelected: 1234,
    pickingPointSelected: 'PT-991',
    paymentMethodSelected: 'tarjeta',
  } satisfies DeliveryDraft & { paymentMethodSelected: string };

  it.each([
    [30, 30, -30],
    [1, 1, -1],
    [71, 1, -1],
    [80, 1, -1],
  ])('shop %d: clears the agency and ships to the marker of shop %d', (shopId, shop, addressId) => {
    expect(selectShop(draft, shopId)).toEqual({
      shippingMethod: 'shop',
      shopSelected: shop,
      deliveryAgency: null,
      shippingAddressSelected: addressId,
      pickingPointSelected: null,
      paymentMethodSelected: 'tarjeta',
    });
  });

  it('does not change the draft it is given', () => {
    selectShop(draft, 30);
    expect(draft.deliveryAgency).toBe('express-24');
    expect(draft.shippingAddressSelected).toBe(1234);
  });

  it('does not add a picking point to a draft without one', () => {
    const minimal: DeliveryDraft = { shippingMethod: 'address', shopSelected: null, deliveryAgency: 'eco', shippingAddressSelected: 'addr-1' };
    expect(selectShop(minimal, 71)).toEqual({ shippingMethod: 'shop', shopSelected: 1, deliveryAgency: null, shippingAddressSelected: -1 });
  });

  it.each([0, -30, 1.5, Number.NaN])('ignores shop id %d', (shopId) => {
    expect(selectShop(draft, shopId)).toBe(draft);
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

describe('shippingPointQuery', () => {
  const input = (overrides: Partial<ShippingPointInput> = {}): ShippingPointInput => ({ country: 'ES', cp: '28001', idArticle: 1042, ...overrides });

  it.each([
    ['defaults the distance to 15', input(), { country: 'ES', cp: '28001', idArticle: 1042, distance: 15 }],
    ['empty distance is the default', input({ distance: '' }), { country: 'ES', cp: '28001', idArticle: 1042, distance: 15 }],
    ['null distance is the default', input({ distance: null }), { country: 'ES', cp: '28001', idArticle: 1042, distance: 15 }],
    ['reads numbers from a query string', input({ idArticle: '77', distance: '20' }), { country: 'ES', cp: '28001', idArticle: 77, distance: 20 }],
    ['normalizes country and postal code', input({ country: ' pt ', cp: '1000001' }), { country: 'PT', cp: '1000-001', idArticle: 1042, distance: 15 }],
    ['1 km is the least', input({ country: 'FR', cp: '75001', distance: 1 }), { country: 'FR', cp: '75001', idArticle: 1042, distance: 1 }],
    ['50 km is the most', input({ country: 'DE', cp: '10115', distance: 50 }), { country: 'DE', cp: '10115', idArticle: 1042, distance: 50 }],
  ] as const)('%s', (_, query, params) => {
    expect(shippingPointQuery(query)).toEqual({ ok: true, params });
  });

  it.each([
    ['Andorra has no collection points', input({ country: 'AD', cp: 'AD500' }), ['country']],
    ['unknown country', input({ country: 'GB', cp: 'SW1A 1AA' }), ['country']],
    ['bad postal code', input({ cp: '99999' }), ['postalCode']],
    ['empty postal code', input({ cp: '' }), ['postalCode']],
    ['article 0', input({ idArticle: 0 }), ['article']],
    ['negative article', input({ idArticle: -3 }), ['article']],
    ['fractional article', input({ idArticle: 1.5 }), ['article']],
    ['article not a number', input({ idArticle: 'abc' }), ['article']],
    ['distance 0', input({ distance: 0 }), ['distance']],
    ['distance 51', input({ distance: 51 }), ['distance']],
    ['fractional distance', input({ distance: 2.5 }), ['distance']],
    ['distance not a number', input({ distance: 'far' }), ['distance']],
    ['every problem at once', { country: 'ES', cp: 'x', idArticle: 0, distance: 99 }, ['postalCode', 'article', 'distance']],
  ] as const)('%s', (_, query, reasons) => {
    expect(shippingPointQuery(query)).toEqual({ ok: false, reasons });
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
