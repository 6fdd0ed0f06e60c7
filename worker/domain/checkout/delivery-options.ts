/**
 * Delivery choices of the checkout as pure rules: pickup shops, customs zones, the collection
 * point search and how the cart splits into deliveries (spec §3, §4, §5, §9).
 *
 * - Physical shops: Madrid 30, Murcia 1, Barcelona 71, Murcia Thader 80. The checkout picks up
 *   only in Madrid and Murcia: Madrid stays Madrid and every other id, known or not, maps to
 *   Murcia (spec §9). Selecting a shop sets the method to `shop`, the shop to the mapped one,
 *   clears the agency and sets the shipping address to the shop's marker, the negated shop id
 *   (spec §4). It also clears the collection point, which a pickup in a shop replaces.
 * - Customs zones are Canarias (provinces 35, 38), Ceuta (51) and Melilla (52). Shipping and
 *   billing match when neither is in one, or both are in the same one (spec §5).
 * - Collection point search: countries with collection points (ES, PT, FR, IT, DE), a postal
 *   code valid for the country, an article id (positive integer) and a distance in whole km from
 *   1 to 50, 15 when not given (spec §5, §9). Failures are reason codes, all of them at once.
 * - Deliveries: one group per seller (spec §3 `ordersAndDeliveries`). All the retailer's own
 *   lines go together under shop 0 ('own-0'); each marketplace shop and each dropshipper gets its
 *   own group ('marketplace-<shopId>', 'dropshipping-<shopId>'). Groups come own first, then
 *   marketplace, then dropshipping, each by shop id, so the order does not change when lines are
 *   added or removed; lines keep their cart order. A marketplace group's `minShippingPrice` is
 *   the highest among its lines (the seller ships one parcel, at its dearest offer's price).
 */
import { normalizePostalCode } from '../identity/postal-code';
import { shippingZone, type SellerKind, type ShippingZone } from './shipping';

export const PHYSICAL_SHOPS = { madrid: 30, murcia: 1, barcelona: 71, murciaThader: 80 } as const;

export type PickupShopId = typeof PHYSICAL_SHOPS.madrid | typeof PHYSICAL_SHOPS.murcia;

/** The shop the checkout picks up in for `shopId`: Madrid for Madrid, Murcia for any other. */
export function pickupShopFor(shopId: number): PickupShopId {
  return shopId === PHYSICAL_SHOPS.madrid ? PHYSICAL_SHOPS.madrid : PHYSICAL_SHOPS.murcia;
}

export interface ShopShippingMarker {
  kind: 'shop';
  shopId: PickupShopId;
  /** Stands in for the shipping address id; negative, so it never collides with a real address. */
  addressId: number;
}

/** The marker that replaces the shipping address when a shop is selected (of the mapped shop). */
export function shopShippingMarker(shopId: number): ShopShippingMarker {
  const pickup = pickupShopFor(shopId);
  return { kind: 'shop', shopId: pickup, addressId: -pickup };
}

/** The pickup shop a shipping address id stands for, or null when it is not a shop marker. */
export function shopFromMarker(addressId: number | string | null): PickupShopId | null {
  const id = typeof addressId === 'string' && /^-\d+$/.test(addressId.trim()) ? Number(addressId) : addressId;
  if (typeof id !== 'number' || !Number.isInteger(id) || id >= 0) return null;
  return -id === PHYSICAL_SHOPS.madrid || -id === PHYSICAL_SHOPS.murcia ? (-id as PickupShopId) : null;
}

export interface DeliveryDraft {
  shippingMethod: 'address' | 'shop';
  shopSelected: number | null;
  deliveryAgency: string | null;
  shippingAddressSelected: number | string | null;
  pickingPointSelected?: number | string | null;
}

/**
 * The draft after the customer picks shop `shopId` (spec §4). An id that is not a positive
 * integer is ignored and the draft is returned as it was.
 */
export function selectShop<D extends DeliveryDraft>(draft: D, shopId: number): D {
  if (!Number.isInteger(shopId) || shopId <= 0) return draft;
  const marker = shopShippingMarker(shopId);
  const next: D = { ...draft, shippingMethod: 'shop', shopSelected: marker.shopId, deliveryAgency: null, shippingAddressSelected: marker.addressId };
  if ('pickingPointSelected' in draft) next.pickingPointSelected = null;
  return next;
}

export type CustomsZone = 'canarias' | 'ceuta' | 'melilla';

const CUSTOMS_ZONE_OF: Readonly<Partial<Record<ShippingZone, CustomsZone>>> = {
  'es-canarias': 'canarias',
  'es-ceuta': 'ceuta',
  'es-melilla': 'melilla',
};

export interface Place {
  countryIso: string;
  provinceCode: string | null | undefined;
}

/** The customs zone of a province (ES 35/38 canarias, 51 ceuta, 52 melilla), else null. */
export function customsZone(countryIso: string, provinceCode: string | null | undefined): CustomsZone | null {
  const zone = shippingZone(countryIso, provinceCode);
  return zone === null ? null : (CUSTOMS_ZONE_OF[zone] ?? null);
}

/** Whether shipping and billing may differ: both outside customs zones, or in the same one. */
export function customsMatch(shipping: Place, billing: Place): boolean {
  return customsZone(shipping.countryIso, shipping.provinceCode) === customsZone(billing.countryIso, billing.provinceCode);
}

/** Countries with collection points (the zones of COLLECTION_POINT_TARIFFS). */
export const SHIPPING_POINT_COUNTRIES = ['ES', 'PT', 'FR', 'IT', 'DE'] as const;
export type ShippingPointCountry = (typeof SHIPPING_POINT_COUNTRIES)[number];

export const SHIPPING_POINT_DEFAULT_DISTANCE_KM = 15;
export const SHIPPING_POINT_MIN_DISTANCE_KM = 1;
export const SHIPPING_POINT_MAX_DISTANCE_KM = 50;

export interface ShippingPointInput {
  country: string;
  cp: string;
  idArticle: number | string;
  distance?: number | string | null;
}

export interface ShippingPointParams {
  country: ShippingPointCountry;
  /** Normalized postal code ("1000001" → "1000-001"). */
  cp: string;
  idArticle: number;
  distance: number;
}

export type ShippingPointReason = 'country' | 'postalCode' | 'article' | 'distance';

export type ShippingPointQuery = { ok: true; params: ShippingPointParams } | { ok: false; reasons: ShippingPointReason[] };

/** A whole number from a number or a string of digits (query strings), else null. */
function wholeNumber(value: number | string): number | null {
  const parsed = typeof value === 'string' ? (/^\d+$/.test(value.trim()) ? Number(value.trim()) : Number.NaN) : value;
  return Number.isSafeInteger(parsed) ? parsed : null;
}

/** Validates and normalizes a collection point search; rules in the module header. */
export function shippingPointQuery(input: ShippingPointInput): ShippingPointQuery {
  const reasons: ShippingPointReason[] = [];
  const country = input.country.trim().toUpperCase();
  const isCountry = (SHIPPING_POINT_COUNTRIES as readonly string[]).includes(country);
  if (!isCountry) reasons.push('country');

  const postal = isCountry ? normalizePostalCode(country, input.cp) : null;
  if (postal && !postal.ok) reasons.push('postalCode');

  const idArticle = wholeNumber(input.idArticle);
  if (idArticle === null || idArticle <= 0) reasons.push('article');

  const rawDistance = input.distance;
  const distance = rawDistance === undefined || rawDistance === null || rawDistance === '' ? SHIPPING_POINT_DEFAULT_DISTANCE_KM : wholeNumber(rawDistance);
  if (distance === null || distance < SHIPPING_POINT_MIN_DISTANCE_KM || distance > SHIPPING_POINT_MAX_DISTANCE_KM) reasons.push('distance');

  if (reasons.length > 0 || !postal?.ok || idArticle === null || distance === null) return { ok: false, reasons };
  return { ok: true, params: { country: country as ShippingPointCountry, cp: postal.postalCode, idArticle, distance } };
}

/** The retailer's own lines are grouped under seller 0. */
export const OWN_SHOP_ID = 0;

export interface GroupableLine {
  idLine: number;
  sellerKind: SellerKind;
  shopId: number;
  /** Marketplace offers: the seller's parcel price. */
  minShippingPrice?: number;
}

export interface OrderGroup<L extends GroupableLine> {
  orderKey: string;
  kind: SellerKind;
  shopId: number;
  lines: L[];
  /** Marketplace groups whose lines carry one: the highest. */
  minShippingPrice?: number;
}

const KIND_ORDER: readonly SellerKind[] = ['own', 'marketplace', 'dropshipping'];

/** The cart split into one delivery group per seller; rules in the module header. */
export function deliveryGroups<L extends GroupableLine>(lines: readonly L[]): OrderGroup<L>[] {
  const groups = new Map<string, OrderGroup<L>>();
  for (const line of lines) {
    const shopId = line.sellerKind === 'own' ? OWN_SHOP_ID : line.shopId;
    const orderKey = `${line.sellerKind}-${shopId}`;
    const group = groups.get(orderKey) ?? { orderKey, kind: line.sellerKind, shopId, lines: [] };
    group.lines.push(line);
    if (line.sellerKind === 'marketplace' && line.minShippingPrice !== undefined) {
      group.minShippingPrice = Math.max(group.minShippingPrice ?? 0, line.minShippingPrice);
    }
    groups.set(orderKey, group);
  }
  return [...groups.values()].sort((a, b) => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) || a.shopId - b.shopId);
}
