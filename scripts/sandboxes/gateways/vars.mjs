// The payment providers served by the gateways sandbox, and the Worker variables that point each
// adapter at it (worker/payments/<provider>/config.ts reads them). Shared by scripts/dev.mjs,
// tests/e2e/server.mjs and vitest.worker.config.ts.

/** @type {readonly ['paypal', 'redsys', 'aplazame', 'sibs', 'inespay', 'financing']} */
export const GATEWAY_SANDBOX_PROVIDERS = ['paypal', 'redsys', 'aplazame', 'sibs', 'inespay', 'financing'];

/** @typedef {(typeof GATEWAY_SANDBOX_PROVIDERS)[number]} GatewaySandboxProvider */

/** Each provider's base-URL variable (wrangler.toml [vars] holds the development values, on port 8799). */
export const GATEWAY_BASE_URL_VARS = {
  paypal: 'PAYPAL_API_BASE_URL',
  redsys: 'REDSYS_BASE_URL',
  aplazame: 'APLAZAME_API_BASE_URL',
  sibs: 'SIBS_API_BASE_URL',
  inespay: 'INESPAY_API_BASE_URL',
  financing: 'FINANCING_API_BASE_URL',
};

/**
 * The variables pointing every adapter at the sandbox on `origin` (http://127.0.0.1:PORT).
 * @param {string} origin
 * @returns {Record<string, string>}
 */
export function gatewaySandboxVars(origin) {
  return Object.fromEntries(GATEWAY_SANDBOX_PROVIDERS.map((provider) => [GATEWAY_BASE_URL_VARS[provider], `${origin}/${provider}`]));
}
