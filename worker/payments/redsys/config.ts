/** The Redsys adapter's settings, from env. Development values (wrangler.toml) are refused in production. */
export interface RedsysConfig {
  /** The SIS host: https://sis-t.redsys.es:25443 in Redsys' test environment, https://sis.redsys.es in production. */
  baseUrl: string;
  merchantCode: string;
  terminal: string;
  /** The terminal's SHA-256 secret as Redsys' admin module shows it (base64 of 24 bytes). */
  secretKey: string;
}

export interface RedsysEnv {
  ENVIRONMENT: string;
  REDSYS_BASE_URL?: string;
  REDSYS_MERCHANT_CODE?: string;
  REDSYS_TERMINAL?: string;
  REDSYS_SECRET_KEY?: string;
}

/** Redsys' published test secret (test merchant 999008881): wrangler.toml's development value. */
export const REDSYS_PUBLIC_TEST_KEY = 'sq7HjrUOBfKmC576ILgskD5srU870gJ7';

/** The configuration in force, or undefined: something missing, or a development value in production. */
export function redsysConfig(env: RedsysEnv): RedsysConfig | undefined {
  const { REDSYS_BASE_URL: baseUrl, REDSYS_MERCHANT_CODE: merchantCode, REDSYS_TERMINAL: terminal, REDSYS_SECRET_KEY: secretKey } = env;
  if (!baseUrl || !merchantCode || !terminal || !secretKey) return undefined;
  if (env.ENVIRONMENT === 'production' && (secretKey === REDSYS_PUBLIC_TEST_KEY || /^http:\/\/(127\.0\.0\.1|localhost)/.test(baseUrl))) return undefined;
  return { baseUrl: baseUrl.replace(/\/+$/, ''), merchantCode, terminal, secretKey };
}
