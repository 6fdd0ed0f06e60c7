/**
 * `GET /api/orders/get-shipping-points?country&cp&idArticle&distance` (spec §7): the collection
 * points near a postal code that take the parcel, nearest first. Public reference data (no
 * session), so browsers may keep an answer for five minutes.
 *
 * - `country`: ES, PT, FR, IT or DE (any case).
 * - `cp`: a postal code of that country (worker/domain/identity/postal-code.ts); one we cannot
 *   place, not even by its province's prefix, is `postalCodeUnknown` (404).
 * - `idArticle`: optional; comma-separated ids and/or repeated keys, at most 30 (a basket's
 *   lines), one unit each — repeat an id for more units. An unknown one is `articleNotFound`.
 * - `distance`: optional whole km, 1 to 50, 15 when absent (spec §9).
 *
 * Answer: `{ points, distance, origin: { postalCode, latitude, longitude } }`, degrees in origin.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { findShippingPoints } from '../checkout/collection-points';
import { SHIPPING_POINT_COUNTRIES, SHIPPING_POINT_DEFAULT_DISTANCE_KM, SHIPPING_POINT_MAX_DISTANCE_KM, SHIPPING_POINT_MIN_DISTANCE_KM } from '../domain/checkout/delivery-options';
import { normalizePostalCode } from '../domain/identity/postal-code';
import type { AppEnv } from '../http/context';
import { appError, okEnvelope } from '../http/errors';
import { validate } from '../http/validate';
import { ADDRESS_MESSAGES } from '../identity/address-messages';
import { describe } from '../http/openapi-meta';

/** At most as many articles as a basket has lines (error 1137 refuses a 31st). */
export const MAX_SEARCH_ARTICLES = 30;

const articleIds = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) =>
    [value ?? []]
      .flat()
      .flatMap((part) => part.split(','))
      .map((part) => part.trim())
      .filter((part) => part !== ''),
  )
  .pipe(z.array(z.string().regex(/^[1-9]\d{0,8}$/, 'an article id is a positive whole number')).max(MAX_SEARCH_ARTICLES, `at most ${MAX_SEARCH_ARTICLES} article ids`))
  .transform((ids) => ids.map(Number));

const query = z.object({
  country: z.string().trim().toUpperCase().pipe(z.enum(SHIPPING_POINT_COUNTRIES, { error: `one of ${SHIPPING_POINT_COUNTRIES.join(', ')}` })),
  cp: z.string().trim().min(1, 'a postal code').max(12, 'a postal code'),
  idArticle: articleIds,
  distance: z.coerce
    .number()
    .int('whole kilometres')
    .min(SHIPPING_POINT_MIN_DISTANCE_KM, `at least ${SHIPPING_POINT_MIN_DISTANCE_KM} km`)
    .max(SHIPPING_POINT_MAX_DISTANCE_KM, `at most ${SHIPPING_POINT_MAX_DISTANCE_KM} km`)
    .default(SHIPPING_POINT_DEFAULT_DISTANCE_KM),
});

export const shippingPointsApi = new Hono<AppEnv>().get('/get-shipping-points', describe({ summary: 'Collection points near a postal code', errors: ['articleNotFound', 'invalidRequest', 'postalCodeUnknown'] }), validate('query', query), async (c) => {
  const { country, cp, idArticle, distance } = c.req.valid('query');
  // Checked here rather than in the schema so the person typing it reads the reason in their language.
  const postal = normalizePostalCode(country, cp);
  if (!postal.ok) {
    throw appError('invalidRequest', { target: 'query', issues: [{ path: 'cp', message: c.var.i18n._(ADDRESS_MESSAGES.postalCodeFormat) }] });
  }
  const found = await findShippingPoints(c.var.db, { countryIso: country, postalCode: postal.postalCode, articleIds: idArticle, distanceKm: distance });
  c.header('Cache-Control', 'private, max-age=300');
  return c.json(
    okEnvelope({
      points: found.points,
      distance,
      origin: { postalCode: postal.postalCode, latitude: found.origin.latitudeE6 / 1e6, longitude: found.origin.longitudeE6 / 1e6 },
    }),
  );
});
