/**
 * SIBS webhooks (POST /api/paymentGateway/sibs/notification): the body is AES-256-GCM encrypted
 * under SIBS_WEBHOOK_SECRET (worker/payments/sibs/webhook-crypto.ts); one that does not decrypt is
 * not SIBS' (401, nothing stored). SIBS sends again until the answer echoes the notification's
 * `notificationID`, so every verified notification is answered with it, also one about a payment
 * we no longer take (sending it again would change nothing).
 *
 * Events: a purchase (paymentType PURS) Success is the AUTHORISATION; Declined, and an MB WAY
 * request that Expired unanswered, the refused AUTHORISATION; a Multibanco reference that Expired
 * is the EXPIRE; Pending says nothing yet. A refund (RFND) is the REFUND of its original
 * transaction, success or not.
 */
import { z } from 'zod';
import { appError } from '../../http/errors';
import type { GatewayEvent, NotificationReceiver } from '../port';
import { fromSibsAmount, outcomeOfStatus, referenceOf } from './client';
import type { SibsConfig } from './config';
import { decryptWebhook } from './webhook-crypto';

const notificationSchema = z
  .object({
    notificationID: z.string().min(1).max(100),
    transactionID: z.string().min(1).max(100),
    paymentStatus: z.string().max(40),
    paymentType: z.string().max(10).optional(),
    paymentMethod: z.string().max(40).optional(),
    amount: z.object({ value: z.number().nonnegative(), currency: z.string().length(3) }),
    merchant: z.object({ merchantTransactionId: z.string().max(100).optional() }).loose().optional(),
    originalTransaction: z.object({ id: z.string().min(1).max(100) }).loose().optional(),
  })
  .loose();

export type SibsNotification = z.infer<typeof notificationSchema>;

/** The neutral events a SIBS notification carries (none while it is still pending). */
export function eventsOf(notification: SibsNotification): GatewayEvent[] {
  const amount = { value: fromSibsAmount(notification.amount.value), currency: notification.amount.currency };
  const merchantReference = referenceOf(notification.merchant?.merchantTransactionId) ?? '';
  const base = { merchantReference, amount, paymentMethod: notification.paymentMethod, raw: notification };
  if (notification.paymentType === 'RFND') {
    if (notification.paymentStatus === 'Pending' || !notification.originalTransaction) return [];
    return [{ ...base, pspReference: notification.transactionID, originalReference: notification.originalTransaction.id, eventCode: 'REFUND', success: notification.paymentStatus === 'Success', reason: notification.paymentStatus === 'Success' ? '' : notification.paymentStatus }];
  }
  const outcome = outcomeOfStatus(notification.paymentStatus, notification.paymentMethod, notification.transactionID);
  const payment = { ...base, pspReference: notification.transactionID, originalReference: '' };
  switch (outcome.status) {
    case 'authorised':
      return [{ ...payment, eventCode: 'AUTHORISATION', success: true, reason: '' }];
    case 'refused':
      return [{ ...payment, eventCode: 'AUTHORISATION', success: false, reason: outcome.refusalReason ?? notification.paymentStatus }];
    case 'expired':
      return [{ ...payment, eventCode: 'EXPIRE', success: true, reason: 'Expired' }];
    case 'cancelled':
      return [{ ...payment, eventCode: 'CANCELLATION', success: true, reason: 'Cancelled' }];
    default:
      return [];
  }
}

export function sibsNotifications(config: SibsConfig): NotificationReceiver {
  return {
    async receive(request) {
      const clear = await decryptWebhook(config.webhookKey, request.body, request.headers.get('X-Initialization-Vector'), request.headers.get('X-Authentication-Tag'));
      if (clear === undefined) return undefined;
      let parsed: unknown;
      try {
        parsed = JSON.parse(clear);
      } catch {
        throw appError('invalidRequest', { target: 'json', issues: [{ path: '', message: 'the notification is not JSON' }] });
      }
      const notification = notificationSchema.safeParse(parsed);
      if (!notification.success) throw appError('invalidRequest', { target: 'json', issues: notification.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })) });
      const notificationID = notification.data.notificationID;
      return {
        events: eventsOf(notification.data),
        reply: () => ({ status: 200, contentType: 'application/json', body: JSON.stringify({ statusCode: '200', statusMsg: 'Success', notificationID }) }),
      };
    },
  };
}
