/**
 * Two-factor sign-in by e-mailed code (spec §5). A correct password on an account with
 * two-factor on opens a challenge: a temporal token (returned to the browser) and a six-digit
 * code (e-mailed), valid 10 minutes. Each submission counts as an attempt in one atomic UPDATE;
 * after 5 wrong codes the challenge is gone ("too many attempts") and the person signs in
 * again. A correct code is accepted once (the challenge is deleted by the winning request).
 *
 * A decoy challenge (no user: unknown e-mail or wrong password while an account is under
 * attack, worker/api/auth.ts) is stored and answered exactly like a real one, but no code
 * matches it and none is sent. Starting a challenge leaves the user's other challenges alone, so
 * an attacker's decoys cannot cancel the owner's pending sign-in, and a real challenge cannot be
 * told from a decoy by what it does to earlier ones.
 */
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { twoFactorChallenges } from '../db/schema';
import { randomDigits, randomToken, sha256, timingSafeEqual } from './crypto';

export const TWO_FACTOR_CODE_DIGITS = 6;
export const TWO_FACTOR_TTL_MS = 10 * 60 * 1000;
export const TWO_FACTOR_MAX_ATTEMPTS = 5;

const codeDigest = (tokenHash: string, code: string) => sha256(`${tokenHash}:${code}`);

/** The user id a decoy challenge is stored with (no account has it). */
const DECOY_USER_ID = 0;

/** Opens a challenge for the user, or a decoy for `null`; the code is to be e-mailed only for a user. */
export async function startChallenge(db: Db, userId: number | null, now: Date): Promise<{ temporalToken: string; code: string }> {
  const temporalToken = randomToken(32);
  const code = randomDigits(TWO_FACTOR_CODE_DIGITS);
  const tokenHash = await sha256(temporalToken);
  // A decoy keeps the digest of a random secret in place of the code's: no six digits match it.
  const codeHash = await codeDigest(tokenHash, userId === null ? randomToken(32) : code);
  const at = now.getTime();
  await db.batch([
    // Expired challenges are swept.
    db.delete(twoFactorChallenges).where(lt(twoFactorChallenges.expiresAt, at)),
    db.insert(twoFactorChallenges).values({ tokenHash, userId: userId ?? DECOY_USER_ID, codeHash, createdAt: at, expiresAt: at + TWO_FACTOR_TTL_MS }),
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
  return won && won.userId !== DECOY_USER_ID ? { ok: true, userId: won.userId } : { ok: false, reason: 'invalidToken' };
}
