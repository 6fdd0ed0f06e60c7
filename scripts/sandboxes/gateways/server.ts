// Runs the gateways sandbox (sandbox.ts) on GATEWAYS_SANDBOX_PORT (8799), notifying the store at GATEWAYS_STORE_URL.
import { createGatewaySandboxes } from './sandbox.ts';

const port = Number(process.env.GATEWAYS_SANDBOX_PORT ?? 8799);
const storeUrl = process.env.GATEWAYS_STORE_URL ?? 'http://127.0.0.1:8787';
const sandboxes = createGatewaySandboxes({ storeUrl });
const actual = await sandboxes.listen(port, '127.0.0.1');
console.log(`Payment gateways sandbox (PayPal, Redsys, Aplazame, SIBS, Inespay, financing) on http://127.0.0.1:${actual}/, notifying ${storeUrl}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void sandboxes.close().then(() => process.exit(0)));
