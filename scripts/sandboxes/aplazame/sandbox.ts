// The aplazame sandbox (scripts/sandboxes/gateways/sandbox.ts serves it under /aplazame).
import type { ProviderSandbox, SandboxContext } from '../gateways/sandbox.ts';

export function createAplazameSandbox(_context: SandboxContext): ProviderSandbox {
  return { handle: async () => false };
}
