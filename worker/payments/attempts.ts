/**
 * Payment attempts, exactly once. One payment `reference` (the checkout's first order number,
 * `payment_orders`) pays all the orders of a checkout; each try is an attempt row in `payments`,
 * unique by reference and attempt, CLAIMED before the provider is called: concurrent "pay"
 * requests race on that insert and one of them calls the provider, with the Idempotency-Key of
 * its reference and attempt. The others get the stored answer (the identical request retried)
 * or PAYMENT_IN_PROGRESS (31008).
 *
 * Stages of an attempt on our side: starting (claimed, /payments in flight) → action (the shopper
 * has a 3-D Secure or wallet step) → details (/payments/details in flight) → done (the provider's
 * last answer is stored). `failed`: the provider could not be reached; the webhook or the
 * scheduled check settles it, and a new attempt may start. The money state (`payments.state`) moves
 * only through worker/payments/events.ts, for the answer as for the webhook.
 *
 * An attempt given up on our side while it waits for the shopper's 3-D Secure step (superseded by
 * a new request, or left with `unpaid`) is cancelled at the provider too, by the request that gave
 * it up, with the same Idempotency-Key as the scheduled check's; a failing cancel is logged and
 * the shopper's request goes on (the scheduled check and the webhook settle the provider's side).
 */
import { answerFor, type AnswerPages, type PaymentAnswer } from './answer';
import { idempotencyKey } from './adyen/client';
import { applyPendingEvents, receiveEvents, type OrdersConfirmed } from './events';
import { DetailsMismatchError, GatewayError, outcomeIsFor, type GatewayEvent, type PaymentGateway, type PaymentOutcome, type StartPaymentInput } from './port';
import { attachPaymentToken } from '../subscriptions/start';

export type AttemptStage = 'starting' | 'action' | 'details' | 'done' | 'failed';

export interface AttemptRow {
  id: number;
  reference: string;
  attempt: number;
  provider: string;
  expires_at: number | null;
  psp_reference: string | null;
  amount: number;
  currency: string;
  method: string;
  state: string;
  stage: AttemptStage;
  request_hash: string | null;
  answer: string | null;
  version: number;
  created_at: number;
}

export interface ScopeOrder {
  order_number: string;
  user_id: number;
  state: string;
  total: number;
  payment_method: string;
  channel: string;
  created_at: number;
}

/** The orders one payment covers and the reference they are paid under. */
export interface PaymentScope {
  reference: string;
  /** False until `payment_orders` holds the scope (an order placed before, or paid later from a transfer). */
  bound: boolean;
  orders: ScopeOrder[];
}

const PAID_STATES = "('authorised', 'captured', 'partially_refunded', 'refunded')";
const ORDER_COLUMNS = 'o.order_number, o.user_id, o.state, o.total, o.payment_method, o.channel, o.created_at';

/**
 * The scope an order is paid in: its payment reference's orders when it has one; otherwise the
 * order with the other orders of its checkout still awaiting payment (it becomes the reference).
 * Undefined when the order does not exist.
 */
export async function scopeOf(db: D1Database, orderNumber: string): Promise<PaymentScope | undefined> {
  const bound = await db
    .prepare(`SELECT po.reference, ${ORDER_COLUMNS} FROM payment_orders po JOIN orders o ON o.order_number = po.order_number WHERE po.reference = (SELECT reference FROM payment_orders WHERE order_number = ?) ORDER BY o.order_number = po.reference DESC, o.order_key`)
    .bind(orderNumber)
    .all<ScopeOrder & { reference: string }>();
  if (bound.results.length > 0) return { reference: bound.results[0]!.reference, bound: true, orders: bound.results };
  const loose = await db
    .prepare(`SELECT ${ORDER_COLUMNS} FROM orders o WHERE o.checkout_key = (SELECT checkout_key FROM orders WHERE order_number = ?) AND (o.order_number = ? OR (o.state = 'awaiting_payment' AND NOT EXISTS (SELECT 1 FROM payment_orders WHERE order_number = o.order_number))) ORDER BY o.order_number = ? DESC, o.order_key`)
    .bind(orderNumber, orderNumber, orderNumber)
    .all<ScopeOrder>();
  if (loose.results.length === 0) return undefined;
  return { reference: orderNumber, bound: false, orders: loose.results };
}

/** Files the scope under its reference (once: an order belongs to one reference); the scope as it now stands. */
async function bindScope(db: D1Database, scope: PaymentScope): Promise<PaymentScope | undefined> {
  if (scope.bound) return scope;
  await db.batch(scope.orders.map((order) => db.prepare('INSERT INTO payment_orders (reference, order_number) VALUES (?, ?) ON CONFLICT DO NOTHING').bind(scope.reference, order.order_number)));
  return scopeOf(db, scope.reference);
}

export const scopeAmount = (scope: PaymentScope): number => scope.orders.filter((o) => o.state === 'awaiting_payment').reduce((sum, o) => sum + o.total, 0);

export async function attemptsOf(db: D1Database, reference: string): Promise<AttemptRow[]> {
  const { results } = await db.prepare('SELECT id, reference, attempt, provider, expires_at, psp_reference, amount, currency, method, state, stage, request_hash, answer, version, created_at FROM payments WHERE reference = ? ORDER BY attempt DESC').bind(reference).all<AttemptRow>();
  return results;
}

/** What a pay call came to, before or instead of calling the provider. */
export type PayOutcome =
  | { kind: 'answer'; answer: PaymentAnswer }
  /** Another attempt is in flight (31008). */
  | { kind: 'busy' }
  /** The orders are no longer payable: paid (1421) or cancelled (1422). */
  | { kind: 'not_payable'; error: 1421 | 1422 };

const storedAnswer = (row: AttemptRow): PaymentAnswer | undefined => (row.answer ? (JSON.parse(row.answer) as PaymentAnswer) : undefined);

const paidAnswer = (scope: PaymentScope, pages: AnswerPages, row?: AttemptRow): PaymentAnswer => {
  const stored = row ? storedAnswer(row) : undefined;
  return stored?.paymentResult === 'PROCESSED' ? stored : { orderNumbers: scope.orders.map((o) => o.order_number), paymentResult: 'PROCESSED', resultCode: 'Authorised', next: pages.ok };
};

/** Hex SHA-256 of what the browser sent: the identical retried request is recognised by it. */
export async function requestHash(value: unknown): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(JSON.stringify(value)));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export interface StartInput {
  scope: PaymentScope;
  /** The browser's request, hashed: its identical retry gets the same answer. */
  hash: string;
  /** The method recorded with the attempt; adyen-web's payment method type when absent. */
  method?: string;
  currency: string;
  /** What goes to the provider, but the reference, attempt and amount (set here). */
  request: Omit<StartPaymentInput, 'reference' | 'attempt' | 'amount'>;
  pages: AnswerPages;
  now: number;
  /** Told the orders this request's answer confirmed (their confirmation e-mail goes out then). */
  confirmed?: OrdersConfirmed;
}

/** An attempt given up on our side, as the statement that gave it up returned it. */
interface GivenUp {
  reference: string;
  attempt: number;
  psp_reference: string | null;
}

/**
 * Tells the provider about attempts given up here, each with its own cancel key. Never rejects:
 * the shopper's request does not depend on it.
 */
async function cancelAtProvider(gateway: PaymentGateway | undefined, rows: GivenUp[]): Promise<void> {
  await Promise.all(
    rows.map(async (row) => {
      if (!row.psp_reference || !gateway) return;
      try {
        await gateway.cancel({ pspReference: row.psp_reference, reference: row.reference, idempotencyKey: await idempotencyKey('cancel', row.reference, row.attempt) });
      } catch (error) {
        console.error('Cancelling a given-up payment attempt failed', row.reference, row.attempt, error);
      }
    }),
  );
}

/**
 * Starts a payment of the scope: claims the next attempt, then calls the provider once. A paid
 * scope answers PROCESSED without a charge (a refresh that pays twice); an attempt waiting for
 * the shopper's 3-D Secure step is superseded by a new, different request.
 */
export async function startPayment(db: D1Database, gateway: PaymentGateway, input: StartInput): Promise<PayOutcome> {
  const scope = await bindScope(db, input.scope);
  if (!scope) return { kind: 'not_payable', error: 1422 };
  const attempts = await attemptsOf(db, scope.reference);
  const early = settled(scope, attempts, input.hash, input.pages);
  if (early) return early;
  const amount = scopeAmount(scope);
  const attempt = (attempts[0]?.attempt ?? 0) + 1;
  const key = await idempotencyKey('payment', scope.reference, attempt);
  // The order's method (paypal, bizum, mbway…); for the card provider, adyen-web's type (scheme, googlepay…).
  const method = input.method ?? (typeof input.request.paymentMethod['type'] === 'string' ? String(input.request.paymentMethod['type']) : 'scheme');
  const [superseded, claim] = await db.batch([
    // A 3-D Secure step the shopper left: it can no longer complete (its details call would be refused).
    db
      .prepare("UPDATE payments SET state = 'cancelled', stage = 'done', version = version + 1, updated_at = ? WHERE reference = ? AND state = 'pending' AND stage = 'action' AND (request_hash IS NULL OR request_hash <> ?) RETURNING reference, attempt, psp_reference")
      .bind(input.now, scope.reference, input.hash),
    db
      .prepare(
        `INSERT INTO payments (reference, attempt, idempotency_key, provider, psp_reference, amount, currency, method, state, stage, request_hash, created_at, updated_at)
         SELECT ?, ?, ?, ?, NULL, ?, ?, ?, 'pending', 'starting', ?, ?, ?
         WHERE NOT EXISTS (SELECT 1 FROM payments WHERE reference = ? AND (state IN ${PAID_STATES} OR (state = 'pending' AND stage IN ('starting', 'action', 'details', 'done'))))
           AND NOT EXISTS (SELECT 1 FROM payment_orders po JOIN orders o ON o.order_number = po.order_number WHERE po.reference = ? AND o.state <> 'awaiting_payment')
           -- The amount read is still the scope's: an order cancelled meanwhile leaves the scope (worker/orders/transitions.ts), and its share must not be charged.
           AND ? = (SELECT COALESCE(SUM(o.total), 0) FROM payment_orders po JOIN orders o ON o.order_number = po.order_number WHERE po.reference = ?)
         ON CONFLICT DO NOTHING`,
      )
      .bind(scope.reference, attempt, key, gateway.provider, amount, input.currency, method, input.hash, input.now, input.now, scope.reference, scope.reference, amount, scope.reference),
  ]);
  // Only this batch gave those attempts up, so only this request cancels them at the provider.
  const cancels = cancelAtProvider(gateway, superseded!.results as GivenUp[]);
  if (claim!.meta.changes !== 1) {
    await cancels;
    // Another request claimed first: its answer if it was this very request and it is done, else 31008.
    const after = await scopeOf(db, scope.reference);
    return settled(after ?? scope, await attemptsOf(db, scope.reference), input.hash, input.pages) ?? { kind: 'busy' };
  }
  const row = (await attemptsOf(db, scope.reference)).find((a) => a.attempt === attempt)!;
  // The new attempt does not wait for the old one's cancel.
  const [started] = await Promise.all([
    gateway.startPayment({ ...input.request, reference: scope.reference, attempt, amount: { value: amount, currency: input.currency } }).then(
      (outcome) => ({ outcome }),
      (error: unknown) => ({ error }),
    ),
    cancels,
  ]);
  if ('error' in started) {
    if (!(started.error instanceof GatewayError)) throw started.error;
    return { kind: 'answer', answer: await recordFailure(db, row, started.error, scope, input.pages, input.now) };
  }
  return { kind: 'answer', answer: await recordOutcome(db, row, started.outcome, scope, input.pages, input.now, input.confirmed) };
}

/** The answer without calling the provider, when the scope is paid, closed, busy, or this request was answered already. */
function settled(scope: PaymentScope, attempts: AttemptRow[], hash: string, pages: AnswerPages): PayOutcome | undefined {
  const paid = attempts.find((a) => ['authorised', 'captured', 'partially_refunded', 'refunded'].includes(a.state));
  if (paid || scope.orders.some((o) => o.state !== 'awaiting_payment' && o.state !== 'cancelled')) return { kind: 'answer', answer: paidAnswer(scope, pages, paid) };
  if (scope.orders.some((o) => o.state === 'cancelled')) return { kind: 'not_payable', error: 1422 };
  const latest = attempts[0];
  if (!latest) return undefined;
  const answer = storedAnswer(latest);
  // The identical request gets the stored answer while its attempt lives; once that attempt is
  // refused, cancelled or expired, sending it again is a new try (a method without fields always
  // sends the same request: Aplazame after a refusal or its 695102, PayPal after a cancel…).
  if (latest.request_hash === hash && answer && latest.state === 'pending') return { kind: 'answer', answer };
  if (latest.state === 'pending' && (latest.stage === 'starting' || latest.stage === 'details' || latest.stage === 'done')) return { kind: 'busy' };
  return undefined;
}

/**
 * Records the provider's answer to an attempt: its psp reference, stage and answer, then the
 * money state through the events path (an Authorised or Refused answer is the AUTHORISATION event
 * the webhook will also bring; stored once under the same key, applied once).
 */
export async function recordOutcome(db: D1Database, row: AttemptRow, outcome: PaymentOutcome, scope: PaymentScope, pages: AnswerPages, now: number, confirmed?: OrdersConfirmed): Promise<PaymentAnswer> {
  const answer = answerFor(outcome, scope.orders.map((o) => o.order_number), pages);
  const stage: AttemptStage = outcome.status === 'action_needed' ? 'action' : 'done';
  const psp = outcome.pspReference || null;
  await db.prepare('UPDATE payments SET psp_reference = COALESCE(psp_reference, ?), stage = ?, answer = ?, expires_at = COALESCE(?, expires_at), updated_at = ? WHERE id = ?').bind(psp, stage, JSON.stringify(answer), outcome.expiresAt ?? null, now, row.id).run();
  const final = outcome.status === 'authorised' || outcome.status === 'refused' || outcome.status === 'cancelled' || outcome.status === 'expired';
  if (final && psp) {
    const reason = outcome.status === 'refused' ? (outcome.refusalReason ?? '') : outcome.status === 'cancelled' ? 'Cancelled' : outcome.status === 'expired' ? 'Expired' : '';
    // A lapsed payment is the EXPIRE event (its orders are cancelled and their stock freed, unless paid meanwhile).
    const expired = outcome.status === 'expired';
    const event: GatewayEvent = {
      pspReference: psp,
      originalReference: '',
      merchantReference: row.reference,
      eventCode: expired ? 'EXPIRE' : 'AUTHORISATION',
      success: outcome.status === 'authorised' || expired,
      amount: { value: row.amount, currency: row.currency },
      reason,
      raw: { source: 'answer', resultCode: answer.resultCode, reason },
    };
    await receiveEvents(db, [event], now, confirmed);
    // The card stored for a subscription's renewals reaches us only in this answer: the orders'
    // subscriptions (created by the fulfilment just run) take it now.
    if (outcome.status === 'authorised' && outcome.storedMethod) await attachPaymentToken(db, scope.orders.map((o) => o.order_number), outcome.storedMethod, now);
  } else if (final || outcome.status === 'error') {
    // No psp reference to key an event by (an error before the provider made a payment): the attempt is over.
    await db.prepare("UPDATE payments SET state = 'refused', refusal_reason = ?, version = version + 1, updated_at = ? WHERE id = ? AND state = 'pending'").bind(outcome.status === 'error' ? (outcome.refusalReason ?? 'Error') : 'Refused', now, row.id).run();
  }
  if (psp) await applyPendingEvents(db, psp, now, confirmed);
  return answer;
}

/** The provider refused the request (422) or could not be reached: the shopper may try again. */
async function recordFailure(db: D1Database, row: AttemptRow, error: GatewayError, scope: PaymentScope, pages: AnswerPages, now: number): Promise<PaymentAnswer> {
  const answer = answerFor({ status: 'error', refusalReason: error.errorCode }, scope.orders.map((o) => o.order_number), pages);
  if (error.kind === 'validation') {
    // Refused before any payment was made at the provider: nothing to wait for.
    await db.prepare("UPDATE payments SET state = 'refused', stage = 'done', refusal_reason = ?, answer = ?, version = version + 1, updated_at = ? WHERE id = ? AND state = 'pending'").bind(`validation ${error.errorCode ?? ''}`.trim(), JSON.stringify(answer), now, row.id).run();
  } else {
    // Maybe made, maybe not: the attempt stays pending for the webhook or the scheduled check to settle.
    await db.prepare("UPDATE payments SET stage = 'failed', answer = ?, updated_at = ? WHERE id = ?").bind(JSON.stringify(answer), now, row.id).run();
  }
  return answer;
}

export interface DetailsInput {
  scope: PaymentScope;
  details: Record<string, unknown>;
  pages: AnswerPages;
  now: number;
  /** Told the orders this request's answer confirmed. */
  confirmed?: OrdersConfirmed;
}

/**
 * Completes the attempt waiting for the shopper (3-D Secure, wallet redirect) with the details the
 * browser brought back. One details call per attempt: a repeated return answers what the first got.
 */
export async function submitDetails(db: D1Database, gateway: PaymentGateway, input: DetailsInput): Promise<PayOutcome | { kind: 'no_attempt' }> {
  const { scope } = input;
  const attempts = await attemptsOf(db, scope.reference);
  const paid = attempts.find((a) => ['authorised', 'captured', 'partially_refunded', 'refunded'].includes(a.state));
  if (paid) return { kind: 'answer', answer: paidAnswer(scope, input.pages, paid) };
  const latest = attempts[0];
  if (!latest) return { kind: 'no_attempt' };
  if (latest.stage !== 'action' || latest.state !== 'pending') {
    const answer = storedAnswer(latest);
    if (latest.stage === 'done' && answer) return { kind: 'answer', answer };
    return latest.stage === 'starting' || latest.stage === 'details' ? { kind: 'busy' } : { kind: 'no_attempt' };
  }
  const claim = await db.prepare("UPDATE payments SET stage = 'details', updated_at = ? WHERE id = ? AND state = 'pending' AND stage = 'action'").bind(input.now, latest.id).run();
  if (claim.meta.changes !== 1) return submitDetailsAgain(db, scope);
  let outcome: PaymentOutcome;
  try {
    // Keyed by the details too: the same result sent again is one call, and a wrong result sent
    // first (refused, or another payment's) leaves the right one its own key.
    outcome = await gateway.submitDetails({ details: input.details, idempotencyKey: await idempotencyKey('details', `${scope.reference}\u0000${JSON.stringify(input.details)}`, latest.attempt) });
  } catch (error) {
    // Details the provider does not accept (a tampered or stale redirectResult): the step is still open.
    await reopenAction(db, latest.id, input.now);
    throw error;
  }
  // Someone else's 3-D Secure result answers about their payment: it must not settle ours.
  if (!outcomeIsFor(outcome, scope.reference, latest.psp_reference)) {
    await reopenAction(db, latest.id, input.now);
    throw new DetailsMismatchError();
  }
  return { kind: 'answer', answer: await recordOutcome(db, latest, outcome, scope, input.pages, input.now, input.confirmed) };
}

async function reopenAction(db: D1Database, id: number, now: number): Promise<void> {
  await db.prepare("UPDATE payments SET stage = 'action', updated_at = ? WHERE id = ? AND stage = 'details'").bind(now, id).run();
}

async function submitDetailsAgain(db: D1Database, scope: PaymentScope): Promise<PayOutcome | { kind: 'no_attempt' }> {
  const latest = (await attemptsOf(db, scope.reference))[0];
  const answer = latest && storedAnswer(latest);
  if (latest?.stage === 'done' && answer) return { kind: 'answer', answer };
  return { kind: 'busy' };
}

/**
 * The shopper left the gateway step: an attempt waiting for them is cancelled on our side (its
 * details call can no longer authorise it) and at the provider, and the orders stay payable.
 */
export async function abandonAttempt(db: D1Database, gateway: PaymentGateway | undefined, scope: PaymentScope, pages: AnswerPages, now: number): Promise<PayOutcome> {
  const attempts = await attemptsOf(db, scope.reference);
  const early = settled(scope, attempts, '', pages);
  if (early?.kind === 'answer' && early.answer.paymentResult === 'PROCESSED') return early;
  if (early?.kind === 'not_payable') return early;
  const latest = attempts[0];
  const answer = answerFor({ status: 'cancelled' }, scope.orders.map((o) => o.order_number), pages);
  if (latest?.state === 'pending' && latest.stage === 'action') {
    const done = await db
      .prepare("UPDATE payments SET state = 'cancelled', stage = 'done', answer = ?, version = version + 1, updated_at = ? WHERE id = ? AND state = 'pending' AND stage = 'action' RETURNING reference, attempt, psp_reference")
      .bind(JSON.stringify(answer), now, latest.id)
      .all<GivenUp>();
    await cancelAtProvider(gateway, done.results);
    if (done.results.length !== 1) return (await attemptsOf(db, scope.reference))[0]?.stage === 'done' ? { kind: 'answer', answer } : { kind: 'busy' };
  } else if (latest?.state === 'pending' && (latest.stage === 'starting' || latest.stage === 'details')) {
    return { kind: 'busy' };
  }
  return { kind: 'answer', answer };
}


/**
 * How the scope's payment stands, asking the provider when the latest attempt still waits and the
 * provider can be asked (MB WAY polling every 2 s, a shopper back from a redirect with nothing to
 * confirm). A final answer from the provider is recorded through the events path, once; a payment
 * still waiting keeps its stored answer (the Multibanco reference, MB WAY's wait).
 */
export async function refreshStatus(db: D1Database, gateway: PaymentGateway | undefined, scope: PaymentScope, pages: AnswerPages, now: number, confirmed?: OrdersConfirmed): Promise<PayOutcome | { kind: 'no_attempt' }> {
  const attempts = await attemptsOf(db, scope.reference);
  const paid = attempts.find((a) => ['authorised', 'captured', 'partially_refunded', 'refunded'].includes(a.state));
  if (paid || scope.orders.some((o) => o.state !== 'awaiting_payment' && o.state !== 'cancelled')) return { kind: 'answer', answer: paidAnswer(scope, pages, paid) };
  const latest = attempts[0];
  if (!latest) return { kind: 'no_attempt' };
  const stored = storedAnswer(latest);
  const waiting = latest.state === 'pending' && (latest.stage === 'action' || latest.stage === 'done' || latest.stage === 'failed');
  if (waiting && latest.psp_reference && gateway?.paymentStatus && gateway.provider === latest.provider) {
    const outcome = await gateway.paymentStatus({ pspReference: latest.psp_reference, reference: latest.reference });
    if (outcomeIsFor(outcome, latest.reference, latest.psp_reference) && ['authorised', 'refused', 'cancelled', 'expired'].includes(outcome.status)) {
      return { kind: 'answer', answer: await recordOutcome(db, latest, { ...outcome, pspReference: outcome.pspReference ?? latest.psp_reference }, scope, pages, now, confirmed) };
    }
  }
  if (latest.state !== 'pending') {
    // Settled by a notification: the answer its state gives.
    const status = latest.state === 'expired' ? 'expired' : latest.state === 'cancelled' ? 'cancelled' : 'refused';
    return { kind: 'answer', answer: answerFor({ status } as PaymentOutcome, scope.orders.map((o) => o.order_number), pages) };
  }
  if (stored) return { kind: 'answer', answer: stored };
  return { kind: 'busy' };
}
