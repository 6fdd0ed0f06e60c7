#!/usr/bin/env node
// `npm run dev`: build, migrate the local D1, load the demo catalogue when the database is
// empty, then serve every channel with `wrangler dev` on port 8787.
import { spawnSync, spawn } from 'node:child_process';
import { startAdyenSandbox } from './sandboxes/adyen/spawn.mjs';
import { startGatewaySandboxes } from './sandboxes/gateways/spawn.mjs';
import { gatewaySandboxVars } from './sandboxes/gateways/vars.mjs';

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', shell: false, ...options });
  if (result.status !== 0) {
    console.error(`\n✖ ${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status ?? 1);
  }
  return result;
}

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

run('npm', ['run', 'build', '--silent']);
run(npx, ['wrangler', 'd1', 'migrations', 'apply', 'DB', '--local']);

const probe = spawnSync(npx, ['wrangler', 'd1', 'execute', 'DB', '--local', '--json', '--command', 'SELECT count(*) AS n FROM articles'], { encoding: 'utf8' });
const articles = probe.status === 0 ? JSON.parse(probe.stdout)[0]?.results?.[0]?.n ?? 0 : 0;
if (articles === 0) {
  console.log('Empty catalogue: loading the demo data (npm run seed)…');
  run('npm', ['run', 'seed', '--silent']);
} else {
  console.log(`Catalogue has ${articles} articles; keeping it (npm run seed reloads it).`);
}

const accounts = spawnSync(npx, ['wrangler', 'd1', 'execute', 'DB', '--local', '--json', '--command', 'SELECT count(*) AS n FROM users'], { encoding: 'utf8' });
if (accounts.status === 0 && (JSON.parse(accounts.stdout)[0]?.results?.[0]?.n ?? 0) === 0) {
  console.log('No accounts yet: adding the demo accounts (npm run seed:accounts)…');
  run('npm', ['run', 'seed:accounts', '--silent']);
}

console.log(`
Ampora is starting on port 8787:
  ES  http://es.localhost:8787  (also http://localhost:8787)
  PT  http://pt.localhost:8787
  FR  http://fr.localhost:8787
  IT  http://it.localhost:8787
  DE  http://de.localhost:8787
Adyen sandbox (Checkout API v71): http://127.0.0.1:8797/checkout/v71 (test cards: docs/payments.md).
Other payment providers' sandbox (PayPal, Redsys/Bizum, Aplazame, MB WAY/Multibanco, Inespay, financing): http://127.0.0.1:8799/
  Its 3-D Secure pages use a throwaway certificate: open https://127.0.0.1:8798/ once and accept it.
Demo accounts: ana@ampora.test and empresa@ampora.test, password "ampora-demo-1".
E-mail sent in development lands in the outbox: http://localhost:8787/__dev/outbox (or npm run outbox).
`);
// The Adyen Checkout API sandbox (docs/payments.md) on 8797; the Worker calls it and adyen-web loads from it.
const adyenPort = 8797;
// The bank's 3-D Secure pages are HTTPS (adyen-web refuses others) on a fixed port, so the browser's exception is easy to give.
process.env.ADYEN_SANDBOX_TLS_PORT ??= '8798';
const adyen = startAdyenSandbox({ port: adyenPort, webhookUrl: 'http://localhost:8787/api/paymentGateway/adyen/notification' });
const adyenVars = ['--var', `ADYEN_API_BASE_URL:http://127.0.0.1:${adyenPort}/checkout`, '--var', `ADYEN_CLIENT_API_URL:http://127.0.0.1:${adyenPort}/checkoutshopper/test/`];
// PayPal, Redsys, Aplazame, SIBS, Inespay and the financing provider: one sandbox on 8799 (docs/payments.md).
const gatewaysPort = 8799;
// Notified at `localhost` (an ES development host): the Worker refuses hosts of no channel, such as 127.0.0.1.
const gateways = startGatewaySandboxes({ port: gatewaysPort, storeUrl: 'http://localhost:8787' });
const gatewayVars = Object.entries(gatewaySandboxVars(`http://127.0.0.1:${gatewaysPort}`)).flatMap(([name, value]) => ['--var', `${name}:${value}`]);
const server = spawn(npx, ['wrangler', 'dev', ...adyenVars, ...gatewayVars, ...process.argv.slice(2)], { stdio: 'inherit' });
const stopSandboxes = () => { adyen.kill('SIGTERM'); gateways.kill('SIGTERM'); };
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => { server.kill(signal); stopSandboxes(); });
server.on('exit', (code) => { stopSandboxes(); process.exit(code ?? 0); });
