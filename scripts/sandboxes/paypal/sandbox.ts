// The paypal sandbox (scripts/sandboxes/gateways/sandbox.ts serves it under /paypal).
import type { ProviderSandbox, SandboxContext } from '../gateways/sandbox.ts';

export function createPaypalSandbox(_context: SandboxContext): ProviderSandbox {
  return { handle: async () => false };
}
