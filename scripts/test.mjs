#!/usr/bin/env node
// `npm test`: every layer in order — types, unit, build, the deployed environments' dry runs
// (deploy:check, no credentials needed), worker integration, end-to-end in Chromium. Stops at the first failing layer; ends with one "N passed, N failed" line that
// adds up the tests the runners reported.
import { existsSync } from 'node:fs';
import { spawn, spawnSync } from 'node:child_process';

const layers = [
  ['typecheck', 'typecheck'],
  ['unit', 'test:unit'],
  ['build', 'build'],
  ['deploy-check', 'deploy:check'],
  ['worker', 'test:worker'],
  ['e2e', 'test:e2e'],
];

function ensureChromium() {
  if (existsSync('/usr/bin/chromium')) return;
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!root) {
    console.error('Chromium is missing. Install it with: sudo apt-get update && sudo apt-get install -y chromium');
    process.exit(1);
  }
  console.log('Chromium is missing: installing it with apt-get…');
  for (const args of [['update'], ['install', '-y', '--no-install-recommends', 'chromium']]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (result.status !== 0) {
      console.error(`apt-get ${args.join(' ')} failed; install Chromium by hand: apt-get install -y chromium`);
      process.exit(1);
    }
  }
}

/** Runs an npm script, echoing its output, and returns its exit code and the counts it printed. */
function runScript(script) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', script, '--silent'], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' } });
    let output = '';
    for (const stream of [child.stdout, child.stderr]) {
      stream.on('data', (chunk) => {
        output += chunk;
        (stream === child.stdout ? process.stdout : process.stderr).write(chunk);
      });
    }
    child.on('close', (code) => {
      const plain = output.replace(/\x1b\[[0-9;]*m/g, '');
      const vitest = [...plain.matchAll(/^\s*Tests\s+(?:(\d+) failed \| )?(\d+) passed/gm)].at(-1);
      const playwright = [...plain.matchAll(/^\s*(\d+) passed \(/gm)].at(-1);
      const failedPw = [...plain.matchAll(/^\s*(\d+) failed$/gm)].at(-1);
      const passed = Number(vitest?.[2] ?? playwright?.[1] ?? 0);
      const failed = Number(vitest?.[1] ?? failedPw?.[1] ?? 0);
      resolve({ code: code ?? 1, passed, failed });
    });
  });
}

const started = Date.now();
let passed = 0;
const timings = [];
for (const [name, script] of layers) {
  if (name === 'e2e') ensureChromium();
  console.log(`\n▶ ${name}`);
  const t0 = Date.now();
  const result = await runScript(script);
  passed += result.passed;
  if (result.code !== 0) {
    console.error(`\n✖ ${name} failed after ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    console.log(`${passed} passed, ${Math.max(result.failed, 1)} failed`);
    process.exit(result.code);
  }
  timings.push(`${name} ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}
console.log(`\nAll layers passed in ${((Date.now() - started) / 1000).toFixed(0)} s (${timings.join(', ')})`);
console.log(`${passed} passed, 0 failed`);
