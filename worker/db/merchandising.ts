/**
 * What a listing shows above its products on its first page: highlight candidates (with their
 * card columns, so no further round trip) and category promotions, read in one D1 batch. The
 * rules that choose among them are pure (worker/domain/catalogue/highlights.ts, promotions.ts).
 */
import { and, asc, desc, eq, gte, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { inList } from './limits';
import type { Language } from '../../client/i18n/languages';
import type { ProductCard } from '../../client/types';
import type { ChannelId } from '../channel/channels';
import { HIGHLIGHT_COUNT, HIGHLIGHT_MAX_AVAILABILITY, HIGHLIGHT_MIN_RATINGS, type HighlightCandidate } from '../domain/catalogue/highlights';
import type { PromotionRecord } from '../domain/catalogue/promotions';
import { cardColumns } from './catalogue';
import type { Db } from './client';
import {
  articles,
  articleTranslations,
  brands,
  categoryPromotions,
  categoryPromotionTranslations,
  collectionArticles,
  collections,
  listings,
} from './schema';

/** What a listing is about, for its highlights: a category subtree or a brand. */
export type HighlightScope = { kind: 'category'; categoryIds: number[] } | { kind: 'brand'; brandId: number };

export interface MerchandisingArgs {
  channel: ChannelId;
  language: Language;
  highlights?: HighlightScope;
  /** Slugs of the campaigns running on the channel now. */
  liveCampaigns: readonly string[];
  /** The listing's category and its ancestors (root first): their promotions are read. */
  promotionTrail?: readonly number[];
}

export type HighlightRow = HighlightCandidate & { card: ProductCard };

const campaignsOf = sql<string | null>`(select group_concat(distinct ${collections.campaign}) from ${collectionArticles}
  join ${collections} on ${collections.id} = ${collectionArticles.collectionId}
  where ${collectionArticles.articleId} = ${listings.articleId} and ${collections.campaign} is not null)`.as('campaigns');

function highlightQuery(db: Db, args: MerchandisingArgs, scope: HighlightScope, extra: SQL | undefined) {
  const inScope = scope.kind === 'category' ? inList(listings.categoryId, scope.categoryIds) : eq(listings.brandId, scope.brandId);
  return db
    .select({ ...cardColumns, campaigns: campaignsOf })
    .from(listings)
    .innerJoin(articles, eq(articles.id, listings.articleId))
    .innerJoin(articleTranslations, and(eq(articleTranslations.articleId, listings.articleId), eq(articleTranslations.lang, args.language)))
    .innerJoin(brands, eq(brands.id, listings.brandId))
    .where(and(eq(listings.channel, args.channel), inScope, isNotNull(listings.price), gte(listings.availabilityCode, 0), lte(listings.availabilityCode, HIGHLIGHT_MAX_AVAILABILITY), extra))
    .orderBy(desc(listings.ratingAverage), desc(listings.ratingCount), asc(listings.articleId))
    .limit(HIGHLIGHT_COUNT);
}

function toCandidate(row: Awaited<ReturnType<typeof highlightQuery>>[number]): HighlightRow {
  const { campaigns, ...card } = row;
  return {
    articleId: card.id,
    price: card.price,
    availabilityCode: card.availabilityCode ?? -1,
    ratingAverage: card.ratingAverage,
    ratingCount: card.ratingCount,
    campaignSlugs: campaigns ? campaigns.split(',') : [],
    card: { ...card, campaignSlugs: campaigns ? campaigns.split(',') : [] },
  };
}

/**
 * Highlight candidates and promotion records in one batch: the best-rated in-stock products
 * with enough ratings, the best-rated in-stock products of running campaigns (when any), and
 * the promotions of the category trail on the channel (every window: the caller filters).
 */
export async function merchandising(db: Db, args: MerchandisingArgs): Promise<{ candidates: HighlightRow[]; promotions: PromotionRecord[] }> {
  const scope = args.highlights;
  const trail = args.promotionTrail ?? [];
  const inCampaign = sql`exists (select 1 from ${collectionArticles} join ${collections} on ${collections.id} = ${collectionArticles.collectionId}
    where ${collectionArticles.articleId} = ${listings.articleId} and ${collections.campaign} in (select value from json_each(${JSON.stringify(args.liveCampaigns)})))`;
  const promotions = db
    .select({
      id: categoryPromotions.id,
      categoryId: categoryPromotions.categoryId,
      startsAt: categoryPromotions.startsAt,
      endsAt: categoryPromotions.endsAt,
      position: categoryPromotions.position,
      title: categoryPromotionTranslations.title,
      text: categoryPromotionTranslations.text,
      linkLabel: categoryPromotionTranslations.linkLabel,
      link: categoryPromotionTranslations.link,
    })
    .from(categoryPromotions)
    .innerJoin(categoryPromotionTranslations, and(eq(categoryPromotionTranslations.promotionId, categoryPromotions.id), eq(categoryPromotionTranslations.lang, args.language)))
    .where(and(inList(categoryPromotions.categoryId, trail), or(isNull(categoryPromotions.channel), eq(categoryPromotions.channel, args.channel))));
  if (!scope) return { candidates: [], promotions: trail.length ? await promotions : [] };
  const wellRated = highlightQuery(db, args, scope, gte(listings.ratingCount, HIGHLIGHT_MIN_RATINGS));
  const [rated, promotionRows, campaignRows] = args.liveCampaigns.length
    ? await db.batch([wellRated, promotions, highlightQuery(db, args, scope, inCampaign)])
    : [...(await db.batch([wellRated, promotions])), []];
  return { candidates: [...campaignRows, ...rated].map(toCandidate), promotions: promotionRows };
}
