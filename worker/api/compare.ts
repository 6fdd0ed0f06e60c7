/**
 * /api/compare: the comparator's table as data (docs/comparator.md).
 *
 *   GET /api/compare?ids=812,77,1034
 *
 * 2–4 article ids of one category, each once (a repeated id counts once), in the order asked.
 * Answers the articles with their price, availability and the offer "add to basket" sells on the
 * channel (the buy box), rating, and the attribute rows with `differs` where the values are not
 * all the same; labels in the language of X-Selected-Language. Refusals (§7 envelope): ids that
 * are not positive numbers 400 INVALID_REQUEST, fewer than 2 400 COMPARE_TOO_FEW, more than 4
 * 400 COMPARE_TOO_MANY, an id the catalogue does not know 404 COMPARE_UNKNOWN_ARTICLE, articles
 * of different categories 422 COMPARE_MIXED_CATEGORIES. Nothing is written.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { attributeLabel } from '../../client/catalogue/facet-labels';
import { MAX_COMPARED } from '../../client/catalogue/compare';
import { comparedArticles } from '../db/comparison';
import { compareRefusal, comparisonRows, parseCompareIds } from '../domain/catalogue/comparison';
import type { AppEnv } from '../http/context';
import { appError, okEnvelope, type ErrorName } from '../http/errors';
import { validate } from '../http/validate';
import { describe } from '../http/openapi-meta';

const compareParams = z.object({ ids: z.string().max(200).regex(/^[1-9]\d{0,8}(?:,[1-9]\d{0,8})*$/, 'product ids separated by commas') });

const REFUSAL_ERRORS = {
  tooFew: 'compareTooFew',
  tooMany: 'compareTooMany',
  mixedCategories: 'compareMixedCategories',
  unknownArticle: 'compareUnknownArticle',
} as const satisfies Record<string, ErrorName>;

export const compareApi = new Hono<AppEnv>().get('/', describe({ summary: 'Compare products side by side', errors: ['compareMixedCategories', 'compareTooFew', 'compareTooMany', 'compareUnknownArticle'] }), validate('query', compareParams), async (c) => {
  const ids = parseCompareIds(c.req.valid('query').ids.split(','))!;
  const found = ids.length <= MAX_COMPARED ? await comparedArticles(c.var.db, c.var.language, c.var.channel.id, ids) : [];
  const refusal = compareRefusal(ids.length, found);
  if (refusal) throw appError(REFUSAL_ERRORS[refusal]);
  const i18n = c.var.i18n;
  return c.json(
    okEnvelope({
      categoryId: found[0]!.categoryId,
      categorySlug: found[0]!.categorySlug ?? null,
      articles: found.map(({ specs: _specs, ...article }) => article),
      rows: comparisonRows(found.map((article) => article.specs)).map((row) => {
        const label = attributeLabel(row.key);
        return { ...row, label: label ? i18n._(label) : row.key };
      }),
    }),
  );
});

export type CompareApiType = typeof compareApi;
