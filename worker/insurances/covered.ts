/**
 * The article a standalone insurance line covers (a renewal, or a new policy for an article bought
 * earlier). The article is not in the cart, so the cart view reads its name and picture here, and
 * the order line keeps what it covers in `order_lines.details` for the policy made once it is paid.
 */
import { and, eq } from 'drizzle-orm';
import type { Language } from '../../client/i18n/languages';
import type { Db } from '../db/client';
import { inList } from '../db/limits';
import { ARTICLE_IDENTITY_COLUMNS } from '../cart/facts';
import { articles, articleTranslations, brands, categoryTranslations } from '../db/schema';

export interface CoveredArticle {
  articleId: number;
  name: string;
  slug: string;
  ean: string;
  brand: string;
  brandId: number;
  family: string;
  familyId: number;
  imageKey: string;
}

/** The covered articles by id, in the visitor's language (nothing is read when there are none). */
export async function coveredArticles(db: Db, language: Language, articleIds: readonly number[]): Promise<Map<number, CoveredArticle>> {
  if (articleIds.length === 0) return new Map();
  const rows = await db
    .select({
      articleId: articles.id,
      ...ARTICLE_IDENTITY_COLUMNS,
    })
    .from(articles)
    .innerJoin(articleTranslations, and(eq(articleTranslations.articleId, articles.id), eq(articleTranslations.lang, language)))
    .innerJoin(brands, eq(brands.id, articles.brandId))
    .leftJoin(categoryTranslations, and(eq(categoryTranslations.categoryId, articles.categoryId), eq(categoryTranslations.lang, language)))
    .where(inList(articles.id, [...new Set(articleIds)]));
  return new Map(rows.map((row) => [row.articleId, { ...row, family: row.family ?? '' }]));
}

/** What a standalone insurance line covers, as the order line's `details`. */
export interface Coverage {
  coversOrderNumber: string;
  coversArticleId: number;
  renewsPolicyId?: number;
}

export function coverageDetails(coverage: Coverage): Record<string, string | number> {
  const details: Record<string, string | number> = { coversOrderNumber: coverage.coversOrderNumber, coversArticleId: coverage.coversArticleId };
  if (coverage.renewsPolicyId !== undefined) details.renewsPolicyId = coverage.renewsPolicyId;
  return details;
}

/** The coverage an order line's details describe, or null for an insurance bought with its article. */
export function coverageOf(details: Record<string, string | number> | null): Coverage | null {
  if (!details || details.coversOrderNumber === undefined || details.coversArticleId === undefined) return null;
  const coversArticleId = Number(details.coversArticleId);
  if (!Number.isInteger(coversArticleId) || coversArticleId <= 0) return null;
  const renews = details.renewsPolicyId === undefined ? undefined : Number(details.renewsPolicyId);
  return { coversOrderNumber: String(details.coversOrderNumber), coversArticleId, ...(renews !== undefined && Number.isInteger(renews) && renews > 0 ? { renewsPolicyId: renews } : {}) };
}
