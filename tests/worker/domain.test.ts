// The canonical-domain rule (spec §1) through the real Worker. Its own file: the channel
// configuration is cached per isolate for 30 s, so it is written before the first request.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCall, page } from './helpers';

beforeAll(async () => {
  await env.CONFIG.put('config:channel:PT', JSON.stringify({ canonicalDomain: 'www.ampora.pt' }));
});

describe('canonical domain', () => {
  it('refuses a different store domain with 421 Domain not allowed', async () => {
    const { status, html } = await page('http://pt.localhost/');
    expect(status).toBe(421);
    expect(html).toContain('<h1>Domínio não permitido</h1>');
    expect(html).not.toContain('data-channel');
  });

  it('refuses API calls the same way, in the envelope', async () => {
    const { status, error } = await apiCall('http://pt.localhost/api/checkout/countries');
    expect(status).toBe(421);
    expect(error).toMatchObject({ type: 'domain', code: 'DOMAIN_NOT_ALLOWED' });
  });

  it('serves the store on the canonical domain itself', async () => {
    const { status, html } = await page('http://www.ampora.pt/');
    expect(status).toBe(200);
    expect(html).toContain('data-channel="PT"');
  });

  it('leaves the other channels alone', async () => {
    expect((await page('http://fr.localhost/')).status).toBe(200);
  });
});
