/**
 * Worker tests' global set-up: the other payment providers' sandbox (scripts/sandboxes/gateways) on
 * the port vitest.worker.config.ts chose and pointed every adapter at. The Worker in the pool cannot
 * be reached from Node, so notifications stay in the sandbox's outbox (`GET /__sandbox/notifications`)
 * and the tests deliver them with SELF.fetch (tests/worker/gateways-helpers.ts).
 */
import { createGatewaySandboxes } from '../../scripts/sandboxes/gateways/sandbox.ts';

export default async function setup(): Promise<() => Promise<void>> {
  const sandboxes = createGatewaySandboxes({ storeUrl: null, retryDelaysMs: [] });
  await sandboxes.listen(Number(process.env.GATEWAYS_TEST_SANDBOX_PORT), '127.0.0.1');
  return () => sandboxes.close();
}
