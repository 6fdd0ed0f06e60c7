/**
 * The opine-and-win campaign (docs/user-content.md "Campaigns"), mounted under /api/ugc:
 * - `GET /campaigns/opine-and-win` → the channel's campaign (rules data: window, draw date,
 *   prize in the request's language, winners per channel), whether it runs or has ended, the
 *   signed-in caller's entries (empty for visitors) and, once drawn, the winners by nick.
 */
import { Hono } from 'hono';
import type { Channel } from '../channel/channels';
import type { Db } from '../db/client';
import { campaignEnded, campaignRunning, prizeIn } from '../domain/ugc/campaigns';
import type { AppEnv } from '../http/context';
import { appError, okEnvelope } from '../http/errors';
import { currentUser } from '../identity/session';
import type { Language } from '../../client/i18n/languages';
import { currentReviewCampaign, drawResult, entriesOfUser, type CampaignEntryView } from '../ugc/campaigns';
import { describe } from '../http/openapi-meta';

export interface OpineAndWinView {
  slug: string;
  startsAt: string;
  endsAt: string;
  drawAt: string;
  prize: string;
  winnersCount: number;
  running: boolean;
  ended: boolean;
  signedIn: boolean;
  entries: CampaignEntryView[];
  /** After the draw: the winners' nicks (null when a winner has none). */
  winners: (string | null)[] | null;
}

/** What the page and the API show of the channel's opine-and-win (undefined: none on this channel). */
export async function opineAndWinView(db: Db, channel: Channel, language: Language, userId: number | null, now: Date): Promise<OpineAndWinView | undefined> {
  const campaign = currentReviewCampaign(channel, now);
  if (!campaign) return undefined;
  const [entries, drawn] = await Promise.all([userId === null ? [] : entriesOfUser(db, campaign, channel.id, userId, language), drawResult(db, campaign, channel.id)]);
  return {
    slug: campaign.slug,
    startsAt: campaign.startsAt,
    endsAt: campaign.endsAt,
    drawAt: campaign.drawAt ?? campaign.endsAt,
    prize: prizeIn(campaign, language),
    winnersCount: campaign.winners,
    running: campaignRunning(campaign, channel.id, now),
    ended: campaignEnded(campaign, now),
    signedIn: userId !== null,
    entries,
    winners: drawn ? drawn.winners.map((winner) => winner.nick) : null,
  };
}

export const ugcCampaignsApi = new Hono<AppEnv>().get('/campaigns/opine-and-win', describe({ summary: "The reviews campaign (Opine and win) with the customer's entries", errors: ['notFound'] }), async (c) => {
  const user = await currentUser(c);
  const view = await opineAndWinView(c.var.db, c.var.channel, c.var.language, user?.id ?? null, c.var.now);
  if (!view) throw appError('notFound');
  c.header('Cache-Control', 'private, no-store');
  return c.json(okEnvelope(view));
});
