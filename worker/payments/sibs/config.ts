/** The SIBS gateway adapter's settings, from env. Development values (wrangler.toml) are refused in production. */
export interface SibsConfig {
  /** The gateway's origin, without the API path: https://spg.qly.site1.sibs.pt in SIBS' test environment. */
  baseUrl: string;
  /** `X-IBM-Client-Id` of every call. */
  clientId: string;
  /** The merchant's Bearer token (creating payments, status, refunds, cancellations). */
  bearerToken: string;
  /** The terminal (TPA) the payments are made on: a number at SIBS. */
  terminalId: number;
  /** The Multibanco entity of the merchant's references. */
  entity: string;
  /** The AES-256 key of the webhooks (32 bytes, base64 in env). */
  webhookKey: Uint8Array;
}

export interface SibsEnv {
  ENVIRONMENT: string;
  SIBS_API_BASE_URL?: string;
  SIBS_CLIENT_ID?: string;
  SIBS_BEARER_TOKEN?: string;
  SIBS_TERMINAL_ID?: string;
  SIBS_ENTITY?: string;
  SIBS_WEBHOOK_SECRET?: string;
}

const DEV_PREFIX = 'dev-only-';
/** The webhook key in wrangler.toml [vars] (development and tests only). */
export const DEV_SIBS_WEBHOOK_SECRET = 'ZGV2LW9ubHktc2licy13ZWJob29rLWtleS0zMmJ5dGU=';

function base64Bytes(value: string): Uint8Array | undefined {
  try {
    return Uint8Array.from(atob(value), (ch) => ch.charCodeAt(0));
  } catch {
    return undefined;
  }
}

/** The configuration in force, or undefined: something missing or malformed, or a development value in production. */
export function sibsConfig(env: SibsEnv): SibsConfig | undefined {
  const { SIBS_API_BASE_URL: baseUrl, SIBS_CLIENT_ID: clientId, SIBS_BEARER_TOKEN: bearerToken, SIBS_TERMINAL_ID: terminal, SIBS_ENTITY: entity, SIBS_WEBHOOK_SECRET: secret } = env;
  if (!baseUrl || !clientId || !bearerToken || !terminal || !entity || !secret) return undefined;
  const terminalId = Number(terminal);
  const webhookKey = base64Bytes(secret);
  if (!Number.isSafeInteger(terminalId) || terminalId <= 0 || !/^\d{5}$/.test(entity) || webhookKey?.length !== 32) return undefined;
  if (env.ENVIRONMENT === 'production') {
    if (clientId.startsWith(DEV_PREFIX) || bearerToken.startsWith(DEV_PREFIX) || secret === DEV_SIBS_WEBHOOK_SECRET || /^http:\/\/(127\.0\.0\.1|localhost)/.test(baseUrl)) return undefined;
  }
  return { baseUrl: baseUrl.replace(/\/+$/, ''), clientId, bearerToken, terminalId, entity, webhookKey };
}
