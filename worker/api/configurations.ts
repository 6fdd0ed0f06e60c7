/**
 * Saved PC configurations of the signed-in customer, mounted under /api/user/configurations
 * (worker/configurations/saved.ts; docs/account.md "Saved configurations"):
 *
 * - `GET /?page&pageSize`: the list, latest change first, 16 a page, with today's total.
 * - `POST /` `{ name, components: { slot: articleId } }`: saves one (201); slots from the fixed
 *   list, each an article of the catalogue; at most 50 per customer. The configurator saves here.
 * - `DELETE /{id}`: deletes one of the caller's own; someone else's id is the same 404 as none.
 * - `POST /{id}/delete`: the same for the account screen's form without script (`respond=page`:
 *   a 303 back to the list with `?deleted=1`, or `?error=CODE`).
 */
import { Hono } from 'hono';
import { z } from 'zod';
import {
  CONFIGURATION_SLOTS,
  CONFIGURATIONS_PAGE_SIZE,
  deleteConfiguration,
  listConfigurations,
  MAX_CONFIGURATION_NAME,
  MAX_CONFIGURATIONS_PAGE_SIZE,
  chosenOf,
  componentsOf,
  ownedConfigurations,
  saveConfiguration,
} from '../configurations/saved';
import { href } from '../../client/routes';
import { buildParamOf } from '../domain/configurator/build-links';
import { MAX_DRIVES, parseBuildParam, type ConfigurationSlot } from '../domain/configurator/parts';
import type { AppEnv } from '../http/context';
import { okEnvelope } from '../http/errors';
import { answerForm, formPage, formTextFields, pageFormFields } from '../http/forms';
import { formLanguage, formOrJson, pageParam, validate } from '../http/validate';
import { loadOwned, registerOwnedResource } from '../identity/owned';
import { requireUser, signedInUser } from '../identity/session';
import { describe } from '../http/openapi-meta';

const listQuery = z.object({
  page: pageParam,
  pageSize: z.coerce.number().int().min(1).max(MAX_CONFIGURATIONS_PAGE_SIZE).default(CONFIGURATIONS_PAGE_SIZE),
});
const articleId = z.number().int().positive().max(2 ** 31);
const singleSlots = CONFIGURATION_SLOTS.filter((slot): slot is Exclude<ConfigurationSlot, 'storage'> => slot !== 'storage');
const components = z
  .object({
    ...(Object.fromEntries(singleSlots.map((slot) => [slot, articleId.optional()])) as Record<Exclude<ConfigurationSlot, 'storage'>, z.ZodOptional<typeof articleId>>),
    // One drive, or several.
    storage: z
      .union([articleId.transform((id) => [id]), z.array(articleId).min(1).max(MAX_DRIVES)])
      .optional(),
  })
  .strict()
  .refine((parts) => Object.values(parts).some((id) => id !== undefined), 'at least one component');
const name = z.string().trim().min(1).max(MAX_CONFIGURATION_NAME);
/** The components by slot (what a script sends). */
const saveJson = z.object({ name, components });
/** Or the build as the configurator's address carries it (what its form sends, with or without script). */
const saveForm = z.object({
  name,
  build: z.string().max(400).transform((text, ctx) => {
    const parsed = parseBuildParam(text);
    if ('error' in parsed || parsed.chosen.length === 0) {
      ctx.addIssue({ code: 'custom', message: 'error' in parsed ? parsed.error : 'at least one component' });
      return z.NEVER;
    }
    return componentsOf(parsed.chosen);
  }),
  ...pageFormFields,
});
const idParam = z.object({ id: z.coerce.number().int().positive().max(2 ** 31) });

registerOwnedResource({
  name: 'savedConfiguration',
  create: { path: '/api/user/configurations', body: { name: 'Gaming build', components: { cpu: ':articleId' } } },
  list: '/api/user/configurations',
  routes: [
    { method: 'DELETE', path: '/api/user/configurations/:id' },
    // The owner's success here would leave nothing for the DELETE above: tried by B only (the owner's: tests/worker/configurations.test.ts).
    { method: 'POST', path: '/api/user/configurations/:id/delete', ownerPass: false },
  ],
});

const deleteForm = z.object(pageFormFields).optional();

const saveBody = formOrJson(z.union([saveJson, saveForm]), formTextFields);
const deleteBody = formOrJson(deleteForm, formTextFields);

export const configurationsApi = new Hono<AppEnv>()
  .get('/', describe({ summary: "The customer's saved PC configurations", security: 'session', errors: ['unauthorized'] }), requireUser, validate('query', listQuery), async (c) => {
    c.header('Cache-Control', 'private, no-store');
    const { page, pageSize } = c.req.valid('query');
    return c.json(okEnvelope(await listConfigurations(c.var.db, { userId: signedInUser(c).id, channel: c.var.channel.id, page, pageSize })));
  })
  .post('/', describe({ summary: 'Save a PC configuration', security: 'session', errors: ['configurationLimit', 'configurationUnknownArticle', 'unauthorized'] }), saveBody, requireUser, async (c) => {
    const body = await saveBody.read(c);
    const form = 'build' in body ? body : null;
    const pages =
      form?.respond === 'page'
        ? {
            done: (saved: { publicId: string }) => `${href('configurator', formLanguage(c, form.lang), c.var.channel, { configurationId: saved.publicId })}?saved=1`,
            refused: (code: string) => formPage(c, 'configurator', form.lang, { build: buildParamOf(chosenOf(form.build)), error: code }, 'configurator-save'),
          }
        : null;
    const parts = 'build' in body ? body.build : body.components;
    return answerForm(c, pages, () => saveConfiguration(c.var.db, { userId: signedInUser(c).id, name: body.name, components: parts, now: c.var.now }), 201);
  })
  .delete('/:id', describe({ summary: 'Delete a saved configuration', security: 'session', errors: ['notFound', 'unauthorized'] }), requireUser, validate('param', idParam), async (c) => {
    const user = signedInUser(c);
    const { id } = c.req.valid('param');
    await loadOwned(c.var.db, ownedConfigurations, user.id, id);
    await deleteConfiguration(c.var.db, user.id, id);
    return c.json(okEnvelope({ id, deleted: true }));
  })
  .post('/:id/delete', describe({ summary: 'Delete a saved configuration (form without script)', security: 'session', errors: ['notFound', 'unauthorized'] }), deleteBody, requireUser, validate('param', idParam), async (c) => {
    const user = signedInUser(c);
    const { id } = c.req.valid('param');
    const form = await deleteBody.read(c);
    const pages =
      form?.respond === 'page'
        ? { done: () => formPage(c, 'accountConfigurations', form.lang, { deleted: '1' }), refused: (code: string) => formPage(c, 'accountConfigurations', form.lang, { error: code }) }
        : null;
    return answerForm(c, pages, async () => {
      await loadOwned(c.var.db, ownedConfigurations, user.id, id);
      await deleteConfiguration(c.var.db, user.id, id);
      return { id, deleted: true };
    });
  });
