/**
 * Home banners: rows of `home_banners` (+ translations), chosen by the request's clock and
 * channel. A banner is live from `startsAt` (inclusive) until `endsAt` (exclusive), either end
 * optional; one tied to a campaign also needs that campaign to run on the channel (channel
 * configuration) and wears its flag colours. Because the home is cached at the edge, the rule
 * also says when the choice next changes (`nextChange`), so a cached copy never outlives a
 * banner's end or misses a start.
 */
import type { ChannelId } from '../../channel/channels';
import { isCampaignActive, type Campaign } from './campaign';
import { isPromotionLive, promotionHref } from './promotions';

export type BannerTone = 'brand' | 'accent' | 'ink' | 'ok';

export interface BannerRecord {
  id: number;
  channel: string | null;
  campaign: string | null;
  tone: BannerTone;
  motif: string;
  startsAt: Date | null;
  endsAt: Date | null;
  position: number;
  title: string;
  text: string;
  linkLabel: string;
  link: string;
}

export interface BannerView {
  id: number;
  title: string;
  text: string;
  linkLabel: string;
  href: string;
  tone: BannerTone;
  motif: string;
  /** The campaign's flag when the banner belongs to one: its colours paint the banner. */
  flag: Campaign['flag'] | null;
  /**
   * Text on a campaign banner: white or black, whichever contrasts more with the flag's
   * background (the CSP allows no inline style, so the flag's own text colour can only paint
   * the SVG art and badge; this keeps the HTML text readable whatever ops choose). Null otherwise.
   */
  ink: 'light' | 'dark' | null;
}

/** Banners shown at once, at most. */
export const BANNER_COUNT = 3;

/**
 * The live banners of the channel at `now`, campaign banners first, then by position; at most
 * `limit`. A banner whose link is not a path or an https URL is dropped (it would lead nowhere).
 */
export function liveBanners(records: readonly BannerRecord[], campaigns: readonly Campaign[], channel: ChannelId, now: Date, languagePrefix: string, limit = BANNER_COUNT): BannerView[] {
  const views: (BannerView & { position: number; campaignFirst: number })[] = [];
  for (const record of records) {
    if (record.channel !== null && record.channel !== channel) continue;
    if (!isPromotionLive(record, now)) continue;
    let flag: Campaign['flag'] | null = null;
    if (record.campaign !== null) {
      const campaign = campaigns.find((candidate) => candidate.slug === record.campaign && isCampaignActive(candidate, channel, now));
      if (!campaign) continue;
      flag = campaign.flag;
    }
    const href = promotionHref(record.link, languagePrefix);
    if (href === null) continue;
    const { id, title, text, linkLabel, tone, motif, position } = record;
    const ink = flag ? (prefersLightInk(flag.background) ? 'light' : 'dark') : null;
    views.push({ id, title, text, linkLabel, href, tone, motif, flag, ink, position, campaignFirst: flag ? 0 : 1 });
  }
  return views
    .sort((a, b) => a.campaignFirst - b.campaignFirst || a.position - b.position || a.id - b.id)
    .slice(0, limit)
    .map(({ position: _position, campaignFirst: _first, ...view }) => view);
}

/**
 * The first instant after `now` at which the home of the channel may change: the next start or
 * end of one of its banners or of a campaign on the channel (a campaign also decides which
 * collections are featured). Null when none is ahead.
 */
export function nextBannerChange(records: readonly BannerRecord[], campaigns: readonly Campaign[], channel: ChannelId, now: Date): Date | null {
  const time = now.getTime();
  let next = Infinity;
  const consider = (instant: number) => {
    if (Number.isFinite(instant) && instant > time && instant < next) next = instant;
  };
  for (const record of records) {
    if (record.channel !== null && record.channel !== channel) continue;
    if (record.startsAt) consider(record.startsAt.getTime());
    if (record.endsAt) consider(record.endsAt.getTime());
  }
  for (const campaign of campaigns) {
    if (!campaign.channels.includes(channel)) continue;
    consider(Date.parse(campaign.startsAt));
    consider(Date.parse(campaign.endsAt));
  }
  return next === Infinity ? null : new Date(next);
}

/** Whether text in white reads better than black on `background` (#rrggbb), by WCAG contrast. */
export function prefersLightInk(background: string): boolean {
  const channel = (offset: number) => {
    const value = Number.parseInt(background.slice(offset, offset + 2), 16) / 255;
    return value <= 0.039_28 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  // Contrast with white (1.05 / (L + 0.05)) against contrast with black ((L + 0.05) / 0.05).
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.05;
}
