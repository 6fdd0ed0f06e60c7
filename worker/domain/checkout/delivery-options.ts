/**
 * Delivery choices of the checkout as pure rules: pickup shops, customs zones, the collection
 * point search and how the cart splits into deliveries (spec §3, §4, §5, §9).
 *
 * - Physical shops: Madrid 30, Murcia 1, Barcelona 71, Murcia Thader 80. The checkout picks up
 *   only in Madrid and Murcia: Madrid stays Madrid and every other id, known or not, maps to
 *   Murcia (spec §9). The order's shipping address becomes the shop's marker, the negated shop
 *   id (spec §4; worker/checkout/destination.ts); what selecting a shop clears in the checkout
 *   draft is `applyDraftPatch` of worker/checkout/draft.ts.
 * - Store pickup (spec §3 `shops`, `notAvailableShopsReasons`): a shop is offered when its
 *   country serves the delivery country — its own country, and any other `PICKUP_SERVES` lists
 *   (none today) — so a delivery to Paris is offered no Spanish shop. The delivery country is the
 *   chosen shipping address's, else the channel's. When no shop is offered the reasons say why:
 *   `noShopInCountry` (no shop serves that country) and `otherSellers` (articles of other sellers,
 *   who ship themselves; spec §8 1170).
 * - Customs zones are Canarias (provinces 35, 38), Ceuta (51) and Melilla (52). Shipping and
 *   billing match when neither is in one, or both are in the same one (spec §5).
 * - Collection point search: countries with collection points (ES, PT, FR, IT, DE) and a
 *   distance in whole km from 1 to 50, 15 when not given (spec §9); the search itself is
 *   worker/domain/checkout/collection-points.ts, its query worker/api/shipping-points.ts.
 * - Deliveries: one group per seller (spec §3 `ordersAndDeliveries`). All the retailer's own
 *   lines go together under shop 0 ('own-0'); each marketplace shop and each dropshipper gets its
 *   own group ('marketplace-<shopId>', 'dropshipping-<shopId>'). Groups come own first, then
 *   marketplace, then dropshipping, each by shop id, so the order does not change when lines are
 *   added or removed; lines keep their cart order. A marketplace group's `minShippingPrice` is
 *   the highest among its lines (the seller ships one parcel, at its dearest offer's price).
 */
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

/** Delivery countries a shop's country serves for pickup besides its own (ISO codes). */
export const PICKUP_SERVES: Readonly<Record<string, readonly string[]>> = {};

export type NotAvailableShopsReason = 'noShopInCountry' | 'otherSellers';

export interface PickupFacts {
  /** Where the order would otherwise go: the shipping address's country, else the channel's. */
  deliveryCountry: string;
  sellerKinds: readonly SellerKind[];
}

/** Whether a shop in `shopCountry` can serve a delivery to `deliveryCountry`. */
export function shopServes(shopCountry: string, deliveryCountry: string, serves: Readonly<Record<string, readonly string[]>> = PICKUP_SERVES): boolean {
  const shop = shopCountry.trim().toUpperCase();
  const delivery = deliveryCountry.trim().toUpperCase();
  return shop !== '' && (shop === delivery || (serves[shop] ?? []).includes(delivery));
}

/** The shops offered for pickup (in the given order), or none with the reasons why (module header). */
export function pickupShops<S extends { id: number; countryIso: string }>(
  shops: readonly S[],
  facts: PickupFacts,
  serves: Readonly<Record<string, readonly string[]>> = PICKUP_SERVES,
): { shops: S[]; notAvailableShopsReasons: NotAvailableShopsReason[] } {
  const serving = shops.filter((shop) => shopServes(shop.countryIso, facts.deliveryCountry, serves));
  const reasons: NotAvailableShopsReason[] = [];
  if (serving.length === 0) reasons.push('noShopInCountry');
  if (facts.sellerKinds.some((kind) => kind !== 'own')) reasons.push('otherSellers');
  return { shops: reasons.length === 0 ? serving : [], notAvailableShopsReasons: reasons };
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
