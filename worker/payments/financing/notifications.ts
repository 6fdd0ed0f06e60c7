/**
 * The financing provider's callbacks: `POST /api/paymentGateway/financing/notification` with a
 * JSON body and `X-Signature: t=…,v1=…` (signature.ts). A bad or stale signature is refused (401,
 * nothing stored); a verified callback becomes neutral events, applied once however often the
 * provider retries it, and is answered 200 so the retries stop.
 */
import { z } from 'zod';
import { appError } from '../../http/errors';
import type { GatewayEvent, NotificationReceiver, VerifiedNotification } from '../port';
import type { FinancingConfig } from './config';
import { checkSignature } from './signature';

const callback = z.object({
  id: z.string().min(1),
  event: z.string().min(1),
  reference: z.string().default(''),
  amount: z.number().int().nonnegative(),
  currency: z.string().min(3).max(3),
  decision_reason: z.string().nullish(),
  refund: z.object({ id: z.string().min(1), amount: z.number().int().nonnegative(), currency: z.string().min(3).max(3), status: z.enum(['succeeded', 'failed']) }).optional(),
});
export type FinancingCallback = z.infer<typeof callback>;

/** The neutral events a callback carries (none for an event we do not act on). */
export function eventsOf(body: FinancingCallback): GatewayEvent[] {
  const base = { pspReference: body.id, originalReference: '', merchantReference: body.reference, amount: { value: body.amount, currency: body.currency }, raw: body };
  switch (body.event) {
    case 'application.approved':
      return [{ ...base, eventCode: 'AUTHORISATION', success: true }];
    case 'application.denied':
      return [{ ...base, eventCode: 'AUTHORISATION', success: false, reason: body.decision_reason ?? 'denied' }];
    case 'application.cancelled':
      return [{ ...base, eventCode: 'CANCELLATION', success: true }];
    case 'application.expired':
      return [{ ...base, eventCode: 'EXPIRE', success: true }];
    case 'loan.refunded':
      if (!body.refund) return [];
      return [{ ...base, pspReference: body.refund.id, originalReference: body.id, eventCode: 'REFUND', success: body.refund.status === 'succeeded', amount: { value: body.refund.amount, currency: body.refund.currency } }];
    default:
      return [];
  }
}

const REPLY = { status: 200, body: '{"received":true}', contentType: 'application/json' };

export function financingNotifications(config: FinancingConfig, now: () => number = Date.now): NotificationReceiver {
  return {
    async receive(request): Promise<VerifiedNotification | undefined> {
      const check = await checkSignature(config.webhookSecret, request.body, request.headers.get('X-Signature'), Math.floor(now() / 1000));
      if (check !== 'valid') return undefined;
      let json: unknown;
      try {
        json = JSON.parse(request.body);
      } catch {
        throw appError('invalidRequest');
      }
      const parsed = callback.safeParse(json);
      if (!parsed.success) throw appError('invalidRequest');
      // Every answer is the provider's "received": an unknown or cancelled payment is ours to sort out, not a reason to retry.
      return { events: eventsOf(parsed.data), reply: () => REPLY };
    },
  };
}
