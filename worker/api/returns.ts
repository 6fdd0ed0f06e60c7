/**
 * Returns (worker/returns/returns.ts; docs/after-sales.md "Refunds and returns"), mounted at /api:
 *
 * - `POST /user/returns`: asks for a return of lines of a delivered or collected order of the
 *   signed-in customer — JSON `{orderNumber, lines: [{orderLineId, qty}], reason, comment?,
 *   refundMethod}`, or the returns screen's form (`qty_<lineId>` fields) sent without script.
 * - `GET /user/returns`, `GET /user/returns/{id}`: the customer's returns, and one.
 * - `POST /user/returns/{id}/cancel`: withdraws a return still requested.
 * - `GET /user/returns/{id}/label`: the printable return label (PDF).
 * - `GET /returns/gift?order=&code=` and `POST /returns/gift`: the recipient of a gift (signed in
 *   or not) sees the gift's items without prices and returns some; the refund goes to the buyer's
 *   original payment. `GET /returns/gift/label?order=&code=&id=`: that return's label. Limited per
 *   client like other public look-ups: order numbers are guessable, gift codes are not.
 *
 * Someone else's return or order is the same 404 as none. A form sent without script carries
 * `respond=page`: the answer is a 303 to the page, or back to the form with `?error=CODE`.
 */
import { msg } from '@lingui/core/macro';
import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { LANGUAGES, type Language } from '../../client/i18n/languages';
import { href } from '../../client/routes';
import { orderLines, orders, returnLines, returns, sellers } from '../db/schema';
import { addressLines, addressPartsOf } from '../domain/identity/address-format';
import { ORDER_NUMBER_PATTERN } from '../domain/orders/order-number';
import { GIFT_CODE_PATTERN, RETURN_REASONS } from '../domain/returns/rules';
import type { AppContext, AppEnv } from '../http/context';
import { AppError, appError, okEnvelope } from '../http/errors';
import { formLanguage, formOrJson, validate } from '../http/validate';
import { ADD_ARTICLE_STEP, COLLECTED_AT_SHOP_EVENTS, OPEN_CART_STEP, PLACE_AT_SHOP_STEP, registerOwnedResource } from '../identity/owned';
import { limitAttempt } from '../identity/rate-limit';
import { currentUser, requireUser, signedInUser } from '../identity/session';
import type { AfterSalesDeps } from '../refunds/deps';
import { returnLabelPdf } from '../returns/label';
import { createReturn, giftOrder, listReturns, MAX_RETURN_LINES, readReturn, returnableOrder, transitionReturn, type ReturnRow } from '../returns/returns';
import { describe, type FormOrJsonDeclaration } from '../http/openapi-meta';

/** A return for the cross-user test: an order paid at the shop, collected (as staff would move it), its first line returned. */
registerOwnedResource({
  name: 'return',
  create: {
    before: [
      OPEN_CART_STEP,
      ADD_ARTICLE_STEP,
      PLACE_AT_SHOP_STEP,
    ],
    orderEvents: COLLECTED_AT_SHOP_EVENTS,
    path: '/api/user/returns',
    body: { orderNumber: ':orderNumber', lines: [{ orderLineId: ':orderLineId', qty: 1 }], reason: 'changed_mind', refundMethod: 'balance' },
  },
  list: '/api/user/returns/:id',
  routes: [
    { method: 'GET', path: '/api/user/returns/:id' },
    // A PDF, not an envelope: user B only tries it (its content: tests/worker/returns.test.ts).
    { method: 'GET', path: '/api/user/returns/:id/label', ownerPass: false },
    // Withdrawing ends the return's request: user B only tries it.
    { method: 'POST', path: '/api/user/returns/:id/cancel', ownerPass: false },
  ],
});

const deps = (c: AppContext): AfterSalesDeps => ({ db: c.var.db, env: c.env, now: c.var.now });

const idParam = z.object({ id: z.coerce.number().int().positive().max(2 ** 31) });
const id = z.coerce.number().int().positive().max(2 ** 31);
const orderNumber = z.string().regex(ORDER_NUMBER_PATTERN, 'an order number');
const giftCodeField = z.string().trim().toUpperCase().regex(GIFT_CODE_PATTERN, 'a gift code');
const lines = z
  .array(z.object({ orderLineId: id, qty: z.coerce.number().int().min(1).max(999) }))
  .min(1)
  .max(MAX_RETURN_LINES);
const respond = z.enum(['page', 'json']).optional();
const lang = z.enum(LANGUAGES).optional();

const returnBody = z.object({
  orderNumber,
  lines,
  reason: z.enum(RETURN_REASONS),
  comment: z.string().trim().max(1000).optional(),
  refundMethod: z.enum(['original', 'balance']),
  respond,
  lang,
});
const giftBody = z.object({ orderNumber, code: giftCodeField, lines, reason: z.enum(RETURN_REASONS), comment: z.string().trim().max(1000).optional(), respond, lang });
const giftQuery = z.object({ order: orderNumber, code: giftCodeField });
const giftLabelQuery = giftQuery.extend({ id });
const cancelBody = z.object({ respond, lang }).optional();

/**
 * The body as JSON or as a form. A form names each line's units `qty_<lineId>` (0 or empty: not
 * returned); they become `lines`. Checked with zod like `validate()`.
 */
async function readBody<S extends z.ZodType>(c: AppContext, body: FormOrJsonDeclaration<S>): Promise<z.infer<S>> {
  return body.read(c, (form) => {
    const values: Record<string, unknown> = {};
    const chosen: { orderLineId: string; qty: string }[] = [];
    for (const [key, value] of form.entries()) {
      if (typeof value !== 'string') continue;
      const line = /^qty_(\d{1,10})$/.exec(key);
      if (line) {
        if (value.trim() !== '' && value.trim() !== '0') chosen.push({ orderLineId: line[1]!, qty: value.trim() });
      } else values[key] = value;
    }
    values['lines'] = chosen;
    if (values['comment'] === '') delete values['comment'];
    return values;
  });
}


/** Answers a form sent without script with a page (303), a script's call with JSON. */
async function answer<T>(c: AppContext, page: { back: string; language?: Language } | null, work: () => Promise<{ json: T; page: string; status?: 200 | 201 }>) {
  try {
    const done = await work();
    return page ? c.redirect(done.page, 303) : c.json(okEnvelope(done.json), done.status ?? 200);
  } catch (error) {
    if (!page || !(error instanceof AppError)) throw error;
    const url = new URL(page.back, 'http://x');
    url.searchParams.set('error', String(error.entry.code));
    return c.redirect(url.pathname + url.search, 303);
  }
}

const returnsPage = (c: AppContext, language?: Language, query = '') => `${href('accountReturns', formLanguage(c, language), c.var.channel)}${query}`;
const giftPage = (c: AppContext, language?: Language, query = '') => `${href('accountGiftReturn', formLanguage(c, language), c.var.channel)}${query}`;
const giftConfirmation = (c: AppContext, language: Language | undefined, row: ReturnRow, code: string) =>
  `${href('accountGiftReturnConfirmation', formLanguage(c, language), c.var.channel)}?order=${encodeURIComponent(row.orderNumber)}&code=${encodeURIComponent(code)}&id=${row.id}`;

/** The label of a return as a PDF answer, its texts in the request's language. */
async function labelResponse(c: AppContext, row: ReturnRow): Promise<Response> {
  const db = c.var.db;
  const [[order], items] = await db.batch([
    db.select({ shippingAddress: orders.shippingAddress, sellerKind: orders.sellerKind, sellerName: sellers.name }).from(orders).leftJoin(sellers, eq(sellers.id, orders.sellerId)).where(eq(orders.orderNumber, row.orderNumber)),
    db.select({ name: orderLines.name, qty: returnLines.qty }).from(returnLines).innerJoin(orderLines, eq(orderLines.id, returnLines.orderLineId)).where(eq(returnLines.returnId, row.id)),
  ]);
  const address = order?.shippingAddress ?? {};
  const who = [address['name'], address['surname']].filter((part) => typeof part === 'string' && part !== '').join(' ');
  const i18n = c.var.i18n;
  const returnsCentre = ['Ampora', i18n._(msg`Returns centre`), 'Calle de la Logística 12', '28906 Getafe (Madrid)', 'España'];
  const to = row.sellerId !== 0 && order?.sellerName ? [order.sellerName, i18n._(msg`Marketplace seller`), ...returnsCentre.slice(1)] : returnsCentre;
  const pdf = await returnLabelPdf({
    labelCode: row.labelCode,
    orderNumber: row.orderNumber,
    returnId: row.id,
    from: [who, ...addressLines(addressPartsOf(address))].filter((line) => line !== ''),
    to,
    lines: items,
    text: {
      title: i18n._(msg`Return label`),
      from: i18n._(msg`Sender`),
      to: i18n._(msg`Recipient`),
      order: i18n._(msg`Order`),
      items: i18n._(msg`Items in the parcel`),
      instructions: i18n._(msg`Pack the items, stick this label on the parcel and hand it to the carrier with the collection code.`),
    },
  });
  return new Response(pdf as Uint8Array<ArrayBuffer>, {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="return-${row.labelCode}.pdf"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

/** The customer's own return row, or 404. */
async function ownReturn(c: AppContext, returnId: number): Promise<ReturnRow> {
  const [row] = await c.var.db.select().from(returns).where(and(eq(returns.id, returnId), eq(returns.userId, signedInUser(c).id))).limit(1);
  if (!row) throw appError('notFound');
  return row;
}

/** The gift's items as the recipient sees them: names and units, never prices. */
async function giftView(c: AppContext, number: string, code: string) {
  const order = await giftOrder(c.var.db, number, code);
  const view = await returnableOrder(c.var.db, order, c.var.now);
  return { orderNumber: view.orderNumber, open: view.open, periodEndsAt: view.periodEndsAt, lines: view.lines.map(({ unitPrice: _, ...line }) => line) };
}

const returnInput = formOrJson(returnBody);
const cancelInput = formOrJson(cancelBody);
const giftInput = formOrJson(giftBody);

export const returnsApi = new Hono<AppEnv>()
  .post('/user/returns', describe({ summary: 'Request a return of order items', security: 'session', errors: ['invalidRequest', 'notFound', 'orderNotFound', 'returnNotAllowed', 'returnPeriodExpired', 'returnQtyExceeded', 'unauthorized'] }), returnInput, requireUser, async (c) => {
    const body = await readBody(c, returnInput);
    const page = body.respond === 'page' ? { back: returnsPage(c, body.lang, `?order=${encodeURIComponent(body.orderNumber)}`) } : null;
    return answer(c, page, async () => {
      const row = await createReturn(deps(c), { userId: signedInUser(c).id, orderNumber: body.orderNumber, lines: body.lines, reason: body.reason, comment: body.comment, refundMethod: body.refundMethod, now: c.var.now });
      const view = await readReturn(c.var.db, row.userId, row.id);
      return { json: view, page: returnsPage(c, body.lang, `?created=${row.id}`), status: 201 };
    });
  })
  .get('/user/returns', describe({ summary: "The customer's returns", security: 'session', errors: ['unauthorized'] }), requireUser, async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(okEnvelope(await listReturns(c.var.db, signedInUser(c).id)));
  })
  .get('/user/returns/:id', describe({ summary: 'One return with its status', security: 'session', errors: ['notFound', 'unauthorized'] }), requireUser, validate('param', idParam), async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(okEnvelope(await readReturn(c.var.db, signedInUser(c).id, c.req.valid('param').id)));
  })
  .get('/user/returns/:id/label', describe({ summary: "A return's shipping label (PDF)", success: { description: 'The label.', contentType: 'application/pdf' }, security: 'session', errors: ['notFound', 'unauthorized'] }), requireUser, validate('param', idParam), async (c) => labelResponse(c, await ownReturn(c, c.req.valid('param').id)))
  .post('/user/returns/:id/cancel', describe({ summary: 'Cancel a return request', security: 'session', errors: ['notFound', 'orderNotFound', 'orderTransitionNotAllowed', 'returnTransitionNotAllowed', 'unauthorized'] }), cancelInput, requireUser, validate('param', idParam), async (c) => {
    const body = await readBody(c, cancelInput);
    const page = body?.respond === 'page' ? { back: returnsPage(c, body.lang) } : null;
    return answer(c, page, async () => {
      const user = signedInUser(c);
      await transitionReturn(deps(c), { returnId: c.req.valid('param').id, event: 'cancel', now: c.var.now, actor: { kind: 'customer', userId: user.id } });
      return { json: await readReturn(c.var.db, user.id, c.req.valid('param').id), page: returnsPage(c, body?.lang) };
    });
  })
  .get('/returns/gift', describe({ summary: "A gift order's returnable items, by gift code", errors: ['giftCodeNotFound', 'tooManyAttempts'] }), validate('query', giftQuery), async (c) => {
    await limitAttempt(c, 'giftReturn');
    const { order, code } = c.req.valid('query');
    c.header('Cache-Control', 'private, no-store');
    return c.json(okEnvelope(await giftView(c, order, code)));
  })
  .post('/returns/gift', describe({ summary: 'Request a return of a gift, by gift code', errors: ['giftCodeNotFound', 'invalidRequest', 'orderNotFound', 'returnNotAllowed', 'returnPeriodExpired', 'returnQtyExceeded', 'tooManyAttempts'] }), giftInput, async (c) => {
    await limitAttempt(c, 'giftReturn');
    const body = await readBody(c, giftInput);
    const page = body.respond === 'page' ? { back: giftPage(c, body.lang, `?order=${encodeURIComponent(body.orderNumber)}&code=${encodeURIComponent(body.code)}`) } : null;
    return answer(c, page, async () => {
      const order = await giftOrder(c.var.db, body.orderNumber, body.code);
      const recipient = await currentUser(c);
      // The buyer is refunded to what they paid with; the recipient never sees an amount.
      const row = await createReturn(deps(c), {
        userId: order.userId,
        orderNumber: order.orderNumber,
        lines: body.lines,
        reason: body.reason,
        comment: body.comment,
        refundMethod: 'original',
        origin: 'gift',
        requestedBy: recipient?.email,
        now: c.var.now,
      });
      const path = giftConfirmation(c, body.lang, row, body.code);
      return { json: { id: row.id, labelCode: row.labelCode, state: row.state, path, labelPath: `/api/returns/gift/label?order=${encodeURIComponent(row.orderNumber)}&code=${encodeURIComponent(body.code)}&id=${row.id}` }, page: path, status: 201 };
    });
  })
  .get('/returns/gift/label', describe({ summary: "A gift return's shipping label (PDF)", success: { description: 'The label.', contentType: 'application/pdf' }, errors: ['giftCodeNotFound', 'notFound', 'tooManyAttempts'] }), validate('query', giftLabelQuery), async (c) => {
    await limitAttempt(c, 'giftReturn');
    const { order, code, id: returnId } = c.req.valid('query');
    const gift = await giftOrder(c.var.db, order, code);
    const [row] = await c.var.db.select().from(returns).where(and(eq(returns.id, returnId), eq(returns.orderNumber, gift.orderNumber), eq(returns.origin, 'gift'))).limit(1);
    if (!row) throw appError('notFound');
    return labelResponse(c, row);
  });
