/**
 * The calls that pay an order (spec §7), shaped for the card form: the card (new or stored) and
 * its 3-D Secure details by order number, wallets by their own calls. `hash` is the pay-later
 * link's, for a shopper paying from /order/paynow/{hash}.
 */
import { api, unwrap } from '../api';
import type { PaymentAnswer } from '../../worker/payments/answer';
import type { CardPayData } from './adyen-card';

export function orderConfigUrl(orderId: string, hash?: string): string {
  const query = new URLSearchParams({ orderId });
  if (hash) query.set('hash', hash);
  return `/api/orders/payment/adyen/config?${query}`;
}

export function payOrder(orderId: string, hash?: string): (data: CardPayData) => Promise<PaymentAnswer> {
  return (data) => {
    const method = data.paymentMethod as { type?: string; googlePayToken?: string; applePayToken?: string };
    if (method.type === 'googlepay' && method.googlePayToken) return unwrap(api.orders.payment.googlepay.transaction.$post({ json: { orderId, googlePayToken: method.googlePayToken } }));
    if (method.type === 'applepay' && method.applePayToken) return unwrap(api.orders.payment.applepay.transaction.$post({ json: { orderId, applePayToken: method.applePayToken } }));
    return unwrap(api.orders.payment.adyen.data.$post({ query: { orderId }, json: { ...data, ...(hash ? { hash } : {}) } }));
  };
}

export function orderDetails(orderId: string, hash?: string): (details: Record<string, unknown>) => Promise<PaymentAnswer> {
  return (details) => unwrap(api.orders.payment.adyen.authorise3d.$post({ json: { orderId, details, ...(hash ? { hash } : {}) } }));
}

/** Leaves the bank's step (`unpaid`): the attempt is cancelled, the order stays payable; the answer's `next` is /cart/ko. */
export function cancelOrderPayment(orderId: string, hash?: string): () => Promise<PaymentAnswer> {
  return () => unwrap(api.checkout.orders.transaction.unpaid[':id'].$post({ param: { id: encodeURIComponent(orderId) }, json: hash ? { hash } : {} }));
}
