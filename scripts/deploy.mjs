#!/usr/bin/env node
// `npm run deploy -- --env staging|production` (docs/operations.md, "Deploying"):
// 1. refuses a configuration still holding a REPLACE_WITH_… placeholder in [env.<name>];
// 2. builds (npm run build);
// 3. checks the Cloudflare login, then that every required secret (worker/http/secrets.ts) is
//    set on the Worker (`wrangler secret list --env <name>`): the Worker would answer 503 without;
// 4. applies the D1 migrations to the environment's database (`--remote --env <name>`);
// 5. deploys (`wrangler deploy --env <name>`).
// `--skip-build` reuses dist/ (as CI does after its own build).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { REQUIRED_SECRET_NAMES } from '../worker/http/secrets.ts';
import { DEPLOYED_ENVIRONMENTS, wrangler } from './deploy-check.mjs';

function fail(message) {
  console.error(`✖ ${message}`);
  process.exit(1);
}

function step(title, command, args) {
  console.log(`\n▶ ${title}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) fail(`${title} failed (exit ${result.status})`);
}

/** The placeholders left in one environment's section of wrangler.toml. */
export function placeholdersOf(toml, environment) {
  const section = toml
    .split('\n')
    .filter((line, index, lines) => {
      // A line belongs to the section of the last table header above it.
      for (let i = index; i >= 0; i--) {
        const header = /^\s*\[\[?([^\]]+)\]\]?/.exec(lines[i]);
        if (header) return header[1].startsWith(`env.${environment}`);
      }
      return false;
    })
    .filter((line) => !line.trim().startsWith('#'));
  return section.filter((line) => line.includes('REPLACE_WITH')).map((line) => line.trim());
}

function main() {
  const { values } = parseArgs({ options: { env: { type: 'string' }, 'skip-build': { type: 'boolean', default: false } } });
  const environment = values.env;
  if (!environment || !DEPLOYED_ENVIRONMENTS.includes(environment)) fail(`say where to deploy: npm run deploy -- --env ${DEPLOYED_ENVIRONMENTS.join('|')}`);

  const placeholders = placeholdersOf(readFileSync('wrangler.toml', 'utf8'), environment);
  if (placeholders.length > 0) fail(`wrangler.toml [env.${environment}] still has placeholders to fill:\n  ${placeholders.join('\n  ')}`);

  if (!values['skip-build']) step('build', 'npm', ['run', 'build']);

  const whoami = wrangler(['whoami']);
  if (whoami.status !== 0 || /not authenticated/i.test(whoami.stdout + whoami.stderr)) fail('not logged in to Cloudflare: run `npx wrangler login` or set CLOUDFLARE_API_TOKEN');
  const listed = wrangler(['secret', 'list', '--env', environment, '--format', 'json']);
  if (listed.status !== 0) fail(`could not list the secrets of ampora-${environment}:\n${listed.stderr}`);
  const present = new Set(JSON.parse(listed.stdout).map((secret) => secret.name));
  const missing = REQUIRED_SECRET_NAMES.filter((name) => !present.has(name));
  if (missing.length > 0) fail(`secrets missing on ampora-${environment} (the Worker would answer 503): ${missing.join(', ')}\n  set each with: npx wrangler secret put <NAME> --env ${environment}`);
  console.log(`✓ the ${REQUIRED_SECRET_NAMES.length} required secrets are set`);

  step('D1 migrations', 'npx', ['wrangler', 'd1', 'migrations', 'apply', 'DB', '--remote', '--env', environment]);
  step('deploy', 'npx', ['wrangler', 'deploy', '--env', environment]);
  console.log(`\n✓ deployed ampora-${environment}`);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
