/** The Inespay adapter's settings, from env. Development values (wrangler.toml) are refused in production. */
export interface InespayConfig {
  /** API base without the version, e.g. https://api.inespay.com (development: the local sandbox, …/inespay). */
  baseUrl: string;
  apiKey: string;
  /** Key of the callbacks' X-Inespay-Signature (HMAC-SHA256 of the body). */
  callbackSecret: string;
}

export interface InespayEnv {
  ENVIRONMENT: string;
  INESPAY_API_BASE_URL?: string;
  INESPAY_API_KEY?: string;
  INESPAY_CALLBACK_SECRET?: string;
}

const DEV_PREFIX = 'dev-only-';

/** The configuration in force, or undefined: something missing, or a development value in production. */
export function inespayConfig(env: InespayEnv): InespayConfig | undefined {
  const { INESPAY_API_BASE_URL: baseUrl, INESPAY_API_KEY: apiKey, INESPAY_CALLBACK_SECRET: callbackSecret } = env;
  if (!baseUrl || !apiKey || !callbackSecret) return undefined;
  if (env.ENVIRONMENT === 'production') {
    // The development keys are marked and published in wrangler.toml; the sandbox is local.
    if (apiKey.startsWith(DEV_PREFIX) || callbackSecret.startsWith(DEV_PREFIX) || /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])/.test(baseUrl)) return undefined;
  }
  return { baseUrl: baseUrl.replace(/\/+$/, ''), apiKey, callbackSecret };
}
