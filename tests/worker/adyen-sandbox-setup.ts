/**
 * Worker tests' global set-up: the Adyen Checkout API sandbox (scripts/sandboxes/adyen) on the port
 * vitest.worker.config.ts chose and pointed the Worker's ADYEN_API_BASE_URL at. Webhooks are off:
 * the Worker in the pool cannot be reached from Node, so the sandbox keeps the signed notifications
 * in its outbox (`GET /__sandbox/notifications`) and the tests deliver them with SELF.fetch. No HTTPS
 * listener: the in-page challenge's ACS is then plain HTTP, which the tests reach like any page.
 */
import { readFileSync } from 'node:fs';
import { createAdyenSandbox } from '../../scripts/sandboxes/adyen/sandbox.ts';

function devVar(name: string): string {
  const toml = readFileSync(new URL('../../wrangler.toml', import.meta.url), 'utf8');
  const value = new RegExp(`^${name}\\s*=\\s*"([^"]*)"`, 'm').exec(toml)?.[1];
  if (!value) throw new Error(`wrangler.toml has no ${name}`);
  return value;
}

export default async function setup(): Promise<() => Promise<void>> {
  const port = Number(process.env.ADYEN_TEST_SANDBOX_PORT);
  const sandbox = createAdyenSandbox({ apiKey: devVar('ADYEN_API_KEY'), hmacKey: devVar('ADYEN_HMAC_KEY'), webhookUrl: '', retryDelaysMs: [], tls: false });
  await sandbox.listen(port, '127.0.0.1');
  return () => sandbox.close();
}
