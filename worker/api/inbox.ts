/**
 * The customer's inbox (spec §2 /bandeja-de-entrada; docs/account.md "Inbox"), mounted under
 * /api/user/inbox. Messages are rendered in the request's language (client/inbox/kinds.ts).
 *
 * - `GET /?page&pageSize`: newest first, 16 a page by default (spec §9), with `total` and `unread`.
 * - `GET /:id`: one message; opening it marks it read.
 * - `POST /:id/read`, `POST /:id/unread`: the mark by hand.
 * - `POST /read-all`: every message read.
 *
 * Someone else's message id answers 404 (the ownership check of worker/inbox/read.ts). The POSTs
 * also take a plain form (`respond=page`, the screens work without script) and answer it by going
 * back to the inbox.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { renderInboxMessage, type InboxRow } from '../../client/inbox/kinds';
import { href } from '../../client/routes';
import type { AppContext, AppEnv } from '../http/context';
import { okEnvelope } from '../http/errors';
import { pageFormFields } from '../http/forms';
import { formLanguage, formOrJson, pageParam, validate } from '../http/validate';
import { ADD_ARTICLE_STEP, COLLECTED_AT_SHOP_EVENTS, OPEN_CART_STEP, PLACE_AT_SHOP_STEP, registerOwnedResource } from '../identity/owned';
import { requireUser, signedInUser } from '../identity/session';
import { INBOX_MAX_PAGE_SIZE, INBOX_PAGE_SIZE, inboxPage, markAllRead, markMessage } from '../inbox/read';
import { describe } from '../http/openapi-meta';

/**
 * A message for the cross-user test: an order paid at the shop and collected (as staff would move
 * it) tells its owner it was paid and delivered; any harmless POST, then the newest message's id.
 */
registerOwnedResource({
  name: 'inboxMessage',
  create: {
    before: [
      OPEN_CART_STEP,
      ADD_ARTICLE_STEP,
      PLACE_AT_SHOP_STEP,
    ],
    orderEvents: COLLECTED_AT_SHOP_EVENTS,
    path: '/api/users/info',
    body: {},
    idFrom: { path: '/api/user/inbox', field: 'items.0.id' },
  },
  list: '/api/user/inbox',
  routes: [
    { method: 'GET', path: '/api/user/inbox/:id' },
    { method: 'POST', path: '/api/user/inbox/:id/read' },
    { method: 'POST', path: '/api/user/inbox/:id/unread' },
  ],
});

const idParam = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const pageQuery = z.object({
  page: pageParam,
  pageSize: z.coerce.number().int().min(1).max(INBOX_MAX_PAGE_SIZE).default(INBOX_PAGE_SIZE),
});
/** What a form sent without script adds: answer with the page, in its language, back at its page of the list. */
const formFields = z
  .object({
    ...pageFormFields,
    page: z.coerce.number().int().min(1).max(10_000).optional(),
  })
  .optional();
type FormFields = z.output<typeof formFields>;

const fromForm = (form: FormData) => Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === 'string' && value !== ''));

const render = (c: AppContext, row: InboxRow) =>
  renderInboxMessage(row, { i18n: c.var.i18n, language: c.var.language, link: (route, params) => href(route, c.var.language, c.var.channel, params) });

/** JSON for a script, or back to the inbox (303) for a plain form. */
function answer(c: AppContext, fields: FormFields, json: unknown) {
  if (fields?.respond !== 'page') return c.json(okEnvelope(json));
  const list = href('accountInbox', formLanguage(c, fields.lang), c.var.channel);
  return c.redirect(fields.page && fields.page > 1 ? `${list}?page=${fields.page}` : list, 303);
}

const formInput = formOrJson(formFields, fromForm);

export const inboxApi = new Hono<AppEnv>()
  .use(requireUser)
  .get('/', describe({ summary: "The customer's inbox messages", security: 'session', errors: ['unauthorized'] }), validate('query', pageQuery), async (c) => {
    c.header('Cache-Control', 'private, no-store');
    const { page, pageSize } = c.req.valid('query');
    const found = await inboxPage(c.var.db, signedInUser(c).id, page, pageSize);
    return c.json(okEnvelope({ items: found.rows.map((row) => render(c, row)), total: found.total, unread: found.unread, page, pageSize }));
  })
  .post('/read-all', describe({ summary: 'Mark every inbox message as read', security: 'session', errors: ['unauthorized'] }), formInput, async (c) => {
    const fields = await formInput.read(c);
    const marked = await markAllRead(c.var.db, signedInUser(c).id, c.var.now);
    return answer(c, fields, { marked });
  })
  .get('/:id', describe({ summary: 'One inbox message', security: 'session', errors: ['notFound', 'unauthorized'] }), validate('param', idParam), async (c) => {
    c.header('Cache-Control', 'private, no-store');
    const row = await markMessage(c.var.db, signedInUser(c).id, c.req.valid('param').id, true, c.var.now);
    return c.json(okEnvelope(render(c, row)));
  })
  .post('/:id/read', describe({ summary: 'Mark an inbox message as read', security: 'session', errors: ['notFound', 'unauthorized'] }), formInput, validate('param', idParam), async (c) => {
    const fields = await formInput.read(c);
    const row = await markMessage(c.var.db, signedInUser(c).id, c.req.valid('param').id, true, c.var.now);
    return answer(c, fields, render(c, row));
  })
  .post('/:id/unread', describe({ summary: 'Mark an inbox message as unread', security: 'session', errors: ['notFound', 'unauthorized'] }), formInput, validate('param', idParam), async (c) => {
    const fields = await formInput.read(c);
    const row = await markMessage(c.var.db, signedInUser(c).id, c.req.valid('param').id, false, c.var.now);
    return answer(c, fields, render(c, row));
  });
