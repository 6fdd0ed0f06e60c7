// Shipping zones and the cost of each delivery group (spec §3, §9), with the §9 figures exact.
import { describe, expect, it } from 'vitest';
import {
  cartShippingTotals,
  COLLECTION_POINT_TARIFFS,
  HOME_DELIVERY_TARIFFS,
  shippingCost,
  shippingZone,
  type DeliveryGroup,
  type Destination,
  type ShippingLine,
  type ShippingType,
  type ShippingZone,
} from '../../../worker/domain/checkout/shipping';
import { COUNTRIES, PROVINCES } from '../../../scripts/seed/geo';

const HOME = 1;
const POINT = 2;
const STORE = 3;

/** One destination per zone. */
const TO: Record<ShippingZone | 'nowhere', Destination> = {
  'es-peninsula': { countryIso: 'ES', provinceCode: '28' },
  'es-baleares': { countryIso: 'ES', provinceCode: '07' },
  'es-canarias': { countryIso: 'ES', provinceCode: '35' },
  'es-ceuta': { countryIso: 'ES', provinceCode: '51' },
  'es-melilla': { countryIso: 'ES', provinceCode: '52' },
  'pt-mainland': { countryIso: 'PT', provinceCode: '11' },
  'pt-madeira': { countryIso: 'PT', provinceCode: '30' },
  'pt-azores': { countryIso: 'PT', provinceCode: '20' },
  fr: { countryIso: 'FR', provinceCode: '75' },
  it: { countryIso: 'IT', provinceCode: '25' },
  de: { countryIso: 'DE', provinceCode: 'BY' },
  ad: { countryIso: 'AD', provinceCode: '07' },
  nowhere: { countryIso: 'GB', provinceCode: null },
};

/** An ordinary 1 kg, 20 € parcel line; override what a case needs. */
const line = (overrides: Partial<ShippingLine> = {}): ShippingLine => ({ weightGrams: 1000, qty: 1, digital: false, unitPrice: 2000, ...overrides });
const fridge = (overrides: Partial<ShippingLine> = {}) => line({ weightGrams: 70_000, unitPrice: 89_900, ...overrides });
const ebook = (overrides: Partial<ShippingLine> = {}) => line({ weightGrams: 0, digital: true, unitPrice: 1999, ...overrides });
const kg = (weight: number, overrides: Partial<ShippingLine> = {}) => line({ weightGrams: weight * 1000, ...overrides });

const own = (...lines: ShippingLine[]): DeliveryGroup => ({ kind: 'own', shopId: 0, lines });
const cost = (group: DeliveryGroup, zone: keyof typeof TO, type: ShippingType = HOME) => shippingCost(group, TO[zone], type);

describe('shippingZone', () => {
  it.each([
    ['ES', '28', 'es-peninsula'],
    ['ES', '30', 'es-peninsula'],
    ['ES', '01', 'es-peninsula'],
    ['ES', '50', 'es-peninsula'],
    ['ES', '07', 'es-baleares'],
    ['ES', '7', 'es-baleares'],
    ['ES', '35', 'es-canarias'],
    ['ES', '38', 'es-canarias'],
    ['ES', '51', 'es-ceuta'],
    ['ES', '52', 'es-melilla'],
    ['es', ' 38 ', 'es-canarias'],
    ['ES', '00', null],
    ['ES', '53', null],
    ['ES', 'XX', null],
    ['ES', null, null],
    ['ES', '', null],
    ['PT', '01', 'pt-mainland'],
    ['PT', '18', 'pt-mainland'],
    ['PT', '30', 'pt-madeira'],
    ['PT', '20', 'pt-azores'],
    ['PT', '19', null],
    ['PT', null, null],
    ['FR', '2A', 'fr'],
    ['FR', '974', null],
    ['FR', null, 'fr'],
    ['IT', '82', 'it'],
    ['DE', 'BY', 'de'],
    ['AD', '07', 'ad'],
    ['GB', null, null],
    ['', '28', null],
  ] as const)('%s %j → %s', (country, province, zone) => {
    expect(shippingZone(country, province)).toBe(zone);
  });

  it("gives a zone to every seeded province but France's overseas départements", () => {
    const iso = new Map(COUNTRIES.map((country) => [country.id, country.iso]));
    const missing = PROVINCES.filter((province) => shippingZone(iso.get(province.countryId)!, province.code) === null);
    expect(missing.map((p) => p.code)).toEqual(['971', '972', '973', '974', '976']);
  });
});

describe('the rate tables', () => {
  it.each(Object.entries(HOME_DELIVERY_TARIFFS))('%s: weight brackets rise in weight and price', (_, tariff) => {
    if (tariff.kind !== 'weight') return;
    const bounds = tariff.brackets.map((b) => b.upToGrams);
    const prices = tariff.brackets.map((b) => b.price);
    expect(bounds).toEqual([...bounds].sort((a, b) => a - b));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    if (tariff.fallback !== null) expect(tariff.fallback).toBeGreaterThan(prices.at(-1)!);
  });
});

describe('spec §9 figures', () => {
  it.each([
    ['peninsula, one heavy unit', 'es-peninsula', [fridge()], 3995],
    ['peninsula, two units on one line', 'es-peninsula', [fridge({ qty: 2 })], 3995 + 1995],
    ['peninsula, three units on two lines', 'es-peninsula', [fridge({ qty: 2 }), fridge()], 3995 + 2 * 1995],
    ['Baleares, one heavy unit', 'es-baleares', [fridge()], 7995],
    ['Baleares, two heavy units', 'es-baleares', [fridge({ qty: 2 })], 7995 + 3995],
    ['Portugal above the last bracket', 'pt-mainland', [kg(31)], 3000],
    ['France above the last bracket', 'fr', [kg(31)], 7125],
    ['Italy above the last bracket', 'it', [kg(31)], 7150],
  ] as const)('%s', (_, zone, lines, expected) => {
    expect(cost(own(...lines), zone)).toEqual({ cost: expected });
  });
});

describe('home delivery in Spain', () => {
  it.each([
    ['peninsula below 50 €', 'es-peninsula', [line({ unitPrice: 4999 })], 499],
    ['peninsula from 50 €', 'es-peninsula', [line({ unitPrice: 5000 })], 0],
    ['peninsula: quantity counts towards 50 €', 'es-peninsula', [line({ unitPrice: 2500, qty: 2 })], 0],
    ['peninsula: digital lines do not count towards 50 €', 'es-peninsula', [line({ unitPrice: 1000 }), ebook({ unitPrice: 10_000 })], 499],
    ['peninsula: a 29 kg parcel is not heavy', 'es-peninsula', [kg(29, { unitPrice: 1000 })], 499],
    ['Baleares below 100 €', 'es-baleares', [line({ unitPrice: 9999 })], 899],
    ['Baleares from 100 €', 'es-baleares', [line({ unitPrice: 10_000 })], 0],
    ['Canarias, never free', 'es-canarias', [line({ unitPrice: 100_000 })], 1495],
    ['Ceuta', 'es-ceuta', [line()], 1495],
    ['Melilla', 'es-melilla', [line()], 1495],
    ['heavy goods and a parcel: parcel free from 50 €', 'es-peninsula', [fridge(), line({ unitPrice: 999 })], 3995],
    ['heavy goods and a parcel: parcel fee below the threshold', 'es-baleares', [fridge({ unitPrice: 5000 }), line({ unitPrice: 999 })], 7995 + 899],
  ] as const)('%s', (_, zone, lines, expected) => {
    expect(cost(own(...lines), zone)).toEqual({ cost: expected });
  });

  it.each([
    ['exactly 30 kg is ordinary', { weightGrams: 30_000 }, 0],
    ['30 kg and a gram is heavy', { weightGrams: 30_001 }, 3995],
    ['the flag makes a light article heavy', { weightGrams: 8000, heavy: true }, 3995],
    ['the flag makes a heavy article ordinary', { weightGrams: 45_000, heavy: false }, 0],
  ] as const)('%s', (_, overrides, expected) => {
    expect(cost(own(line({ unitPrice: 60_000, ...overrides })), 'es-peninsula')).toEqual({ cost: expected });
  });

  it.each(['es-canarias', 'es-ceuta', 'es-melilla'] as const)('%s takes no heavy goods', (zone) => {
    expect(cost(own(fridge(), line()), zone)).toEqual({ unavailable: 'weight' });
  });
});

describe('home delivery abroad, by weight', () => {
  it.each([
    ['pt-mainland', 2, 495],
    ['pt-mainland', 2.001, 695],
    ['pt-mainland', 5, 695],
    ['pt-mainland', 10, 995],
    ['pt-mainland', 20, 1495],
    ['pt-mainland', 30, 1995],
    ['pt-mainland', 80, 3000],
    ['pt-madeira', 2, 995],
    ['pt-madeira', 30, 3995],
    ['pt-azores', 10, 2495],
    ['fr', 0, 995],
    ['fr', 5, 1295],
    ['fr', 30, 3995],
    ['fr', 30.001, 7125],
    ['it', 2, 995],
    ['it', 20, 2795],
    ['it', 30.001, 7150],
    ['de', 10, 1795],
    ['de', 30, 3995],
    ['de', 30.001, 7495],
    ['ad', 2, 1495],
    ['ad', 30, 4495],
  ] as const)('%s, %d kg → %d', (zone, weight, expected) => {
    expect(cost(own(kg(weight)), zone)).toEqual({ cost: expected });
  });

  it.each(['pt-madeira', 'pt-azores', 'ad'] as const)('%s has no fallback above 30 kg', (zone) => {
    expect(cost(own(kg(30.001)), zone)).toEqual({ unavailable: 'weight' });
  });

  it('adds up the weight of every unit and leaves digital lines out', () => {
    expect(cost(own(kg(1.5, { qty: 2 }), ebook({ weightGrams: 5000 })), 'pt-mainland')).toEqual({ cost: 695 });
  });

  it('ignores the heavy flag: only weight counts', () => {
    expect(cost(own(kg(1, { heavy: true })), 'fr')).toEqual({ cost: 995 });
  });
});

describe('free and unavailable groups', () => {
  const everyZone = Object.keys(TO) as (keyof typeof TO)[];

  it.each(everyZone)('digital articles ship free to %s', (zone) => {
    for (const kind of ['own', 'marketplace', 'dropshipping'] as const) {
      expect(shippingCost({ kind, shopId: 7, lines: [ebook(), ebook({ qty: 3 })], minShippingPrice: 500 }, TO[zone], HOME)).toEqual({ cost: 0 });
    }
  });

  it.each(everyZone)('store pickup is free for %s, heavy goods included', (zone) => {
    expect(cost(own(fridge(), line({ unitPrice: 100 })), zone, STORE)).toEqual({ cost: 0 });
  });

  it('an empty group or one with no units costs nothing', () => {
    expect(cost(own(), 'es-peninsula')).toEqual({ cost: 0 });
    expect(cost(own(line({ qty: 0 })), 'fr')).toEqual({ cost: 0 });
  });

  it.each([HOME, POINT] as const)('a destination with no zone is unavailable (type %d)', (type) => {
    expect(cost(own(line()), 'nowhere', type)).toEqual({ unavailable: 'zone' });
  });
});

describe('collection points', () => {
  it.each([
    ['es-peninsula', 4999, 299],
    ['es-peninsula', 5000, 0],
    ['es-baleares', 9999, 499],
    ['es-baleares', 10_000, 0],
    ['pt-mainland', 100_000, 399],
    ['fr', 2000, 599],
    ['it', 2000, 599],
    ['de', 2000, 599],
  ] as const)('%s with %d of goods → %d', (zone, unitPrice, expected) => {
    expect(cost(own(line({ unitPrice })), zone, POINT)).toEqual({ cost: expected });
  });

  it.each(['es-canarias', 'es-ceuta', 'es-melilla', 'pt-madeira', 'pt-azores', 'ad'] as const)('none in %s', (zone) => {
    expect(COLLECTION_POINT_TARIFFS[zone]).toBeUndefined();
    expect(cost(own(line()), zone, POINT)).toEqual({ unavailable: 'zone' });
  });

  it.each([
    ['20 kg fits', [kg(10, { qty: 2 })], { cost: 599 }],
    ['20 kg and a gram does not', [kg(10, { qty: 2 }), line({ weightGrams: 1 })], { unavailable: 'weight' }],
    ['no heavy goods', [kg(5, { heavy: true })], { unavailable: 'weight' }],
  ] as const)('%s', (_, lines, expected) => {
    expect(cost(own(...lines), 'fr', POINT)).toEqual(expected);
  });
});

describe('marketplace and dropshipping groups', () => {
  const market = (minShippingPrice?: number): DeliveryGroup => ({ kind: 'marketplace', shopId: 12, lines: [fridge()], minShippingPrice });
  const drop: DeliveryGroup = { kind: 'dropshipping', shopId: 40, lines: [line({ unitPrice: 100_000 })] };

  it.each([HOME, POINT, STORE] as const)('a marketplace shop charges its minShippingPrice (type %d)', (type) => {
    expect(shippingCost(market(690), TO['es-canarias'], type)).toEqual({ cost: 690 });
    expect(shippingCost(market(690), TO.fr, type)).toEqual({ cost: 690 });
  });

  it.each([
    ['missing', undefined],
    ['negative', -100],
    ['not a number', Number.NaN],
  ])('a %s minShippingPrice is free', (_, price) => {
    expect(cost(market(price), 'es-peninsula')).toEqual({ cost: 0 });
  });

  it.each(['es-peninsula', 'es-baleares', 'pt-madeira', 'fr', 'de', 'ad'] as const)('a dropshipper charges 5.95 to %s', (zone) => {
    expect(cost(drop, zone)).toEqual({ cost: 595 });
    expect(cost(drop, zone, STORE)).toEqual({ cost: 595 });
  });

  it.each(['es-canarias', 'es-ceuta', 'es-melilla', 'nowhere'] as const)('dropshippers do not deliver to %s', (zone) => {
    expect(cost(drop, zone)).toEqual({ unavailable: 'zone' });
  });

  it('a marketplace group needs a zone too', () => {
    expect(cost(market(690), 'nowhere')).toEqual({ unavailable: 'zone' });
  });
});

describe('cartShippingTotals', () => {
  const groups: DeliveryGroup[] = [
    own(line({ unitPrice: 1000 })),
    { kind: 'marketplace', shopId: 12, lines: [line()], minShippingPrice: 690 },
    { kind: 'marketplace', shopId: 15, lines: [line()], minShippingPrice: 450 },
    { kind: 'dropshipping', shopId: 40, lines: [line()] },
  ];

  it('keeps own, marketplace and dropshipping shipping apart', () => {
    expect(cartShippingTotals(groups, TO['es-peninsula'], HOME)).toEqual({
      shippingCost: 499,
      marketPlaceShippingCost: 1140,
      dropShippingShippingCost: 595,
      unavailable: [],
    });
  });

  it('store pickup frees only the own group', () => {
    expect(cartShippingTotals(groups, TO['es-peninsula'], STORE)).toMatchObject({ shippingCost: 0, marketPlaceShippingCost: 1140, dropShippingShippingCost: 595 });
  });

  it('lists undeliverable groups and leaves them out of the totals', () => {
    expect(cartShippingTotals([...groups, own(fridge())], TO['es-canarias'], HOME)).toEqual({
      shippingCost: 1495,
      marketPlaceShippingCost: 1140,
      dropShippingShippingCost: 0,
      unavailable: [
        { kind: 'dropshipping', shopId: 40, reason: 'zone' },
        { kind: 'own', shopId: 0, reason: 'weight' },
      ],
    });
  });

  it('is all zero for an empty cart', () => {
    expect(cartShippingTotals([], TO.fr, HOME)).toEqual({ shippingCost: 0, marketPlaceShippingCost: 0, dropShippingShippingCost: 0, unavailable: [] });
  });
});
