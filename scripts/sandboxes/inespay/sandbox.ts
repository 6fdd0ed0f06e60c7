// The inespay sandbox (scripts/sandboxes/gateways/sandbox.ts serves it under /inespay).
import type { ProviderSandbox, SandboxContext } from '../gateways/sandbox.ts';

export function createInespaySandbox(_context: SandboxContext): ProviderSandbox {
  return { handle: async () => false };
}
