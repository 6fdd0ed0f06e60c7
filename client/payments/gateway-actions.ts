/**
 * Starting a gateway payment from the browser and following what it answers (worker/api/
 * gateway-payments.ts): a redirect to the provider's page (GET), a signed form posted to it
 * (Redsys), or no action (paid, refused) and the result page. Shared by the gateway islands.
 */
import { api, unwrap } from '../api';
import type { PaymentAnswer } from '../../worker/payments/answer';

export type { PaymentAnswer };

export function startGatewayPayment(orderNumber: string, hash: string | null, fields: Record<string, unknown> = {}): Promise<PaymentAnswer> {
  return unwrap(api.orders.payment.gateway.start.$post({ query: { orderId: orderNumber }, json: { ...(hash ? { hash } : {}), fields } }));
}

export function gatewayPaymentStatus(orderNumber: string, hash: string | null): Promise<PaymentAnswer> {
  return unwrap(api.orders.payment.gateway.status.$get({ query: { orderId: orderNumber, ...(hash ? { hash } : {}) } }));
}

/** Gives the waiting attempt up (the shopper chose not to go on); the orders stay payable. */
export function abandonGatewayPayment(orderNumber: string, hash: string | null): Promise<PaymentAnswer> {
  return unwrap(api.checkout.orders.transaction.unpaid[':id'].$post({ param: { id: encodeURIComponent(orderNumber) }, json: hash ? { hash } : {} }));
}

/** A redirect action: where the browser goes, and how (a signed form post carries `data`). */
export interface RedirectAction {
  type: 'redirect';
  url: string;
  method?: 'GET' | 'POST';
  data?: Record<string, string>;
}

export const isRedirect = (action: Record<string, unknown> | undefined): action is Record<string, unknown> & RedirectAction => action?.['type'] === 'redirect' && typeof action['url'] === 'string';

/**
 * Follows the answer: the provider's page for a redirect, the result page otherwise. Returns false
 * when the answer carries an action this helper does not follow (MB WAY's wait, a Multibanco
 * reference): the island shows it.
 */
export function followAnswer(answer: PaymentAnswer): boolean {
  const action = answer.action;
  if (!action) {
    window.location.assign(answer.next);
    return true;
  }
  if (!isRedirect(action)) return false;
  if (action.method === 'POST') {
    const form = document.createElement('form');
    form.method = 'POST';
    form.action = action.url;
    for (const [name, value] of Object.entries(action.data ?? {})) {
      const input = document.createElement('input');
      input.type = 'hidden';
      input.name = name;
      input.value = value;
      form.appendChild(input);
    }
    document.body.appendChild(form);
    form.submit();
    return true;
  }
  window.location.assign(action.url);
  return true;
}
