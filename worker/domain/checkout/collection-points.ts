/**
 * Collection points (spec §3 shipping type 2) as pure rules: how far a point is, which points a
 * search shows, why a cart cannot go to one, and what a point's opening hours say today.
 *
 * - Places are integers in millionths of a degree, as D1 stores them (`latitude_e6`). Distances
 *   are great-circle (haversine) kilometres on the mean Earth radius; at these distances the
 *   error against the ellipsoid is under 0.5 %.
 * - A search shows active points that take the parcel (`maxWeightGrams` ≥ its weight) within the
 *   distance asked — 15 km unless told (spec §9), 1 to 50 km, the limits of
 *   delivery-options.ts — nearest first (ties by id), at most
 *   `SHIPPING_POINT_MAX_RESULTS`, each with its distance rounded to one decimal. The parcel is
 *   what the point can carry; the store's own 20 kg limit per order is a reason below.
 * - A cart cannot go to a collection point (spec §3 `shippingPointsNotAllowedReasons`), as stable
 *   keys in this order: `marketplace` and `dropshipping` (other sellers ship themselves, and
 *   only home), `tooHeavy` (our parcel over COLLECTION_POINT_MAX_GRAMS, or heavy goods),
 *   `zoneNotServed` (the destination has no collection-point tariff, e.g. Canarias or Madeira),
 *   `nothingToShip` (only digital articles and services). These mirror `shippingCost` of
 *   shipping.ts for type 2, which stays the source of the price.
 * - Opening hours are per weekday (`mon`…`sun`), "09:00-14:00,17:00-20:30"; a missing or empty
 *   day is closed, "24:00" ends a day, and a range may not cross midnight (a malformed range is
 *   ignored, so the point reads as closed then rather than open by mistake).
 */
import { COLLECTION_POINT_MAX_GRAMS, COLLECTION_POINT_TARIFFS, isHeavy, shippingZone, type Destination, type SellerKind, type ShippingLine } from './shipping';

/** A place in millionths of a degree. */
export interface GeoPointE6 {
  latitudeE6: number;
  longitudeE6: number;
}

/** Mean Earth radius (IUGG), in km. */
export const EARTH_RADIUS_KM = 6371.0088;

/** The most points one search returns. */
export const SHIPPING_POINT_MAX_RESULTS = 20;

const radians = (e6: number): number => (e6 / 1e6) * (Math.PI / 180);

/** Great-circle distance in km between two places (haversine). */
export function distanceKm(a: GeoPointE6, b: GeoPointE6): number {
  const dLat = radians(b.latitudeE6 - a.latitudeE6);
  const dLon = radians(b.longitudeE6 - a.longitudeE6);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitudeE6)) * Math.cos(radians(b.latitudeE6)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export interface BoundingBoxE6 {
  minLatitudeE6: number;
  maxLatitudeE6: number;
  minLongitudeE6: number;
  maxLongitudeE6: number;
}

const KM_PER_DEGREE = (Math.PI / 180) * EARTH_RADIUS_KM;

/**
 * A latitude/longitude box holding every place within `radiusKm` of `centre`, for an indexed
 * prefilter in SQL; the exact distance decides afterwards. The longitude span is taken at the
 * box's edge farthest from the equator, where degrees of longitude are shortest.
 */
export function boundingBoxE6(centre: GeoPointE6, radiusKm: number): BoundingBoxE6 {
  const latDelta = radiusKm / KM_PER_DEGREE;
  const latitude = centre.latitudeE6 / 1e6;
  const farthest = Math.min(89, Math.abs(latitude) + latDelta);
  const lonDelta = Math.min(180, latDelta / Math.cos((farthest * Math.PI) / 180));
  return {
    minLatitudeE6: Math.floor((latitude - latDelta) * 1e6),
    maxLatitudeE6: Math.ceil((latitude + latDelta) * 1e6),
    minLongitudeE6: Math.floor(centre.longitudeE6 - lonDelta * 1e6),
    maxLongitudeE6: Math.ceil(centre.longitudeE6 + lonDelta * 1e6),
  };
}

/** What the search needs to know of a point. */
export interface ShippingPointCandidate extends GeoPointE6 {
  id: number;
  maxWeightGrams: number;
  active: boolean;
}

export interface NearestOptions {
  distanceKm: number;
  parcelGrams: number;
  limit?: number;
}

/** Whether an active point takes a parcel of that weight. */
export function pointAccepts(point: Pick<ShippingPointCandidate, 'active' | 'maxWeightGrams'>, parcelGrams: number): boolean {
  return point.active && point.maxWeightGrams >= parcelGrams;
}

/** The points a search shows, nearest first, with `distanceKm` to one decimal; rules in the header. */
export function nearestShippingPoints<P extends ShippingPointCandidate>(points: readonly P[], origin: GeoPointE6, options: NearestOptions): (P & { distanceKm: number })[] {
  const limit = options.limit ?? SHIPPING_POINT_MAX_RESULTS;
  return points
    .filter((point) => pointAccepts(point, options.parcelGrams))
    .map((point) => ({ point, km: distanceKm(origin, point) }))
    .filter(({ km }) => km <= options.distanceKm)
    .sort((a, b) => a.km - b.km || a.point.id - b.point.id)
    .slice(0, Math.max(0, limit))
    .map(({ point, km }) => ({ ...point, distanceKm: Math.round(km * 10) / 10 }));
}

/** The weight of a parcel of these articles, one unit each (negative weights count as 0). */
export function parcelGrams(articles: readonly { weightGrams: number }[]): number {
  return articles.reduce((total, article) => total + Math.max(0, article.weightGrams), 0);
}

export type ShippingPointNotAllowedReason = 'marketplace' | 'dropshipping' | 'tooHeavy' | 'zoneNotServed' | 'nothingToShip';

/** A cart line with its seller (the price plays no part here). */
export interface CollectionPointLine extends ShippingLine {
  sellerKind: SellerKind;
}

export interface CollectionPointFacts {
  lines: readonly CollectionPointLine[];
  /** Where the customer would collect it; absent when not chosen yet (then the zone is not judged). */
  destination?: Destination | null;
}

const units = (line: ShippingLine): number => (Number.isFinite(line.qty) ? Math.max(0, Math.floor(line.qty)) : 0);

/** Why the cart cannot go to a collection point, in a fixed order; empty when it can. */
export function shippingPointsNotAllowedReasons(facts: CollectionPointFacts): ShippingPointNotAllowedReason[] {
  const lines = facts.lines.filter((line) => units(line) > 0);
  const reasons: ShippingPointNotAllowedReason[] = [];
  if (lines.some((line) => line.sellerKind === 'marketplace')) reasons.push('marketplace');
  if (lines.some((line) => line.sellerKind === 'dropshipping')) reasons.push('dropshipping');
  const ours = lines.filter((line) => line.sellerKind === 'own' && !line.digital);
  const grams = ours.reduce((total, line) => total + Math.max(0, line.weightGrams) * units(line), 0);
  if (ours.some(isHeavy) || grams > COLLECTION_POINT_MAX_GRAMS) reasons.push('tooHeavy');
  if (facts.destination) {
    const zone = shippingZone(facts.destination.countryIso, facts.destination.provinceCode);
    if (zone === null || !COLLECTION_POINT_TARIFFS[zone]) reasons.push('zoneNotServed');
  }
  if (!lines.some((line) => !line.digital)) reasons.push('nothingToShip');
  return reasons;
}

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export type OpeningHours = Partial<Record<Weekday, string>>;

/** One opening range of a day, "HH:MM" each. */
export interface OpeningRange {
  opens: string;
  closes: string;
}

const minutesOf = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** The ranges of one day's text ("09:00-14:00,17:00-20:30"), malformed ones left out. */
export function openingRanges(text: string | undefined): OpeningRange[] {
  return (text ?? '')
    .split(',')
    .map((part) => /^\s*([01]\d|2[0-3]):([0-5]\d)\s*-\s*([01]\d|2[0-3]|24):([0-5]\d)\s*$/.exec(part))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => ({ opens: `${match[1]}:${match[2]}`, closes: `${match[3]}:${match[4]}` }))
    .filter((range) => minutesOf(range.closes) > minutesOf(range.opens) && minutesOf(range.closes) <= 24 * 60);
}

export interface OpeningToday {
  weekday: Weekday;
  ranges: OpeningRange[];
  openNow: boolean;
}

const weekdayFormats = new Map<string, Intl.DateTimeFormat>();

/** Weekday and minutes since midnight at `now` in `timeZone` (an IANA zone). */
function localClock(now: Date, timeZone: string): { weekday: Weekday; minutes: number } {
  let format = weekdayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    weekdayFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(now).map((part) => [part.type, part.value]));
  const weekday = String(parts.weekday).toLowerCase().slice(0, 3) as Weekday;
  return { weekday, minutes: Number(parts.hour) * 60 + Number(parts.minute) };
}

/** Today's opening ranges of a point at `now` in `timeZone`, and whether it is open right now. */
export function openingToday(hours: OpeningHours, now: Date, timeZone: string): OpeningToday {
  const { weekday, minutes } = localClock(now, timeZone);
  const ranges = openingRanges(hours[weekday]);
  return { weekday, ranges, openNow: ranges.some((range) => minutes >= minutesOf(range.opens) && minutes < minutesOf(range.closes)) };
}
