/**
 * GET /api/checkout/articles/os-recommendations (spec §7: recommendations per country):
 * product cards for the request's channel and language, in stock there, best rated first;
 * with `articleId`, from that article's category. With `build=slot:id,…` (the configurator's),
 * the operating systems sold on the channel ranked for that build instead, each card with
 * `fits`, `reasons`, `notices` and `recommended` (worker/domain/configurator/os.ts).
 * Mounted under /api/checkout.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { recommendedProducts } from '../db/content';
import { osRecommendations } from '../db/pc-components';
import { buildOrNotFound, buildParam } from './configurator';
import type { AppEnv } from '../http/context';
import { appError, okEnvelope } from '../http/errors';
import { validate } from '../http/validate';
import { describe } from '../http/openapi-meta';

export const RECOMMENDATIONS_DEFAULT_LIMIT = 12;
export const RECOMMENDATIONS_MAX_LIMIT = 40;

const recommendationsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(RECOMMENDATIONS_MAX_LIMIT).default(RECOMMENDATIONS_DEFAULT_LIMIT),
  articleId: z.coerce.number().int().positive().optional(),
  build: buildParam.optional(),
});

export const recommendations = new Hono<AppEnv>().get('/articles/os-recommendations', describe({ summary: "Operating systems recommended with the cart's computers", errors: ['notFound'] }), validate('query', recommendationsQuery), async (c) => {
  const { limit, articleId, build } = c.req.valid('query');
  const { db, language, channel } = c.var;
  if (build) return c.json(okEnvelope(await osRecommendations(db, { build: await buildOrNotFound(db, build), channel: channel.id, language })));
  const cards = await recommendedProducts(db, language, channel.id, { limit, articleId });
  if (!cards) throw appError('notFound', { articleId });
  return c.json(okEnvelope(cards));
});

export type RecommendationsApi = typeof recommendations;
