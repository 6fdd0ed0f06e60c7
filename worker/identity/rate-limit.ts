/**
 * Attempt limits for login, two-factor, password recovery and sign-up, per account and per
 * client (the visitor's IP as Cloudflare reports it). Each counter is a RateLimiterDO, so
 * concurrent attempts are counted exactly; a counter is a fixed window that deletes itself
 * when the window ends. Past the limit the call answers 429 with Retry-After.
 *
 * | action    | per account         | per client          |
 * |-----------|---------------------|---------------------|
 * | login     | 10 in 15 minutes    | 30 in 15 minutes    |
 * | twoFactor | 5 codes a challenge (worker/identity/two-factor.ts) | 30 in 15 minutes |
 * | recovery  | 3 in 1 hour         | 10 in 1 hour        |
 * | signup    | 3 in 1 hour         | 10 in 1 hour        |
 * | giftCard  | —                   | 20 in 1 hour        |  (guessing codes)
 */
import { DurableObject } from 'cloudflare:workers';
import type { AppContext } from '../http/context';
import { appError } from '../http/errors';
import { sha256 } from './crypto';

export interface Limit {
  max: number;
  windowS: number;
}

export const RATE_LIMITS = {
  login: { account: { max: 10, windowS: 15 * 60 }, client: { max: 30, windowS: 15 * 60 } },
  twoFactor: { client: { max: 30, windowS: 15 * 60 } },
  recovery: { account: { max: 3, windowS: 60 * 60 }, client: { max: 10, windowS: 60 * 60 } },
  signup: { account: { max: 3, windowS: 60 * 60 }, client: { max: 10, windowS: 60 * 60 } },
  giftCard: { client: { max: 20, windowS: 60 * 60 } },
} as const satisfies Record<string, { account?: Limit; client: Limit }>;

export type RateLimitedAction = keyof typeof RATE_LIMITS;

interface Window {
  startedAt: number;
  count: number;
}

/** One counter. `hit` counts an attempt and says whether it is within the limit. */
export class RateLimiterDO extends DurableObject<Env> {
  async hit(max: number, windowS: number, now: number): Promise<{ allowed: boolean; retryAfterS: number }> {
    const windowMs = windowS * 1000;
    let current = await this.ctx.storage.get<Window>('window');
    if (!current || now - current.startedAt >= windowMs) {
      current = { startedAt: now, count: 0 };
      await this.ctx.storage.setAlarm(now + windowMs);
    }
    current.count += 1;
    await this.ctx.storage.put('window', current);
    const retryAfterS = Math.max(1, Math.ceil((current.startedAt + windowMs - now) / 1000));
    return { allowed: current.count <= max, retryAfterS };
  }

  override async alarm() {
    await this.ctx.storage.deleteAll();
  }
}

/** The client's address as Cloudflare reports it; requests without one share a counter. */
export function clientAddress(c: AppContext): string {
  return c.req.header('CF-Connecting-IP') ?? 'unknown';
}

async function count(c: AppContext, name: string, limit: Limit) {
  const stub = c.env.RATE_LIMITER.get(c.env.RATE_LIMITER.idFromName(name));
  return stub.hit(limit.max, limit.windowS, c.var.now.getTime());
}

/**
 * Counts one attempt of `action` for the client and, when given, the account (its e-mail);
 * throws the 429 error once either is past its limit.
 */
export async function limitAttempt(c: AppContext, action: RateLimitedAction, email?: string): Promise<void> {
  const rules: { account?: Limit; client: Limit } = RATE_LIMITS[action];
  const checks = [count(c, `${action}:client:${clientAddress(c)}`, rules.client)];
  if (email !== undefined && rules.account) checks.push(count(c, `${action}:account:${await sha256(email)}`, rules.account));
  const results = await Promise.all(checks);
  const refused = results.filter((r) => !r.allowed);
  if (refused.length > 0) {
    const retryAfterS = Math.max(...refused.map((r) => r.retryAfterS));
    c.header('Retry-After', String(retryAfterS));
    throw appError('tooManyAttempts', { retryAfterS });
  }
}
