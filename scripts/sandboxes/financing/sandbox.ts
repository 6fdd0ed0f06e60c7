// The financing sandbox (scripts/sandboxes/gateways/sandbox.ts serves it under /financing).
import type { ProviderSandbox, SandboxContext } from '../gateways/sandbox.ts';

export function createFinancingSandbox(_context: SandboxContext): ProviderSandbox {
  return { handle: async () => false };
}
