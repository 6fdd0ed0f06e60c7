// GET /api/orders/get-shipping-points (spec §7) through the real Worker on the seeded points
// (scripts/seed/shipping-points.ts), and the D1 functions the checkout calls.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { findShippingPoints, loadShippingPoint, locatePostalCode } from '../../worker/checkout/collection-points';
import { createDb } from '../../worker/db/client';
import { apiCall, host, request } from './helpers';

interface Point {
  id: number;
  carrier: string;
  name: string;
  address: string;
  postalCode: string;
  city: string;
  distanceKm: number;
  maxWeightGrams: number;
  openingHours: Record<string, string>;
}
interface Answer {
  points: Point[];
  distance: number;
  origin: { postalCode: string; latitude: number; longitude: number };
}

const ES = host('ES');
const search = (query: string) => apiCall<Answer>(`${ES}/api/orders/get-shipping-points?${query}`);
const ids = (answer: Answer | null) => answer?.points.map((p) => p.id) ?? [];
const issuePaths = (details: unknown) => ((details as { issues?: { path: string }[] }).issues ?? []).map((issue) => issue.path.split('.')[0]);

/** Seed points (scripts/seed/shipping-points.ts) around Madrid's 28013. */
const GRAN_VIA = 1001;
const CHAMBERI = 1002;
const ATOCHA_LOCKER = 1003;
const GOYA = 1004;
const GETAFE = 1005; // 12.5 km, takes 30 kg
const ALCALA = 1006; // 29.9 km
const CARMEN_INACTIVE = 1007; // 0.5 km, inactive

/** An article of the test catalogue whose weight lies in (min, max] grams. */
async function articleWeighing(min: number, max: number): Promise<{ id: number; weight: number }> {
  const row = await env.DB.prepare('SELECT id, weight_grams AS weight FROM articles WHERE weight_grams > ? AND weight_grams <= ? ORDER BY id LIMIT 1').bind(min, max).first<{ id: number; weight: number }>();
  if (!row) throw new Error(`no article between ${min} and ${max} g in the test catalogue`);
  return row;
}

describe('GET /api/orders/get-shipping-points', () => {
  it('lists the active points within 15 km of a Madrid postal code, nearest first', async () => {
    const { status, body, error } = await search('country=ES&cp=28013');
    expect(error).toBeNull();
    expect(status).toBe(200);
    const answer = body.data!;
    expect(answer.distance).toBe(15);
    expect(answer.origin).toEqual({ postalCode: '28013', latitude: 40.4195, longitude: -3.71 });
    expect(ids(answer)).toEqual([GRAN_VIA, CHAMBERI, ATOCHA_LOCKER, GOYA, GETAFE]);
    const distances = answer.points.map((p) => p.distanceKm);
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);
    expect(Math.max(...distances)).toBeLessThanOrEqual(15);
    expect(answer.points[0]).toEqual({
      id: GRAN_VIA,
      carrier: 'seur',
      name: 'Estanco Gran Vía',
      address: 'Gran Vía, 32',
      postalCode: '28013',
      city: 'Madrid',
      distanceKm: 0.4,
      maxWeightGrams: 20_000,
      openingHours: expect.objectContaining({ mon: '09:30-14:00,17:00-20:30', sat: '10:00-14:00' }),
    });
    expect(answer.points[0]!.openingHours.sun).toBeUndefined();
  });

  it('is public (no session, any case of country) and may be kept for five minutes', async () => {
    const response = await request(`${ES}/api/orders/get-shipping-points?country=es&cp=28013`);
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('private, max-age=300');
    expect(ids(((await response.json()) as { data: Answer }).data)).toContain(GRAN_VIA);
  });

  it('narrows and widens with the distance', async () => {
    expect(ids((await search('country=ES&cp=28013&distance=1')).body.data)).toEqual([GRAN_VIA]);
    expect(ids((await search('country=ES&cp=28013&distance=2')).body.data)).toEqual([GRAN_VIA, CHAMBERI]);
    const wide = (await search('country=ES&cp=28013&distance=40')).body.data!;
    expect(wide.distance).toBe(40);
    expect(ids(wide)).toEqual([GRAN_VIA, CHAMBERI, ATOCHA_LOCKER, GOYA, GETAFE, ALCALA]);
  });

  it('places a postal code without a row of its own by its province prefix', async () => {
    // 28040 (Ciudad Universitaria) is not seeded: it resolves to Madrid's "28" at the Puerta del
    // Sol, from where Atocha is nearer than Chamberí (from 28013 it is the other way round).
    const { status, body } = await search('country=ES&cp=28040');
    expect(status).toBe(200);
    expect(body.data!.origin).toEqual({ postalCode: '28040', latitude: 40.4168, longitude: -3.7038 });
    expect(ids(body.data)).toEqual([GRAN_VIA, ATOCHA_LOCKER, CHAMBERI, GOYA, GETAFE]);
    // Portuguese codes are normalized first: 1100048 is 1100-048, which has its own row.
    const lisbon = await search('country=PT&cp=1100048');
    expect(lisbon.body.data!.origin.postalCode).toBe('1100-048');
    expect(ids(lisbon.body.data)[0]).toBe(2001);
    expect(ids(lisbon.body.data)).not.toContain(2006);
    // A German code of a Land geo.ts gives no prefix (NRW) still resolves, to its Leitregion.
    expect(ids((await search('country=DE&cp=50667')).body.data)).toContain(5010);
  });

  it('answers 404 for a postal code we cannot place', async () => {
    const { status, body, error } = await search('country=FR&cp=97110');
    expect(status).toBe(404);
    expect(body).toMatchObject({ ok: false, data: null });
    expect(error).toMatchObject({ type: 'not_found', code: 'POSTAL_CODE_NOT_FOUND' });
    expect(error!.message.length).toBeGreaterThan(0);
  });

  it('refuses a bad country, postal code, distance or article list with the fields at fault', async () => {
    const cases: [string, string[]][] = [
      ['country=GB&cp=28013', ['country']],
      ['country=AD&cp=AD500', ['country']],
      ['cp=28013', ['country']],
      ['country=ES', ['cp']],
      ['country=ES&cp=28013&distance=0', ['distance']],
      ['country=ES&cp=28013&distance=51', ['distance']],
      ['country=ES&cp=28013&distance=2.5', ['distance']],
      ['country=ES&cp=28013&distance=far', ['distance']],
      ['country=ES&cp=28013&idArticle=0', ['idArticle']],
      ['country=ES&cp=28013&idArticle=1,x', ['idArticle']],
      [`country=ES&cp=28013&idArticle=${Array.from({ length: 31 }, () => 1).join(',')}`, ['idArticle']],
      ['country=GB&cp=28013&distance=99', ['country', 'distance']],
    ];
    for (const [query, fields] of cases) {
      const { status, body, error } = await search(query);
      expect(status, query).toBe(400);
      expect(body.data, query).toBeNull();
      expect(error?.code, query).toBe('INVALID_REQUEST');
      expect(issuePaths(error?.details).sort(), query).toEqual([...fields].sort());
    }
  });

  it("checks the postal code against the country's format and says so in the field's message, in the visitor's language", async () => {
    for (const query of ['country=ES&cp=2801', 'country=ES&cp=60000', 'country=PT&cp=28013', 'country=DE&cp=ABCDE']) {
      const { status, error } = await apiCall(`${ES}/api/orders/get-shipping-points?${query}`, { headers: { 'X-Selected-Language': 'en_EN' } });
      expect(status, query).toBe(400);
      const issues = (error?.details as { issues: { path: string; message: string }[] }).issues;
      expect(issues.map((issue) => issue.path), query).toEqual(['cp']);
      expect(issues[0]!.message).toMatch(/postal code/i);
    }
    const spanish = await search('country=ES&cp=2801');
    const [issue] = (spanish.error?.details as { issues: { message: string }[] }).issues;
    expect(issue!.message).toMatch(/código postal/i);
  });

  it('answers 404 for an article that does not exist', async () => {
    const { status, error } = await search('country=ES&cp=28013&idArticle=1,99999999');
    expect(status).toBe(404);
    expect(error).toMatchObject({ code: 'ARTICLE_NOT_FOUND', details: { idArticle: [99999999] } });
  });

  it('leaves out the points that cannot carry the parcel: lockers take 15 kg, most shops 20', async () => {
    const light = await articleWeighing(0, 5000);
    expect(ids((await search(`country=ES&cp=28013&idArticle=${light.id}`)).body.data)).toContain(ATOCHA_LOCKER);
    const bulky = await articleWeighing(15_000, 20_000);
    expect(ids((await search(`country=ES&cp=28013&idArticle=${bulky.id}`)).body.data)).toEqual([GRAN_VIA, CHAMBERI, GOYA, GETAFE]);
    const heavy = await articleWeighing(20_000, 30_000);
    expect(ids((await search(`country=ES&cp=28013&idArticle=${heavy.id}`)).body.data)).toEqual([GETAFE]);
    const tooHeavy = await articleWeighing(30_000, 1_000_000);
    const none = await search(`country=ES&cp=28013&idArticle=${tooHeavy.id}`);
    expect(none.status).toBe(200);
    expect(none.body.data!.points).toEqual([]);
  });

  it('counts an article once per time it is named, in a list or in repeated keys', async () => {
    const medium = await articleWeighing(7_500, 15_000);
    expect(ids((await search(`country=ES&cp=28013&idArticle=${medium.id}`)).body.data)).toContain(ATOCHA_LOCKER);
    const twice = ids((await search(`country=ES&cp=28013&idArticle=${medium.id},${medium.id}`)).body.data);
    expect(twice).not.toContain(ATOCHA_LOCKER);
    expect(ids((await search(`country=ES&cp=28013&idArticle=${medium.id}&idArticle=${medium.id}`)).body.data)).toEqual(twice);
  });

  it('never shows an inactive point, however near', async () => {
    for (const [country, cp, inactive] of [['ES', '28013', CARMEN_INACTIVE], ['PT', '1100-200', 2006], ['FR', '75010', 3006], ['IT', '20121', 4005], ['DE', '10119', 5005]] as const) {
      const { status, body } = await search(`country=${country}&cp=${cp}&distance=50`);
      expect(status).toBe(200);
      expect(body.data!.points.length, country).toBeGreaterThan(0);
      expect(ids(body.data), country).not.toContain(inactive);
    }
  });
});

describe('collection points in D1', () => {
  const db = createDb(env.DB);

  it('locates a postal code by its own row, else its longest prefix, else not at all', async () => {
    expect(await locatePostalCode(db, 'ES', '28014')).toEqual({ countryIso: 'ES', matched: '28014', latitudeE6: 40_414_000, longitudeE6: -3_692_000 });
    expect(await locatePostalCode(db, 'ES', '41020')).toMatchObject({ matched: '41' });
    expect(await locatePostalCode(db, 'PT', '4470-001')).toMatchObject({ matched: '44' });
    expect(await locatePostalCode(db, 'FR', '97110')).toBeUndefined();
    expect(await locatePostalCode(db, 'ES', '28013'.slice(0, 0))).toBeUndefined();
    // Another country's rows do not count.
    expect(await locatePostalCode(db, 'IT', '28014')).toMatchObject({ matched: '28' });
    expect((await locatePostalCode(db, 'IT', '28014'))!.latitudeE6).not.toBe(40_414_000);
  });

  it('loads an active chosen point and nothing for an inactive or unknown one', async () => {
    expect(await loadShippingPoint(db, GRAN_VIA)).toMatchObject({ id: GRAN_VIA, countryIso: 'ES', carrier: 'seur', maxWeightGrams: 20_000, latitudeE6: 40_420_300 });
    expect(await loadShippingPoint(db, CARMEN_INACTIVE)).toBeUndefined();
    expect(await loadShippingPoint(db, 987_654)).toBeUndefined();
  });

  it('reports the parcel weight and the origin of a search', async () => {
    const light = await articleWeighing(0, 5000);
    const bulky = await articleWeighing(15_000, 20_000);
    const found = await findShippingPoints(db, { countryIso: 'ES', postalCode: '28013', articleIds: [bulky.id, light.id], distanceKm: 15 });
    expect(found.parcelGrams).toBe(bulky.weight + light.weight);
    expect(found.origin).toMatchObject({ countryIso: 'ES', matched: '28013' });
    expect(found.points.map((p) => p.id)).toEqual(bulky.weight + light.weight <= 20_000 ? [GRAN_VIA, CHAMBERI, GOYA, GETAFE] : [GETAFE]);
    await expect(findShippingPoints(db, { countryIso: 'FR', postalCode: '97110', articleIds: [], distanceKm: 15 })).rejects.toMatchObject({ entry: { code: 'POSTAL_CODE_NOT_FOUND' } });
  });
});
