/**
 * Collection points in D1 (spec §3 shipping type 2, §7 get-shipping-points): where a postal code
 * is, the points near it that take a parcel, and one chosen point for the checkout. The rules —
 * distance, which points show, in what order — are worker/domain/checkout/collection-points.ts;
 * here SQL only narrows the rows (a latitude/longitude box on the country+latitude index) and
 * turns them into domain values.
 */
import { and, between, desc, eq, gte, sql } from 'drizzle-orm';
import { inList } from '../db/limits';
import type { Db } from '../db/client';
import { articles, postalCodeLocations, shippingPoints } from '../db/schema';
import { boundingBoxE6, nearestShippingPoints, parcelGrams, type GeoPointE6, type OpeningHours } from '../domain/checkout/collection-points';
import { appError } from '../http/errors';

export interface PostalCodeLocation extends GeoPointE6 {
  countryIso: string;
  /** The row that matched: the whole code, or the longest prefix of it that has a row. */
  matched: string;
}

export interface ShippingPoint extends GeoPointE6 {
  id: number;
  countryIso: string;
  carrier: string;
  name: string;
  address: string;
  postalCode: string;
  city: string;
  maxWeightGrams: number;
  openingHours: OpeningHours;
}

/** A point as a search answers it: no coordinates, the distance from the search's origin instead. */
export type ShippingPointView = Omit<ShippingPoint, 'countryIso' | 'latitudeE6' | 'longitudeE6'> & { distanceKm: number };

export interface ShippingPointSearch {
  countryIso: string;
  /** Normalized (worker/domain/identity/postal-code.ts). */
  postalCode: string;
  /** The parcel: one unit per id; an id given twice counts twice. */
  articleIds: readonly number[];
  distanceKm: number;
}

export interface ShippingPointResult {
  origin: PostalCodeLocation;
  parcelGrams: number;
  points: ShippingPointView[];
}

/** The code itself and each shorter prefix of it, longest first ("28013", "2801", … "2"). */
const prefixesOf = (postalCode: string): string[] => Array.from({ length: postalCode.length }, (_, i) => postalCode.slice(0, postalCode.length - i));

function locateQuery(db: Db, countryIso: string, postalCode: string) {
  return db
    .select({ matched: postalCodeLocations.postalCode, latitudeE6: postalCodeLocations.latitude, longitudeE6: postalCodeLocations.longitude })
    .from(postalCodeLocations)
    .where(and(eq(postalCodeLocations.countryIso, countryIso), inList(postalCodeLocations.postalCode, prefixesOf(postalCode))))
    .orderBy(desc(sql`length(${postalCodeLocations.postalCode})`))
    .limit(1);
}

/**
 * Where a postal code is: its own row, else the row of its longest prefix (a province's), else
 * undefined. `postalCode` is expected normalized; an empty one finds nothing.
 */
export async function locatePostalCode(db: Db, countryIso: string, postalCode: string): Promise<PostalCodeLocation | undefined> {
  if (postalCode === '') return undefined;
  const [row] = await locateQuery(db, countryIso, postalCode);
  return row ? { countryIso, ...row } : undefined;
}

const pointColumns = {
  id: shippingPoints.id,
  countryIso: shippingPoints.countryIso,
  carrier: shippingPoints.carrier,
  name: shippingPoints.name,
  address: shippingPoints.address,
  postalCode: shippingPoints.postalCode,
  city: shippingPoints.city,
  latitudeE6: shippingPoints.latitude,
  longitudeE6: shippingPoints.longitude,
  maxWeightGrams: shippingPoints.maxWeightGrams,
  openingHours: shippingPoints.openingHours,
};

/**
 * The active points of the country within `distanceKm` of the postal code that take the parcel
 * of `articleIds`, nearest first (rules in the domain module). Throws `postalCodeUnknown` when
 * neither the code nor a prefix of it has a location, and `articleNotFound` (details: the
 * missing ids) for an article that does not exist.
 */
export async function findShippingPoints(db: Db, search: ShippingPointSearch): Promise<ShippingPointResult> {
  if (search.postalCode === '') throw appError('postalCodeUnknown');
  const locate = locateQuery(db, search.countryIso, search.postalCode);
  const distinct = [...new Set(search.articleIds)];
  const weightsQuery = db.select({ id: articles.id, weightGrams: articles.weightGrams }).from(articles).where(inList(articles.id, distinct));
  const [[located], weights] = distinct.length > 0 ? await db.batch([locate, weightsQuery]) : [await locate, []];
  if (!located) throw appError('postalCodeUnknown', { postalCode: search.postalCode });
  const weightOf = new Map(weights.map((row) => [row.id, row.weightGrams]));
  const missing = distinct.filter((id) => !weightOf.has(id));
  if (missing.length > 0) throw appError('articleNotFound', { idArticle: missing });

  const origin: PostalCodeLocation = { countryIso: search.countryIso, ...located };
  const grams = parcelGrams(search.articleIds.map((id) => ({ weightGrams: weightOf.get(id)! })));
  const box = boundingBoxE6(origin, search.distanceKm);
  const candidates = await db
    .select({ ...pointColumns, active: shippingPoints.active })
    .from(shippingPoints)
    .where(
      // The box and these two filters only narrow the rows; nearestShippingPoints decides.
      and(
        eq(shippingPoints.countryIso, search.countryIso),
        between(shippingPoints.latitude, box.minLatitudeE6, box.maxLatitudeE6),
        between(shippingPoints.longitude, box.minLongitudeE6, box.maxLongitudeE6),
        eq(shippingPoints.active, true),
        gte(shippingPoints.maxWeightGrams, grams),
      ),
    );
  const points = nearestShippingPoints(candidates, origin, { distanceKm: search.distanceKm, parcelGrams: grams });
  return {
    origin,
    parcelGrams: grams,
    points: points.map(({ id, carrier, name, address, postalCode, city, distanceKm, maxWeightGrams, openingHours }) => ({ id, carrier, name, address, postalCode, city, distanceKm, maxWeightGrams, openingHours })),
  };
}

/**
 * A point the customer chose, for the checkout to check and show: the active point with that id,
 * or undefined (an inactive point is as gone as one that never was; callers answer
 * `shippingPointNotFound`).
 */
export async function loadShippingPoint(db: Db, id: number): Promise<ShippingPoint | undefined> {
  const [row] = await db
    .select(pointColumns)
    .from(shippingPoints)
    .where(and(eq(shippingPoints.id, id), eq(shippingPoints.active, true)))
    .limit(1);
  return row;
}
