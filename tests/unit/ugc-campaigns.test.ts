// Opine-and-win as data and its prize draw (worker/domain/ugc/campaigns.ts), and the staff CLI's
// argument parsing (scripts/ugc-cli.ts).
import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseUgcArgs, requestOf, DEFAULT_ORIGIN } from '../../scripts/ugc-cli';
import { applyOverride, defaultChannel } from '../../worker/channel/config';
import { campaignEnded, campaignRunning, drawSeed, drawSeedMessage, drawWinners, OPINE_AND_WIN, prizeIn, ReviewCampaignSchema, type DrawEntry } from '../../worker/domain/ugc/campaigns';

const seedOf = (text: string) => new Uint8Array(createHash('sha256').update(text).digest());
const entries = (pairs: [number, number][]): DrawEntry[] => pairs.map(([id, userId]) => ({ id, userId }));

describe('drawWinners', () => {
  it.each([
    { name: 'no entries', pool: [], winners: 3, expected: 0 },
    { name: 'fewer people than prizes', pool: [[1, 10], [2, 11]], winners: 5, expected: 2 },
    { name: 'one person with many entries', pool: [[1, 10], [2, 10], [3, 10], [4, 10]], winners: 3, expected: 1 },
    { name: 'more people than prizes', pool: [[1, 10], [2, 11], [3, 12], [4, 13], [5, 14]], winners: 3, expected: 3 },
    { name: 'zero winners', pool: [[1, 10]], winners: 0, expected: 0 },
  ] as { name: string; pool: [number, number][]; winners: number; expected: number }[])('$name → $expected winners, each person at most once', ({ pool, winners, expected }) => {
    const chosen = drawWinners(entries(pool), winners, seedOf('table'));
    expect(chosen).toHaveLength(expected);
    expect(new Set(chosen.map((entry) => entry.userId)).size).toBe(chosen.length);
    for (const entry of chosen) expect(pool.some(([id, userId]) => id === entry.id && userId === entry.userId)).toBe(true);
  });

  it('is deterministic: the same entries and seed give the same winners, whatever the input order', () => {
    const pool = entries(Array.from({ length: 40 }, (_, i) => [i + 1, 100 + (i % 17)] as [number, number]));
    const first = drawWinners(pool, 5, seedOf('campaign|ES|…'));
    expect(drawWinners([...pool].reverse(), 5, seedOf('campaign|ES|…'))).toEqual(first);
    expect(drawWinners(pool, 5, seedOf('campaign|ES|…'))).toEqual(first);
    const others = ['a', 'b', 'c', 'd'].map((s) => drawWinners(pool, 5, seedOf(s)).map((entry) => entry.id).join());
    expect(new Set([first.map((entry) => entry.id).join(), ...others]).size).toBeGreaterThan(1);
  });

  it('gives every entry the same chance (3 000 seeded draws of 1 among 3 entries)', () => {
    const pool = entries([[1, 1], [2, 2], [3, 3]]);
    const wins = new Map<number, number>();
    for (let i = 0; i < 3000; i++) {
      const [winner] = drawWinners(pool, 1, seedOf(`seed-${i}`));
      wins.set(winner!.id, (wins.get(winner!.id) ?? 0) + 1);
    }
    for (const id of [1, 2, 3]) expect(wins.get(id)).toBeGreaterThan(880);
    for (const id of [1, 2, 3]) expect(wins.get(id)).toBeLessThan(1120);
  });

  it('counts entries, not people: two entries of one person win about twice as often as one', () => {
    const pool = entries([[1, 1], [2, 1], [3, 2]]);
    let first = 0;
    for (let i = 0; i < 3000; i++) if (drawWinners(pool, 1, seedOf(`e-${i}`))[0]!.userId === 1) first++;
    expect(first).toBeGreaterThan(1850);
    expect(first).toBeLessThan(2150);
  });

  it('refuses a seed shorter than 16 bytes', () => {
    expect(() => drawWinners(entries([[1, 1]]), 1, new Uint8Array(8))).toThrow();
  });

  it('derives the seed as HMAC-SHA256(secret, campaign|channel|sorted entry ids), verifiable with any HMAC tool', async () => {
    const message = drawSeedMessage('opina-y-gana', 'ES', [3, 1, 2]);
    expect(message).toBe('opina-y-gana|ES|1,2,3');
    const seed = await drawSeed('the secret', message);
    expect(Buffer.from(seed).toString('hex')).toBe(createHmac('sha256', 'the secret').update(message).digest('hex'));
  });
});

describe('the campaign window', () => {
  const c = { ...OPINE_AND_WIN, startsAt: '2026-12-01T00:00:00Z', endsAt: '2027-01-01T00:00:00Z', channels: ['ES', 'PT'] as ('ES' | 'PT')[] };
  it.each([
    { at: '2026-11-30T23:59:59.999Z', channel: 'ES', running: false, ended: false },
    { at: '2026-12-01T00:00:00Z', channel: 'ES', running: true, ended: false },
    { at: '2026-12-31T23:59:59.999Z', channel: 'PT', running: true, ended: false },
    { at: '2027-01-01T00:00:00Z', channel: 'ES', running: false, ended: true },
    { at: '2026-12-15T00:00:00Z', channel: 'FR', running: false, ended: false },
  ])('$channel at $at: running $running, ended $ended', ({ at, channel, running, ended }) => {
    expect(campaignRunning(c, channel, new Date(at))).toBe(running);
    expect(campaignEnded(c, new Date(at))).toBe(ended);
  });

  it('runs the default opine-and-win on every channel through January 2027, with a prize in every language', () => {
    for (const channel of ['ES', 'PT', 'FR', 'IT', 'DE']) {
      expect(campaignRunning(OPINE_AND_WIN, channel, new Date('2026-11-25T12:00:00Z'))).toBe(true);
      expect(campaignRunning(OPINE_AND_WIN, channel, new Date('2027-01-31T23:00:00Z'))).toBe(true);
      expect(campaignRunning(OPINE_AND_WIN, channel, new Date('2027-02-01T00:00:00Z'))).toBe(false);
    }
    for (const language of ['es_ES', 'en_EN', 'fr_FR', 'pt_PT', 'it_IT', 'de_DE'] as const) expect(prizeIn(OPINE_AND_WIN, language)).toBe(OPINE_AND_WIN.prize[language]);
    expect(prizeIn({ ...OPINE_AND_WIN, prize: { es_ES: 'Premio' } }, 'de_DE')).toBe('Premio');
    expect(defaultChannel('FR', 'development').reviewCampaigns).toEqual([OPINE_AND_WIN]);
  });

  it.each([
    { name: 'the default', doc: OPINE_AND_WIN, ok: true },
    { name: 'an end before the start', doc: { ...OPINE_AND_WIN, endsAt: '2026-01-01T00:00:00Z' }, ok: false },
    { name: 'no winners', doc: { ...OPINE_AND_WIN, winners: 0 }, ok: false },
    { name: 'more winners than one statement marks', doc: { ...OPINE_AND_WIN, winners: 51 }, ok: false },
    { name: 'an unknown key', doc: { ...OPINE_AND_WIN, prizes: 'x' }, ok: false },
    { name: 'an unknown channel', doc: { ...OPINE_AND_WIN, channels: ['XX'] }, ok: false },
  ])('the schema: $name → $ok', ({ doc, ok }) => {
    expect(ReviewCampaignSchema.safeParse(doc).success).toBe(ok);
  });

  it('lets ops move the window through the channel configuration', () => {
    const moved = applyOverride(defaultChannel('ES', 'development'), JSON.stringify({ reviewCampaigns: [{ ...OPINE_AND_WIN, endsAt: '2027-03-01T00:00:00Z' }] }));
    expect(moved.ok && moved.channel.reviewCampaigns?.[0]?.endsAt).toBe('2027-03-01T00:00:00Z');
    expect(applyOverride(defaultChannel('ES', 'development'), JSON.stringify({ reviewCampaigns: [{ ...OPINE_AND_WIN, winners: -1 }] })).ok).toBe(false);
  });
});

describe('npm run ugc arguments', () => {
  it.each([
    { argv: ['list'], value: { command: 'list', kind: 'review', state: 'PENDING_REVIEW', page: 1, origin: DEFAULT_ORIGIN } },
    { argv: ['list', 'media', '--state', 'OK', '--page=3'], value: { command: 'list', kind: 'media', state: 'OK', page: 3, origin: DEFAULT_ORIGIN } },
    { argv: ['approve', 'answer', '42', '--origin', 'http://fr.localhost:8811'], value: { command: 'approve', kind: 'answer', id: 42, origin: 'http://fr.localhost:8811' } },
    { argv: ['reject', 'review', '7', 'Not', 'about', 'the', 'product'], value: { command: 'reject', kind: 'review', id: 7, reason: 'Not about the product', origin: DEFAULT_ORIGIN } },
    { argv: ['reject', 'media', '0F8FAD5B-D9CB-469F-A165-70867728950E', 'spam'], value: { command: 'reject', kind: 'media', id: '0f8fad5b-d9cb-469f-a165-70867728950e', reason: 'spam', origin: DEFAULT_ORIGIN } },
    { argv: ['draw', 'opina-y-gana', 'pt', '3'], value: { command: 'draw', campaign: 'opina-y-gana', channel: 'PT', winners: 3, origin: DEFAULT_ORIGIN } },
    { argv: ['draw', 'opina-y-gana', 'ES'], value: { command: 'draw', campaign: 'opina-y-gana', channel: 'ES', winners: undefined, origin: DEFAULT_ORIGIN } },
  ])('accepts $argv', ({ argv, value }) => {
    expect(parseUgcArgs(argv)).toEqual({ ok: true, value });
  });

  it.each([
    [[]],
    [['publish', 'review', '1']],
    [['list', 'photos']],
    [['list', '--state', 'HIDDEN']],
    [['list', '--page', '0']],
    [['approve', 'media', '1']],
    [['approve', 'review', '-1']],
    [['approve', 'review', '1.5']],
    [['approve', 'review']],
    [['reject', 'review', '3']],
    [['reject', 'media', '12', 'spam']],
    [['draw', 'Opina Y Gana', 'ES']],
    [['draw', 'opina-y-gana', 'UK']],
    [['draw', 'opina-y-gana', 'ES', '0']],
    [['draw', 'opina-y-gana', 'ES', '51']],
    [['list', '--origin', 'es.localhost']],
    [['list', '--verbose', 'yes']],
    [['list', '--state']],
  ])('refuses %j', (argv) => {
    expect(parseUgcArgs(argv).ok).toBe(false);
  });

  it('maps each command to its staff API call', () => {
    const call = (argv: string[]) => {
      const parsed = parseUgcArgs(argv);
      if (!parsed.ok) throw new Error(parsed.error);
      return requestOf(parsed.value);
    };
    expect(call(['list', 'answer'])).toEqual({ method: 'GET', path: '/api/admin/ugc/queue?kind=answer&state=PENDING_REVIEW&page=1' });
    expect(call(['approve', 'question', '9'])).toEqual({ method: 'POST', path: '/api/admin/ugc/question/9/approve', body: {} });
    expect(call(['reject', 'answer', '9', 'spam'])).toEqual({ method: 'POST', path: '/api/admin/ugc/answer/9/reject', body: { reason: 'spam' } });
    expect(call(['reject', 'media', '0f8fad5b-d9cb-469f-a165-70867728950e', 'blurry photo']).path).toBe('/api/admin/ugc/media/0f8fad5b-d9cb-469f-a165-70867728950e/reject');
    expect(call(['draw', 'opina-y-gana', 'IT', '2'])).toEqual({ method: 'POST', path: '/api/admin/ugc/campaigns/opina-y-gana/draw', body: { channel: 'IT', winners: 2 } });
  });
});
