// The redsys sandbox (scripts/sandboxes/gateways/sandbox.ts serves it under /redsys).
import type { ProviderSandbox, SandboxContext } from '../gateways/sandbox.ts';

export function createRedsysSandbox(_context: SandboxContext): ProviderSandbox {
  return { handle: async () => false };
}
