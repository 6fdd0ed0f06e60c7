/**
 * After-sales cases of the signed-in customer, mounted under /api/user/after-sales
 * (worker/after-sales/cases.ts; docs/after-sales.md):
 *
 * - `POST /cases`: opens a case on a line of a delivered or collected order of theirs —
 *   multipart/form-data (fields + up to 5 `files`) or JSON without files.
 * - `GET /cases`, `GET /cases/{id}`: the list (latest activity first) and one conversation.
 * - `POST /cases/{id}/messages`: a message with files (multipart) or without (JSON).
 * - `GET /cases/{id}/attachments/{attachmentId}`: a file, to its owner (or staff) only, with its
 *   checked type, a Content-Disposition and nosniff; nothing else can be served from here.
 * - `POST /cases/{id}/close`.
 *
 * Someone else's case (or file) is the same 404 as none, on every call. The case screens' forms
 * post here without JavaScript too: with the field `respond=page` (or, when the body cannot be
 * read, a request asking for HTML) the answer is a 303 to the case page, or back to the form with
 * `?error=CODE` (worker/ssr/pages/account-after-sales.tsx shows the catalogue's message).
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { LANGUAGES, type Language } from '../../client/i18n/languages';
import { href } from '../../client/routes';
import { addCustomerMessage, caseAttachment, caseDetail, casesOfUser, closeCase, openCase } from '../after-sales/cases';
import type { IncomingFile } from '../after-sales/files';
import { contentDisposition } from '../domain/after-sales/attachments';
import { CASE_KINDS } from '../domain/after-sales/state-machine';
import { ORDER_NUMBER_PATTERN } from '../domain/orders/order-number';
import type { AppContext, AppEnv } from '../http/context';
import { AppError, appError, okEnvelope } from '../http/errors';
import { formLanguage, formOrJson, validate } from '../http/validate';
import { rolesOf } from '../identity/accounts';
import { ADD_ARTICLE_STEP, COLLECTED_AT_SHOP_EVENTS, OPEN_CART_STEP, PLACE_AT_SHOP_STEP, registerOwnedResource } from '../identity/owned';
import { requireUser, signedInUser } from '../identity/session';
import { describe, type FormOrJsonDeclaration } from '../http/openapi-meta';

/** 5 files of 5 MB and the text fields: a bigger request is refused before it is read. */
const MAX_REQUEST_BYTES = 5 * 5 * 1024 * 1024 + 256 * 1024;

const caseParam = z.object({ id: z.coerce.number().int().positive().max(2 ** 31) });
const attachmentParam = caseParam.extend({ attachmentId: z.coerce.number().int().positive().max(2 ** 31) });

const text = (max: number) => z.string().trim().min(1).max(max);
const respond = z.enum(['page', 'json']).optional();
/** The page's language, for the answer to a form sent without script (it carries no language header). */
const lang = z.enum(LANGUAGES).optional();

const openCaseBody = z.object({
  orderNumber: z.string().regex(ORDER_NUMBER_PATTERN, 'an order number'),
  orderLineId: z.coerce.number().int().positive().max(2 ** 31),
  kind: z.enum(CASE_KINDS),
  subject: text(150),
  body: text(5000),
  respond,
  lang,
});
const messageBody = z.object({ body: text(5000), respond, lang });
const closeBody = z.object({ respond, lang }).optional();

interface ReadInput<T> {
  data: T;
  files: IncomingFile[];
}

/**
 * The body as JSON or as a multipart form (its `files` parts kept aside), checked with zod like
 * `validate()` does. A form's file input left empty sends one part with no name and no bytes: it
 * is not a file.
 */
async function readInput<S extends z.ZodType>(c: AppContext, body: FormOrJsonDeclaration<S>): Promise<ReadInput<z.infer<S>>> {
  const length = Number(c.req.header('Content-Length') ?? '0');
  if (length > MAX_REQUEST_BYTES) throw appError('attachmentTooLarge', { maxBytes: MAX_REQUEST_BYTES });
  const files: IncomingFile[] = [];
  const data = await body.read(c, (form) => {
    const values: Record<string, string> = {};
    for (const [key, value] of form.entries()) {
      if (typeof value === 'string') values[key] = value;
      else if (key === 'files' && (value.size > 0 || value.name !== '')) files.push({ name: value.name, size: value.size, bytes: () => value.arrayBuffer() });
    }
    return values;
  });
  return { data, files };
}

type FormFields = { respond?: 'page' | 'json'; lang?: Language } | undefined;

/**
 * Reads the body, does the work and answers JSON — or, for a browser form sent without script
 * (`respond=page`, or a body too bad to read from a page that asked for HTML), a 303 to the
 * work's page, or back to `back` with `?error=CODE` when the store refused it.
 */
async function formCall<S extends z.ZodType, Json>(
  c: AppContext,
  body: FormOrJsonDeclaration<S>,
  back: (data: z.infer<S> | undefined) => string,
  work: (input: ReadInput<z.infer<S>>) => Promise<{ json: Json; page: string }>,
) {
  let input: ReadInput<z.infer<S>> | undefined;
  try {
    input = await readInput(c, body);
    const done = await work(input);
    return (input.data as FormFields)?.respond === 'page' ? c.redirect(done.page, 303) : c.json(okEnvelope(done.json));
  } catch (error) {
    const page = input ? (input.data as FormFields)?.respond === 'page' : /\btext\/html\b/.test(c.req.header('Accept') ?? '');
    if (!page || !(error instanceof AppError)) throw error;
    const url = new URL(back(input?.data), 'http://x');
    url.searchParams.set('error', String(error.entry.code));
    return c.redirect(url.pathname + url.search, 303);
  }
}

const casePage = (c: AppContext, id: number, language?: Language) => href('accountAfterSalesCase', formLanguage(c, language), c.var.channel, { id: String(id) });
const historyPage = (c: AppContext, orderNumber?: string, language?: Language) => `${href('accountAfterSalesHistory', formLanguage(c, language), c.var.channel)}${orderNumber ? `?order=${encodeURIComponent(orderNumber)}` : ''}`;

const deps = (c: AppContext) => ({ db: c.var.db, env: c.env, now: c.var.now });

/**
 * A case for the cross-user test: an order paid at the shop is confirmed at once; the test moves
 * it to collected as staff would (`orderEvents`), then opens the case on its first line.
 */
registerOwnedResource({
  name: 'afterSalesCase',
  create: {
    before: [
      OPEN_CART_STEP,
      ADD_ARTICLE_STEP,
      PLACE_AT_SHOP_STEP,
    ],
    orderEvents: COLLECTED_AT_SHOP_EVENTS,
    values: { attachmentId: 1 },
    path: '/api/user/after-sales/cases',
    body: { orderNumber: ':orderNumber', orderLineId: ':orderLineId', kind: 'fault', subject: 'It does not start', body: 'The screen stays black.' },
  },
  list: '/api/user/after-sales/cases/:id',
  routes: [
    { method: 'GET', path: '/api/user/after-sales/cases/:id' },
    { method: 'POST', path: '/api/user/after-sales/cases/:id/messages', body: { body: 'Any news?' } },
    // The case is A's whatever the file: B gets the 404 before any file is looked for (files themselves: tests/worker/after-sales.test.ts).
    { method: 'GET', path: '/api/user/after-sales/cases/:id/attachments/:attachmentId', ownerPass: false },
    { method: 'POST', path: '/api/user/after-sales/cases/:id/close' },
  ],
});

const openCaseInput = formOrJson(openCaseBody);
const messageInput = formOrJson(messageBody);
const closeInput = formOrJson(closeBody);

export const afterSalesApi = new Hono<AppEnv>()
  .post('/cases', describe({ summary: 'Open an after-sales case about an order', security: 'session', errors: ['attachmentTooLarge', 'attachmentType', 'caseNotAllowed', 'notFound', 'orderNotFound', 'unauthorized'] }), openCaseInput, requireUser, async (c) => {
    const user = signedInUser(c);
    return formCall(
      c,
      openCaseInput,
      (data) => historyPage(c, data?.orderNumber, data?.lang),
      async ({ data, files }) => {
        const opened = await openCase(deps(c), { userId: user.id, orderNumber: data.orderNumber, orderLineId: data.orderLineId, kind: data.kind, subject: data.subject, body: data.body, files, now: c.var.now });
        return { json: { id: opened.id, path: casePage(c, opened.id) }, page: casePage(c, opened.id, data.lang) };
      },
    );
  })
  .get('/cases', describe({ summary: "List the customer's after-sales cases", security: 'session', errors: ['unauthorized'] }), requireUser, async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(okEnvelope(await casesOfUser(c.var.db, signedInUser(c).id)));
  })
  .get('/cases/:id', describe({ summary: 'One after-sales case with its messages', security: 'session', errors: ['notFound', 'unauthorized'] }), requireUser, validate('param', caseParam), async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(okEnvelope(await caseDetail(c.var.db, c.req.valid('param').id, signedInUser(c).id)));
  })
  .post('/cases/:id/messages', describe({ summary: 'Add a message (with attachments) to an after-sales case', security: 'session', errors: ['attachmentTooLarge', 'attachmentType', 'caseClosed', 'caseTransitionNotAllowed', 'notFound', 'unauthorized'] }), messageInput, requireUser, validate('param', caseParam), async (c) => {
    const { id } = c.req.valid('param');
    const user = signedInUser(c);
    return formCall(
      c,
      messageInput,
      (data) => casePage(c, id, data?.lang),
      async ({ data, files }) => ({ json: await addCustomerMessage(deps(c), { userId: user.id, caseId: id, body: data.body, files, now: c.var.now }), page: casePage(c, id, data.lang) }),
    );
  })
  .get('/cases/:id/attachments/:attachmentId', describe({ summary: 'Download an attachment of an after-sales case', success: { description: 'The file, with the type checked when it arrived.', contentType: 'application/octet-stream' }, security: 'session', errors: ['notFound', 'unauthorized'] }), requireUser, validate('param', attachmentParam), async (c) => {
    const { id, attachmentId } = c.req.valid('param');
    const user = signedInUser(c);
    // Staff read any case's files (the back-office links here); everyone else only their own.
    const file = await caseAttachment(c.var.db, { caseId: id, attachmentId, userId: rolesOf(user).includes('staff') ? null : user.id });
    const object = await c.env.FILES.get(file.r2Key);
    if (!object) throw appError('notFound');
    return new Response(object.body, {
      headers: {
        // The type checked from the file's bytes when it arrived (never HTML or SVG).
        'Content-Type': file.contentType,
        'Content-Disposition': contentDisposition(file.contentType, file.fileName),
        'Content-Length': String(object.size),
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'private, max-age=3600',
        'Cross-Origin-Resource-Policy': 'same-origin',
      },
    });
  })
  .post('/cases/:id/close', describe({ summary: 'Close an after-sales case', security: 'session', errors: ['attachmentTooLarge', 'caseClosed', 'caseTransitionNotAllowed', 'notFound', 'unauthorized'] }), closeInput, requireUser, validate('param', caseParam), async (c) => {
    const { id } = c.req.valid('param');
    const user = signedInUser(c);
    return formCall(
      c,
      closeInput,
      (data) => casePage(c, id, data?.lang),
      async ({ data }) => ({ json: await closeCase(deps(c), { userId: user.id, caseId: id, now: c.var.now }), page: casePage(c, id, data?.lang) }),
    );
  });
