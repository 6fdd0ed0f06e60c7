/**
 * The article a standalone insurance line covers (a renewal, or a new policy for an article bought
 * earlier). The article is not in the cart, so the cart view reads its name and picture here, and
 * the order line keeps what it covers in `order_lines.details` for the policy made once it is paid.
 */
import type { Language } from '../../client/i18n/languages';
import { jsonList } from '../db/limits';
import { constantRead, rowsRead, type Read } from '../db/raw';
import { ARTICLE_IDENTITY_COLUMNS, ARTICLE_IDENTITY_JOINS } from '../cart/facts';

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

/** ?1 the language, ?2 the article ids. */
const COVERED_SQL = `SELECT a.id AS articleId, ${ARTICLE_IDENTITY_COLUMNS} FROM articles a ${ARTICLE_IDENTITY_JOINS} WHERE a.id IN (SELECT value FROM json_each(?2))`;

/** The covered articles by id, in the visitor's language (nothing is read when there are none). */
export function coveredArticlesRead(language: Language, articleIds: readonly number[]): Read<Map<number, CoveredArticle>> {
  if (articleIds.length === 0) return constantRead(new Map());
  return rowsRead(COVERED_SQL, [language, jsonList(articleIds)], (rows: (Omit<CoveredArticle, 'family'> & { family: string | null })[]) =>
    new Map(rows.map((row) => [row.articleId, { ...row, family: row.family ?? '' }])),
  );
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
