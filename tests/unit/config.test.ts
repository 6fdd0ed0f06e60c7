import { describe, expect, it } from 'vitest';
import { DEFAULT_CHANNELS } from '../../worker/channel/channels';
import { BLACK_FRIDAY_2025 } from '../../worker/domain/catalogue/campaign';
import { OPINE_AND_WIN } from '../../worker/domain/ugc/campaigns';
import { ChannelConfigStore, applyOverride, configKey, defaultChannel } from '../../worker/channel/config';

/** The slice of KVNamespace the config store uses, over a Map. */
function memoryKv(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  let reads = 0;
  const kv = {
    async get(key: string) {
      reads++;
      return data.get(key) ?? null;
    },
    async put(key: string, value: string) {
      data.set(key, value);
    },
  };
  return { kv: kv as unknown as KVNamespace, data, reads: () => reads };
}

describe('applyOverride', () => {
  const base = DEFAULT_CHANNELS.PT;

  it('merges a valid document over the defaults', () => {
    const result = applyOverride(base, JSON.stringify({ toastPosition: 'top', languages: ['pt_PT', 'en_EN', 'fr_FR'] }));
    expect(result).toMatchObject({ ok: true, channel: { id: 'PT', toastPosition: 'top', languages: ['pt_PT', 'en_EN', 'fr_FR'], phonePrefix: '+351' } });
  });

  it.each([
    ['not JSON', '{toast', /JSON/],
    ['an unknown key', JSON.stringify({ toastPostion: 'top' }), /toastPostion/],
    ['a bad language', JSON.stringify({ defaultLanguage: 'pt_BR' }), /defaultLanguage/],
    ['a bad phone prefix', JSON.stringify({ phonePrefix: '351' }), /phonePrefix/],
    ['languages without the default', JSON.stringify({ languages: ['en_EN'] }), /default language pt_PT/],
    ['a bad canonical domain', JSON.stringify({ canonicalDomain: 'https://x' }), /canonicalDomain/],
  ])('refuses %s', (_name, raw, message) => {
    const result = applyOverride(base, raw);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toMatch(message);
  });

  it('enforces the staging host as canonical in staging, none in development', () => {
    expect(defaultChannel('PT', 'staging').canonicalDomain).toBe('staging.ampora.pt');
    expect(defaultChannel('PT', 'development').canonicalDomain).toBeUndefined();
    expect(applyOverride(defaultChannel('PT', 'staging'), JSON.stringify({ hosts: { production: 'www.ampora.pt', staging: 'staging2.ampora.pt', development: [] } })).ok).toBe(true);
    expect(applyOverride(defaultChannel('PT', 'staging'), JSON.stringify({ hosts: { production: 'www.ampora.pt', staging: 'not a host', development: [] } })).ok).toBe(false);
  });

  it('clears the canonical domain with an empty string', () => {
    const prod = defaultChannel('ES', 'production');
    expect(prod.canonicalDomain).toBe('www.ampora.es');
    const result = applyOverride(prod, JSON.stringify({ canonicalDomain: '' }));
    expect(result.ok && result.channel.canonicalDomain).toBeUndefined();
  });
});

describe('ChannelConfigStore', () => {
  it('uses the code defaults when KV holds nothing', async () => {
    const { kv } = memoryKv();
    const store = new ChannelConfigStore(kv, 'development');
    expect(await store.get('FR')).toEqual({ ...DEFAULT_CHANNELS.FR, campaigns: [BLACK_FRIDAY_2025], reviewCampaigns: [OPINE_AND_WIN] });
  });

  it('applies a KV override and caches it for 30 seconds', async () => {
    const { kv, data, reads } = memoryKv({ [configKey('IT')]: JSON.stringify({ toastPosition: 'top' }) });
    const store = new ChannelConfigStore(kv, 'development');
    expect((await store.get('IT', 0)).toastPosition).toBe('top');
    const after = reads();
    data.set(configKey('IT'), JSON.stringify({ toastPosition: 'bottom' }));
    expect((await store.get('IT', 10_000)).toastPosition).toBe('top');
    expect(reads()).toBe(after);
    expect((await store.get('IT', 31_000)).toastPosition).toBe('bottom');
  });

  it('gives every channel as one record, the same one until a channel is due for a read', async () => {
    const { kv, data, reads } = memoryKv();
    const store = new ChannelConfigStore(kv, 'development');
    const first = await store.all(0);
    expect(Object.keys(first)).toEqual(['ES', 'PT', 'FR', 'IT', 'DE']);
    const after = reads();
    data.set(configKey('PT'), JSON.stringify({ toastPosition: 'top' }));
    expect(await store.all(29_999)).toBe(first);
    expect(reads()).toBe(after);
    const later = await store.all(30_000);
    expect(later).not.toBe(first);
    expect(later.PT.toastPosition).toBe('top');
    expect(later.ES).toBe(first.ES);
  });

  it('refuses an invalid document, logs it and keeps the last good one in force', async () => {
    const { kv, data } = memoryKv({ [configKey('DE')]: JSON.stringify({ toastPosition: 'top' }) });
    const logs: string[] = [];
    const store = new ChannelConfigStore(kv, 'development', (line) => logs.push(line));
    expect((await store.get('DE', 0)).toastPosition).toBe('top');
    data.set(configKey('DE'), JSON.stringify({ toastPosition: 'middle' }));
    expect((await store.get('DE', 60_000)).toastPosition).toBe('top');
    expect(logs.join('\n')).toMatch(/Refused channel configuration config:channel:DE.*toastPosition/s);

    // A fresh isolate (new store) finds the last good document in KV.
    const fresh = new ChannelConfigStore(kv, 'development', () => {});
    expect((await fresh.get('DE', 0)).toastPosition).toBe('top');
  });

  it('falls back to the defaults when there never was a good document', async () => {
    const { kv } = memoryKv({ [configKey('ES')]: '{"languages": []}' });
    const store = new ChannelConfigStore(kv, 'development', () => {});
    expect(await store.get('ES')).toEqual({ ...DEFAULT_CHANNELS.ES, campaigns: [BLACK_FRIDAY_2025], reviewCampaigns: [OPINE_AND_WIN] });
  });
});

describe('campaigns in channel configuration', () => {
  const base = defaultChannel('ES', 'development');

  it('runs Black Friday 2025 by default', () => {
    expect(base.campaigns).toEqual([BLACK_FRIDAY_2025]);
  });

  it('lets ops replace the window and refuses a window that ends before it starts', () => {
    const moved = { ...BLACK_FRIDAY_2025, startsAt: '2026-11-20T00:00:00Z', endsAt: '2026-11-30T23:00:00Z' };
    const result = applyOverride(base, JSON.stringify({ campaigns: [moved] }));
    expect(result.ok && result.channel.campaigns).toEqual([moved]);
    const backwards = { ...moved, endsAt: '2026-11-01T00:00:00Z' };
    expect(applyOverride(base, JSON.stringify({ campaigns: [backwards] })).ok).toBe(false);
  });
});
