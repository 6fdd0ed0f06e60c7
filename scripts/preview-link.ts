/**
 * Prints a signed CMS preview link (docs/architecture.md, "CMS preview"):
 *
 *   npm run preview-link -- <postId> [scheduledId] [--hours 24] [--origin http://es.localhost:8787] [--language en]
 *
 * The key is PREVIEW_SECRET from the environment, else the development value in wrangler.toml.
 * Links live 24 hours by default and at most 30 days (the Worker refuses longer ones).
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { MAX_PREVIEW_LIFETIME_SECONDS, MIN_SECRET_LENGTH, previewPath, signPreviewToken } from '../worker/domain/content/preview-token';

function fail(message: string): never {
  console.error(`preview-link: ${message}`);
  process.exit(1);
}

function id(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^[1-9]\d{0,8}$/.test(value)) fail(`${name} must be a positive whole number, got "${value}"`);
  return Number(value);
}

/** PREVIEW_SECRET from the environment, or the local development value from wrangler.toml's [vars]. */
function secret(): string {
  const fromEnv = process.env.PREVIEW_SECRET;
  if (fromEnv) return fromEnv;
  const toml = readFileSync(new URL('../wrangler.toml', import.meta.url), 'utf8');
  const found = /^PREVIEW_SECRET\s*=\s*"([^"]+)"/m.exec(toml)?.[1];
  if (!found) fail('set PREVIEW_SECRET (the Worker’s secret) in the environment');
  return found;
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    hours: { type: 'string', default: '24' },
    origin: { type: 'string', default: 'http://es.localhost:8787' },
    language: { type: 'string', default: '' },
  },
});
const [rawPost, rawScheduled, ...extra] = positionals;
if (rawPost === undefined || extra.length > 0) fail('usage: npm run preview-link -- <postId> [scheduledId] [--hours 24] [--origin URL] [--language en]');
const postId = id(rawPost, 'postId')!;
const scheduledId = id(rawScheduled, 'scheduledId');
const hours = Number(values.hours);
if (!Number.isFinite(hours) || hours <= 0 || hours * 3600 > MAX_PREVIEW_LIFETIME_SECONDS) fail(`--hours must be more than 0 and at most ${MAX_PREVIEW_LIFETIME_SECONDS / 3600}`);
if (!/^https?:\/\/[^/\s]+$/.test(values.origin)) fail(`--origin must look like https://www.ampora.es (no path), got "${values.origin}"`);
if (values.language && !/^[a-z]{2}$/.test(values.language)) fail(`--language must be a path prefix such as "en", got "${values.language}"`);
const key = secret();
if (key.length < MIN_SECRET_LENGTH) fail(`PREVIEW_SECRET must be at least ${MIN_SECRET_LENGTH} characters`);

const expires = Math.floor(Date.now() / 1000 + hours * 3600);
const token = await signPreviewToken(key, { postId, scheduledId }, expires);
console.log(values.origin + previewPath({ postId, scheduledId }, token, values.language ? `/${values.language}` : ''));
