/**
 * Ops command for per-channel configuration (docs/channels.md):
 *   npm run config -- show ES              the document in force and the merged channel
 *   npm run config -- set ES '{"toastPosition":"top"}'   validate, then write
 *   npm run config -- set ES --file fr.json
 *   npm run config -- clear ES             back to the defaults in code
 * Add --remote to act on the deployed namespace instead of the local one. A document that
 * fails validation is never written.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { CHANNEL_IDS, type ChannelId } from '../worker/channel/channels';
import { applyOverride, configKey, defaultChannel } from '../worker/channel/config';

const args = process.argv.slice(2);
const remote = args.includes('--remote');
const fileIndex = args.indexOf('--file');
const positional = args.filter((arg, i) => !arg.startsWith('--') && (fileIndex === -1 || i !== fileIndex + 1));
const [command, rawId, inline] = positional;

/** Channel configuration changes pages (hreflang, languages…): start a new edge-cache generation. */
function bumpCatalogueVersion() {
  spawnSync('npx', ['wrangler', 'kv', 'key', 'put', 'catalogue:version', `config-${Date.now().toString(36)}`, '--binding', 'CACHE', remote ? '--remote' : '--local']);
}

function fail(message: string): never {
  console.error(`✖ ${message}`);
  process.exit(1);
}

function wrangler(kvArgs: string[]): string {
  const result = spawnSync('npx', ['wrangler', 'kv', 'key', ...kvArgs, '--binding', 'CONFIG', remote ? '--remote' : '--local'], { encoding: 'utf8' });
  if (result.status !== 0) fail(`wrangler kv key ${kvArgs[0]} failed:\n${result.stderr}`);
  return result.stdout;
}

const id = rawId?.toUpperCase() as ChannelId;
if (!command || !CHANNEL_IDS.includes(id)) fail(`usage: npm run config -- show|set|clear <${CHANNEL_IDS.join('|')}> [json | --file F] [--remote]`);
const environment = remote ? 'production' : 'development';

switch (command) {
  case 'show': {
    const result = spawnSync('npx', ['wrangler', 'kv', 'key', 'get', configKey(id), '--binding', 'CONFIG', remote ? '--remote' : '--local', '--text'], { encoding: 'utf8' });
    const raw = result.status === 0 && result.stdout.trim() && !/Value not found/i.test(result.stdout) ? result.stdout.trim() : null;
    console.log(`Document ${configKey(id)}: ${raw ?? '(none: code defaults in force)'}`);
    const merged = raw ? applyOverride(defaultChannel(id, environment), raw) : { ok: true as const, channel: defaultChannel(id, environment) };
    console.log(merged.ok ? JSON.stringify(merged.channel, null, 2) : `The stored document is invalid (${merged.error}); the last good one stays in force.`);
    break;
  }
  case 'set': {
    const raw = fileIndex >= 0 ? readFileSync(args[fileIndex + 1] ?? fail('--file needs a path'), 'utf8') : (inline ?? fail('give the JSON document or --file F'));
    const result = applyOverride(defaultChannel(id, environment), raw);
    if (!result.ok) fail(`refused, nothing written: ${result.error}`);
    wrangler(['put', configKey(id), JSON.stringify(JSON.parse(raw))]);
    bumpCatalogueVersion();
    console.log(`✔ ${configKey(id)} written; in force within 30 s.`);
    break;
  }
  case 'clear':
    wrangler(['delete', configKey(id)]);
    bumpCatalogueVersion();
    console.log(`✔ ${configKey(id)} removed; the defaults in code apply within 30 s.`);
    break;
  default:
    fail(`unknown command "${command}"`);
}
