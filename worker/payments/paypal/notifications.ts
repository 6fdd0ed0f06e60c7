/**
 * PayPal's webhooks (POST /api/paymentGateway/paypal/notification): an event JSON with the
 * PAYPAL-TRANSMISSION-ID, -TIME, -SIG, PAYPAL-CERT-URL and PAYPAL-AUTH-ALGO headers, verified by
 * asking PayPal (`verify-webhook-signature`, our webhook id) before anything is read from it. A
 * verified event becomes the neutral events of worker/payments/port.ts; PayPal wants any 2xx back,
 * and retries anything else (25 times over 3 days), so a verified event is always answered 200.
 */
import { appError } from '../../http/errors';
import type { GatewayEvent, NotificationReceiver, NotificationRequest, VerifiedNotification } from '../port';
import { fromPaypalValue, PAYPAL_ID, type PaypalGateway, type PaypalMoney, type WebhookSignature } from './client';

export interface PaypalEvent {
  id: string;
  event_type: string;
  resource_type?: string;
  create_time?: string;
  resource: Record<string, unknown>;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The signature headers, or undefined when one is missing or out of PayPal's bounds (nothing to verify). */
export function signatureOf(headers: Headers): WebhookSignature | undefined {
  const get = (name: string, max: number) => {
    const value = headers.get(name);
    return value && value.length <= max ? value : undefined;
  };
  const transmissionId = get('paypal-transmission-id', 50);
  const transmissionTime = get('paypal-transmission-time', 100);
  const transmissionSig = get('paypal-transmission-sig', 1000);
  const certUrl = get('paypal-cert-url', 500);
  const authAlgo = get('paypal-auth-algo', 100);
  if (!transmissionId || !transmissionTime || !transmissionSig || !certUrl || !authAlgo) return undefined;
  return { transmissionId, transmissionTime, transmissionSig, certUrl, authAlgo };
}

function money(value: unknown): { value: number; currency: string } | undefined {
  if (!isObject(value) || typeof value['currency_code'] !== 'string' || typeof value['value'] !== 'string') return undefined;
  const amount = value as unknown as PaypalMoney;
  try {
    return { value: fromPaypalValue(amount.value.replace(/^-/, ''), amount.currency_code), currency: amount.currency_code };
  } catch {
    return undefined;
  }
}

const relatedOrderId = (resource: Record<string, unknown>): string | undefined => {
  const supplementary = resource['supplementary_data'];
  const related = isObject(supplementary) ? supplementary['related_ids'] : undefined;
  const orderId = isObject(related) ? related['order_id'] : undefined;
  return typeof orderId === 'string' && PAYPAL_ID.test(orderId) ? orderId : undefined;
};

/** The capture a refund belongs to: its `up` link (…/v2/payments/captures/{id}). */
const upCaptureId = (resource: Record<string, unknown>): string | undefined => {
  const links = Array.isArray(resource['links']) ? resource['links'] : [];
  for (const link of links) {
    if (!isObject(link) || link['rel'] !== 'up' || typeof link['href'] !== 'string') continue;
    const match = /\/v2\/payments\/captures\/([A-Z0-9]+)(?:[/?#]|$)/.exec(link['href']);
    if (match) return match[1];
  }
  return undefined;
};

const merchantReferenceOf = (resource: Record<string, unknown>): string => {
  const value = resource['custom_id'] ?? resource['invoice_id'];
  return typeof value === 'string' ? value : '';
};

/**
 * The neutral events of one verified PayPal event. The payment is the PayPal order (our psp
 * reference): a capture names it in supplementary_data.related_ids; a refund names only its
 * capture, so the capture is read (`lookupOrder`) when the refund itself does not carry the order.
 *
 * - PAYMENT.CAPTURE.COMPLETED → AUTHORISATION success (the capture is the money);
 *   PAYMENT.CAPTURE.DENIED / DECLINED → AUTHORISATION refused; PAYMENT.CAPTURE.PENDING → nothing yet.
 * - PAYMENT.CAPTURE.REFUNDED → REFUND (its id, the order as original reference, its amount);
 *   PAYMENT.CAPTURE.REVERSED (PayPal took the money back) → REFUND too: the money is no longer ours.
 * - CHECKOUT.PAYMENT-APPROVAL.REVERSED (approved, never captured in time; PayPal cancelled it) → CANCELLATION.
 * - Anything else (CHECKOUT.ORDER.APPROVED…): nothing; the capture is ours to make on the shopper's return.
 */
export async function eventsOf(event: PaypalEvent, lookupOrder: (captureId: string) => Promise<string | undefined>): Promise<GatewayEvent[]> {
  const resource = event.resource;
  const raw = event;
  switch (event.event_type) {
    case 'PAYMENT.CAPTURE.COMPLETED':
    case 'PAYMENT.CAPTURE.DENIED':
    case 'PAYMENT.CAPTURE.DECLINED': {
      const orderId = relatedOrderId(resource);
      const amount = money(resource['amount']);
      if (!orderId || !amount) return [];
      const success = event.event_type === 'PAYMENT.CAPTURE.COMPLETED';
      return [{ pspReference: orderId, originalReference: '', merchantReference: merchantReferenceOf(resource), eventCode: 'AUTHORISATION', success, amount, reason: success ? '' : 'DECLINED', paymentMethod: 'paypal', raw }];
    }
    case 'PAYMENT.CAPTURE.REFUNDED':
    case 'PAYMENT.CAPTURE.REVERSED': {
      const refundId = resource['id'];
      const amount = money(resource['amount']);
      if (typeof refundId !== 'string' || !PAYPAL_ID.test(refundId) || !amount) return [];
      const captureId = upCaptureId(resource);
      const orderId = relatedOrderId(resource) ?? (captureId ? await lookupOrder(captureId) : undefined);
      if (!orderId) return [];
      const reason = event.event_type === 'PAYMENT.CAPTURE.REVERSED' ? 'REVERSED' : '';
      return [{ pspReference: refundId, originalReference: orderId, merchantReference: merchantReferenceOf(resource), eventCode: 'REFUND', success: true, amount, reason, paymentMethod: 'paypal', raw }];
    }
    case 'CHECKOUT.PAYMENT-APPROVAL.REVERSED': {
      const orderId = resource['order_id'];
      if (typeof orderId !== 'string' || !PAYPAL_ID.test(orderId)) return [];
      const units = Array.isArray(resource['purchase_units']) ? resource['purchase_units'] : [];
      const unit = isObject(units[0]) ? units[0] : {};
      const amount = money(unit['amount']) ?? { value: 0, currency: 'EUR' };
      return [{ pspReference: orderId, originalReference: '', merchantReference: typeof unit['reference_id'] === 'string' ? unit['reference_id'] : '', eventCode: 'CANCELLATION', success: true, amount, reason: 'APPROVAL_REVERSED', paymentMethod: 'paypal', raw }];
    }
    default:
      return [];
  }
}

/** Any 2xx stops PayPal's retries. */
const OK_REPLY = () => ({ status: 200, body: '', contentType: 'text/plain' });

export function paypalNotifications(gateway: PaypalGateway): NotificationReceiver {
  return {
    async receive(request: NotificationRequest): Promise<VerifiedNotification | undefined> {
      const signature = signatureOf(request.headers);
      if (!signature) return undefined;
      let event: unknown;
      try {
        event = JSON.parse(request.body);
      } catch {
        throw appError('invalidRequest', { target: 'json', issues: [{ path: '', message: 'not JSON' }] });
      }
      if (!isObject(event) || typeof event['id'] !== 'string' || typeof event['event_type'] !== 'string' || !isObject(event['resource'])) {
        throw appError('invalidRequest', { target: 'json', issues: [{ path: '', message: 'not a PayPal webhook event' }] });
      }
      if (!(await gateway.verifyWebhookSignature(signature, request.body))) return undefined;
      const events = await eventsOf(event as unknown as PaypalEvent, (captureId) => gateway.orderIdOfCapture(captureId));
      return { events, reply: OK_REPLY };
    },
  };
}
