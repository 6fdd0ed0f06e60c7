// The start-up guard (worker/http/secrets.ts): production and staging refuse to serve with
// development secrets, and serve with proper ones.
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../worker/app';
import { REQUIRED_SECRET_NAMES, SECRETS, secretProblems } from '../../worker/http/secrets';

const app = createApp();

/** Live-looking values: every secret replaced, no sandbox switch, provider URLs on the internet. */
function properEnv(environment: 'production' | 'staging'): Env {
  const secrets = Object.fromEntries(SECRETS.map((spec, i) => [spec.name, `live-${spec.name.toLowerCase()}-${'k'.repeat(24)}${i}`]));
  return {
    ...env,
    ...secrets,
    ENVIRONMENT: environment,
    TEAM_ALERT_WEBHOOK_URL: 'https://ampora.webhook.office.com/webhookb2/0f3c9a/IncomingWebhook/ab12/cd34',
    ADYEN_HMAC_KEY: 'A1B2C3D4E5F60718293A4B5C6D7E8F90A1B2C3D4E5F60718293A4B5C6D7E8F90',
    SIBS_WEBHOOK_SECRET: 'bGl2ZS1zaWJzLXdlYmhvb2sta2V5LTMyLWJ5dGVzLWs=',
    EMAIL_API_URL: 'https://api.resend.com',
    EMAIL_SANDBOX: '',
    TEAM_ALERT_SANDBOX: '',
    TEST_CLOCK: undefined,
    ADYEN_API_BASE_URL: 'https://checkout-live.adyenpayments.com/checkout',
    ADYEN_CLIENT_API_URL: undefined,
    PAYPAL_API_BASE_URL: 'https://api-m.paypal.com',
    PAYPAL_CLIENT_ID: 'AmporaLiveClient',
    REDSYS_BASE_URL: 'https://sis.redsys.es',
    APLAZAME_API_BASE_URL: 'https://api.aplazame.com',
    APLAZAME_PUBLIC_KEY: 'live-aplazame-public',
    APLAZAME_SANDBOX: 'false',
    SIBS_API_BASE_URL: 'https://api.sibsgateway.com',
    SIBS_CLIENT_ID: 'live-sibs-client',
    INESPAY_API_BASE_URL: 'https://apiflow.inespay.com',
    FINANCING_API_BASE_URL: 'https://api.financing.example.com',
  } as Env;
}

const get = (url: string, bindings: Env) => app.fetch(new Request(url), bindings);

afterEach(() => vi.restoreAllMocks());

describe('production refuses development secrets', () => {
  it('answers 503 in the envelope on the API, a plain page elsewhere, and names the variables once in the log', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    // The development [vars] of wrangler.toml, deployed as production.
    const bindings = { ...env, ENVIRONMENT: 'production' } as Env;
    const api = await get('https://www.ampora.es/api/catalogue/search/suggestions?q=ra', bindings);
    expect(api.status).toBe(503);
    const body = (await api.json()) as { ok: boolean; err: { message: string } };
    expect(body.ok).toBe(false);
    const error = JSON.parse(body.err.message) as { type: string; code: string; message: string; details: { requestId: string } };
    expect(error).toMatchObject({ type: 'internal', code: 'SERVICE_UNAVAILABLE' });
    expect(error.message).toBe('La tienda no está disponible en este momento. Vuelve a intentarlo dentro de unos minutos.');
    expect(error.details.requestId).toBe(api.headers.get('X-Request-Id'));

    const page = await get('https://www.ampora.de/', bindings);
    expect(page.status).toBe(503);
    expect(page.headers.get('Content-Type')).toMatch(/^text\/html/);
    expect(await page.text()).toContain('Der Shop ist gerade nicht erreichbar.');

    const health = await get('https://www.ampora.fr/api/health', bindings);
    expect(health.status).toBe(503);
    const refused = (await health.json()) as { ok: boolean; err: { message: string } };
    expect(refused.ok).toBe(false);
    expect(JSON.parse(refused.err.message)).toMatchObject({ code: 'SERVICE_UNAVAILABLE', details: { secrets: 'refused', environment: 'production' } });

    const refusals = errors.mock.calls.map(([line]) => String(line)).filter((line) => line.includes('"secrets-refused"'));
    expect(refusals).toHaveLength(1);
    const logged = JSON.parse(refusals[0]!) as { variables: { name: string; problem: string }[] };
    expect(logged.variables).toEqual(
      expect.arrayContaining([
        { name: 'AUTH_SECRET', problem: 'development-value' },
        { name: 'PREVIEW_SECRET', problem: 'development-value' },
        { name: 'ADYEN_HMAC_KEY', problem: 'development-value' },
        { name: 'REDSYS_SECRET_KEY', problem: 'development-value' },
        { name: 'EMAIL_SANDBOX', problem: 'development-flag' },
        { name: 'TEST_CLOCK', problem: 'development-flag' },
        { name: 'ADYEN_API_BASE_URL', problem: 'local-url' },
      ]),
    );
    // Names only: no value of wrangler.toml's [vars] appears in the log line.
    for (const spec of SECRETS) {
      const value = (env as unknown as Record<string, string | undefined>)[spec.name];
      if (value) expect(refusals[0]).not.toContain(value);
    }
  });

  it('refuses a missing required secret, and one development value among proper ones', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const missing = { ...properEnv('production'), OPS_API_TOKEN: undefined } as Env;
    expect(secretProblems(missing)).toEqual([{ name: 'OPS_API_TOKEN', problem: 'missing' }]);
    expect((await get('https://www.ampora.es/api/health', missing)).status).toBe(503);
    const oneDev = { ...properEnv('staging'), INESPAY_CALLBACK_SECRET: 'dev-only-inespay-callback-3f6d90' } as Env;
    expect(secretProblems(oneDev)).toEqual([{ name: 'INESPAY_CALLBACK_SECRET', problem: 'development-value' }]);
    expect((await get('https://staging.ampora.es/', oneDev)).status).toBe(503);
    // An optional provider left unset only switches that provider off.
    expect(secretProblems({ ...properEnv('production'), INESPAY_API_KEY: undefined, INESPAY_CALLBACK_SECRET: undefined } as Env)).toEqual([]);
  });

  it('serves with proper values, in production and on the staging hosts', async () => {
    const bindings = properEnv('production');
    expect(secretProblems(bindings)).toEqual([]);
    const health = await get('https://www.ampora.pt/api/health', bindings);
    expect(health.status).toBe(200);
    expect(((await health.json()) as { data: unknown }).data).toMatchObject({ status: 'ok', environment: 'production', channel: 'PT' });
    const home = await get('https://www.ampora.it/', bindings);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<html');

    const staging = properEnv('staging');
    expect((await get('https://staging.ampora.fr/', staging)).status).toBe(200);
    // A production deployment does not answer on a staging host (the canonical-domain rule).
    expect((await get('https://staging.ampora.fr/', bindings)).status).toBe(421);
  });

  it('development is never guarded', () => {
    expect(secretProblems(env)).toEqual([]);
    expect(REQUIRED_SECRET_NAMES).toEqual(expect.arrayContaining(['AUTH_SECRET', 'EMAIL_API_KEY', 'PREVIEW_SECRET', 'OPS_API_TOKEN', 'ADYEN_API_KEY', 'ADYEN_HMAC_KEY', 'TEAM_ALERT_WEBHOOK_URL']));
  });
});
