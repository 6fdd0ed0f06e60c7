/**
 * Shipping cost of each delivery group of the checkout (spec §3, §9). Money is integer cents,
 * weights are grams. The rate tables are plain exported data so an ops config can replace them.
 *
 * Zones (`shippingZone`): Spain splits into the peninsula, Baleares (province 07), Canarias (35,
 * 38), Ceuta (51) and Melilla (52); Portugal into the mainland (districts 01–18), the Azores (20)
 * and Madeira (30), the codes of scripts/seed/geo.ts. France, Italy, Germany and Andorra are one
 * zone each (Corsica is priced as mainland France). France's overseas départements (971–976) are
 * outside the EU VAT territory and have no tariff, so no zone: addresses there serve for invoices.
 * Anything else has no zone.
 *
 * The retailer's own group, by shipping type (spec §3: 1 home, 2 collection point, 3 store):
 * - Store pickup is free, wherever the customer lives.
 * - Home delivery in Spain has no weight table (spec §9). Ordinary parcels pay one fee per order,
 *   waived when the group's physical goods reach a threshold: peninsula 4.99, free from 50 €;
 *   Baleares 8.99, free from 100 €; Canarias, Ceuta, Melilla 14.95, never free. Heavy goods
 *   (over 30 kg, or flagged `heavy`) travel apart and are added on top: peninsula 39.95 the first
 *   unit and 19.95 each extra one; Baleares 79.95 and 39.95 (spec §9); Canarias, Ceuta and Melilla
 *   take no heavy goods (`unavailable: 'weight'`).
 * - Home delivery abroad is priced by the group's total weight, brackets inclusive of their upper
 *   bound; above the last bracket the fallback applies (spec §9: pt 30, fr 71.25, it 71.50; our
 *   choice: de 74.95). Madeira, the Azores and Andorra have no fallback: heavier groups are
 *   `unavailable: 'weight'`. The heavy flag plays no part abroad, only weight does.
 * - Collection points exist in the peninsula, Baleares, mainland Portugal, France, Italy and
 *   Germany, with their own fee (peninsula 2.99 and Baleares 4.99, free from the same thresholds
 *   as home delivery; Portugal 3.99; FR, IT, DE 5.99). They take no heavy goods and at most 20 kg
 *   per group (`unavailable: 'weight'`); other zones are `unavailable: 'zone'`.
 *
 * Marketplace and dropshipping groups are shipped by their seller, whatever the shipping type:
 * a marketplace shop charges its `minShippingPrice` once per group (0 when absent); a
 * dropshipper charges a flat 5.95 and does not deliver to the customs zones (Canarias, Ceuta,
 * Melilla: `unavailable: 'zone'`).
 *
 * Digital lines ship free and weigh nothing; a group with no physical line costs 0 wherever it
 * goes. Free-shipping thresholds count physical lines only (unitPrice × qty). Lines with a
 * quantity below 1 count as absent.
 */

export type ShippingZone =
  | 'es-peninsula'
  | 'es-baleares'
  | 'es-canarias'
  | 'es-ceuta'
  | 'es-melilla'
  | 'pt-mainland'
  | 'pt-madeira'
  | 'pt-azores'
  | 'fr'
  | 'it'
  | 'de'
  | 'ad';

/** Spec §3 shipping types. */
export const SHIPPING_TYPE = { homeDelivery: 1, collectionPoint: 2, storePickup: 3 } as const;
export type ShippingType = (typeof SHIPPING_TYPE)[keyof typeof SHIPPING_TYPE];

export interface ShippingLine {
  weightGrams: number;
  qty: number;
  digital: boolean;
  /** Overrides the weight rule (e.g. a light but bulky TV); absent → `weightGrams` > 30 kg. */
  heavy?: boolean;
  unitPrice: number;
}

export type SellerKind = 'own' | 'marketplace' | 'dropshipping';

export interface DeliveryGroup {
  kind: SellerKind;
  shopId: number;
  lines: readonly ShippingLine[];
  /** Marketplace only: what the seller charges for the parcel. */
  minShippingPrice?: number;
}

export interface Destination {
  countryIso: string;
  provinceCode: string | null | undefined;
}

export type ShippingResult = { cost: number } | { unavailable: 'zone' | 'weight' };

/** An order fee, waived when the group's physical goods reach `freeFrom` (null: never). */
export interface OrderRate {
  price: number;
  freeFrom: number | null;
}

export interface WeightBracket {
  /** Inclusive upper bound of the group's weight. */
  upToGrams: number;
  price: number;
}

export type HomeTariff =
  | { kind: 'order'; parcel: OrderRate; heavy: { first: number; extra: number } | null }
  | { kind: 'weight'; brackets: readonly WeightBracket[]; fallback: number | null };

/** An article heavier than this (grams) is heavy goods. */
export const HEAVY_GOODS_MIN_GRAMS = 30_000;

/** Brackets in kg → cents; shared shape so the tables read side by side. */
const brackets = (...rows: [kg: number, price: number][]): WeightBracket[] =>
  rows.map(([kg, price]) => ({ upToGrams: kg * 1000, price }));

const CUSTOMS_PARCEL: OrderRate = { price: 1495, freeFrom: null };
const PT_ISLANDS: HomeTariff = { kind: 'weight', brackets: brackets([2, 995], [5, 1495], [10, 2495], [30, 3995]), fallback: null };

export const HOME_DELIVERY_TARIFFS: Readonly<Record<ShippingZone, HomeTariff>> = {
  'es-peninsula': { kind: 'order', parcel: { price: 499, freeFrom: 5000 }, heavy: { first: 3995, extra: 1995 } },
  'es-baleares': { kind: 'order', parcel: { price: 899, freeFrom: 10000 }, heavy: { first: 7995, extra: 3995 } },
  'es-canarias': { kind: 'order', parcel: CUSTOMS_PARCEL, heavy: null },
  'es-ceuta': { kind: 'order', parcel: CUSTOMS_PARCEL, heavy: null },
  'es-melilla': { kind: 'order', parcel: CUSTOMS_PARCEL, heavy: null },
  'pt-mainland': { kind: 'weight', brackets: brackets([2, 495], [5, 695], [10, 995], [20, 1495], [30, 1995]), fallback: 3000 },
  'pt-madeira': PT_ISLANDS,
  'pt-azores': PT_ISLANDS,
  fr: { kind: 'weight', brackets: brackets([2, 995], [5, 1295], [10, 1795], [20, 2695], [30, 3995]), fallback: 7125 },
  it: { kind: 'weight', brackets: brackets([2, 995], [5, 1395], [10, 1895], [20, 2795], [30, 3995]), fallback: 7150 },
  de: { kind: 'weight', brackets: brackets([2, 995], [5, 1295], [10, 1795], [20, 2695], [30, 3995]), fallback: 7495 },
  ad: { kind: 'weight', brackets: brackets([2, 1495], [5, 1995], [10, 2995], [30, 4495]), fallback: null },
};

export const COLLECTION_POINT_TARIFFS: Readonly<Partial<Record<ShippingZone, OrderRate>>> = {
  'es-peninsula': { price: 299, freeFrom: 5000 },
  'es-baleares': { price: 499, freeFrom: 10000 },
  'pt-mainland': { price: 399, freeFrom: null },
  fr: { price: 599, freeFrom: null },
  it: { price: 599, freeFrom: null },
  de: { price: 599, freeFrom: null },
};

/** Heaviest group a collection point accepts. */
export const COLLECTION_POINT_MAX_GRAMS = 20_000;

/** What each dropshipper charges per group. */
export const DROPSHIPPING_FLAT_RATE = 595;
/** Zones dropshippers do not deliver to (the customs zones). */
export const DROPSHIPPING_EXCLUDED_ZONES: readonly ShippingZone[] = ['es-canarias', 'es-ceuta', 'es-melilla'];

const SPAIN_ISLANDS_AND_CITIES: Readonly<Record<string, ShippingZone>> = {
  '07': 'es-baleares',
  '35': 'es-canarias',
  '38': 'es-canarias',
  '51': 'es-ceuta',
  '52': 'es-melilla',
};

const PORTUGAL_REGIONS: Readonly<Record<string, ShippingZone>> = { '20': 'pt-azores', '30': 'pt-madeira' };
const ONE_ZONE_COUNTRIES: Readonly<Record<string, ShippingZone>> = { FR: 'fr', IT: 'it', DE: 'de', AD: 'ad' };

/** A province code as geo.ts writes it: trimmed, and a single digit padded ("7" → "07"). */
const twoDigits = (code: string | null | undefined): string | null => {
  const trimmed = (code ?? '').trim();
  return /^\d{1,2}$/.test(trimmed) ? trimmed.padStart(2, '0') : null;
};

/**
 * The zone of a destination, or null when it is not one we ship to. Spain and Portugal need a
 * valid province code (ES 01–52, PT 01–18, 20, 30); France refuses its overseas départements
 * (97x); the other countries ignore it.
 */
export function shippingZone(countryIso: string, provinceCode: string | null | undefined): ShippingZone | null {
  const iso = countryIso.trim().toUpperCase();
  const code = twoDigits(provinceCode);
  if (iso === 'ES') {
    if (code === null || code < '01' || code > '52') return null;
    return SPAIN_ISLANDS_AND_CITIES[code] ?? 'es-peninsula';
  }
  if (iso === 'PT') {
    if (code === null) return null;
    if (code >= '01' && code <= '18') return 'pt-mainland';
    return PORTUGAL_REGIONS[code] ?? null;
  }
  if (iso === 'FR' && /^97\d$/.test((provinceCode ?? '').trim())) return null;
  return ONE_ZONE_COUNTRIES[iso] ?? null;
}

const units = (line: ShippingLine): number => (Number.isFinite(line.qty) ? Math.max(0, Math.floor(line.qty)) : 0);

export const isHeavy = (line: ShippingLine): boolean => line.heavy ?? line.weightGrams > HEAVY_GOODS_MIN_GRAMS;

const physicalLines = (group: DeliveryGroup): ShippingLine[] => group.lines.filter((line) => !line.digital && units(line) > 0);

const sum = (lines: readonly ShippingLine[], of: (line: ShippingLine) => number): number =>
  lines.reduce((total, line) => total + of(line) * units(line), 0);

/** A seller's parcel price: missing, negative or not a number counts as free. */
const sellerPrice = (price: number | undefined): number => (price !== undefined && Number.isFinite(price) ? Math.max(0, Math.round(price)) : 0);

const orderFee = (rate: OrderRate, subtotal: number): number => (rate.freeFrom !== null && subtotal >= rate.freeFrom ? 0 : rate.price);

/**
 * What one delivery group costs to `destination` with the chosen shipping type, or why it cannot
 * go there: `zone` (no zone, no collection points or no dropshipping there) or `weight` (heavy
 * goods or a weight the zone or collection point does not take). Rules in the module header.
 */
export function shippingCost(group: DeliveryGroup, destination: Destination, shippingType: ShippingType): ShippingResult {
  const lines = physicalLines(group);
  if (lines.length === 0) return { cost: 0 };
  if (group.kind === 'own' && shippingType === SHIPPING_TYPE.storePickup) return { cost: 0 };

  const zone = shippingZone(destination.countryIso, destination.provinceCode);
  if (zone === null) return { unavailable: 'zone' };

  if (group.kind === 'marketplace') return { cost: sellerPrice(group.minShippingPrice) };
  if (group.kind === 'dropshipping') {
    return DROPSHIPPING_EXCLUDED_ZONES.includes(zone) ? { unavailable: 'zone' } : { cost: DROPSHIPPING_FLAT_RATE };
  }

  const grams = sum(lines, (line) => Math.max(0, line.weightGrams));
  const subtotal = sum(lines, (line) => line.unitPrice);

  if (shippingType === SHIPPING_TYPE.collectionPoint) {
    const rate = COLLECTION_POINT_TARIFFS[zone];
    if (!rate) return { unavailable: 'zone' };
    if (lines.some(isHeavy) || grams > COLLECTION_POINT_MAX_GRAMS) return { unavailable: 'weight' };
    return { cost: orderFee(rate, subtotal) };
  }

  const tariff = HOME_DELIVERY_TARIFFS[zone];
  if (tariff.kind === 'weight') {
    const bracket = tariff.brackets.find((b) => grams <= b.upToGrams);
    if (bracket) return { cost: bracket.price };
    return tariff.fallback === null ? { unavailable: 'weight' } : { cost: tariff.fallback };
  }

  const heavyUnits = sum(lines.filter(isHeavy), () => 1);
  if (heavyUnits > 0 && tariff.heavy === null) return { unavailable: 'weight' };
  const heavyFee = heavyUnits > 0 && tariff.heavy ? tariff.heavy.first + (heavyUnits - 1) * tariff.heavy.extra : 0;
  const parcelFee = lines.some((line) => !isHeavy(line)) ? orderFee(tariff.parcel, subtotal) : 0;
  return { cost: heavyFee + parcelFee };
}

export interface UnavailableGroup {
  kind: SellerKind;
  shopId: number;
  reason: 'zone' | 'weight';
}

export interface CartShippingTotals {
  /** The retailer's own groups. */
  shippingCost: number;
  marketPlaceShippingCost: number;
  dropShippingShippingCost: number;
  /** Groups that cannot be delivered; they add nothing to the totals. */
  unavailable: UnavailableGroup[];
}

/** The cart's shipping totals by seller kind (spec §3), plus the groups that cannot be delivered. */
export function cartShippingTotals(groups: readonly DeliveryGroup[], destination: Destination, shippingType: ShippingType): CartShippingTotals {
  const totals: CartShippingTotals = { shippingCost: 0, marketPlaceShippingCost: 0, dropShippingShippingCost: 0, unavailable: [] };
  for (const group of groups) {
    const result = shippingCost(group, destination, shippingType);
    if ('unavailable' in result) totals.unavailable.push({ kind: group.kind, shopId: group.shopId, reason: result.unavailable });
    else if (group.kind === 'own') totals.shippingCost += result.cost;
    else if (group.kind === 'marketplace') totals.marketPlaceShippingCost += result.cost;
    else totals.dropShippingShippingCost += result.cost;
  }
  return totals;
}
