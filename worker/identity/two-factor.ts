/**
 * Two-factor sign-in by e-mailed code (spec §5). A correct password on an account with
 * two-factor on opens a challenge: a temporal token (returned to the browser) and a six-digit
 * code (e-mailed), valid 10 minutes. Each submission counts as an attempt in one atomic UPDATE;
 * after 5 wrong codes the challenge is gone ("too many attempts") and the person signs in
 * again. A correct code is accepted once (the challenge is deleted by the winning request).
 */
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { twoFactorChallenges } from '../db/schema';
import { randomDigits, randomToken, sha256, timingSafeEqual } from './crypto';

export const TWO_FACTOR_CODE_DIGITS = 6;
export const TWO_FACTOR_TTL_MS = 10 * 60 * 1000;
export const TWO_FACTOR_MAX_ATTEMPTS = 5;

const codeDigest = (tokenHash: string, code: string) => sha256(`${tokenHash}:${code}`);

export async function startChallenge(db: Db, userId: number, now: Date): Promise<{ temporalToken: string; code: string }> {
  const temporalToken = randomToken(32);
  const code = randomDigits(TWO_FACTOR_CODE_DIGITS);
  const tokenHash = await sha256(temporalToken);
  const at = now.getTime();
  await db.batch([
    // A new challenge replaces the user's earlier ones, and expired challenges are swept.
    db.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, userId)),
    db.delete(twoFactorChallenges).where(lt(twoFactorChallenges.expiresAt, at)),
    db.insert(twoFactorChallenges).values({ tokenHash, userId, codeHash: await codeDigest(tokenHash, code), createdAt: at, expiresAt: at + TWO_FACTOR_TTL_MS }),
  ]);
  return { temporalToken, code };
}

export type ChallengeResult = { ok: true; userId: number } | { ok: false; reason: 'invalidToken' | 'invalidCode' | 'tooManyAttempts' };

export async function verifyChallenge(db: Db, temporalToken: string, code: string, now: Date): Promise<ChallengeResult> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(temporalToken)) return { ok: false, reason: 'invalidToken' };
  const tokenHash = await sha256(temporalToken);
  const [challenge] = await db
    .update(twoFactorChallenges)
    .set({ attempts: sql`${twoFactorChallenges.attempts} + 1` })
    .where(and(eq(twoFactorChallenges.tokenHash, tokenHash), gt(twoFactorChallenges.expiresAt, now.getTime())))
    .returning();
  if (!challenge) return { ok: false, reason: 'invalidToken' };
  if (challenge.attempts > TWO_FACTOR_MAX_ATTEMPTS) {
    await db.delete(twoFactorChallenges).where(eq(twoFactorChallenges.tokenHash, tokenHash));
    return { ok: false, reason: 'tooManyAttempts' };
  }
  const encoder = new TextEncoder();
  const matches = /^\d{6}$/.test(code) && timingSafeEqual(encoder.encode(await codeDigest(tokenHash, code)), encoder.encode(challenge.codeHash));
  if (!matches) {
    if (challenge.attempts === TWO_FACTOR_MAX_ATTEMPTS) {
      await db.delete(twoFactorChallenges).where(eq(twoFactorChallenges.tokenHash, tokenHash));
      return { ok: false, reason: 'tooManyAttempts' };
    }
    return { ok: false, reason: 'invalidCode' };
  }
  const [won] = await db.delete(twoFactorChallenges).where(eq(twoFactorChallenges.tokenHash, tokenHash)).returning({ userId: twoFactorChallenges.userId });
  return won ? { ok: true, userId: won.userId } : { ok: false, reason: 'invalidToken' };
}
