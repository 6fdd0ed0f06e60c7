#!/usr/bin/env node
// Serves the built store for end-to-end tests and benchmarks: a fresh local database under
// .wrangler/e2e, migrated and seeded with the demo catalogue, accounts, coupons and gift cards, then `wrangler dev` on the port given.
import { rmSync } from 'node:fs';
import { spawn, spawnSync } from 'node:child_process';
import { startAdyenSandbox } from '../../scripts/sandboxes/adyen/spawn.mjs';
import { startGatewaySandboxes } from '../../scripts/sandboxes/gateways/spawn.mjs';
import { gatewaySandboxVars } from '../../scripts/sandboxes/gateways/vars.mjs';

const port = process.argv[2] ?? '8788';
const articles = process.env.SEED_ARTICLES ?? '1500';
const persist = process.env.PERSIST_TO ?? '.wrangler/e2e';

function run(command, args) {
  const result = spawnSync(command, args, { stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) {
    console.error(`${command} ${args.join(' ')} failed`);
    process.exit(1);
  }
}

// REUSE_DB=1 serves the database left by an earlier run (benchmarks restart the server).
if (process.env.REUSE_DB !== '1') {
  rmSync(persist, { recursive: true, force: true });
  run('npx', ['wrangler', 'd1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persist]);
  run('npx', ['tsx', 'scripts/seed/cli.ts', '--articles', articles, '--persist-to', persist]);
  run('npx', ['tsx', 'scripts/seed/accounts.ts', '--persist-to', persist]);
}
// EDGE_CACHE=on turns the edge cache on (it is off in development, see docs/seo-and-cache.md).
const vars = process.env.EDGE_CACHE ? ['--var', `EDGE_CACHE:${process.env.EDGE_CACHE}`] : [];
// The Adyen sandbox beside it, on its own port (1000 above the store's unless ADYEN_SANDBOX_PORT),
// so several servers can run at once; the Worker is pointed at it and it notifies this Worker.
const adyenPort = Number(process.env.ADYEN_SANDBOX_PORT ?? Number(port) + 1000);
const adyen = startAdyenSandbox({ port: adyenPort, webhookUrl: `http://localhost:${port}/api/paymentGateway/adyen/notification`, quiet: true });
vars.push('--var', `ADYEN_API_BASE_URL:http://127.0.0.1:${adyenPort}/checkout`);
vars.push('--var', `ADYEN_CLIENT_API_URL:http://127.0.0.1:${adyenPort}/checkoutshopper/test/`);
// The other providers' sandbox, 1011 above the store's unless GATEWAYS_SANDBOX_PORT.
const gatewaysPort = Number(process.env.GATEWAYS_SANDBOX_PORT ?? Number(port) + 1011);
// Notified at `localhost` (an ES development host): the Worker refuses hosts of no channel, such as 127.0.0.1.
const gateways = startGatewaySandboxes({ port: gatewaysPort, storeUrl: `http://localhost:${port}`, quiet: true });
for (const [name, value] of Object.entries(gatewaySandboxVars(`http://127.0.0.1:${gatewaysPort}`))) vars.push('--var', `${name}:${value}`);
const server = spawn('npx', ['wrangler', 'dev', '--port', port, '--persist-to', persist, '--ip', '127.0.0.1', '--show-interactive-dev-session=false', ...vars], { stdio: 'inherit' });
const stopSandboxes = () => { adyen.kill('SIGTERM'); gateways.kill('SIGTERM'); };
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => { server.kill(signal); stopSandboxes(); });
server.on('exit', (code) => { stopSandboxes(); process.exit(code ?? 0); });
