/**
 * `/api/giftcards` (spec §7, §2 gift cards):
 * - `POST /validate?code=…`: a gift card's balance and expiry, or the code and message of why it
 *   cannot be used (spec §5). Guessing codes is limited per client.
 * - `POST /purchase` `{amount, qty, recipientName, recipientEmail, message?, senderName}`: adds
 *   gift cards to the caller's basket as a line of their own carrying the recipient (the line's
 *   details), answered with the cart view. The gift cards page's form sends it too without
 *   script (`respond=page`): success goes on to the basket, a refusal back to the page with the
 *   fields to correct (their names only: what was typed stays out of addresses and logs). Bad
 *   input changes nothing.
 */
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { LANGUAGES } from '../../client/i18n/languages';
import { href } from '../../client/routes';
import { factForArticle } from '../cart/facts';
import { callerCart, cartError, cartStub, readCart } from '../cart/service';
import { checkGiftCard } from '../checkout/promotions-data';
import { giftCardArticles } from '../db/schema';
import { giftCardPurchaseSchema, type GiftCardDetails } from '../gift-cards/rules';
import type { AppContext, AppEnv } from '../http/context';
import { AppError, appError, okEnvelope } from '../http/errors';
import { formTextFields, pageFormFields } from '../http/forms';
import { formLanguage, formOrJson, validate } from '../http/validate';
import { limitAttempt } from '../identity/rate-limit';
import { describe } from '../http/openapi-meta';

/** `respond=page`: sent by the page's form without script, answered with a page rather than JSON. */
const purchaseBody = giftCardPurchaseSchema.extend(pageFormFields);

type PurchaseFields = Record<string, string>;

/** Where a form sent without script goes back to: the gift cards page, saying what to correct. */
function purchasePage(c: AppContext, fields: PurchaseFields, error: AppError): string {
  const language = formLanguage(c, LANGUAGES.find((l) => l === fields.lang));
  const issues = (error.details as { issues?: { path: string }[] } | undefined)?.issues ?? [];
  const query = new URLSearchParams({ error: String(error.entry.code) });
  const wrong = [...new Set(issues.map((issue) => issue.path.split('.')[0]!).filter(Boolean))];
  if (wrong.length > 0) query.set('fields', wrong.join(','));
  return `${href('giftCards', language, c.var.channel)}?${query.toString()}#gift-card-purchase`;
}

/** Adds `qty` gift cards of `amount` for the recipient to the caller's basket; the cart view. */
async function addGiftCards(c: AppContext, purchase: { amount: number; qty: number } & GiftCardDetails) {
  const { db, channel } = c.var;
  const [article] = await db.select({ articleId: giftCardArticles.articleId }).from(giftCardArticles).where(eq(giftCardArticles.amount, purchase.amount));
  const fact = article ? await factForArticle(db, channel.id, article.articleId) : undefined;
  if (!fact) throw appError('giftCardNotOnSale');
  const { cartId } = await callerCart(c);
  const details: GiftCardDetails = { recipientName: purchase.recipientName, recipientEmail: purchase.recipientEmail, message: purchase.message, senderName: purchase.senderName };
  const result = await cartStub(c, cartId).add([{ fact, qty: purchase.qty, details: { ...details } }], c.var.now.getTime());
  if (!result.ok) throw cartError(result.code);
  return readCart(c, cartId, { cart: result });
}

const purchaseInput = formOrJson(purchaseBody);

export const giftCardsApi = new Hono<AppEnv>()
  .post('/validate', describe({ summary: 'Check a gift card code and its balance', errors: ['giftCardEmpty', 'giftCardExpired', 'giftCardUnknown', 'tooManyAttempts'] }), validate('query', z.object({ code: z.string().min(1).max(40) })), async (c) => {
    await limitAttempt(c, 'giftCard');
    const check = await checkGiftCard(c.var.db, c.req.valid('query').code, c.var.now);
    if (!check.ok) throw appError(check.problem === 'unknown' ? 'giftCardUnknown' : check.problem === 'expired' ? 'giftCardExpired' : 'giftCardEmpty');
    c.header('Cache-Control', 'private, no-store');
    return c.json(okEnvelope({ code: check.code, balance: check.balance, expiresAt: new Date(check.expiresAt).toISOString() }));
  })
  .post('/purchase', describe({ summary: 'Buy gift cards (put them into the cart)', errors: ['cartArticleNotInCart', 'cartNoStockArticle', 'cartRefurbishedLimit', 'cartTooManyLines', 'giftCardNotOnSale', 'invalidRequest'] }), purchaseInput, async (c) => {
    c.header('Cache-Control', 'private, no-store');
    let fields: PurchaseFields = {};
    const fromForm = (form: FormData) => {
      fields = formTextFields(form);
      return fields;
    };
    const byForm = /^multipart\/form-data|^application\/x-www-form-urlencoded/i.test(c.req.header('Content-Type') ?? '');
    try {
      const purchase = await purchaseInput.read(c, fromForm);
      if (!purchase) throw appError('invalidRequest', { target: 'json', issues: [{ path: '', message: 'empty body' }] });
      const view = await addGiftCards(c, purchase);
      if (purchase.respond === 'page') return c.redirect(href('cartBasket', formLanguage(c, purchase.lang), c.var.channel), 303);
      return c.json(okEnvelope(view), 201);
    } catch (error) {
      if (byForm && fields.respond === 'page' && error instanceof AppError) return c.redirect(purchasePage(c, fields, error), 303);
      throw error;
    }
  });
