/**
 * Single-use e-mailed tokens (account confirmation, password reset). The link carries a random
 * 256-bit token; the table keeps its SHA-256 only. Issuing a token retires the user's earlier
 * unused ones of the same purpose, and consuming is one conditional UPDATE, so a token works
 * once even when two requests race.
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { authTokens } from '../db/schema';
import { randomToken, sha256 } from './crypto';

export type TokenPurpose = 'confirm-email' | 'reset-password';

/** How long each kind of link works. */
export const TOKEN_TTL_MS: Record<TokenPurpose, number> = {
  'confirm-email': 48 * 60 * 60 * 1000,
  'reset-password': 60 * 60 * 1000,
};

export async function issueToken(db: Db, userId: number, purpose: TokenPurpose, now: Date): Promise<string> {
  const token = randomToken(32);
  const at = now.getTime();
  await db.batch([
    db.update(authTokens).set({ usedAt: at }).where(and(eq(authTokens.userId, userId), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt))),
    db.insert(authTokens).values({ tokenHash: await sha256(token), userId, purpose, createdAt: at, expiresAt: at + TOKEN_TTL_MS[purpose] }),
  ]);
  return token;
}

/** Uses the token up; the user's id when it was valid, unused and unexpired. */
export async function consumeToken(db: Db, token: string, purpose: TokenPurpose, now: Date): Promise<number | undefined> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
  const at = now.getTime();
  const [row] = await db
    .update(authTokens)
    .set({ usedAt: at })
    .where(and(eq(authTokens.tokenHash, await sha256(token)), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt), gt(authTokens.expiresAt, at)))
    .returning({ userId: authTokens.userId });
  return row?.userId;
}

/** The user a token would be accepted for now, without using it up. */
export async function tokenOwner(db: Db, token: string, purpose: TokenPurpose, now: Date): Promise<number | undefined> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
  const [row] = await db
    .select({ userId: authTokens.userId })
    .from(authTokens)
    .where(and(eq(authTokens.tokenHash, await sha256(token)), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt), gt(authTokens.expiresAt, now.getTime())));
  return row?.userId;
}

/** Whether a token would be accepted now (the new-password page asks before showing its form). */
export async function isTokenUsable(db: Db, token: string, purpose: TokenPurpose, now: Date): Promise<boolean> {
  return (await tokenOwner(db, token, purpose, now)) !== undefined;
}
