/**
 * `GET /api/checkout/articles/installation/data?postalCode&serviceId&articleId` (spec §7): the
 * price of installing an article at home at a postal code. 38002 when the service does not
 * exist for the article's category, 38001 when we do not install in that postal code's province.
 */
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { articles, installationServices } from '../db/schema';
import { normalizePostalCode } from '../domain/identity/postal-code';
import type { AppEnv } from '../http/context';
import { appError, okEnvelope } from '../http/errors';
import { validate } from '../http/validate';

const query = z.object({
  postalCode: z.string().trim().min(1).max(12),
  serviceId: z.coerce.number().int().positive(),
  articleId: z.coerce.number().int().positive(),
});

export const installationApi = new Hono<AppEnv>().get('/articles/installation/data', validate('query', query), async (c) => {
  const { postalCode, serviceId, articleId } = c.req.valid('query');
  const { db, language } = c.var;
  const [[service], [article]] = await Promise.all([
    db.select().from(installationServices).where(eq(installationServices.id, serviceId)),
    db.select({ categoryId: articles.categoryId }).from(articles).where(eq(articles.id, articleId)),
  ]);
  if (!service || !article || !service.categoryIds.includes(article.categoryId)) throw appError('installationServiceNotFound');
  const postal = normalizePostalCode(service.countryIso, postalCode);
  // Spanish postal codes begin with the province code (worker/domain/identity/postal-code.ts).
  const price = postal.ok ? service.provincePrices[postal.postalCode.slice(0, 2)] : undefined;
  if (price === undefined) throw appError('installationPriceNotFound', { postalCode });
  return c.json(
    okEnvelope({
      installationServiceId: service.id,
      name: service.names[language] ?? service.names.en_EN,
      summary: service.summaries[language] ?? service.summaries.en_EN,
      postalCode: postal.ok ? postal.postalCode : postalCode,
      price,
    }),
  );
});
