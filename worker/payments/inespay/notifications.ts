/**
 * Inespay's callbacks (modelled; Inespay publishes none): POST JSON { paymentId, transactionStatus,
 * amount: "12.34", currency, reference } to the TPP-Notification-URI given at initiation, signed
 * with `X-Inespay-Signature` = hex HMAC-SHA256 of the body under INESPAY_CALLBACK_SECRET, sent at
 * each status change and retried until answered 200. Verified from the raw bytes; a paid status
 * is the AUTHORISATION event, RJCT a refused AUTHORISATION, CANC a CANCELLATION; the statuses
 * that still wait carry no event (answered 200 all the same, so Inespay stops retrying).
 */
import { appError } from '../../http/errors';
import type { GatewayEvent, NotificationReceiver, NotificationReply } from '../port';
import type { InespayConfig } from './config';
import { SIGNATURE_HEADER, TRANSACTION_STATUSES, parseAmount, statusMeaning, verifyCallback } from './protocol';

const OK: NotificationReply = { status: 200, body: 'OK', contentType: 'text/plain' };

export interface InespayCallback {
  paymentId: string;
  transactionStatus: string;
  amount: string;
  currency?: string;
  reference: string;
}

/** The callback's fields, or undefined when the body is not one. */
export function parseCallback(body: string): InespayCallback | undefined {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const v = value as Record<string, unknown>;
  const ok =
    typeof v['paymentId'] === 'string' && /^[A-Za-z0-9._-]{1,100}$/.test(v['paymentId']) &&
    typeof v['transactionStatus'] === 'string' && (TRANSACTION_STATUSES as readonly string[]).includes(v['transactionStatus']) &&
    parseAmount(v['amount']) !== undefined &&
    (v['currency'] === undefined || (typeof v['currency'] === 'string' && /^[A-Z]{3}$/.test(v['currency']))) &&
    typeof v['reference'] === 'string' && v['reference'].length > 0 && v['reference'].length <= 140;
  return ok ? (v as unknown as InespayCallback) : undefined;
}

/** The neutral events of a callback (none for a status that still waits). */
export function callbackEvents(callback: InespayCallback): GatewayEvent[] {
  const meaning = statusMeaning(callback.transactionStatus);
  if (meaning === 'waiting') return [];
  const base = {
    pspReference: callback.paymentId,
    originalReference: '',
    merchantReference: callback.reference,
    amount: { value: parseAmount(callback.amount)!, currency: callback.currency ?? 'EUR' },
    paymentMethod: 'inespay',
    raw: callback,
  };
  if (meaning === 'cancelled') return [{ ...base, eventCode: 'CANCELLATION', success: true, reason: 'CANC' }];
  return [{ ...base, eventCode: 'AUTHORISATION', success: meaning === 'paid', reason: meaning === 'paid' ? '' : 'RJCT' }];
}

export function inespayNotifications(config: InespayConfig): NotificationReceiver {
  return {
    async receive(request) {
      if (request.method !== 'POST') return undefined;
      if (!(await verifyCallback(request.body, request.headers.get(SIGNATURE_HEADER), config.callbackSecret))) return undefined;
      // Signed by Inespay but not a callback we understand: a 400, not a forgery.
      const callback = parseCallback(request.body);
      if (!callback) throw appError('invalidRequest', { target: 'json', issues: [{ path: 'body', message: 'not an Inespay callback' }] });
      return { events: callbackEvents(callback), reply: () => OK };
    },
  };
}
