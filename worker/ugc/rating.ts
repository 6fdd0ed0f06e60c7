/**
 * The article's rating as listings and the product page show it, derived from its OK reviews:
 * `articles.rating_average` is the rounded mean of their scores on the doubled 1–10 scale (0
 * without reviews; storedAverage in worker/domain/catalogue/rating.ts is the same rule) and
 * `rating_count` their number. The article's `listings` rows follow in the same batch: their
 * rating columns, the rating part of `relevance` and of the packed `combo`
 * (worker/db/refresh.ts, worker/domain/catalogue/facet-counts.ts), so cards, the rating filter
 * and the default order see the change at once. The precomputed unfiltered facet counts
 * (`listing_facets`) are not touched: the next catalogue refresh recounts them.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '../db/client';
import { articles, listings, productReviews } from '../db/schema';

/**
 * listings.relevance = (availability rank × 16 + (10 − rating_average)) × 2³² − created_at
 * (refresh.ts): one step of rating moves it by 2³², the other way round.
 */
const RELEVANCE_RATING_STEP = sql.raw('4294967296');
/** listings.combo = seller_kinds + 8 × (availability_code + 10000 × (rating_average + 11 × condition)) (facet-counts.ts). */
const COMBO_RATING_STEP = sql.raw('80000');

/** Statements that recompute `articles.rating_average` / `rating_count` and the article's `listings` rows from its OK reviews. */
export function articleRatingStatements(db: Db, articleId: number): BatchItem<'sqlite'>[] {
  const ok = and(eq(productReviews.articleId, articleId), eq(productReviews.state, 'OK'));
  const average = sql`(select ${articles.ratingAverage} from ${articles} where ${articles.id} = ${articleId})`;
  return [
    db
      .update(articles)
      .set({
        ratingCount: sql`(select count(*) from ${productReviews} where ${ok})`,
        ratingAverage: sql`coalesce((select cast(round(avg(${productReviews.rating})) as integer) from ${productReviews} where ${ok}), 0)`,
      })
      .where(eq(articles.id, articleId)),
    // SET expressions read the row as it was: the listing's rating_average on the right is the old value.
    db
      .update(listings)
      .set({
        relevance: sql`${listings.relevance} + (${listings.ratingAverage} - ${average}) * ${RELEVANCE_RATING_STEP}`,
        combo: sql`${listings.combo} + (${average} - ${listings.ratingAverage}) * ${COMBO_RATING_STEP}`,
        ratingAverage: average,
        ratingCount: sql`(select ${articles.ratingCount} from ${articles} where ${articles.id} = ${articleId})`,
      })
      .where(eq(listings.articleId, articleId)),
  ];
}
