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
  ownedConfigurations,
  saveConfiguration,
} from '../configurations/saved';
import type { AppEnv } from '../http/context';
import { okEnvelope } from '../http/errors';
import { answerForm, formPage, formTextFields, pageFormFields } from '../http/forms';
import { formOrJsonBody, pageParam, validate } from '../http/validate';
import { loadOwned, registerOwnedResource } from '../identity/owned';
import { requireUser, signedInUser } from '../identity/session';

const listQuery = z.object({
  page: pageParam,
  pageSize: z.coerce.number().int().min(1).max(MAX_CONFIGURATIONS_PAGE_SIZE).default(CONFIGURATIONS_PAGE_SIZE),
});
const articleId = z.number().int().positive().max(2 ** 31);
const saveBody = z.object({
  name: z.string().trim().min(1).max(MAX_CONFIGURATION_NAME),
  components: z
    .object(Object.fromEntries(CONFIGURATION_SLOTS.map((slot) => [slot, articleId.optional()])) as Record<(typeof CONFIGURATION_SLOTS)[number], z.ZodOptional<typeof articleId>>)
    .strict()
    .refine((components) => Object.values(components).some((id) => id !== undefined), 'at least one component'),
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

export const configurationsApi = new Hono<AppEnv>()
  .get('/', requireUser, validate('query', listQuery), async (c) => {
    c.header('Cache-Control', 'private, no-store');
    const { page, pageSize } = c.req.valid('query');
    return c.json(okEnvelope(await listConfigurations(c.var.db, { userId: signedInUser(c).id, channel: c.var.channel.id, page, pageSize })));
  })
  .post('/', requireUser, validate('json', saveBody), async (c) => {
    const body = c.req.valid('json');
    const saved = await saveConfiguration(c.var.db, { userId: signedInUser(c).id, name: body.name, components: body.components, now: c.var.now });
    return c.json(okEnvelope(saved), 201);
  })
  .delete('/:id', requireUser, validate('param', idParam), async (c) => {
    const user = signedInUser(c);
    const { id } = c.req.valid('param');
    await loadOwned(c.var.db, ownedConfigurations, user.id, id);
    await deleteConfiguration(c.var.db, user.id, id);
    return c.json(okEnvelope({ id, deleted: true }));
  })
  .post('/:id/delete', requireUser, validate('param', idParam), async (c) => {
    const user = signedInUser(c);
    const { id } = c.req.valid('param');
    const form = await formOrJsonBody(c, deleteForm, formTextFields);
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
