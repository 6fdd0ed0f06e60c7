// Black Friday campaign window, flag and configuration schema (spec §9).
import { describe, expect, it } from 'vitest';
import { BLACK_FRIDAY_2025, CampaignSchema, campaignFlagFor, isCampaignActive, withCollections, type Campaign } from '../../../worker/domain/catalogue/campaign';

describe('BLACK_FRIDAY_2025', () => {
  it('holds the numbers of the specification', () => {
    expect(BLACK_FRIDAY_2025).toMatchObject({
      startsAt: '2025-11-02T17:00:00Z',
      endsAt: '2025-12-01T07:30:00Z',
      channels: ['ES', 'PT', 'FR', 'IT', 'DE'],
      collectionIds: [1, 2, 3, 4, 5],
      flag: { background: '#000000', text: '#ffffff' },
    });
  });

  it('passes its own schema', () => {
    expect(CampaignSchema.safeParse(BLACK_FRIDAY_2025).success).toBe(true);
  });

  it('takes the collection ids found in the database', () => {
    const campaign = withCollections(BLACK_FRIDAY_2025, [41, 42]);
    expect(campaign.collectionIds).toEqual([41, 42]);
    expect(BLACK_FRIDAY_2025.collectionIds).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('isCampaignActive (start inclusive, end exclusive)', () => {
  it.each([
    ['2025-11-02T16:59:59Z', false],
    ['2025-11-02T17:00:00Z', true],
    ['2025-11-02T17:00:01Z', true],
    ['2025-12-01T07:29:59Z', true],
    ['2025-12-01T07:30:00Z', false],
    ['2025-12-01T07:30:01Z', false],
  ])('%s → %s', (now, active) => {
    for (const channel of BLACK_FRIDAY_2025.channels) expect(isCampaignActive(BLACK_FRIDAY_2025, channel, new Date(now))).toBe(active);
  });

  it('is inactive on a channel outside the campaign', () => {
    const spainOnly: Campaign = { ...BLACK_FRIDAY_2025, channels: ['ES'] };
    const during = new Date('2025-11-20T12:00:00Z');
    expect(isCampaignActive(spainOnly, 'ES', during)).toBe(true);
    expect(isCampaignActive(spainOnly, 'PT', during)).toBe(false);
  });
});

describe('campaignFlagFor', () => {
  const during = new Date('2025-11-20T12:00:00Z');
  const cyberMonday: Campaign = {
    slug: 'cyber-monday',
    startsAt: '2025-11-15T00:00:00Z',
    endsAt: '2025-12-05T00:00:00Z',
    channels: ['ES', 'FR'],
    collectionIds: [3, 9],
    flag: { background: '#0033cc', text: '#ffffff', label: 'Cyber Monday' },
  };

  it.each([
    ['article in a campaign collection', [7, 3], [BLACK_FRIDAY_2025], 'ES', during, BLACK_FRIDAY_2025.flag],
    ['article in no campaign collection', [6, 7], [BLACK_FRIDAY_2025], 'ES', during, null],
    ['article without collections', [], [BLACK_FRIDAY_2025], 'ES', during, null],
    ['before the campaign', [3], [BLACK_FRIDAY_2025], 'ES', new Date('2025-11-02T16:59:59Z'), null],
    ['at the end of the campaign', [3], [BLACK_FRIDAY_2025], 'ES', new Date('2025-12-01T07:30:00Z'), null],
    ['first matching campaign wins', [3], [cyberMonday, BLACK_FRIDAY_2025], 'ES', during, cyberMonday.flag],
    ['a campaign not on the channel is skipped', [3], [cyberMonday, BLACK_FRIDAY_2025], 'PT', during, BLACK_FRIDAY_2025.flag],
    ['a campaign not containing the article is skipped', [9], [BLACK_FRIDAY_2025, cyberMonday], 'FR', during, cyberMonday.flag],
    ['an ended campaign is skipped', [3], [cyberMonday, BLACK_FRIDAY_2025], 'ES', new Date('2025-12-02T00:00:00Z'), cyberMonday.flag],
  ] as [string, number[], Campaign[], Campaign['channels'][number], Date, Campaign['flag'] | null][])('%s', (_, ids, campaigns, channel, now, flag) => {
    expect(campaignFlagFor(ids, campaigns, channel, now)).toEqual(flag);
  });
});

describe('CampaignSchema', () => {
  it.each([
    ['offset dates', { startsAt: '2025-11-02T18:00:00+01:00' }],
    ['without label', { flag: { background: '#000000', text: '#FFFFFF' } }],
    ['with collection slugs', { collectionSlugs: ['black-friday-tv'] }],
  ])('accepts %s', (_, change) => {
    expect(CampaignSchema.safeParse({ ...BLACK_FRIDAY_2025, ...change }).success).toBe(true);
  });

  it.each([
    ['end before start', { endsAt: '2025-11-01T00:00:00Z' }],
    ['end equal to start', { endsAt: '2025-11-02T17:00:00Z' }],
    ['a date that is not ISO', { startsAt: '02/11/2025 17:00' }],
    ['a date without time zone', { startsAt: '2025-11-02T17:00:00' }],
    ['a three-digit colour', { flag: { background: '#000', text: '#ffffff' } }],
    ['a named colour', { flag: { background: 'black', text: '#ffffff' } }],
    ['an unknown channel', { channels: ['ES', 'UK'] }],
    ['no channel', { channels: [] }],
    ['a non-integer collection id', { collectionIds: [1.5] }],
    ['a slug with spaces', { slug: 'black friday' }],
    ['an unknown key', { colour: '#000000' }],
  ])('refuses %s', (_, change) => {
    expect(CampaignSchema.safeParse({ ...BLACK_FRIDAY_2025, ...change }).success).toBe(false);
  });
});
