// Starts the gateways sandbox as a child process beside `wrangler dev` (npm run dev, tests/e2e/server.mjs).
import { spawn } from 'node:child_process';

/** @param {{ port: number, storeUrl: string, quiet?: boolean }} options */
export function startGatewaySandboxes({ port, storeUrl, quiet = false }) {
  const env = { ...process.env, GATEWAYS_SANDBOX_PORT: String(port), GATEWAYS_STORE_URL: storeUrl };
  const child = spawn(process.execPath, ['--import', 'tsx', new URL('./server.ts', import.meta.url).pathname], {
    env,
    stdio: ['ignore', quiet ? 'ignore' : 'inherit', 'inherit'],
  });
  const stop = () => { if (child.exitCode === null) child.kill('SIGTERM'); };
  process.on('exit', stop);
  return child;
}
