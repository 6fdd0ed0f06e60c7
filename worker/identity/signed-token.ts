/**
 * Signed tokens that stand in for a session on one narrow task, carried in an e-mailed link:
 * `<payload b64url>.<HMAC-SHA256 b64url>`. A review invitation names the user and the article
 * and lets the person see their basic info and set a nick for that review without signing in.
 */
import { fromBase64Url, hmacSign, hmacVerify, toBase64Url } from './crypto';

export interface ReviewInvitation {
  user: string;
  article: number;
  /** Expiry, epoch milliseconds. */
  exp: number;
}

export async function signReviewInvitation(secret: string, invitation: ReviewInvitation): Promise<string> {
  const payload = toBase64Url(new TextEncoder().encode(JSON.stringify({ kind: 'review', ...invitation })));
  return `${payload}.${await hmacSign(secret, 'signed-token', payload)}`;
}

export async function verifyReviewInvitation(secret: string, token: string, now: Date): Promise<ReviewInvitation | undefined> {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return undefined;
  if (!(await hmacVerify(secret, 'signed-token', payload, signature))) return undefined;
  const bytes = fromBase64Url(payload);
  if (!bytes) return undefined;
  const data = JSON.parse(new TextDecoder().decode(bytes)) as Partial<ReviewInvitation> & { kind?: string };
  if (data.kind !== 'review' || typeof data.user !== 'string' || typeof data.article !== 'number' || typeof data.exp !== 'number') return undefined;
  return data.exp > now.getTime() ? { user: data.user, article: data.article, exp: data.exp } : undefined;
}
