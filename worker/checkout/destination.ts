/**
 * Where a checkout goes (spec §4): one of the customer's saved addresses (ownership checked), a
 * collection point (with the customer's name and phone for the notice), or one of our shops
 * (Barcelona's orders collected in Murcia, spec §9), with the province that prices and routes it;
 * and installation priced again where the parcel is delivered.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { blockedPostalCodes, countries, physicalShops, provinces } from '../db/schema';
import { shopShippingMarker } from '../domain/checkout/delivery-options';
import { provinceMatchesPostalCode } from '../domain/identity/postal-code';
import { appError } from '../http/errors';
import { loadOwnedAddress } from '../identity/addresses';
import type { UserRow } from '../identity/session';
import { installationsAt } from '../cart/installation';
import type { CartView } from '../cart/view';
import { loadShippingPoint } from './collection-points';
import type { DeliveryChoice } from './quote';


export async function provinceCode(db: Db, provinceId: number): Promise<string | null> {
  return (await provinceOf(db, provinceId))?.code ?? null;
}

async function provinceOf(db: Db, provinceId: number): Promise<{ code: string; name: string } | null> {
  const [row] = await db.select({ code: provinces.code, name: provinces.name }).from(provinces).where(eq(provinces.id, provinceId));
  return row ?? null;
}

/**
 * A saved address as an order keeps it: with its province's code and name, so pages and e-mails
 * can write it the country's way later (worker/domain/identity/address-format.ts).
 */
export async function withProvince<A extends { provinceId: number }>(db: Db, address: A): Promise<A & { provinceCode: string; provinceName: string }> {
  const province = await provinceOf(db, address.provinceId);
  return { ...address, provinceCode: province?.code ?? '', provinceName: province?.name ?? '' };
}

/** A 400 naming the missing field. */
function missing(path: string, message: MessageDescriptor) {
  return appError('invalidRequest', { target: 'json', issues: [{ path, message }] });
}

/** Where the order goes: a saved address, a collection point or one of our shops. */
export interface Destination {
  countryIso: string;
  provinceCode: string | null;
  shippingAddress: Record<string, unknown>;
  shopId: number | null;
  pickingPointId: number | null;
  /** The collection point's network, its only carrier. */
  pointCarrier: string | null;
}

async function provinceOfPostalCode(db: Db, countryIso: string, postalCode: string): Promise<string | null> {
  const rows = await db.select({ code: provinces.code, prefixes: provinces.postalPrefixes }).from(provinces).innerJoin(countries, eq(countries.id, provinces.countryId)).where(eq(countries.iso, countryIso));
  return rows.find((row) => provinceMatchesPostalCode(postalCode, row.prefixes))?.code ?? null;
}

export async function destinationOf(db: Db, user: UserRow, choice: DeliveryChoice, parcelGrams: number): Promise<Destination> {
  if (choice.shippingType === 3) {
    if (choice.shopId === undefined) throw missing('shopId', msg`Choose the shop where you will collect the order.`);
    // Spec §4: the shipping address becomes a marker derived from the shop (Barcelona's is Murcia's).
    const marker = shopShippingMarker(choice.shopId);
    const shopId = marker.shopId;
    const [shop] = await db.select().from(physicalShops).where(eq(physicalShops.id, shopId));
    if (!shop) throw appError('notFound');
    const shippingAddress = { ...marker, name: shop.name, address: shop.address, city: shop.city, postalCode: shop.postalCode, ...(choice.whoPicksUp ? { whoPicksUp: choice.whoPicksUp } : {}) };
    return { countryIso: 'ES', provinceCode: await provinceCode(db, shop.provinceId), shippingAddress, shopId, pickingPointId: null, pointCarrier: null };
  }
  if (choice.shippingAddressId === undefined) throw missing('shippingAddressId', msg`Choose a shipping address.`);
  const address = await loadOwnedAddress(db, 'shipping', user.id, choice.shippingAddressId);
  if (choice.shippingType === 2) {
    if (choice.pickingPointId === undefined) throw missing('pickingPointId', msg`Choose a collection point.`);
    const point = await loadShippingPoint(db, choice.pickingPointId);
    if (!point) throw appError('shippingPointNotFound');
    if (parcelGrams > point.maxWeightGrams) throw appError('shippingPointNotAllowed');
    // The parcel goes to the point, for the person of the chosen address (name and phone for the notice).
    const shippingAddress = { kind: 'point', pointId: point.id, carrier: point.carrier, pointName: point.name, address: point.address, postalCode: point.postalCode, city: point.city, countryIso: point.countryIso, name: address.name, surname: address.surname, phone: 'phone' in address ? address.phone : '' };
    return { countryIso: point.countryIso, provinceCode: await provinceOfPostalCode(db, point.countryIso, point.postalCode), shippingAddress, shopId: null, pickingPointId: point.id, pointCarrier: point.carrier };
  }
  if (await postalCodeBlocked(db, address.countryIso, address.postalCode)) throw appError('blockedPostalCode');
  const shippingAddress = await withProvince(db, address);
  return { countryIso: address.countryIso, provinceCode: shippingAddress.provinceCode || null, shippingAddress, shopId: null, pickingPointId: null, pointCarrier: null };
}

/** Whether carriers do not reach this postal code (spec §8 1149): a blocked code or prefix of it. */
async function postalCodeBlocked(db: Db, countryIso: string, postalCode: string): Promise<boolean> {
  const [row] = await db
    .select({ reason: blockedPostalCodes.reason })
    .from(blockedPostalCodes)
    .where(and(eq(blockedPostalCodes.countryIso, countryIso), sql`${postalCode} LIKE ${blockedPostalCodes.postalCode} || '%'`))
    .limit(1);
  return row !== undefined;
}

/**
 * Installation is done where the parcel is delivered: for a home delivery each installation line
 * is priced again for the address's postal code (38001 when we do not install there), and the
 * cart's subtotal follows. Pickups keep the price of the postal code the customer gave.
 */
export async function priceInstallationsAt(db: Db, cart: CartView, address: Record<string, unknown> | null): Promise<void> {
  if (!address) return;
  const lines = cart.articles.filter((line) => line.service?.kind === 'installation');
  const prices = await installationsAt(db, lines, String(address.postalCode), String(address.countryIso));
  for (const [i, line] of lines.entries()) {
    const priced = prices[i]!;
    if (!priced.ok) throw appError(priced.error, { postalCode: address.postalCode });
    const change = priced.totalPrice - line.totalPrice;
    line.unitPrice = priced.unitPrice;
    line.totalPrice = priced.totalPrice;
    cart.totals.articlesSubtotal += change;
    cart.totals.totalInstallationPrice += change;
  }
}

