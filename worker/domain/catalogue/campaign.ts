/**
 * Campaigns as data (spec §9: Black Friday from 2 Nov 2025 17:00 UTC to 1 Dec 2025 07:30 UTC on
 * all channels, 5 collections, black flag with white text). Ops may replace a campaign through
 * channel configuration; `CampaignSchema` is the check such a document must pass.
 */
import { z } from 'zod';
import { CHANNEL_IDS, type ChannelId } from '../../channel/channels';

export interface Campaign {
  /** Matches the `campaign` column of the collections that belong to it. */
  slug: string;
  /** ISO 8601 instant, inclusive. */
  startsAt: string;
  /** ISO 8601 instant, exclusive. */
  endsAt: string;
  channels: ChannelId[];
  collectionSlugs?: string[];
  collectionIds: number[];
  /** Badge on the product cards of the campaign's collections; colours as #rrggbb. */
  flag: { background: string; text: string; label?: string };
}

export const BLACK_FRIDAY_2025: Campaign = {
  slug: 'black-friday',
  startsAt: '2025-11-02T17:00:00Z',
  endsAt: '2025-12-01T07:30:00Z',
  channels: [...CHANNEL_IDS],
  // Placeholder ids until the collections tagged `campaign = 'black-friday'` are read from the
  // database; pass those through `withCollections`.
  collectionIds: [1, 2, 3, 4, 5],
  flag: { background: '#000000', text: '#ffffff', label: 'Black Friday' },
};

/** The campaign with its collections replaced, e.g. by the ids found through the `campaign` column. */
export function withCollections(campaign: Campaign, collectionIds: readonly number[]): Campaign {
  return { ...campaign, collectionIds: [...collectionIds] };
}

const colour = z.string().regex(/^#[0-9a-f]{6}$/i, 'a colour as #rrggbb');
const instant = z.iso.datetime({ offset: true });

/** A campaign document; unknown keys are refused so a typo never passes silently. */
export const CampaignSchema = z
  .strictObject({
    slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'a kebab-case slug'),
    startsAt: instant,
    endsAt: instant,
    channels: z.array(z.enum(CHANNEL_IDS)).min(1),
    collectionSlugs: z.array(z.string().min(1)).optional(),
    collectionIds: z.array(z.number().int().positive()),
    flag: z.strictObject({ background: colour, text: colour, label: z.string().min(1).optional() }),
  })
  .refine((campaign) => Date.parse(campaign.endsAt) > Date.parse(campaign.startsAt), {
    message: 'endsAt must be after startsAt',
    path: ['endsAt'],
  }) satisfies z.ZodType<Campaign>;

/**
 * Whether `campaign` runs on `channel` at `now`: the channel is listed and
 * `startsAt ≤ now < endsAt` (start inclusive, end exclusive, so back-to-back campaigns never
 * overlap). Unparseable dates make the campaign inactive.
 */
export function isCampaignActive(campaign: Campaign, channel: ChannelId, now: Date): boolean {
  if (!campaign.channels.includes(channel)) return false;
  const time = now.getTime();
  return Date.parse(campaign.startsAt) <= time && time < Date.parse(campaign.endsAt);
}

/**
 * The flag of the first campaign, in the order given, that is active on `channel` at `now` and
 * whose `collectionIds` include one of the article's collections; null when none. Collection slugs
 * are not matched here: resolve them to ids first.
 */
export function campaignFlagFor(
  articleCollectionIds: readonly number[],
  campaigns: readonly Campaign[],
  channel: ChannelId,
  now: Date,
): Campaign['flag'] | null {
  const campaign = campaigns.find(
    (candidate) => isCampaignActive(candidate, channel, now) && candidate.collectionIds.some((id) => articleCollectionIds.includes(id)),
  );
  return campaign?.flag ?? null;
}

/**
 * The flag of the first campaign active on `channel` at `now` that the article belongs to
 * through a collection tagged with the campaign's slug (the `campaign` column of collections).
 */
export function campaignFlagForSlugs(
  articleCampaignSlugs: readonly string[],
  campaigns: readonly Campaign[],
  channel: ChannelId,
  now: Date,
): Campaign['flag'] | null {
  const campaign = campaigns.find((candidate) => articleCampaignSlugs.includes(candidate.slug) && isCampaignActive(candidate, channel, now));
  return campaign?.flag ?? null;
}

/**
 * The cards with `campaignFlag` set from their `campaignSlugs` (campaignFlagForSlugs): the badge
 * a card shows, in the colours of the campaign's data, only while the campaign runs.
 */
export function withCampaignFlags<T extends { campaignSlugs?: readonly string[] }>(
  cards: readonly T[],
  campaigns: readonly Campaign[],
  channel: ChannelId,
  now: Date,
): (T & { campaignFlag: Campaign['flag'] | null })[] {
  return cards.map((card) => ({ ...card, campaignFlag: campaignFlagForSlugs(card.campaignSlugs ?? [], campaigns, channel, now) }));
}
