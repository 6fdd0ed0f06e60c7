/**
 * The payment state machine: one payment attempt moved by the provider's answers and webhook
 * events. Pure: the webhook handler (worker/payments/events.ts) stores each event once and
 * applies it through `applyEvent` with a conditional update on the state it read.
 *
 *   pending ─AUTHORISATION ok→ authorised ─CAPTURE→ captured
 *   pending ─AUTHORISATION refused→ refused
 *   pending / authorised ─CANCELLATION→ cancelled
 *   pending ─EXPIRE / OFFER_CLOSED→ expired
 *   authorised / captured / partially_refunded ─REFUND(amount)→ partially_refunded | refunded
 *   pending ─REFUND(amount)→ partially_refunded | refunded   (a refund proves its late authorisation)
 *
 * Late and repeated events change nothing: an AUTHORISATION after a CANCELLATION does not
 * resurrect the payment, an EXPIRE after an AUTHORISATION does not cancel a paid one, a partial
 * REFUND refunds only its own amount. Refunds are told apart by their own psp reference, so the
 * same refund delivered twice is stopped by the event store, not here.
 */
export const PAYMENT_STATES = ['pending', 'authorised', 'captured', 'partially_refunded', 'refunded', 'refused', 'cancelled', 'expired'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

export interface PaymentSnapshot {
  state: PaymentState;
  amountCents: number;
  refundedCents: number;
}

export interface PaymentEventInput {
  eventCode: string;
  success: boolean;
  amountCents: number;
  reason?: string;
}

export interface PaymentChange {
  state: PaymentState;
  refundedCents: number;
  refusalReason?: string;
  /** The payment has just become money we can count on: the order may be confirmed. */
  becamePaid: boolean;
}

const PAID: readonly PaymentState[] = ['authorised', 'captured', 'partially_refunded'];

/** The payment after `event`, or undefined when the event changes nothing. */
export function applyEvent(payment: PaymentSnapshot, event: PaymentEventInput): PaymentChange | undefined {
  const { state } = payment;
  const to = (next: PaymentState, extra: Partial<PaymentChange> = {}): PaymentChange => ({
    state: next,
    refundedCents: payment.refundedCents,
    // Money we keep: a partial refund arriving before its authorisation still leaves the rest paid.
    becamePaid: state === 'pending' && (next === 'authorised' || next === 'captured' || next === 'partially_refunded'),
    ...extra,
  });
  switch (event.eventCode) {
    case 'AUTHORISATION':
      if (state !== 'pending') return undefined;
      return event.success ? to('authorised') : to('refused', { refusalReason: event.reason });
    case 'CAPTURE':
      // A capture proves the authorisation even when its own event is late.
      if (!event.success || (state !== 'pending' && state !== 'authorised')) return undefined;
      return to('captured');
    case 'CANCELLATION':
      if (!event.success || (state !== 'pending' && state !== 'authorised')) return undefined;
      return to('cancelled');
    case 'EXPIRE':
    case 'OFFER_CLOSED':
      if (!event.success || state !== 'pending') return undefined;
      return to('expired');
    case 'REFUND': {
      // From pending too: only an authorised payment can be refunded, so the refund must not be lost
      // waiting for an AUTHORISATION that is late (which then changes nothing).
      if (!event.success || (state !== 'pending' && !PAID.includes(state)) || event.amountCents <= 0) return undefined;
      const refunded = Math.min(payment.amountCents, payment.refundedCents + event.amountCents);
      return to(refunded >= payment.amountCents ? 'refunded' : 'partially_refunded', { refundedCents: refunded });
    }
    case 'CANCEL_OR_REFUND':
      if (!event.success) return undefined;
      if (state === 'pending' || state === 'authorised') return to('cancelled');
      if (state === 'captured' || state === 'partially_refunded') return to('refunded', { refundedCents: payment.amountCents });
      return undefined;
    default:
      return undefined;
  }
}
