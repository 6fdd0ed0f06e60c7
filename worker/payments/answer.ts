/**
 * What every "pay" call answers (the browser's card form, 3-D Secure return, wallets, pay-later,
 * adding a card): the spec §3 payment result, the provider's result code, the action for the
 * browser when there is one, and where the browser goes next. Pure; the client imports the types.
 */
import type { PaymentOutcome } from './port';

export type PaymentResult = 'PROCESSED' | 'REJECTED_SYSTEM' | 'REJECTED_USER' | 'PENDING';
export type FailureReason = 'cancelled_by_user' | 'authentication_required' | 'funds_exceeded' | 'general';

export interface PaymentAnswer {
  /** The orders this payment covers (empty for a card-only authorisation). */
  orderNumbers: string[];
  paymentResult: PaymentResult;
  /** The provider's result code as received (Authorised, Refused, RedirectShopper, ChallengeShopper…). */
  resultCode: string;
  /** For adyen-web: `checkout.createFromAction(action).mount(el)`. */
  action?: Record<string, unknown>;
  /** Why, when the result is REJECTED_*. */
  reason?: FailureReason;
  /** Where the browser goes when there is no action. */
  next: string;
}

/**
 * Adyen's refusal reason codes (docs.adyen.com "Refusal reasons") grouped into the spec §8 card
 * failure reasons; every other code is `general`, which the shopper is not told in detail.
 */
const FUNDS_EXCEEDED = new Set(['12', '28', '29']); // Not enough balance, Withdrawal amount / count exceeded
const AUTHENTICATION_REQUIRED = new Set(['11', '38', '42']); // 3D Not Authenticated, Authentication required, 3DS Authentication Error
const SHOPPER_CANCELLED = new Set(['16']); // Shopper Cancelled

export function failureReasonFor(refusalReasonCode: string | undefined): FailureReason {
  const code = refusalReasonCode?.trim() ?? '';
  if (FUNDS_EXCEEDED.has(code)) return 'funds_exceeded';
  if (AUTHENTICATION_REQUIRED.has(code)) return 'authentication_required';
  if (SHOPPER_CANCELLED.has(code)) return 'cancelled_by_user';
  return 'general';
}

/** The result code shown to the browser when the outcome carries none of its own. */
function resultCodeOf(outcome: PaymentOutcome): string {
  switch (outcome.status) {
    case 'authorised':
      return 'Authorised';
    case 'refused':
      return 'Refused';
    case 'pending':
      return 'Pending';
    case 'cancelled':
      return 'Cancelled';
    case 'expired':
      return 'Expired';
    case 'error':
      return 'Error';
    case 'action_needed': {
      // Adyen's own code for the action: a redirect or a 3-D Secure 2 challenge / fingerprint.
      const subtype = outcome.action['subtype'];
      if (outcome.action.type === 'threeDS2') return subtype === 'fingerprint' ? 'IdentifyShopper' : 'ChallengeShopper';
      if (outcome.action.type === 'redirect') return 'RedirectShopper';
      return 'PresentToShopper';
    }
  }
}

export interface AnswerPages {
  /** Where a paid or pending payment goes (e.g. /cart/ok?orderId=N). */
  ok: string;
  /** Where a rejected payment goes (e.g. /cart/ko?orderId=N). */
  ko: string;
}

/**
 * The answer for a provider outcome. `resultCode` may be given when the caller received a more
 * precise code than the outcome's status (e.g. Received rather than Pending).
 */
export function answerFor(outcome: PaymentOutcome, orderNumbers: string[], pages: AnswerPages, resultCode?: string): PaymentAnswer {
  const code = resultCode ?? resultCodeOf(outcome);
  switch (outcome.status) {
    case 'authorised':
      return { orderNumbers, paymentResult: 'PROCESSED', resultCode: code, next: pages.ok };
    case 'pending':
      return { orderNumbers, paymentResult: 'PENDING', resultCode: code, next: pages.ok };
    case 'action_needed':
      // The browser runs the action; `next` is where it lands if it cannot (no JavaScript, a failed mount).
      return { orderNumbers, paymentResult: 'PENDING', resultCode: code, action: outcome.action, next: pages.ko };
    case 'refused':
      return { orderNumbers, paymentResult: 'REJECTED_USER', resultCode: code, reason: failureReasonFor(outcome.refusalReasonCode), next: pages.ko };
    case 'cancelled':
      return { orderNumbers, paymentResult: 'REJECTED_USER', resultCode: code, reason: 'cancelled_by_user', next: pages.ko };
    case 'expired':
      return { orderNumbers, paymentResult: 'REJECTED_USER', resultCode: code, reason: 'general', next: pages.ko };
    case 'error':
      return { orderNumbers, paymentResult: 'REJECTED_SYSTEM', resultCode: code, reason: 'general', next: pages.ko };
  }
}
