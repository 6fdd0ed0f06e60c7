declare namespace Cloudflare {
  interface Env {
    TEST_MIGRATIONS: import('cloudflare:test').D1Migration[];
    /** The Adyen sandbox of the test run (vitest.worker.config.ts), for its test-only inspection calls. */
    ADYEN_SANDBOX_URL: string;
    /** The other providers' sandbox of the test run (scripts/sandboxes/gateways), for its outbox and shopper pages. */
    GATEWAYS_SANDBOX_URL: string;
  }
}
