/**
 * Returns by someone who is not the invoice holder, and order reassignment (docs/after-sales.md),
 * mounted at /api with full paths (they live under both /users and /user):
 *
 * - `POST /users/rma/non-holder` {invoice, article, qty, reason}: the signed-in person who has
 *   the goods asks the holder; 5101 / 1819 / 1818 as the spec says, ownInvoice for the holder
 *   themselves, authorizationPending while an earlier request of theirs waits. The holder gets
 *   an e-mail (their language) with the link to answer.
 * - `POST /users/rma/non-holder/items` {invoice, total}: the invoice's items (names and units) for
 *   whoever has the invoice in hand — its code and its printed total; a wrong total is 5101.
 * - `GET /users/rma/user/rma/authorization/{invoice}/{article}` (spec §7): the caller's request
 *   for that article of that invoice, as requester or holder.
 * - `POST /users/rma/non-holder/answer` {token, decision, refundMethod}: the holder's answer
 *   through the link; the requester is told the outcome by e-mail.
 * - `POST /user/orders/{id}/reassign` {email}: the owner offers the order to another account
 *   (1301 when none has that address); that account gets the link by e-mail.
 * - `POST /user/order-reassignments/accept` {key}: the recipient, signed in with that address,
 *   takes the order.
 */
import { msg } from '@lingui/core/macro';
import { Hono } from 'hono';
import { z } from 'zod';
import { NON_HOLDER_REASONS } from '../../client/account/non-holder-reasons';
import { href } from '../../client/routes';
import type { ChannelId } from '../channel/channels';
import { CHANNEL_TIME_ZONES } from '../domain/catalogue/delivery';
import { ORDER_NUMBER_PATTERN } from '../domain/orders/order-number';
import { sendLater } from '../email/provider';
import type { AppContext, AppEnv } from '../http/context';
import { appError, okEnvelope } from '../http/errors';
import { validate } from '../http/validate';
import { registerOwnedResource } from '../identity/owned';
import { limitAttempt } from '../identity/rate-limit';
import { requireUser, signedInUser } from '../identity/session';
import { holderRequestEmail, mailLanguage, reassignmentEmail, requesterAnswerEmail } from '../non-holder/emails';
import { answerRequest, authorizationStatusFor, invoiceItems, requestNonHolderReturn } from '../non-holder/requests';
import { INVOICE_CODE_PATTERN, LINK_SECRET_PATTERN, parseAmountCents } from '../non-holder/rules';
import { acceptReassignment, offerReassignment } from '../reassignment/reassign';
import { channelOrigins } from '../seo/hreflang';
import { describe } from '../http/openapi-meta';

const invoice = z.string().trim().toUpperCase().regex(INVOICE_CODE_PATTERN, 'an invoice code such as ES-F-2026-000012');
const article = z.coerce.number().int().positive().max(2_147_483_647);
const linkSecret = z.string().regex(LINK_SECRET_PATTERN, 'the code of the e-mailed link');

const requestBody = z.object({ invoice, article, qty: z.number().int().min(1).max(99), reason: z.enum(NON_HOLDER_REASONS) }).strict();
const itemsBody = z.object({ invoice, total: z.string().trim().min(1).max(30) }).strict();
const answerBody = z.object({ token: linkSecret, decision: z.enum(['authorise', 'refuse']), refundMethod: z.enum(['original', 'balance']).default('original') }).strict();
const statusParams = z.object({ invoice, article });
const orderParam = z.object({ id: z.string().regex(ORDER_NUMBER_PATTERN) });
const reassignBody = z.object({ email: z.email('a valid e-mail address').max(254) }).strict();
const acceptBody = z.object({ key: linkSecret }).strict();

/** An absolute link on the current channel, in `language`. */
function linkOnChannel(c: AppContext, path: string): string {
  return new URL(c.req.url).origin + path;
}

/** Registered for the cross-user test: another account's order cannot be offered (404, nothing written). */
registerOwnedResource({
  name: 'orderReassignment',
  create: {
    before: [
      { method: 'POST', path: '/api/users/info', body: {}, save: { cartId: 'idCart' } },
      { method: 'POST', path: '/api/orders/:cartId/cart/articles', body: { articles: [{ idArticle: ':articleId', qty: 1 }] } },
    ],
    path: '/api/checkout/orders/:cartId/place',
    body: { shippingType: 3, shopId: 30, paymentMethod: 'transferencia', conditionsAccepted: true },
    idField: 'orders.0.orderNumber',
  },
  list: '/api/user/orders/:id/minimal',
  // The owner's own call needs a second account's address, which this generic test has not got:
  // tests/worker/reassignment.test.ts covers the owner's path.
  routes: [{ method: 'POST', path: '/api/user/orders/:id/reassign', body: { email: 'someone.else@example.com' }, ownerPass: false }],
});

export const nonHolderApi = new Hono<AppEnv>()
  .post('/users/rma/non-holder', describe({ summary: 'Return request by someone who is not the invoice holder', security: 'session', errors: ['articleNotInChannel', 'articleNotInInvoice', 'authorizationPending', 'invoiceNotFound', 'ownInvoice', 'returnNotAllowed', 'returnPeriodExpired', 'returnQtyExceeded', 'tooManyAttempts', 'unauthorized'] }), requireUser, validate('json', requestBody), async (c) => {
    const body = c.req.valid('json');
    const user = signedInUser(c);
    await limitAttempt(c, 'nonHolder', user.email);
    const created = await requestNonHolderReturn(c.var.db, { requesterUserId: user.id, channelId: c.var.channel.id, invoice: body.invoice, articleId: body.article, qty: body.qty, reason: body.reason, now: c.var.now });
    const language = mailLanguage(created.holder.language, c.var.channel);
    const path = href('accountReturnNonHolderAuthorize', language, c.var.channel, { invoice: created.found.document.code, article: String(body.article) });
    sendLater(
      c,
      holderRequestEmail(created.holder.email, language, {
        requesterEmail: user.email,
        invoice: created.found.document.code,
        articleName: created.found.line.name,
        qty: body.qty,
        reason: body.reason,
        link: `${linkOnChannel(c, path)}?token=${created.token}`,
        expiresAt: created.authorization.expiresAt,
        timeZone: CHANNEL_TIME_ZONES[c.var.channel.id],
      }),
    );
    c.header('Cache-Control', 'private, no-store');
    return c.json(okEnvelope({ invoice: created.found.document.code, article: body.article, status: 'pending' as const, qty: body.qty, expiresAt: new Date(created.authorization.expiresAt).toISOString() }), 201);
  })
  .post('/users/rma/non-holder/items', describe({ summary: 'The returnable items of an invoice, for a non-holder', security: 'session', errors: ['articleNotInChannel', 'invalidRequest', 'invoiceNotFound', 'ownInvoice', 'tooManyAttempts', 'unauthorized'] }), requireUser, validate('json', itemsBody), async (c) => {
    const body = c.req.valid('json');
    const user = signedInUser(c);
    await limitAttempt(c, 'nonHolder', user.email);
    const totalCents = parseAmountCents(body.total);
    if (totalCents === undefined) throw appError('invalidRequest', { target: 'json', issues: [{ path: 'total', message: c.var.i18n._(msg`Enter the total as printed on the invoice, for example 129,90.`) }] });
    c.header('Cache-Control', 'private, no-store');
    return c.json(okEnvelope(await invoiceItems(c.var.db, { userId: user.id, channelId: c.var.channel.id, invoice: body.invoice, totalCents })));
  })
  .get('/users/rma/user/rma/authorization/:invoice/:article', describe({ summary: "The holder's authorization of a non-holder return", security: 'session', errors: ['articleNotInChannel', 'articleNotInInvoice', 'invoiceNotFound', 'tooManyAttempts', 'unauthorized'] }), requireUser, validate('param', statusParams), async (c) => {
    const params = c.req.valid('param');
    const user = signedInUser(c);
    await limitAttempt(c, 'nonHolder', user.email);
    c.header('Cache-Control', 'private, no-store');
    return c.json(okEnvelope(await authorizationStatusFor(c.var.db, { userId: user.id, channelId: c.var.channel.id, invoice: params.invoice, articleId: params.article, now: c.var.now })));
  })
  .post('/users/rma/non-holder/answer', describe({ summary: 'The invoice holder answers a non-holder return request', security: 'optionalSession', errors: ['articleNotInInvoice', 'authorizationAnswered', 'invalidLink', 'invalidRequest', 'notFound', 'orderNotFound', 'returnNotAllowed', 'returnPeriodExpired', 'returnQtyExceeded', 'unauthorized'] }), requireUser, validate('json', answerBody), async (c) => {
    const body = c.req.valid('json');
    const user = signedInUser(c);
    const answer = await answerRequest({ db: c.var.db, env: c.env, now: c.var.now }, { token: body.token, userId: user.id, decision: body.decision, refundMethod: body.refundMethod });
    const language = mailLanguage(answer.requesterLanguage, c.var.channel);
    sendLater(
      c,
      requesterAnswerEmail(answer.requesterEmail, language, {
        invoice: answer.invoice,
        articleName: answer.articleName,
        authorised: answer.state === 'authorised',
        returnsLink: linkOnChannel(c, href('accountReturnNonHolder', language, c.var.channel)),
      }),
    );
    return c.json(okEnvelope({ state: answer.state, returnId: answer.returnId }));
  })
  .post('/user/orders/:id/reassign', describe({ summary: 'Reassign an order to another account', security: 'session', errors: ['notFound', 'reassignToSelf', 'tooManyAttempts', 'unauthorized', 'userNotFound'] }), requireUser, validate('param', orderParam), validate('json', reassignBody), async (c) => {
    const user = signedInUser(c);
    await limitAttempt(c, 'reassign', user.email);
    const offer = await offerReassignment(c.var.db, { userId: user.id, orderNumber: c.req.valid('param').id, email: c.req.valid('json').email, now: c.var.now });
    // The link goes to the order's own store, in the recipient's language there.
    const channelId = offer.channel as ChannelId;
    const channel = c.var.channels[channelId] ?? c.var.channel;
    const origin = channelOrigins(new URL(c.req.url), c.var.channel.id, c.var.channels)[channel.id];
    const language = mailLanguage(offer.recipient.language, channel);
    sendLater(
      c,
      reassignmentEmail(offer.recipient.email, language, {
        fromEmail: user.email,
        orderNumber: offer.orderNumber,
        link: origin + href('accountOrderReassignment', language, channel, { key: offer.key }),
        expiresAt: offer.expiresAt,
        timeZone: CHANNEL_TIME_ZONES[channel.id],
      }),
    );
    return c.json(okEnvelope({ orderNumber: offer.orderNumber, email: offer.recipient.email, expiresAt: new Date(offer.expiresAt).toISOString() }), 201);
  })
  .post('/user/order-reassignments/accept', describe({ summary: 'Accept an order reassigned to this account', security: 'optionalSession', errors: ['invalidLink', 'notFound', 'unauthorized'] }), requireUser, validate('json', acceptBody), async (c) => {
    const user = signedInUser(c);
    const accepted = await acceptReassignment(c.var.db, { key: c.req.valid('json').key, user, now: c.var.now });
    return c.json(okEnvelope({ orderNumber: accepted.orderNumber, detail: href('accountOrderDetail', c.var.language, c.var.channel) + `?order=${encodeURIComponent(accepted.orderNumber)}` }));
  });
