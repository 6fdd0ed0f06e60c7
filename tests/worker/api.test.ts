import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { apiCall } from './helpers';

const ES = 'http://es.localhost';

function post(path: string, body: string, headers: Record<string, string> = {}) {
  return apiCall(`${ES}${path}`, { method: 'POST', body, headers: { 'Content-Type': 'application/json', ...headers } });
}

describe('API envelope (spec §7)', () => {
  it('wraps a good answer in ok/data/err', async () => {
    const { status, body } = await apiCall(`${ES}/api/checkout/countries`);
    expect(status).toBe(200);
    expect(body.ok).toBe(true);
    expect(body.err).toBeNull();
    expect(Array.isArray(body.data)).toBe(true);
  });

  it('answers a bad body with 400, the field at fault, and changes nothing', async () => {
    const { status, body, error } = await post('/api/users/tracking/session', JSON.stringify({ visitorId: 'bad id!', adBlock: 'yes' }));
    expect(status).toBe(400);
    expect(body.ok).toBe(false);
    expect(body.data).toBeNull();
    expect(error).toMatchObject({ type: 'validation', code: 'INVALID_REQUEST' });
    const fields = (error!.details as { issues: { path: string }[] }).issues.map((issue) => issue.path);
    expect(fields).toEqual(expect.arrayContaining(['visitorId', 'adBlock']));
    const keys = await env.SESSIONS.list({ prefix: 'visitor:' });
    expect(keys.keys).toHaveLength(0);
  });

  it('answers malformed JSON with 400 in the envelope', async () => {
    const { status, error } = await post('/api/users/tracking/session', '{"visitorId": ');
    expect(status).toBe(400);
    expect(error).toMatchObject({ type: 'validation', code: 'INVALID_JSON' });
  });

  it('answers an unknown API path with the 404 envelope, not a page', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const { status, error } = await apiCall(`${ES}/api/no/such/thing`, { method });
      expect(status).toBe(404);
      expect(error).toMatchObject({ type: 'not_found', code: 'NOT_FOUND' });
    }
  });

  it('writes messages in the language the client selects, when the channel offers it', async () => {
    const spanish = await apiCall(`${ES}/api/no/such/thing`);
    const english = await apiCall(`${ES}/api/no/such/thing`, { headers: { 'X-Selected-Language': 'en_EN' } });
    const german = await apiCall(`${ES}/api/no/such/thing`, { headers: { 'X-Selected-Language': 'de_DE' } });
    expect(english.error!.message).toBe('Nothing was found at this address.');
    expect(spanish.error!.message).not.toBe(english.error!.message);
    // German is not offered on the Spanish channel: the channel's language is used.
    expect(german.error!.message).toBe(spanish.error!.message);
  });

  it('answers an unknown host with a 404 envelope', async () => {
    const { status, error } = await apiCall('http://api.example.org/api/checkout/countries');
    expect(status).toBe(404);
    expect(error).toMatchObject({ code: 'UNKNOWN_HOST' });
  });
});

describe('visitor session', () => {
  it('stores the session and answers its expiry', async () => {
    const before = Date.now();
    const { status, body } = await post('/api/users/tracking/session', JSON.stringify({ visitorId: 'visitor-1234', adBlock: true }));
    expect(status).toBe(200);
    const expiresAt = Date.parse((body.data as { expiresAt: string }).expiresAt);
    expect(expiresAt).toBeGreaterThan(before + 29 * 60_000);
    const stored = await env.SESSIONS.get('visitor:visitor-1234', 'json');
    expect(stored).toMatchObject({ adBlock: true, channel: 'ES' });
  });
});

describe('countries and provinces', () => {
  type Country = { id: number; iso: string; name: string; phonePrefix: string };

  it('lists the countries with names in the request language', async () => {
    const es = await apiCall<Country[]>(`${ES}/api/checkout/countries`);
    const en = await apiCall<Country[]>(`${ES}/api/checkout/countries`, { headers: { 'X-Selected-Language': 'en_EN' } });
    const spain = es.body.data!.find((c) => c.iso === 'ES')!;
    expect(spain).toMatchObject({ name: 'España', phonePrefix: '+34' });
    expect(en.body.data!.find((c) => c.iso === 'ES')!.name).toBe('Spain');
    expect(es.body.data!.map((c) => c.iso)).toEqual(expect.arrayContaining(['ES', 'PT', 'FR', 'IT', 'DE']));
  });

  it('lists the provinces of a country from the database', async () => {
    const countries = await apiCall<Country[]>(`${ES}/api/checkout/countries`);
    const spain = countries.body.data!.find((c) => c.iso === 'ES')!;
    const { status, body } = await apiCall<{ name: string; countryId: number }[]>(`${ES}/api/checkout/countries/${spain.id}/provinces`);
    expect(status).toBe(200);
    const rows = await env.DB.prepare('SELECT count(*) AS n FROM provinces WHERE country_id = ?').bind(spain.id).first<{ n: number }>();
    expect(body.data).toHaveLength(rows!.n);
    expect(body.data!.length).toBeGreaterThanOrEqual(52);
    expect(body.data!.every((p) => p.countryId === spain.id)).toBe(true);
    expect(body.data!.map((p) => p.name)).toContain('Madrid');
    // Accented names sort with their letter: Ávila among the A's, Cáceres before Cuenca.
    const names = body.data!.map((p) => p.name);
    expect(names.indexOf('Ávila')).toBeLessThan(names.indexOf('Badajoz'));
    expect(names.indexOf('Cáceres')).toBeLessThan(names.indexOf('Cuenca'));
  });

  it('answers 404 for a country that does not exist and 400 for a malformed id', async () => {
    expect((await apiCall(`${ES}/api/checkout/countries/99999/provinces`)).error).toMatchObject({ code: 'COUNTRY_NOT_FOUND' });
    const bad = await apiCall(`${ES}/api/checkout/countries/abc/provinces`);
    expect(bad.status).toBe(400);
    expect(bad.error).toMatchObject({ type: 'validation' });
  });
});
