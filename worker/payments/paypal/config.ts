/** The PayPal adapter's settings, from env. Development values (wrangler.toml) are refused in production. */
export interface PaypalConfig {
  /** REST API base: https://api-m.sandbox.paypal.com (PayPal's test environment), https://api-m.paypal.com (live). */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** The id PayPal gave the webhook subscription: verify-webhook-signature checks a notification was sent for it. */
  webhookId: string;
}

export interface PaypalEnv {
  ENVIRONMENT: string;
  PAYPAL_API_BASE_URL?: string;
  PAYPAL_CLIENT_ID?: string;
  PAYPAL_CLIENT_SECRET?: string;
  PAYPAL_WEBHOOK_ID?: string;
}

const DEV_PREFIX = 'dev-only-';
/** The webhook id in wrangler.toml [vars] (development and tests only). */
export const DEV_PAYPAL_WEBHOOK_ID = '1AMPORADEV00000000000000';

/** The configuration in force, or undefined: something missing, or a development value in production. */
export function paypalConfig(env: PaypalEnv): PaypalConfig | undefined {
  const { PAYPAL_API_BASE_URL: baseUrl, PAYPAL_CLIENT_ID: clientId, PAYPAL_CLIENT_SECRET: clientSecret, PAYPAL_WEBHOOK_ID: webhookId } = env;
  if (!baseUrl || !clientId || !clientSecret || !webhookId) return undefined;
  if (env.ENVIRONMENT === 'production') {
    if (clientId.startsWith(DEV_PREFIX) || clientSecret.startsWith(DEV_PREFIX) || webhookId === DEV_PAYPAL_WEBHOOK_ID || /^http:\/\/(127\.0\.0\.1|localhost)/.test(baseUrl)) return undefined;
  }
  return { baseUrl: baseUrl.replace(/\/+$/, ''), clientId, clientSecret, webhookId };
}
