/**
 * `POST /api/giftcards/validate?code=…` (spec §7): a gift card's balance and expiry, or the code
 * and message of why it cannot be used (spec §5). Guessing codes is limited per client.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { checkGiftCard } from '../checkout/promotions-data';
import type { AppEnv } from '../http/context';
import { appError, okEnvelope } from '../http/errors';
import { validate } from '../http/validate';
import { limitAttempt } from '../identity/rate-limit';

export const giftCardsApi = new Hono<AppEnv>().post('/validate', validate('query', z.object({ code: z.string().min(1).max(40) })), async (c) => {
  await limitAttempt(c, 'giftCard');
  const check = await checkGiftCard(c.var.db, c.req.valid('query').code, c.var.now);
  if (!check.ok) throw appError(check.problem === 'unknown' ? 'giftCardUnknown' : check.problem === 'expired' ? 'giftCardExpired' : 'giftCardEmpty');
  c.header('Cache-Control', 'private, no-store');
  return c.json(okEnvelope({ code: check.code, balance: check.balance, expiresAt: new Date(check.expiresAt).toISOString() }));
});
