/** The Adyen adapter's settings, from env. Development values (wrangler.toml) are refused in production. */
export interface AdyenConfig {
  /** Checkout API base, without the version: https://checkout-test.adyen.com in Adyen's test environment. */
  baseUrl: string;
  apiKey: string;
  merchantAccount: string;
  clientKey: string;
  /** Hex HMAC key of the standard notifications. */
  hmacKey: string;
  /** "user:password" the notifications carry as Basic auth, when configured at Adyen. */
  notificationBasicAuth?: string;
}

const DEV_ADYEN_PREFIX = 'dev-only-';

export interface AdyenEnv {
  ENVIRONMENT: string;
  ADYEN_API_BASE_URL?: string;
  ADYEN_API_KEY?: string;
  ADYEN_MERCHANT_ACCOUNT?: string;
  ADYEN_CLIENT_KEY?: string;
  ADYEN_HMAC_KEY?: string;
  ADYEN_NOTIFICATION_BASIC_AUTH?: string;
}

/** The configuration in force, or undefined: something missing, or a development value in production. */
export function adyenConfig(env: AdyenEnv): AdyenConfig | undefined {
  const { ADYEN_API_BASE_URL: baseUrl, ADYEN_API_KEY: apiKey, ADYEN_MERCHANT_ACCOUNT: merchantAccount, ADYEN_CLIENT_KEY: clientKey, ADYEN_HMAC_KEY: hmacKey } = env;
  if (!baseUrl || !apiKey || !merchantAccount || !clientKey || !hmacKey) return undefined;
  if (env.ENVIRONMENT === 'production') {
    // The development key is marked; the development HMAC key is published in wrangler.toml, and the sandbox is local.
    if (apiKey.startsWith(DEV_ADYEN_PREFIX) || hmacKey === DEV_ADYEN_HMAC_KEY || /^http:\/\/(127\.0\.0\.1|localhost)/.test(baseUrl)) return undefined;
  }
  return { baseUrl: baseUrl.replace(/\/+$/, ''), apiKey, merchantAccount, clientKey, hmacKey, notificationBasicAuth: env.ADYEN_NOTIFICATION_BASIC_AUTH || undefined };
}

/** The HMAC key in wrangler.toml [vars] (development and tests only). */
export const DEV_ADYEN_HMAC_KEY = '6D2F4A7C1E9B30851DC4A2F0B7E63958C1A04D7E2F9B86350AC1E7D42B98F60A';
