/**
 * The article's rating as listings and the product page show it, derived from its OK reviews.
 * (Placeholder signature: filled in by the reviews area.)
 */
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '../db/client';

/** Statements that recompute `articles.rating_average` / `rating_count` and the article's `listings` rows from its OK reviews. */
export function articleRatingStatements(_db: Db, _articleId: number): BatchItem<'sqlite'>[] {
  return [];
}
