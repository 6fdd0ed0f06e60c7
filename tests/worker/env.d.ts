declare namespace Cloudflare {
  interface Env {
    TEST_MIGRATIONS: import('cloudflare:test').D1Migration[];
    /** The Adyen sandbox of the test run (vitest.worker.config.ts), for its test-only inspection calls. */
    ADYEN_SANDBOX_URL: string;
  }
}
