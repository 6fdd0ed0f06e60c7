/**
 * Every secret the Worker reads, with the test that tells a development value (the ones
 * published in wrangler.toml [vars]) from a real one, and the start-up guard built on them.
 *
 * In `production` and `staging` the guard refuses to serve while a required secret is missing,
 * any secret holds a development value, a development-only flag is on, or a provider base URL
 * points at a local sandbox: API paths answer 503 in the §7 envelope (`serviceUnavailable`),
 * pages a plain "service unavailable" page, and one structured error names the variables
 * (never their values). `/api/health` reports the guard's state. The per-feature refusals
 * (worker/payments/<provider>/config.ts, balance.ts, preview-token.ts, the sandboxes) stay:
 * they keep a single feature off where the guard is not consulted (the scheduled handler).
 *
 * scripts/deploy.mjs imports REQUIRED_SECRET_NAMES to check `wrangler secret list` before deploying,
 * scripts/deploy-check.mjs NOT_DEPLOYED_VARS to tell an intended omission from a forgotten var.
 */
import { DEV_ADYEN_HMAC_KEY } from '../payments/adyen/config';
import { REDSYS_PUBLIC_TEST_KEY } from '../payments/redsys/config';
import { DEV_SIBS_WEBHOOK_SECRET } from '../payments/sibs/config';

/** The prefix every published development secret carries (wrangler.toml [vars]). */
export const DEV_ONLY_PREFIX = 'dev-only-';
const LOCAL_URL = /^https?:\/\/(127\.0\.0\.1|localhost|\[::1\])(?::\d+)?(?:\/|$)/i;

export interface SecretSpec {
  name: keyof Env & string;
  /** Missing means the store cannot run (sessions, e-mail, alerts, cards); else only its feature is off. */
  required: boolean;
  /** What the variable is for, for the deploy check and docs/operations.md. */
  purpose: string;
  /** True when the value is a development one: published in wrangler.toml, marked, or unfit for production. */
  isDevelopmentValue: (value: string) => boolean;
}

const devPrefixed = (value: string) => value.startsWith(DEV_ONLY_PREFIX);
/** A marked development value, or one too short to be a real key. */
const devOrShort = (min: number) => (value: string) => devPrefixed(value) || value.length < min;

export const SECRETS: readonly SecretSpec[] = [
  { name: 'AUTH_SECRET', required: true, purpose: 'seals sessions, cart cookies and signed links', isDevelopmentValue: (v) => devOrShort(32)(v) || /^development-only/.test(v) },
  { name: 'EMAIL_API_KEY', required: true, purpose: 'the e-mail provider (Resend)', isDevelopmentValue: (v) => devPrefixed(v) || /development|sandbox/i.test(v) },
  { name: 'TEAM_ALERT_WEBHOOK_URL', required: true, purpose: 'the Teams webhook of internal alerts', isDevelopmentValue: (v) => !URL.canParse(v) || new URL(v).hostname.endsWith('.invalid') || LOCAL_URL.test(v) },
  { name: 'PREVIEW_SECRET', required: true, purpose: 'signs CMS preview links', isDevelopmentValue: devOrShort(32) },
  { name: 'OPS_API_TOKEN', required: true, purpose: 'bearer token of the operations calls', isDevelopmentValue: devOrShort(32) },
  { name: 'ADYEN_API_KEY', required: true, purpose: 'Adyen Checkout API (cards)', isDevelopmentValue: devPrefixed },
  { name: 'ADYEN_HMAC_KEY', required: true, purpose: 'HMAC key of Adyen notifications', isDevelopmentValue: (v) => v === DEV_ADYEN_HMAC_KEY },
  { name: 'ADYEN_NOTIFICATION_BASIC_AUTH', required: false, purpose: 'Basic auth of Adyen notifications, when set at Adyen', isDevelopmentValue: devPrefixed },
  { name: 'PAYPAL_CLIENT_SECRET', required: false, purpose: 'PayPal REST API', isDevelopmentValue: devPrefixed },
  { name: 'REDSYS_SECRET_KEY', required: false, purpose: 'Redsys terminal key (Bizum, cards through Redsys)', isDevelopmentValue: (v) => v === REDSYS_PUBLIC_TEST_KEY },
  { name: 'APLAZAME_PRIVATE_KEY', required: false, purpose: 'Aplazame API', isDevelopmentValue: devPrefixed },
  { name: 'SIBS_BEARER_TOKEN', required: false, purpose: 'SIBS gateway (MB WAY, Multibanco)', isDevelopmentValue: devPrefixed },
  { name: 'SIBS_WEBHOOK_SECRET', required: false, purpose: 'AES key of SIBS webhooks', isDevelopmentValue: (v) => v === DEV_SIBS_WEBHOOK_SECRET },
  { name: 'INESPAY_API_KEY', required: false, purpose: 'Inespay API', isDevelopmentValue: devPrefixed },
  { name: 'INESPAY_CALLBACK_SECRET', required: false, purpose: 'signature of Inespay callbacks', isDevelopmentValue: devPrefixed },
  { name: 'FINANCING_API_KEY', required: false, purpose: 'the consumer-financing provider', isDevelopmentValue: devPrefixed },
  { name: 'FINANCING_WEBHOOK_SECRET', required: false, purpose: 'signature of financing webhooks', isDevelopmentValue: devPrefixed },
];

/** The names `wrangler secret put` must have set before a deploy. */
export const REQUIRED_SECRET_NAMES: readonly string[] = SECRETS.filter((s) => s.required).map((s) => s.name);

/** Plain vars that carry published development values (client ids): refused like the secrets. */
const DEV_VARS: readonly (keyof Env & string)[] = ['PAYPAL_CLIENT_ID', 'APLAZAME_PUBLIC_KEY', 'SIBS_CLIENT_ID'];
/** Development-only switches: must be absent (or off) outside development. */
const DEV_FLAGS: readonly (keyof Env & string)[] = ['EMAIL_SANDBOX', 'TEAM_ALERT_SANDBOX', 'TEST_CLOCK'];

/**
 * The top-level [vars] a deployed environment leaves out on purpose: the secrets, the development
 * switches and the local card-form sandbox. scripts/deploy-check.mjs refuses any other omission.
 */
export const NOT_DEPLOYED_VARS: readonly string[] = [...SECRETS.map((s) => s.name), ...DEV_FLAGS, 'ADYEN_CLIENT_API_URL'];
/** Provider base URLs: none may point at a local sandbox. */
const BASE_URLS: readonly (keyof Env & string)[] = [
  'EMAIL_API_URL',
  'ADYEN_API_BASE_URL',
  'ADYEN_CLIENT_API_URL',
  'PAYPAL_API_BASE_URL',
  'REDSYS_BASE_URL',
  'APLAZAME_API_BASE_URL',
  'SIBS_API_BASE_URL',
  'INESPAY_API_BASE_URL',
  'FINANCING_API_BASE_URL',
];

/** The environments the guard applies to: everything deployed. */
export const GUARDED_ENVIRONMENTS: ReadonlySet<string> = new Set(['production', 'staging']);

export interface SecretProblem {
  name: string;
  problem: 'missing' | 'development-value' | 'development-flag' | 'local-url';
}

export type GuardState = { ok: true; environment: string } | { ok: false; environment: string; problems: SecretProblem[] };

function valueOf(env: Env, name: string): string | undefined {
  const value = (env as unknown as Record<string, unknown>)[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** What is wrong with the environment's secrets and switches (empty outside production and staging). */
export function secretProblems(env: Env): SecretProblem[] {
  if (!GUARDED_ENVIRONMENTS.has(env.ENVIRONMENT)) return [];
  const problems: SecretProblem[] = [];
  for (const spec of SECRETS) {
    const value = valueOf(env, spec.name);
    if (value === undefined) {
      if (spec.required) problems.push({ name: spec.name, problem: 'missing' });
    } else if (spec.isDevelopmentValue(value)) problems.push({ name: spec.name, problem: 'development-value' });
  }
  for (const name of DEV_VARS) if (valueOf(env, name)?.startsWith(DEV_ONLY_PREFIX)) problems.push({ name, problem: 'development-value' });
  for (const name of DEV_FLAGS) if (valueOf(env, name) === 'on') problems.push({ name, problem: 'development-flag' });
  if (valueOf(env, 'APLAZAME_SANDBOX') === 'true' && env.ENVIRONMENT === 'production') problems.push({ name: 'APLAZAME_SANDBOX', problem: 'development-flag' });
  for (const name of BASE_URLS) if (LOCAL_URL.test(valueOf(env, name) ?? '')) problems.push({ name, problem: 'local-url' });
  return problems;
}

const states = new WeakMap<object, GuardState>();

/**
 * The guard's state for this env, worked out once per isolate and env object (secrets change
 * only with a deploy, which starts new isolates). The first refusal is logged once as one
 * structured line naming the variables and what is wrong with each, never their values.
 */
export function guardState(env: Env): GuardState {
  let state = states.get(env);
  if (!state) {
    const problems = secretProblems(env);
    state = problems.length === 0 ? { ok: true, environment: env.ENVIRONMENT } : { ok: false, environment: env.ENVIRONMENT, problems };
    states.set(env, state);
    if (!state.ok) {
      console.error(JSON.stringify({ level: 'error', event: 'secrets-refused', environment: env.ENVIRONMENT, message: 'The Worker refuses to serve: secrets missing or holding development values', variables: problems }));
    }
  }
  return state;
}
