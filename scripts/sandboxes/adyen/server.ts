// Runs the Adyen sandbox on its own: `npx tsx scripts/sandboxes/adyen/server.ts` (port 8797, or
// ADYEN_SANDBOX_PORT). npm run dev and the e2e server start it beside wrangler. See docs/payments.md.
import { configFromEnv, createAdyenSandbox } from './sandbox.ts';

const { port, host, ...config } = configFromEnv();
const sandbox = createAdyenSandbox(config);
const actual = await sandbox.listen(port, host);
console.log(`Adyen sandbox (Checkout API v71) on http://${host}:${actual}/checkout/v71, webhooks to ${config.webhookUrl || '(off)'}`);
console.log(`  adyen-web: http://${host}:${actual}/checkoutshopper/test/ (harness /__harness/card), 3-D Secure pages on ${sandbox.tlsUrl ?? '(no HTTPS)'}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => { void sandbox.close().finally(() => process.exit(0)); });
}
