/** The financing adapter's settings, from env. Development values (wrangler.toml) are refused in production. */
export interface FinancingConfig {
  /** API base, without the version: http://127.0.0.1:8799/financing in development. */
  baseUrl: string;
  merchantId: string;
  apiKey: string;
  /** The shared secret of the callbacks' `X-Signature` (HMAC-SHA256). */
  webhookSecret: string;
}

export interface FinancingEnv {
  ENVIRONMENT: string;
  FINANCING_API_BASE_URL?: string;
  FINANCING_MERCHANT_ID?: string;
  FINANCING_API_KEY?: string;
  FINANCING_WEBHOOK_SECRET?: string;
}

const DEV_PREFIX = 'dev-only-';

/** The configuration in force, or undefined: something missing, or a development value in production. */
export function financingConfig(env: FinancingEnv): FinancingConfig | undefined {
  const { FINANCING_API_BASE_URL: baseUrl, FINANCING_MERCHANT_ID: merchantId, FINANCING_API_KEY: apiKey, FINANCING_WEBHOOK_SECRET: webhookSecret } = env;
  if (!baseUrl || !merchantId || !apiKey || !webhookSecret) return undefined;
  if (env.ENVIRONMENT === 'production') {
    if (apiKey.startsWith(DEV_PREFIX) || webhookSecret.startsWith(DEV_PREFIX) || /^http:\/\/(127\.0\.0\.1|localhost)/.test(baseUrl)) return undefined;
  }
  return { baseUrl: baseUrl.replace(/\/+$/, ''), merchantId, apiKey, webhookSecret };
}
