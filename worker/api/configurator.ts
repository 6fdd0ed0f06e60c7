/**
 * The PC configurator's calls (docs/configurator.md). A build travels as `build=slot:id,…`
 * (worker/domain/configurator/parts.ts `parseBuildParam`); an id that is no part of its slot is
 * the 404 envelope naming it.
 *
 * Mounted under /api/configurator:
 * - `GET /candidates?slot&build&page&pageSize`: the slot's articles on the channel as cards, each
 *   with `fits`, `reasons` and `notices` against the build (those that fit first, each group
 *   cheapest first), and the build's power budget.
 * - `GET /check?build`: every problem and notice of the build, and its power budget.
 *
 * Mounted under /api (spec §7):
 * - `GET /articles/{id}/pccom-os`: the operating systems that suit the article (a PC part: the
 *   build of that part alone; anything else: every system), in the language of the request's
 *   `Content-Language` header when it names one of ours.
 * - `GET /checkout/articles/{id}/filters`: the article's configurator data (`slot: null` when it
 *   is no PC part).
 * (`GET /api/checkout/articles/os-recommendations?build` is in ./recommendations.ts.)
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { isLanguage } from '../../client/i18n/languages';
import { checkBuild } from '../domain/configurator/fit';
import { CONFIGURATION_SLOTS, buildOf, parseBuildParam, type ChosenPart } from '../domain/configurator/parts';
import { powerBudget } from '../domain/configurator/power';
import { articlePart, CANDIDATES_PAGE_SIZE, listCandidates, loadBuild, osRecommendations } from '../db/pc-components';
import type { Db } from '../db/client';
import type { AppEnv } from '../http/context';
import { appError, okEnvelope } from '../http/errors';
import { pageParam, validate } from '../http/validate';
import { PUBLIC_PARAMETER_ROUTES } from '../identity/owned';
import { describe } from '../http/openapi-meta';

const MAX_PAGE_SIZE = 50;

/** The `build` query parameter, checked and read into the chosen parts. */
export const buildParam = z
  .string()
  .max(400)
  .transform((text, ctx): ChosenPart[] => {
    const parsed = parseBuildParam(text);
    if ('error' in parsed) {
      ctx.addIssue({ code: 'custom', message: parsed.error });
      return z.NEVER;
    }
    return parsed.chosen;
  });

const candidatesQuery = z.object({
  slot: z.enum(CONFIGURATION_SLOTS),
  build: buildParam.default([]),
  page: pageParam,
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(CANDIDATES_PAGE_SIZE),
});
const checkQuery = z.object({ build: buildParam });
const idParam = z.object({ id: z.coerce.number().int().positive().max(2 ** 31) });

/** The build of the chosen parts; a choice that is no part of its slot is the 404. */
export async function buildOrNotFound(db: Db, chosen: readonly ChosenPart[]) {
  const loaded = await loadBuild(db, chosen);
  if ('unknown' in loaded) throw appError('notFound', loaded.unknown);
  return loaded.build;
}

export const configuratorApi = new Hono<AppEnv>()
  .get('/candidates', describe({ summary: 'Configurator: the candidate components for a slot', errors: ['notFound'] }), validate('query', candidatesQuery), async (c) => {
    const { slot, build: chosen, page, pageSize } = c.req.valid('query');
    const { db, channel, language } = c.var;
    const build = await buildOrNotFound(db, chosen);
    const candidates = await listCandidates(db, { slot, build, channel: channel.id, language, page, pageSize });
    return c.json(okEnvelope({ ...candidates, power: powerBudget(build) }));
  })
  .get('/check', describe({ summary: "Configurator: check a build's compatibility", errors: ['notFound'] }), validate('query', checkQuery), async (c) => {
    const { build: chosen } = c.req.valid('query');
    const build = await buildOrNotFound(c.var.db, chosen);
    return c.json(okEnvelope({ parts: chosen, ...checkBuild(build), power: powerBudget(build) }));
  });

// An article is not a user object: its configurator data and the systems that suit it are the same for everyone.
PUBLIC_PARAMETER_ROUTES.add('GET /api/articles/:id/pccom-os');
PUBLIC_PARAMETER_ROUTES.add('GET /api/checkout/articles/:id/filters');

export const configuratorArticlesApi = new Hono<AppEnv>()
  .get('/articles/:id/pccom-os', describe({ summary: 'The operating systems offered with an article', errors: ['notFound'] }), validate('param', idParam), async (c) => {
    const { id } = c.req.valid('param');
    const { db, channel } = c.var;
    const part = await articlePart(db, id);
    if (part === undefined) throw appError('notFound', { articleId: id });
    const asked = c.req.header('Content-Language');
    const language = isLanguage(asked) ? asked : c.var.language;
    c.header('Content-Language', language);
    return c.json(okEnvelope(await osRecommendations(db, { build: buildOf(part ? [part] : []), channel: channel.id, language })));
  })
  .get('/checkout/articles/:id/filters', describe({ summary: 'Configurator filters of an article', errors: ['notFound'] }), validate('param', idParam), async (c) => {
    const { id } = c.req.valid('param');
    const part = await articlePart(c.var.db, id);
    if (part === undefined) throw appError('notFound', { articleId: id });
    return c.json(okEnvelope({ articleId: id, slot: part?.slot ?? null, data: part?.data ?? null }));
  });

export type ConfiguratorApi = typeof configuratorApi;
