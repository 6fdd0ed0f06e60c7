/**
 * Per-channel configuration: the defaults of ./channels.ts, overridden by a JSON document in KV
 * (`config:channel:<ID>`) that ops change without a deploy (`npm run config`, docs/channels.md).
 * A document that fails validation is refused and logged; the last good one stays in force.
 */
import { z } from 'zod';
import { LANGUAGES } from '../../client/i18n/languages';
import { BLACK_FRIDAY_2025, CampaignSchema } from '../domain/catalogue/campaign';
import { OPINE_AND_WIN, ReviewCampaignSchema } from '../domain/ugc/campaigns';
import { CHANNEL_IDS, DEFAULT_CHANNELS, PAYMENT_FAMILIES, type Channel, type ChannelId } from './channels';

const language = z.enum(LANGUAGES);
const hostName = z.string().regex(/^[a-z0-9.-]+$/i, 'a host name such as www.ampora.es');

/** What ops may override. Unknown keys are refused so a typo never passes silently. */
export const ChannelOverrideSchema = z
  .object({
    defaultLanguage: language,
    languages: z.array(language).min(1),
    canonicalDomain: hostName.or(z.literal('')),
    phonePrefix: z.string().regex(/^\+\d{1,4}$/),
    paymentFamilies: z.array(z.enum(PAYMENT_FAMILIES)),
    toastPosition: z.enum(['bottom', 'top']),
    hosts: z.object({ production: hostName, staging: hostName.optional(), development: z.array(hostName) }),
    campaigns: z.array(CampaignSchema),
    reviewCampaigns: z.array(ReviewCampaignSchema),
    solidary: z.object({ amount: z.number().int().min(1).max(10_000) }).strict(),
  })
  .partial()
  .strict();

export type ChannelOverride = z.infer<typeof ChannelOverrideSchema>;

export const configKey = (id: ChannelId) => `config:channel:${id}`;
const lastGoodKey = (id: ChannelId) => `config:channel:${id}:last-good`;

export type ParseResult = { ok: true; channel: Channel } | { ok: false; error: string };

/** Validates a raw KV document against a channel's defaults; pure, so the CLI uses it too. */
export function applyOverride(base: Channel, raw: string): ParseResult {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { ok: false, error: 'not valid JSON' };
  }
  const parsed = ChannelOverrideSchema.safeParse(json);
  if (!parsed.success) return { ok: false, error: z.prettifyError(parsed.error) };
  const merged = { ...base, ...parsed.data } as Channel;
  if (parsed.data.canonicalDomain === '') delete merged.canonicalDomain;
  if (!merged.languages.includes(merged.defaultLanguage)) {
    return { ok: false, error: `languages must include the default language ${merged.defaultLanguage}` };
  }
  return { ok: true, channel: merged };
}

/** The in-force defaults for an environment: production and staging enforce their own host as canonical. */
export function defaultChannel(id: ChannelId, environment: string): Channel {
  const base: Channel = { ...DEFAULT_CHANNELS[id], campaigns: [BLACK_FRIDAY_2025], reviewCampaigns: [OPINE_AND_WIN] };
  if (environment === 'production') return { ...base, canonicalDomain: base.hosts.production };
  if (environment === 'staging' && base.hosts.staging) return { ...base, canonicalDomain: base.hosts.staging };
  return base;
}

interface CacheEntry {
  channel: Channel;
  raw: string | null;
  expires: number;
}

const CACHE_TTL_MS = 30_000;

/**
 * Reads the configuration of every channel. Results are kept in the isolate for 30 s so a
 * request costs no KV read most of the time; the cache is keyed by the KV binding so tests
 * with isolated storage never see each other's documents.
 */
export class ChannelConfigStore {
  private readonly cache = new Map<ChannelId, CacheEntry>();
  private everyChannel?: { channels: Record<ChannelId, Channel>; expires: number };

  constructor(
    private readonly kv: KVNamespace,
    private readonly environment: string,
    private readonly log: (message: string) => void = console.error,
  ) {}

  async get(id: ChannelId, now = Date.now()): Promise<Channel> {
    const cached = this.cache.get(id);
    if (cached && cached.expires > now) return cached.channel;
    const base = defaultChannel(id, this.environment);
    const raw = await this.kv.get(configKey(id));
    if (cached && raw === cached.raw) {
      cached.expires = now + CACHE_TTL_MS;
      return cached.channel;
    }
    let channel = base;
    if (raw !== null) {
      const result = applyOverride(base, raw);
      if (result.ok) {
        channel = result.channel;
        await this.remember(id, raw);
      } else {
        this.log(`Refused channel configuration ${configKey(id)}: ${result.error}`);
        channel = await this.lastGood(id, base, cached);
      }
    }
    this.cache.set(id, { channel, raw, expires: now + CACHE_TTL_MS });
    return channel;
  }

  /** Every channel; while no channel's entry is due for a read, the same record (every request needs it: no work on a cache hit). */
  async all(now = Date.now()): Promise<Record<ChannelId, Channel>> {
    if (this.everyChannel && this.everyChannel.expires > now) return this.everyChannel.channels;
    const entries = await Promise.all(CHANNEL_IDS.map(async (id) => [id, await this.get(id, now)] as const));
    const channels = Object.fromEntries(entries) as Record<ChannelId, Channel>;
    this.everyChannel = { channels, expires: Math.min(...CHANNEL_IDS.map((id) => this.cache.get(id)?.expires ?? 0)) };
    return channels;
  }

  /** Keeps the document as the last good one, writing only when it changed (KV allows ~1 write/s per key). */
  private async remember(id: ChannelId, raw: string): Promise<void> {
    try {
      if ((await this.kv.get(lastGoodKey(id))) !== raw) await this.kv.put(lastGoodKey(id), raw);
    } catch (error) {
      this.log(`Could not store the last good configuration of ${id}: ${String(error)}`);
    }
  }

  private async lastGood(id: ChannelId, base: Channel, cached: CacheEntry | undefined): Promise<Channel> {
    if (cached) return cached.channel;
    const raw = await this.kv.get(lastGoodKey(id));
    if (raw === null) return base;
    const result = applyOverride(base, raw);
    return result.ok ? result.channel : base;
  }
}

const stores = new WeakMap<KVNamespace, Map<string, ChannelConfigStore>>();

/** One store per KV binding and environment (an isolate may serve several environments in tests). */
export function channelConfigStore(kv: KVNamespace, environment: string): ChannelConfigStore {
  let byEnvironment = stores.get(kv);
  if (!byEnvironment) stores.set(kv, (byEnvironment = new Map()));
  let store = byEnvironment.get(environment);
  if (!store) byEnvironment.set(environment, (store = new ChannelConfigStore(kv, environment)));
  return store;
}
