/**
 * Ops command for per-channel configuration (docs/channels.md):
 *   npm run config -- show ES              the document in force and the merged channel
 *   npm run config -- diff ES '{"toastPosition":"top"}'   what writing it would change (field, before, after)
 *   npm run config -- diff ES --file fr.json
 *   npm run config -- set ES '{"toastPosition":"top"}'   validate the whole document, show the diff, write, record history
 *   npm run config -- set ES --file fr.json
 *   npm run config -- clear ES             back to the defaults in code (recorded in the history)
 *   npm run config -- history ES           every version written: time, who and the command, the document
 *   npm run config -- rollback ES [--to <n|time>]   write an earlier version back (default: the one before)
 * Add --remote to act on a deployed namespace (with --env staging|production, production by
 * default) instead of the local one. A document that fails validation is never written.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { CHANNEL_IDS, type ChannelId } from '../worker/channel/channels';
import { applyOverride, configKey, defaultChannel } from '../worker/channel/config';
import { chooseVersion, formatChanges, historyKey, parseHistory, proposeChange, recordVersion, type HistoryEntry } from '../worker/channel/config-history';

const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: { remote: { type: 'boolean', default: false }, env: { type: 'string' }, file: { type: 'string' }, to: { type: 'string' } },
});
const [command, rawId, inline] = positionals;
const remote = options.remote;
const deployed = options.env;
if (deployed !== undefined && deployed !== 'staging' && deployed !== 'production') fail('--env is staging or production');
if (deployed && !remote) fail('--env needs --remote (the local namespace has no environments)');
const target = [...(deployed ? ['--env', deployed] : []), remote ? '--remote' : '--local'];
const environment = remote ? (deployed ?? 'production') : 'development';

function fail(message: string): never {
  console.error(`✖ ${message}`);
  process.exit(1);
}

function kv(binding: 'CONFIG' | 'CACHE', kvArgs: string[]): string {
  const result = spawnSync('npx', ['wrangler', 'kv', 'key', ...kvArgs, '--binding', binding, ...target], { encoding: 'utf8' });
  if (result.status !== 0) fail(`wrangler kv key ${kvArgs[0]} failed:\n${result.stderr}`);
  return result.stdout;
}

/** A KV value, or null when the key is absent. */
function read(key: string): string | null {
  const result = spawnSync('npx', ['wrangler', 'kv', 'key', 'get', key, '--binding', 'CONFIG', ...target, '--text'], { encoding: 'utf8' });
  const text = result.stdout.trim();
  return result.status === 0 && text && !/Value not found/i.test(text) ? text : null;
}

/** Channel configuration changes pages (hreflang, languages…): start a new edge-cache generation. */
function bumpCatalogueVersion() {
  kv('CACHE', ['put', 'catalogue:version', `config-${Date.now().toString(36)}`]);
}

/** Who is acting, for the history: the git identity when there is one, else the system user. */
function operator(): string {
  const git = spawnSync('git', ['config', 'user.email'], { encoding: 'utf8' });
  return git.status === 0 && git.stdout.trim() ? git.stdout.trim() : userInfo().username;
}

/** The document given inline or with --file. */
function givenDocument(): string {
  if (options.file) return readFileSync(options.file, 'utf8');
  return inline ?? fail('give the JSON document or --file F');
}

/**
 * Writes `document` (null: remove it) after validating it against today's schema and defaults,
 * prints what changes, and records the version in the history.
 */
function write(id: ChannelId, document: string | null, action: string): void {
  const current = read(configKey(id));
  const proposal = proposeChange(defaultChannel(id, environment), current, document);
  if (!proposal.ok) fail(`refused, nothing written: ${proposal.error}`);
  console.log(formatChanges(proposal.changes));
  if (document === null) kv('CONFIG', ['delete', configKey(id)]);
  else kv('CONFIG', ['put', configKey(id), JSON.stringify(JSON.parse(document))]);
  const entry: HistoryEntry = { at: new Date().toISOString(), by: `${operator()}: ${action}`, document: document === null ? null : JSON.stringify(JSON.parse(document)) };
  kv('CONFIG', ['put', historyKey(id), JSON.stringify(recordVersion(parseHistory(read(historyKey(id))), entry, current))]);
  bumpCatalogueVersion();
}

const id = rawId?.toUpperCase() as ChannelId;
if (!command || !CHANNEL_IDS.includes(id)) fail(`usage: npm run config -- show|diff|set|clear|history|rollback <${CHANNEL_IDS.join('|')}> [json | --file F] [--to n|time] [--remote [--env staging|production]]`);

switch (command) {
  case 'show': {
    const raw = read(configKey(id));
    console.log(`Document ${configKey(id)}: ${raw ?? '(none: code defaults in force)'}`);
    const merged = raw ? applyOverride(defaultChannel(id, environment), raw) : { ok: true as const, channel: defaultChannel(id, environment) };
    console.log(merged.ok ? JSON.stringify(merged.channel, null, 2) : `The stored document is invalid (${merged.error}); the last good one stays in force.`);
    break;
  }
  case 'diff': {
    const proposal = proposeChange(defaultChannel(id, environment), read(configKey(id)), givenDocument());
    if (!proposal.ok) fail(`the document is refused: ${proposal.error}`);
    console.log(formatChanges(proposal.changes));
    break;
  }
  case 'set':
    write(id, givenDocument(), 'set');
    console.log(`✔ ${configKey(id)} written; in force within 30 s.`);
    break;
  case 'clear':
    write(id, null, 'clear');
    console.log(`✔ ${configKey(id)} removed; the defaults in code apply within 30 s.`);
    break;
  case 'history': {
    const history = parseHistory(read(historyKey(id)));
    if (history.length === 0) console.log(`No history for ${id} yet (it starts with the next set, clear or rollback).`);
    history.forEach((entry, n) => console.log(`${n === 0 ? 'in force' : `--to ${n}`.padEnd(8)}  ${entry.at}  ${entry.by}\n          ${entry.document ?? '(defaults in code)'}`));
    break;
  }
  case 'rollback': {
    const chosen = chooseVersion(parseHistory(read(historyKey(id))), options.to);
    if (!chosen.ok) fail(chosen.error);
    // The old document must still pass today's schema: write() refuses it otherwise.
    write(id, chosen.entry.document, `rollback to ${chosen.entry.at}`);
    console.log(`✔ ${configKey(id)} rolled back to the version of ${chosen.entry.at}; in force within 30 s.`);
    break;
  }
  default:
    fail(`unknown command "${command}"`);
}
