#!/usr/bin/env node
// `npm run deploy:check`: the deployed environments' configuration, checked without deploying
// and without Cloudflare credentials. For `staging` and `production` it runs
// `wrangler deploy --dry-run --env <name> --outdir <temp>` against the built dist/ (run
// `npm run build` first; this builds nothing) and fails when:
// - wrangler refuses the configuration or cannot bundle the Worker;
// - the environment lacks a binding the development configuration has (D1, KV, R2, Images,
//   Durable Objects, Queues…): bindings are not inherited by wrangler environments;
// - a top-level var is missing from the environment's vars other than the secrets, the
//   development switches and the local sandbox URL (worker/http/secrets.ts NOT_DEPLOYED_VARS).
// Run with `node --import tsx` (package.json) so it reads the secrets list from the Worker's code.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NOT_DEPLOYED_VARS } from '../worker/http/secrets.ts';

export const DEPLOYED_ENVIRONMENTS = ['staging', 'production'];

/** The wrangler CLI of this checkout. */
export function wrangler(args, options = {}) {
  return spawnSync('npx', ['wrangler', ...args], { encoding: 'utf8', ...options, env: { ...process.env, FORCE_COLOR: '0', WRANGLER_SEND_METRICS: 'false', ...options.env } });
}

/** `env.NAME (…)  Type` lines of a dry run: the bindings, by name, vars apart. */
function bindingsOf(output) {
  const bindings = new Map();
  for (const match of output.matchAll(/^env\.([A-Z0-9_]+)\b.*?\s{2,}(\S.*?)\s*$/gm)) bindings.set(match[1], match[2]);
  return bindings;
}

/** The vars wrangler says exist at the top level but not in the environment. */
function missingVarsOf(output) {
  const block = /Please add these vars to "env\.[a-z]+\.vars":\n((?:[ \t]+- [A-Z0-9_]+\n)+)/.exec(output)?.[1] ?? '';
  return [...block.matchAll(/- ([A-Z0-9_]+)/g)].map((m) => m[1]);
}

/** Dry-runs one configuration (`undefined`: the top level); returns wrangler's status and output. */
function dryRun(environment) {
  const outdir = mkdtempSync(join(tmpdir(), 'ampora-dry-run-'));
  try {
    // No credentials: a dry run must not need them, and must not pick up someone's login.
    const result = wrangler(['deploy', '--dry-run', '--outdir', outdir, ...(environment ? ['--env', environment] : [])], {
      env: { CLOUDFLARE_API_TOKEN: '', CLOUDFLARE_ACCOUNT_ID: '' },
    });
    return { status: result.status ?? 1, output: `${result.stdout}\n${result.stderr}` };
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

function main() {
  if (!existsSync('dist/worker/index.js') || !existsSync('dist/client')) {
    console.error('dist/ is missing: run `npm run build` first (deploy:check builds nothing).');
    process.exit(1);
  }
  const development = dryRun(undefined);
  if (development.status !== 0) {
    console.error(development.output);
    console.error('✖ the top-level (development) configuration does not dry-run');
    process.exit(1);
  }
  const expected = [...bindingsOf(development.output)].filter(([, type]) => type !== 'Environment Variable').map(([name]) => name);
  const allowedMissing = new Set(NOT_DEPLOYED_VARS);
  let failed = false;
  for (const environment of DEPLOYED_ENVIRONMENTS) {
    const { status, output } = dryRun(environment);
    const problems = [];
    if (status !== 0) problems.push(`wrangler deploy --dry-run --env ${environment} exited with ${status}`);
    const bindings = bindingsOf(output);
    for (const name of expected) if (!bindings.has(name)) problems.push(`binding ${name} is not declared in [env.${environment}]`);
    for (const name of missingVarsOf(output)) if (!allowedMissing.has(name)) problems.push(`var ${name} is missing from [env.${environment}.vars]`);
    if (problems.length > 0) {
      failed = true;
      console.error(output);
      console.error(`✖ ${environment}:\n  - ${problems.join('\n  - ')}`);
    } else {
      console.log(`✓ ${environment}: dry run passed, ${bindings.size} bindings and vars (${expected.length} bindings of the development configuration, all declared)`);
    }
  }
  if (failed) process.exit(1);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
