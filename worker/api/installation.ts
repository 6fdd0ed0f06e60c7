/**
 * `GET /api/checkout/articles/installation/data?postalCode&serviceId&articleId` (spec §7): the
 * price of installing an article at home at a postal code of the channel's country. 38002 when
 * the service does not exist for the article's category or this channel's country, 38001 when
 * the postal code is not the country's or we do not install in its province. The basket asks
 * it before adding the installation line, which is priced the same way (worker/cart/installation.ts).
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { quoteInstallation } from '../cart/installation';
import type { AppEnv } from '../http/context';
import { appError, okEnvelope } from '../http/errors';
import { validate } from '../http/validate';
import { describe } from '../http/openapi-meta';

const query = z.object({
  postalCode: z.string().trim().min(1).max(12),
  serviceId: z.coerce.number().int().positive(),
  articleId: z.coerce.number().int().positive(),
});

export const installationApi = new Hono<AppEnv>().get('/articles/installation/data', describe({ summary: 'The price of installing an article at a postal code', errors: ['installationPriceNotFound', 'installationServiceNotFound'] }), validate('query', query), async (c) => {
  const { postalCode, serviceId, articleId } = c.req.valid('query');
  const quote = await quoteInstallation(c.var.db, c.var.language, { serviceId, articleId, countryIso: c.var.channel.country, postalCode });
  if (!quote.ok) throw appError(quote.error, quote.error === 'installationPriceNotFound' ? { postalCode } : undefined);
  const { installationServiceId, name, summary, price } = quote;
  return c.json(okEnvelope({ installationServiceId, name, summary, postalCode: quote.postalCode, price }));
});
