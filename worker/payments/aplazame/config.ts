/** The Aplazame adapter's settings, from env. Development values (wrangler.toml) are refused in production. */
export interface AplazameConfig {
  /** API base: https://api.aplazame.com (its test mode is the same host, chosen by the Accept header). */
  baseUrl: string;
  privateKey: string;
  publicKey: string;
  /** Test mode: `Accept: application/vnd.aplazame.sandbox.v4+json`. */
  sandbox: boolean;
  /** Aplazame's checkout page, where the shopper completes the checkout (in our page's iframe). */
  checkoutPageUrl: string;
}

export interface AplazameEnv {
  ENVIRONMENT: string;
  APLAZAME_API_BASE_URL?: string;
  APLAZAME_PRIVATE_KEY?: string;
  APLAZAME_PUBLIC_KEY?: string;
  APLAZAME_SANDBOX?: string;
}

const DEV_PREFIX = 'dev-only-';
const LOCAL = /^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?(\/|$)/;

/**
 * Aplazame's own checkout page for its API host; any other base (the local sandbox) serves the
 * page itself under `/checkout-page/`, with the same query.
 */
export function checkoutPageFor(baseUrl: string): string {
  return /^https:\/\/api\.aplazame\.com$/.test(baseUrl) ? 'https://checkout.aplazame.com/' : `${baseUrl}/checkout-page/`;
}

/** The configuration in force, or undefined: something missing, or a development value in production. */
export function aplazameConfig(env: AplazameEnv): AplazameConfig | undefined {
  const { APLAZAME_API_BASE_URL: base, APLAZAME_PRIVATE_KEY: privateKey, APLAZAME_PUBLIC_KEY: publicKey } = env;
  if (!base || !privateKey || !publicKey) return undefined;
  if (env.ENVIRONMENT === 'production' && (privateKey.startsWith(DEV_PREFIX) || publicKey.startsWith(DEV_PREFIX) || LOCAL.test(base))) return undefined;
  const baseUrl = base.replace(/\/+$/, '');
  return { baseUrl, privateKey, publicKey, sandbox: env.APLAZAME_SANDBOX === 'true', checkoutPageUrl: checkoutPageFor(baseUrl) };
}

/** The versioned media type of every call: v4, in test mode when configured so. */
export const acceptHeader = (sandbox: boolean): string => `application/vnd.aplazame.${sandbox ? 'sandbox.' : ''}v4+json`;
