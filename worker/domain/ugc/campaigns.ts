/**
 * Review campaigns as data (opine-and-win, spec §2 "Campaign pages"): which channels, the
 * window in which a published review earns a prize-draw entry, the prize per language and how
 * many winners are drawn. They live in the channel configuration (`reviewCampaigns`), so ops move
 * a window with `npm run config` without a deploy. The draw itself is pure here: the same
 * entries and seed always give the same winners, so staff can verify a result.
 */
import { z } from 'zod';
import { LANGUAGES, type Language } from '../../../client/i18n/languages';
import { CHANNEL_IDS, type ChannelId } from '../../channel/channels';

export interface ReviewCampaign {
  slug: string;
  channels: ChannelId[];
  /** ISO 8601 instant, inclusive. */
  startsAt: string;
  /** ISO 8601 instant, exclusive: entries stop, and the draw may run from here on. */
  endsAt: string;
  /** When the draw is announced to take place (shown on the page); defaults to endsAt. */
  drawAt?: string;
  /** Winners drawn per channel (one prize per person at most). */
  winners: number;
  /** The prize as the page shows it, per language (falls back to English, then Spanish). */
  prize: Partial<Record<Language, string>>;
}

/** The default opine-and-win: running on every channel until the end of January 2027. */
export const OPINE_AND_WIN: ReviewCampaign = {
  slug: 'opina-y-gana',
  channels: [...CHANNEL_IDS],
  startsAt: '2026-11-01T00:00:00Z',
  endsAt: '2027-02-01T00:00:00Z',
  drawAt: '2027-02-03T10:00:00Z',
  winners: 5,
  prize: {
    es_ES: 'Una tarjeta regalo de 100 € para gastar en Ampora',
    en_EN: 'A €100 gift card to spend at Ampora',
    fr_FR: 'Une carte cadeau de 100 € à dépenser chez Ampora',
    pt_PT: 'Um cartão-presente de 100 € para gastar na Ampora',
    it_IT: 'Una gift card da 100 € da spendere su Ampora',
    de_DE: 'Ein Geschenkgutschein über 100 € für Ampora',
  },
};

const instant = z.iso.datetime({ offset: true });

/** A review campaign document; unknown keys are refused so a typo never passes silently. */
export const ReviewCampaignSchema = z
  .strictObject({
    slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'a kebab-case slug'),
    channels: z.array(z.enum(CHANNEL_IDS)).min(1),
    startsAt: instant,
    endsAt: instant,
    drawAt: instant.optional(),
    // At most 50: the winners are marked in one statement (D1 allows 100 bound parameters).
    winners: z.number().int().min(1).max(50),
    prize: z.partialRecord(z.enum(LANGUAGES), z.string().min(1).max(300)),
  })
  .refine((campaign) => Date.parse(campaign.endsAt) > Date.parse(campaign.startsAt), { message: 'endsAt must be after startsAt', path: ['endsAt'] }) satisfies z.ZodType<ReviewCampaign>;

/** Whether the campaign takes entries on `channel` at `now` (start inclusive, end exclusive). */
export function campaignRunning(campaign: ReviewCampaign, channel: string, now: Date): boolean {
  if (!(campaign.channels as string[]).includes(channel)) return false;
  const time = now.getTime();
  return Date.parse(campaign.startsAt) <= time && time < Date.parse(campaign.endsAt);
}

/** Whether the window is over, so the draw may run. */
export function campaignEnded(campaign: ReviewCampaign, now: Date): boolean {
  return now.getTime() >= Date.parse(campaign.endsAt);
}

/** The prize text in `language`, else English, else Spanish, else any. */
export function prizeIn(campaign: ReviewCampaign, language: Language): string {
  return campaign.prize[language] ?? campaign.prize.en_EN ?? campaign.prize.es_ES ?? Object.values(campaign.prize)[0] ?? '';
}

export interface DrawEntry {
  id: number;
  userId: number;
}

/**
 * A deterministic generator of 32-bit words from a 16-byte (or longer) seed (sfc32): small,
 * well distributed, and the same sequence in every runtime.
 */
function generator(seed: Uint8Array): () => number {
  if (seed.length < 16) throw new Error('The draw seed must have at least 16 bytes');
  const view = new DataView(seed.buffer, seed.byteOffset, seed.byteLength);
  let a = view.getUint32(0);
  let b = view.getUint32(4);
  let c = view.getUint32(8);
  let d = view.getUint32(12);
  const next = () => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) >>> 0;
    c = (c + t) >>> 0;
    return t;
  };
  // Warm up so that similar seeds do not start with similar words.
  for (let i = 0; i < 12; i++) next();
  return next;
}

/** An integer in [0, bound) without modulo bias (rejection sampling). */
function below(next: () => number, bound: number): number {
  const limit = Math.floor(0x1_0000_0000 / bound) * bound;
  for (;;) {
    const word = next();
    if (word < limit) return word % bound;
  }
}

/**
 * The winning entries: the entries (taken in id order, so the caller's order does not matter)
 * shuffled uniformly by a generator seeded with `seed`, then the first entry of each person in
 * that order until `winners` people have one. Every entry has the same chance; a person with
 * more published reviews has more entries but wins at most once.
 */
export function drawWinners(entries: readonly DrawEntry[], winners: number, seed: Uint8Array): DrawEntry[] {
  const pool = [...entries].sort((x, y) => x.id - y.id);
  const next = generator(seed);
  for (let i = pool.length - 1; i > 0; i--) {
    const j = below(next, i + 1);
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  const chosen: DrawEntry[] = [];
  const people = new Set<number>();
  for (const entry of pool) {
    if (chosen.length >= winners) break;
    if (people.has(entry.userId)) continue;
    people.add(entry.userId);
    chosen.push(entry);
  }
  return chosen;
}

/** What the draw's seed is computed from: campaign, channel and every entry id, in order. */
export function drawSeedMessage(campaign: string, channel: string, entryIds: readonly number[]): string {
  return `${campaign}|${channel}|${[...entryIds].sort((x, y) => x - y).join(',')}`;
}

/** The seed: HMAC-SHA256 of drawSeedMessage with the store's secret (staff holding it can recompute the draw). */
export async function drawSeed(secret: string, message: string): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(message)));
}
