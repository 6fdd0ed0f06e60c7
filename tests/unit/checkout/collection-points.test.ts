// Collection points (spec §3 type 2, §9 default distance): distances, the search's filters and
// order, why a cart cannot go to a point, opening hours, and the seed's points and postal codes.
import { describe, expect, it } from 'vitest';
import type { SeedRow } from '../../../scripts/seed/generate';
import { postalCodeLocationRows, shippingPointRows } from '../../../scripts/seed/shipping-points';
import { COUNTRIES, PROVINCES } from '../../../scripts/seed/geo';
import { AGENCIES } from '../../../worker/domain/checkout/agencies';
import {
  boundingBoxE6,
  distanceKm,
  nearestShippingPoints,
  openingRanges,
  openingToday,
  parcelGrams,
  shippingPointsNotAllowedReasons,
  SHIPPING_POINT_MAX_RESULTS,
  type CollectionPointLine,
  type GeoPointE6,
  type ShippingPointCandidate,
} from '../../../worker/domain/checkout/collection-points';
import { SHIPPING_POINT_DEFAULT_DISTANCE_KM, SHIPPING_POINT_MAX_DISTANCE_KM } from '../../../worker/domain/checkout/delivery-options';
import { normalizePostalCode } from '../../../worker/domain/identity/postal-code';
import { COLLECTION_POINT_TARIFFS, shippingCost, shippingZone, type Destination } from '../../../worker/domain/checkout/shipping';

const at = (latitude: number, longitude: number): GeoPointE6 => ({ latitudeE6: Math.round(latitude * 1e6), longitudeE6: Math.round(longitude * 1e6) });

const MADRID = at(40.4168, -3.7038);
const BARCELONA = at(41.3874, 2.1686);
const PARIS = at(48.8566, 2.3522);
const LYON = at(45.764, 4.8357);
const BERLIN = at(52.52, 13.405);
const MUNICH = at(48.1351, 11.582);
const LISBON = at(38.7223, -9.1393);
const PORTO = at(41.1579, -8.6291);
const ROME = at(41.9028, 12.4964);
const MILAN = at(45.4642, 9.19);

describe('distanceKm', () => {
  it.each([
    { pair: 'Madrid–Barcelona', a: MADRID, b: BARCELONA, km: 505 },
    { pair: 'Paris–Lyon', a: PARIS, b: LYON, km: 392 },
    { pair: 'Berlin–München', a: BERLIN, b: MUNICH, km: 504 },
    { pair: 'Lisboa–Porto', a: LISBON, b: PORTO, km: 274 },
    { pair: 'Roma–Milano', a: ROME, b: MILAN, km: 477 },
  ])('$pair is about $km km as the crow flies', ({ a, b, km }) => {
    expect(Math.abs(distanceKm(a, b) - km)).toBeLessThan(3);
    expect(distanceKm(b, a)).toBeCloseTo(distanceKm(a, b), 9);
  });

  it('is 0 for the same place and about 111 km per degree of latitude', () => {
    expect(distanceKm(MADRID, MADRID)).toBe(0);
    expect(distanceKm(at(40, -3), at(41, -3))).toBeCloseTo(111.2, 1);
  });
});

describe('boundingBoxE6', () => {
  it('holds every place at the radius in any direction, and not much more', () => {
    for (const centre of [MADRID, BERLIN, at(-33.9, 18.4)]) {
      for (const km of [1, 15, 50]) {
        const box = boundingBoxE6(centre, km);
        for (let bearing = 0; bearing < 360; bearing += 5) {
          // A point `km` away along the bearing (spherical destination formula).
          const φ1 = (centre.latitudeE6 / 1e6) * (Math.PI / 180);
          const λ1 = (centre.longitudeE6 / 1e6) * (Math.PI / 180);
          const δ = km / 6371.0088;
          const θ = (bearing * Math.PI) / 180;
          const φ2 = Math.asin(Math.sin(φ1) * Math.cos(δ) + Math.cos(φ1) * Math.sin(δ) * Math.cos(θ));
          const λ2 = λ1 + Math.atan2(Math.sin(θ) * Math.sin(δ) * Math.cos(φ1), Math.cos(δ) - Math.sin(φ1) * Math.sin(φ2));
          const p = at((φ2 * 180) / Math.PI, (λ2 * 180) / Math.PI);
          expect(p.latitudeE6).toBeGreaterThanOrEqual(box.minLatitudeE6);
          expect(p.latitudeE6).toBeLessThanOrEqual(box.maxLatitudeE6);
          expect(p.longitudeE6).toBeGreaterThanOrEqual(box.minLongitudeE6);
          expect(p.longitudeE6).toBeLessThanOrEqual(box.maxLongitudeE6);
        }
        const corner = { latitudeE6: box.maxLatitudeE6, longitudeE6: box.maxLongitudeE6 };
        expect(distanceKm(centre, corner)).toBeLessThan(km * 1.5);
      }
    }
  });
});

describe('nearestShippingPoints', () => {
  /** Points due north of Madrid, `km` away. */
  const north = (id: number, km: number, overrides: Partial<ShippingPointCandidate> = {}): ShippingPointCandidate => ({
    id,
    latitudeE6: MADRID.latitudeE6 + Math.round((km / 111.195) * 1e6),
    longitudeE6: MADRID.longitudeE6,
    maxWeightGrams: 20_000,
    active: true,
    ...overrides,
  });
  const search = (points: ShippingPointCandidate[], options: Partial<{ distanceKm: number; parcelGrams: number; limit: number }> = {}) =>
    nearestShippingPoints(points, MADRID, { distanceKm: 15, parcelGrams: 1000, ...options }).map((p) => [p.id, p.distanceKm]);

  it('sorts by distance, ties by id, with distances to one decimal', () => {
    expect(search([north(3, 7.26), north(1, 12), north(2, 0.44), north(5, 7.26), north(4, 7.26)])).toEqual([
      [2, 0.4],
      [3, 7.3],
      [4, 7.3],
      [5, 7.3],
      [1, 12],
    ]);
  });

  it('keeps points within the distance, the edge included', () => {
    expect(search([north(1, 14.9), north(2, 15.2), north(3, 30)]).map(([id]) => id)).toEqual([1]);
    expect(search([north(1, 14.9), north(2, 15.2), north(3, 30)], { distanceKm: 31 }).map(([id]) => id)).toEqual([1, 2, 3]);
    expect(search([north(1, 5)], { distanceKm: distanceKm(MADRID, north(1, 5)) })).toHaveLength(1);
  });

  it('leaves out inactive points and those that cannot carry the parcel', () => {
    const points = [north(1, 1, { maxWeightGrams: 15_000 }), north(2, 2), north(3, 3, { active: false }), north(4, 4, { maxWeightGrams: 30_000 })];
    expect(search(points, { parcelGrams: 15_000 }).map(([id]) => id)).toEqual([1, 2, 4]);
    expect(search(points, { parcelGrams: 15_001 }).map(([id]) => id)).toEqual([2, 4]);
    expect(search(points, { parcelGrams: 25_000 }).map(([id]) => id)).toEqual([4]);
    expect(search(points, { parcelGrams: 30_001 })).toEqual([]);
  });

  it(`returns at most ${SHIPPING_POINT_MAX_RESULTS} points unless told otherwise`, () => {
    const many = Array.from({ length: 30 }, (_, i) => north(i + 1, i * 0.3));
    expect(search(many)).toHaveLength(SHIPPING_POINT_MAX_RESULTS);
    expect(search(many, { limit: 3 }).map(([id]) => id)).toEqual([1, 2, 3]);
  });

  it('searches 15 km unless told, up to 50 (spec §9)', () => {
    expect(SHIPPING_POINT_DEFAULT_DISTANCE_KM).toBe(15);
    expect(SHIPPING_POINT_MAX_DISTANCE_KM).toBe(50);
  });
});

describe('parcelGrams', () => {
  it('adds one unit of each article, ignoring negative weights', () => {
    expect(parcelGrams([{ weightGrams: 1200 }, { weightGrams: 1200 }, { weightGrams: 0 }, { weightGrams: -5 }])).toBe(2400);
    expect(parcelGrams([])).toBe(0);
  });
});

describe('shippingPointsNotAllowedReasons', () => {
  const line = (overrides: Partial<CollectionPointLine> = {}): CollectionPointLine => ({ sellerKind: 'own', weightGrams: 2000, qty: 1, digital: false, unitPrice: 5000, ...overrides });
  const MADRID_ADDRESS: Destination = { countryIso: 'ES', provinceCode: '28' };
  const reasons = (lines: CollectionPointLine[], destination: Destination | null = MADRID_ADDRESS) => shippingPointsNotAllowedReasons({ lines, destination });

  it('allows an ordinary parcel of ours to a served zone', () => {
    expect(reasons([line(), line({ qty: 3 })])).toEqual([]);
  });

  it.each<[string, CollectionPointLine[], Destination | null, string[]]>([
    ['a marketplace line', [line(), line({ sellerKind: 'marketplace' })], MADRID_ADDRESS, ['marketplace']],
    ['a dropshipping line', [line({ sellerKind: 'dropshipping' })], MADRID_ADDRESS, ['dropshipping']],
    ['over 20 kg in all', [line({ weightGrams: 7000, qty: 3 })], MADRID_ADDRESS, ['tooHeavy']],
    ['heavy goods by weight', [line({ weightGrams: 31_000 })], MADRID_ADDRESS, ['tooHeavy']],
    ['a line flagged heavy', [line({ weightGrams: 5000, heavy: true })], MADRID_ADDRESS, ['tooHeavy']],
    ['Canarias', [line()], { countryIso: 'ES', provinceCode: '35' }, ['zoneNotServed']],
    ['Madeira', [line()], { countryIso: 'PT', provinceCode: '30' }, ['zoneNotServed']],
    ['Andorra', [line()], { countryIso: 'AD', provinceCode: '07' }, ['zoneNotServed']],
    ['an unknown Spanish province', [line()], { countryIso: 'ES', provinceCode: null }, ['zoneNotServed']],
    ['only digital lines and services', [line({ digital: true, weightGrams: 0 }), line({ digital: true })], MADRID_ADDRESS, ['nothingToShip']],
    ['everything at once, in order', [line({ sellerKind: 'dropshipping', digital: true }), line({ sellerKind: 'marketplace', digital: true }), line({ heavy: true, digital: true })], { countryIso: 'ES', provinceCode: '52' }, ['marketplace', 'dropshipping', 'zoneNotServed', 'nothingToShip']],
  ])('refuses %s', (_, lines, destination, expected) => {
    expect(reasons(lines, destination)).toEqual(expected);
  });

  it('stops at exactly 20 kg, and counts neither digital lines, services nor other sellers', () => {
    expect(reasons([line({ weightGrams: 10_000, qty: 2 })])).toEqual([]);
    expect(reasons([line({ weightGrams: 10_000, qty: 2 }), line({ weightGrams: 1 })])).toEqual(['tooHeavy']);
    expect(reasons([line({ weightGrams: 19_000 }), line({ weightGrams: 5000, digital: true })])).toEqual([]);
    expect(reasons([line({ weightGrams: 19_000 }), line({ sellerKind: 'marketplace', weightGrams: 5000 })])).toEqual(['marketplace']);
  });

  it('ignores lines without units and does not judge the zone before one is known', () => {
    expect(reasons([line(), line({ sellerKind: 'marketplace', qty: 0 }), line({ weightGrams: 50_000, qty: 0 })])).toEqual([]);
    expect(shippingPointsNotAllowedReasons({ lines: [line()] })).toEqual([]);
    expect(reasons([], MADRID_ADDRESS)).toEqual(['nothingToShip']);
  });

  it('agrees with the price rule of shipping.ts for our own parcels', () => {
    const destinations: Destination[] = [MADRID_ADDRESS, { countryIso: 'ES', provinceCode: '07' }, { countryIso: 'ES', provinceCode: '38' }, { countryIso: 'PT', provinceCode: '13' }, { countryIso: 'PT', provinceCode: '20' }, { countryIso: 'FR', provinceCode: '75' }, { countryIso: 'DE', provinceCode: null }];
    const parcels: CollectionPointLine[][] = [[line()], [line({ weightGrams: 20_000 })], [line({ weightGrams: 20_001 })], [line({ heavy: true })], [line({ weightGrams: 6000, qty: 4 })]];
    for (const destination of destinations) {
      for (const lines of parcels) {
        const price = shippingCost({ kind: 'own', shopId: 0, lines }, destination, 2);
        const refused = reasons(lines, destination);
        expect('unavailable' in price, `${JSON.stringify(destination)} ${JSON.stringify(lines)}`).toBe(refused.length > 0);
        if ('unavailable' in price) expect(refused).toContain(price.unavailable === 'zone' ? 'zoneNotServed' : 'tooHeavy');
      }
    }
  });
});

describe('opening hours', () => {
  const SHOP = { mon: '09:30-14:00,17:00-20:30', tue: '09:30-14:00,17:00-20:30', sat: '10:00-14:00', sun: '' };

  it('reads ranges and drops malformed or backwards ones', () => {
    expect(openingRanges('09:30-14:00, 17:00-20:30')).toEqual([
      { opens: '09:30', closes: '14:00' },
      { opens: '17:00', closes: '20:30' },
    ]);
    expect(openingRanges('00:00-24:00')).toEqual([{ opens: '00:00', closes: '24:00' }]);
    expect(openingRanges('9-14')).toEqual([]);
    expect(openingRanges('20:00-09:00')).toEqual([]);
    expect(openingRanges('10:00-24:30')).toEqual([]);
    expect(openingRanges(undefined)).toEqual([]);
  });

  it("gives today's ranges and whether it is open now, in the store's time zone", () => {
    // Monday 2026-11-02: 12:00 and 16:00 in Madrid (UTC+1 in winter).
    expect(openingToday(SHOP, new Date('2026-11-02T11:00:00Z'), 'Europe/Madrid')).toEqual({ weekday: 'mon', ranges: openingRanges(SHOP.mon), openNow: true });
    expect(openingToday(SHOP, new Date('2026-11-02T15:00:00Z'), 'Europe/Madrid').openNow).toBe(false);
    // 14:00 closes: a range includes its opening minute, not its closing one.
    expect(openingToday(SHOP, new Date('2026-11-02T13:00:00Z'), 'Europe/Madrid').openNow).toBe(false);
    expect(openingToday(SHOP, new Date('2026-11-02T08:30:00Z'), 'Europe/Madrid').openNow).toBe(true);
  });

  it('takes the weekday of the time zone, and a missing or empty day is closed', () => {
    // Monday 23:30 UTC is already Tuesday in Madrid and still Monday in Lisbon.
    const instant = new Date('2026-11-02T23:30:00Z');
    expect(openingToday(SHOP, instant, 'Europe/Madrid').weekday).toBe('tue');
    expect(openingToday(SHOP, instant, 'Europe/Lisbon').weekday).toBe('mon');
    expect(openingToday(SHOP, new Date('2026-11-08T12:00:00Z'), 'Europe/Madrid')).toEqual({ weekday: 'sun', ranges: [], openNow: false });
    expect(openingToday(SHOP, new Date('2026-11-04T12:00:00Z'), 'Europe/Madrid')).toEqual({ weekday: 'wed', ranges: [], openNow: false });
  });
});

describe('seed: collection points and postal code locations', () => {
  const points = shippingPointRows();
  const locations = postalCodeLocationRows();
  const location = new Map(locations.map((l) => [`${l.country_iso} ${l.postal_code}`, l]));
  const place = (row: SeedRow): GeoPointE6 => ({ latitudeE6: Number(row.latitude_e6), longitudeE6: Number(row.longitude_e6) });
  /** The row a postal code resolves to: itself, else its longest prefix (as locatePostalCode does). */
  const resolve = (iso: string, code: string) => {
    for (let n = code.length; n > 0; n--) {
      const row = location.get(`${iso} ${code.slice(0, n)}`);
      if (row) return row;
    }
    return undefined;
  };

  it('has 10 to 14 active points in each country, and inactive ones', () => {
    for (const iso of ['ES', 'PT', 'FR', 'IT', 'DE']) {
      const active = points.filter((p) => p.country_iso === iso && p.active === 1);
      expect(active.length, iso).toBeGreaterThanOrEqual(10);
      expect(active.length, iso).toBeLessThanOrEqual(14);
      expect(points.some((p) => p.country_iso === iso && p.active === 0), iso).toBe(true);
    }
    expect(new Set(points.map((p) => p.id)).size).toBe(points.length);
  });

  it('gives each point a valid postal code with its own location nearby, a known carrier, a weight limit and readable hours', () => {
    const carriers = new Set([...AGENCIES.map((a) => a.id), 'ampora-locker']);
    for (const p of points) {
      const iso = String(p.country_iso);
      const code = String(p.postal_code);
      expect(normalizePostalCode(iso, code), `${p.id}`).toEqual({ ok: true, postalCode: code });
      const own = location.get(`${iso} ${code}`);
      expect(own, `${p.id} ${code}`).toBeDefined();
      expect(distanceKm(place(own!), place(p)), `${p.id} from its postal code`).toBeLessThan(3);
      // The province's capital is close too: catches swapped or mistyped coordinates.
      expect(distanceKm(place(resolve(iso, code.slice(0, 2))!), place(p)), `${p.id} from its province`).toBeLessThan(40);
      expect(carriers.has(String(p.carrier)), `${p.id} ${p.carrier}`).toBe(true);
      if (p.carrier === 'ampora-locker') expect(p.max_weight_grams, `${p.id}`).toBe(15_000);
      else expect([20_000, 30_000], `${p.id}`).toContain(p.max_weight_grams);
      const hours = JSON.parse(String(p.opening_hours)) as Record<string, string>;
      for (const [day, text] of Object.entries(hours)) {
        expect(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']).toContain(day);
        expect(openingRanges(text).length, `${p.id} ${day}`).toBe(text.split(',').length);
      }
    }
    expect(points.some((p) => !('sun' in JSON.parse(String(p.opening_hours))))).toBe(true);
  });

  it('puts points only where collection points are priced (no customs territories or islands without them)', () => {
    const portugal = COUNTRIES.find((c) => c.iso === 'PT')!.id;
    const districtOf = (code: string) => PROVINCES.find((p) => p.countryId === portugal && p.postalPrefixes.split(',').includes(code.slice(0, 2)))?.code;
    for (const p of points) {
      const iso = String(p.country_iso);
      const code = String(p.postal_code);
      const province = iso === 'ES' ? code.slice(0, 2) : iso === 'PT' ? districtOf(code) : null;
      const zone = shippingZone(iso, province);
      expect(zone !== null && COLLECTION_POINT_TARIFFS[zone] !== undefined, `${p.id}`).toBe(true);
    }
  });

  it('locates every postal prefix of the provinces of geo.ts, and the demo addresses exactly', () => {
    for (const country of COUNTRIES.filter((c) => ['ES', 'PT', 'FR', 'IT', 'DE'].includes(c.iso))) {
      // Places we do not ship to (France's overseas départements) need no location.
      for (const province of PROVINCES.filter((p) => p.countryId === country.id && shippingZone(country.iso, p.code) !== null)) {
        for (const prefix of province.postalPrefixes.split(',').filter(Boolean)) {
          expect(location.has(`${country.iso} ${prefix}`), `${country.iso} ${province.name} ${prefix}`).toBe(true);
        }
      }
    }
    for (const [iso, code] of [['ES', '28014'], ['ES', '30001'], ['ES', '30009'], ['FR', '75001'], ['FR', '69001'], ['FR', '69002'], ['PT', '1100-048']]) {
      expect(location.has(`${iso} ${code}`), `${iso} ${code}`).toBe(true);
    }
    // Any German code resolves, not only those of the Länder geo.ts gives prefixes.
    for (const code of ['01067', '40210', '70173', '99084']) expect(resolve('DE', code), code).toBeDefined();
    // Prefix rows sit at their capitals: a Sevilla code resolves to Sevilla, not somewhere else.
    expect(distanceKm(place(resolve('ES', '41020')!), at(37.3891, -5.9845))).toBeLessThan(1);
    expect(new Set(locations.map((l) => `${l.country_iso} ${l.postal_code}`)).size).toBe(locations.length);
  });
});
