/**
 * Attempt limits for login, two-factor, password recovery and sign-up, per account and per
 * client (the visitor's IP as Cloudflare reports it). Each counter is a RateLimiterDO, so
 * concurrent attempts are counted exactly; a counter is a fixed window that deletes itself
 * when the window ends. Past a client's limit the call answers 429 with Retry-After.
 *
 * | action    | per account         | per client          |
 * |-----------|---------------------|---------------------|
 * | login     | 10 in 15 minutes, then more proof (never a refusal) | 30 in 15 minutes |
 * | reauth    | 10 in 15 minutes    | 30 in 15 minutes    |  (password change, two-step toggling)
 * | twoFactor | 5 codes a challenge (worker/identity/two-factor.ts) | 30 in 15 minutes |
 * | recovery  | 3 in 1 hour from one client, 20 in 1 hour in all | 10 in 1 hour |
 * | signup    | 3 in 1 hour from one client, 20 in 1 hour in all | 10 in 1 hour |
 * | giftCard  | —                   | 20 in 1 hour        |  (guessing codes)
 *
 * The login's per-account limit does not refuse: anyone can send wrong passwords for someone
 * else's e-mail, and a hard limit would let them lock the owner out (OWASP, "Account lockout").
 * For the same reason the recovery and sign-up e-mails of an account count per client first
 * (`accountPerClient`): someone asking for another person's recovery e-mail uses up only their
 * own three; the account-wide cap only stops a flood from many addresses at once.
 * Past it the caller is told (`accountPastLimit`) and the login asks browsers that have not
 * signed in to the account before for an e-mailed code (worker/api/auth.ts); a successful
 * sign-in resets the count.
 */
import { DurableObject } from 'cloudflare:workers';
import type { AppContext } from '../http/context';
import { appError } from '../http/errors';
import { clientKey } from '../domain/identity/client-address';
import { sha256 } from './crypto';

export interface Limit {
  max: number;
  windowS: number;
}

interface Rules {
  client: Limit;
  account?: Limit;
  /** The account's attempts from one client (the account's own limit then being the cap for all clients together). */
  accountPerClient?: Limit;
  /** Past the account's limit: refuse (429, the default), or let the caller ask for more proof. */
  pastAccountLimit?: 'refuse' | 'verify';
}

export const RATE_LIMITS = {
  login: { account: { max: 10, windowS: 15 * 60 }, client: { max: 30, windowS: 15 * 60 }, pastAccountLimit: 'verify' },
  reauth: { account: { max: 10, windowS: 15 * 60 }, client: { max: 30, windowS: 15 * 60 } },
  twoFactor: { client: { max: 30, windowS: 15 * 60 } },
  recovery: { accountPerClient: { max: 3, windowS: 60 * 60 }, account: { max: 20, windowS: 60 * 60 }, client: { max: 10, windowS: 60 * 60 } },
  signup: { accountPerClient: { max: 3, windowS: 60 * 60 }, account: { max: 20, windowS: 60 * 60 }, client: { max: 10, windowS: 60 * 60 } },
  giftCard: { client: { max: 20, windowS: 60 * 60 } },
  // Gift returns are found by order number and gift code (worker/api/returns.ts): codes must not be guessed.
  giftReturn: { client: { max: 20, windowS: 60 * 60 } },
  // Invoice look-ups by someone who is not the holder (worker/non-holder): invoice codes are sequential.
  nonHolder: { client: { max: 30, windowS: 60 * 60 }, account: { max: 30, windowS: 60 * 60 } },
  // Offering an order to another account answers whether an address has an account (1301).
  reassign: { client: { max: 10, windowS: 60 * 60 }, account: { max: 10, windowS: 60 * 60 } },
  // User content (worker/ugc): publishing reviews, questions and answers; votes and reports; uploads.
  ugcPost: { account: { max: 20, windowS: 60 * 60 }, client: { max: 60, windowS: 60 * 60 } },
  ugcVote: { account: { max: 200, windowS: 60 * 60 }, client: { max: 400, windowS: 60 * 60 } },
  ugcReport: { account: { max: 30, windowS: 24 * 60 * 60 }, client: { max: 60, windowS: 24 * 60 * 60 } },
  ugcUpload: { account: { max: 40, windowS: 60 * 60 }, client: { max: 80, windowS: 60 * 60 } },
  // Tax-exemption certificates (worker/tax-certificates): each upload is a file kept in R2 for staff to read.
  taxCertificateUpload: { account: { max: 10, windowS: 24 * 60 * 60 }, client: { max: 30, windowS: 24 * 60 * 60 } },
} as const satisfies Record<string, Rules>;

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

  /** Forgets the count (a successful sign-in). */
  async reset(): Promise<void> {
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
  }

  override async alarm() {
    await this.ctx.storage.deleteAll();
  }
}

/**
 * The client a per-client limit counts: `CF-Connecting-IP` and nothing else. In production
 * Cloudflare sets that header to the address the connection came from and replaces any copy the
 * client sent; `X-Forwarded-For` and the like are whatever the client chose to write, so they are
 * never read. (In development there is no Cloudflare in front and the header is taken as sent,
 * which is how tests give each browser its own address.) An IPv6 client counts by its /64
 * network, the block one subscriber gets, so rotating addresses inside it gains nothing; a
 * missing or malformed header shares one counter.
 */
export function clientAddress(c: AppContext): string {
  return clientKey(c.req.header('CF-Connecting-IP'));
}

function counter(c: AppContext, name: string) {
  return c.env.RATE_LIMITER.get(c.env.RATE_LIMITER.idFromName(name));
}

const accountCounterName = async (action: RateLimitedAction, email: string) => `${action}:account:${await sha256(email)}`;

/**
 * Counts one attempt of `action` for the client and, when given, the account (its normalised
 * e-mail). Throws the 429 error once the client is past its limit, or the account is past a
 * limit that refuses; `accountPastLimit` tells the caller about a limit that asks for more proof.
 */
export async function limitAttempt(c: AppContext, action: RateLimitedAction, email?: string): Promise<{ accountPastLimit: boolean }> {
  const rules: Rules = RATE_LIMITS[action];
  const now = c.var.now.getTime();
  const client = counter(c, `${action}:client:${clientAddress(c)}`).hit(rules.client.max, rules.client.windowS, now);
  const accountName = email !== undefined ? await accountCounterName(action, email) : undefined;
  const account = accountName && rules.account ? counter(c, accountName).hit(rules.account.max, rules.account.windowS, now) : undefined;
  const fromClient = accountName && rules.accountPerClient ? counter(c, `${accountName}:client:${clientAddress(c)}`).hit(rules.accountPerClient.max, rules.accountPerClient.windowS, now) : undefined;
  const [clientResult, accountResult, fromClientResult] = await Promise.all([client, account, fromClient]);
  const accountPastLimit = (accountResult !== undefined && !accountResult.allowed) || (fromClientResult !== undefined && !fromClientResult.allowed);
  const accountResults = rules.pastAccountLimit === 'verify' ? [] : [accountResult, fromClientResult].filter((r) => r !== undefined);
  const refused = [clientResult, ...accountResults].filter((r) => !r.allowed);
  if (refused.length > 0) {
    const retryAfterS = Math.max(...refused.map((r) => r.retryAfterS));
    c.header('Retry-After', String(retryAfterS));
    throw appError('tooManyAttempts', { retryAfterS });
  }
  return { accountPastLimit };
}

/** Forgets the account's count of `action` (after a successful sign-in). */
export async function resetAccountAttempts(c: AppContext, action: RateLimitedAction, email: string): Promise<void> {
  await counter(c, await accountCounterName(action, email)).reset();
}
