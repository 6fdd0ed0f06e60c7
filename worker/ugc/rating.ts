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
import { sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '../db/client';

/**
 * listings.relevance = (availability rank × 16 + (10 − rating_average)) × 2³² − created_at
 * (refresh.ts): one step of rating moves it by 2³², the other way round.
 */
const RELEVANCE_RATING_STEP = 4_294_967_296;
/** listings.combo = seller_kinds + 8 × (availability_code + 10000 × (rating_average + 11 × condition)) (facet-counts.ts). */
const COMBO_RATING_STEP = 80_000;

/** Statements that recompute `articles.rating_average` / `rating_count` and the article's `listings` rows from its OK reviews. */
export function articleRatingStatements(db: Db, id: number): BatchItem<'sqlite'>[] {
  // Written into the SQL text: drizzle's D1 batch cannot bind the parameters of a raw db.run(sql) statement.
  if (!Number.isSafeInteger(id)) throw new Error(`not an article id: ${id}`);
  const articleId = sql.raw(String(id));
  const ok = sql`FROM product_reviews WHERE article_id = ${articleId} AND state = 'OK'`;
  const average = sql`(SELECT rating_average FROM articles WHERE id = ${articleId})`;
  return [
    db.run(sql`UPDATE articles SET
      rating_count = (SELECT count(*) ${ok}),
      rating_average = coalesce((SELECT CAST(round(avg(rating)) AS INTEGER) ${ok}), 0)
      WHERE id = ${articleId}`),
    // SET expressions read the row as it was: rating_average on the right is the old value.
    db.run(sql`UPDATE listings SET
      relevance = relevance + (rating_average - ${average}) * ${sql.raw(String(RELEVANCE_RATING_STEP))},
      combo = combo + (${average} - rating_average) * ${sql.raw(String(COMBO_RATING_STEP))},
      rating_average = ${average},
      rating_count = (SELECT rating_count FROM articles WHERE id = ${articleId})
      WHERE article_id = ${articleId}`),
  ];
}
