/**
 * Campaign entries (opine-and-win) and the prize draw. A review that becomes OK while a review
 * campaign runs on its channel gets one entry per campaign (unique per review); a review that
 * stops being OK loses the entries it has not won. The draw (staff, after the window) picks the
 * winners with drawWinners (worker/domain/ugc/campaigns.ts) from a seed that is an HMAC of the
 * campaign, the channel and the entry ids, and marks them; running it again answers the same.
 */
import { and, asc, eq, gte, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Channel } from '../channel/channels';
import type { Db } from '../db/client';
import { articleTranslations, campaignEntries, productReviews, users } from '../db/schema';
import { campaignRunning, drawSeed, drawSeedMessage, drawWinners, OPINE_AND_WIN, type ReviewCampaign } from '../domain/ugc/campaigns';
import type { Language } from '../../client/i18n/languages';

/**
 * Statements that give a review that becomes OK its prize-draw entry when it is published inside
 * a running opine-and-win campaign of its channel, or withdraw the entry when it stops being OK.
 * `campaigns` is the channel's configuration (`channel.reviewCampaigns`); without it, the
 * defaults in code (the transition runs outside a request's channel).
 */
export function campaignEntryStatements(
  db: Db,
  review: { id: number; userId: number; channel: string },
  published: boolean,
  now: Date,
  campaigns: readonly ReviewCampaign[] = [OPINE_AND_WIN],
): BatchItem<'sqlite'>[] {
  if (!published) return [db.delete(campaignEntries).where(and(eq(campaignEntries.reviewId, review.id), isNull(campaignEntries.wonAt)))];
  return campaigns
    .filter((campaign) => campaignRunning(campaign, review.channel, now))
    .map((campaign) =>
      db
        .insert(campaignEntries)
        .values({ campaign: campaign.slug, channel: review.channel, userId: review.userId, reviewId: review.id, createdAt: now.getTime() })
        .onConflictDoNothing(),
    );
}

/** The channel's review campaign with that slug (the defaults when the channel lists none). */
export function reviewCampaignOf(channel: Pick<Channel, 'reviewCampaigns'>, slug: string): ReviewCampaign | undefined {
  return (channel.reviewCampaigns ?? [OPINE_AND_WIN]).find((campaign) => campaign.slug === slug);
}

/** The channel's opine-and-win: the one running now, else the latest that started, else the first. */
export function currentReviewCampaign(channel: Pick<Channel, 'id' | 'reviewCampaigns'>, now: Date): ReviewCampaign | undefined {
  const list = (channel.reviewCampaigns ?? [OPINE_AND_WIN]).filter((campaign) => (campaign.channels as string[]).includes(channel.id));
  const running = list.find((campaign) => campaignRunning(campaign, channel.id, now));
  if (running) return running;
  const started = list.filter((campaign) => Date.parse(campaign.startsAt) <= now.getTime()).sort((a, b) => Date.parse(b.startsAt) - Date.parse(a.startsAt));
  return started[0] ?? list[0];
}

/** Only entries made inside the window in force count (ops may have shortened it after they were made). */
function inWindow(campaign: ReviewCampaign) {
  return and(gte(campaignEntries.createdAt, Date.parse(campaign.startsAt)), lt(campaignEntries.createdAt, Date.parse(campaign.endsAt)));
}

export interface CampaignEntryView {
  reviewId: number;
  articleId: number;
  articleName: string | null;
  createdAt: string;
  won: boolean;
}

/** The user's entries in the campaign on the channel, newest first. */
export async function entriesOfUser(db: Db, campaign: ReviewCampaign, channel: string, userId: number, language: Language): Promise<CampaignEntryView[]> {
  const rows = await db
    .select({ reviewId: campaignEntries.reviewId, articleId: productReviews.articleId, articleName: articleTranslations.name, createdAt: campaignEntries.createdAt, wonAt: campaignEntries.wonAt })
    .from(campaignEntries)
    .innerJoin(productReviews, eq(productReviews.id, campaignEntries.reviewId))
    .leftJoin(articleTranslations, and(eq(articleTranslations.articleId, productReviews.articleId), eq(articleTranslations.lang, language)))
    .where(and(eq(campaignEntries.campaign, campaign.slug), eq(campaignEntries.channel, channel), eq(campaignEntries.userId, userId), inWindow(campaign)))
    .orderBy(sql`${campaignEntries.createdAt} desc`, sql`${campaignEntries.id} desc`);
  return rows.map((row) => ({ reviewId: row.reviewId, articleId: row.articleId, articleName: row.articleName, createdAt: new Date(row.createdAt).toISOString(), won: row.wonAt !== null }));
}

export interface DrawWinner {
  entryId: number;
  reviewId: number;
  userId: number;
  nick: string | null;
}

export interface DrawResult {
  campaign: string;
  channel: string;
  entries: number;
  drawnAt: string | null;
  winners: DrawWinner[];
}

async function winnersOf(db: Db, campaign: ReviewCampaign, channel: string): Promise<{ winners: DrawWinner[]; drawnAt: number | null }> {
  const rows = await db
    .select({ entryId: campaignEntries.id, reviewId: campaignEntries.reviewId, userId: campaignEntries.userId, nick: users.nick, wonAt: campaignEntries.wonAt })
    .from(campaignEntries)
    .leftJoin(users, eq(users.id, campaignEntries.userId))
    .where(and(eq(campaignEntries.campaign, campaign.slug), eq(campaignEntries.channel, channel), isNotNull(campaignEntries.wonAt)))
    .orderBy(asc(campaignEntries.id));
  return { winners: rows.map(({ wonAt: _wonAt, ...winner }) => winner), drawnAt: rows[0]?.wonAt ?? null };
}

/** The draw's result on the channel if it has run (null otherwise), for the page and the staff API. */
export async function drawResult(db: Db, campaign: ReviewCampaign, channel: string): Promise<DrawResult | null> {
  const { winners, drawnAt } = await winnersOf(db, campaign, channel);
  if (drawnAt === null) return null;
  const [count] = await db.select({ n: sql<number>`count(*)` }).from(campaignEntries).where(and(eq(campaignEntries.campaign, campaign.slug), eq(campaignEntries.channel, channel), inWindow(campaign)));
  return { campaign: campaign.slug, channel, entries: count?.n ?? 0, drawnAt: new Date(drawnAt).toISOString(), winners };
}

/**
 * Runs the draw of the campaign on the channel (the caller checks the window is over): marks the
 * winning entries with `won_at`, unless a draw already marked some — then the earlier result is
 * the answer (a second run, or two at once: the update only applies while no entry has won).
 */
export async function runDraw(db: Db, secret: string, campaign: ReviewCampaign, channel: string, winners: number, now: Date): Promise<DrawResult> {
  const earlier = await drawResult(db, campaign, channel);
  if (earlier) return earlier;
  const entries = await db
    .select({ id: campaignEntries.id, userId: campaignEntries.userId })
    .from(campaignEntries)
    .where(and(eq(campaignEntries.campaign, campaign.slug), eq(campaignEntries.channel, channel), inWindow(campaign)))
    .orderBy(asc(campaignEntries.id));
  const seed = await drawSeed(secret, drawSeedMessage(campaign.slug, channel, entries.map((entry) => entry.id)));
  const chosen = drawWinners(entries, winners, seed);
  if (chosen.length > 0) {
    const ids = sql.join(
      chosen.map((entry) => sql`${entry.id}`),
      sql`, `,
    );
    await db.run(sql`UPDATE campaign_entries SET won_at = ${now.getTime()}
      WHERE id IN (${ids})
        AND NOT EXISTS (SELECT 1 FROM campaign_entries WHERE campaign = ${campaign.slug} AND channel = ${channel} AND won_at IS NOT NULL)`);
  }
  const result = await drawResult(db, campaign, channel);
  return result ?? { campaign: campaign.slug, channel, entries: entries.length, drawnAt: null, winners: [] };
}
