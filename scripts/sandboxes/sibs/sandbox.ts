// The sibs sandbox (scripts/sandboxes/gateways/sandbox.ts serves it under /sibs).
import type { ProviderSandbox, SandboxContext } from '../gateways/sandbox.ts';

export function createSibsSandbox(_context: SandboxContext): ProviderSandbox {
  return { handle: async () => false };
}
