// Starts the Adyen sandbox as a child process beside `wrangler dev` (npm run dev, tests/e2e/server.mjs).
// The API key, HMAC key and client key are the development values of wrangler.toml [vars], so the
// Worker's calls are accepted, the sandbox's notifications verify and adyen-web's client key is the
// one the secured-fields frame expects; the sandbox's own defaults otherwise.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

function devVar(name) {
  try {
    const toml = readFileSync(new URL('../../../wrangler.toml', import.meta.url), 'utf8');
    return new RegExp(`^${name}\\s*=\\s*"([^"]*)"`, 'm').exec(toml)?.[1];
  } catch {
    return undefined;
  }
}

/** @param {{ port: number, webhookUrl: string, quiet?: boolean }} options */
export function startAdyenSandbox({ port, webhookUrl, quiet = false }) {
  const env = { ...process.env, ADYEN_SANDBOX_PORT: String(port), ADYEN_WEBHOOK_URL: webhookUrl };
  const apiKey = process.env.ADYEN_API_KEY ?? devVar('ADYEN_API_KEY');
  const hmacKey = process.env.ADYEN_HMAC_KEY ?? devVar('ADYEN_HMAC_KEY');
  if (apiKey) env.ADYEN_API_KEY = apiKey;
  if (hmacKey) env.ADYEN_HMAC_KEY = hmacKey;
  const clientKey = process.env.ADYEN_CLIENT_KEY ?? devVar('ADYEN_CLIENT_KEY');
  if (clientKey) env.ADYEN_CLIENT_KEY = clientKey;
  const child = spawn(process.execPath, ['--import', 'tsx', new URL('./server.ts', import.meta.url).pathname], {
    env,
    stdio: ['ignore', quiet ? 'ignore' : 'inherit', 'inherit'],
  });
  const stop = () => { if (child.exitCode === null) child.kill('SIGTERM'); };
  process.on('exit', stop);
  return child;
}
