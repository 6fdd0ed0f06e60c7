/**
 * Aplazame's checkout API v4 in our terms (pure): the `POST /checkout` body built from the port's
 * start input, the order id we give Aplazame for each attempt, and Aplazame's order statuses as
 * outcomes and neutral events (docs/payments-aplazame.md). Amounts are cents on both sides.
 */
import type { GatewayEvent, Money, PaymentOutcome, PostalAddress, StartPaymentInput } from '../port';

/** Minutes the shopper has on Aplazame's page (its default), then for an identity challenge (its maximum). */
export const TIMEOUT_CHECKOUT_MIN = 60;
export const TIMEOUT_EXTRA_MIN = 2880;

/**
 * Aplazame refuses two orders with the same id, so each attempt is its own order: our reference
 * and the attempt, `ES-123456-ABCDEF-2`. It is the id the orders API is addressed by, and our psp
 * reference.
 */
export const midFor = (reference: string, attempt: number): string => `${reference}-${attempt}`;

/** Our reference inside an order id we made, or undefined for one we did not. */
export function referenceOfMid(mid: string): string | undefined {
  return /^(.+)-(\d{1,6})$/.exec(mid)?.[1];
}

interface AplazameAddress {
  first_name: string;
  last_name: string;
  phone?: string;
  street: string;
  city: string;
  state: string;
  country: string;
  postcode: string;
}

function address(first: string, last: string, phone: string | undefined, postal: PostalAddress): AplazameAddress {
  // Our addresses carry no province name; the city stands in for Aplazame's required `state`.
  return { first_name: first, last_name: last, ...(phone ? { phone } : {}), street: postal.street, city: postal.city, state: postal.city, country: postal.country, postcode: postal.postalCode };
}

/** Adds the order id to a URL of ours, so the page Aplazame sends the shopper back to names the order to ask about. */
export function withMid(url: string, mid: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}mid=${encodeURIComponent(mid)}`;
}

/**
 * The body of `POST /checkout`. Our lines carry prices with taxes included and no rate, so each
 * article goes with its price taxes included and `tax_rate` 0: the total is then exactly the sum
 * Aplazame checks (articles, plus shipping, less the order discount).
 */
export function checkoutBody(input: StartPaymentInput): Record<string, unknown> {
  const mid = midFor(input.reference, input.attempt);
  const shopper = input.shopper;
  const lines = input.lines ?? [];
  const articlesTotal = lines.reduce((sum, line) => sum + line.unitPrice * line.qty, 0);
  const rest = input.amount.value - articlesTotal;
  const back = withMid(input.returnUrl, mid);
  const leave = withMid(input.cancelUrl ?? `${input.returnUrl}&cancelled=1`, mid);
  const first = shopper?.firstName || '-';
  const last = shopper?.lastName || '-';
  const shippingAddress = shopper?.shippingAddress ?? shopper?.billingAddress;
  const billingAddress = shopper?.billingAddress ?? shopper?.shippingAddress;
  return {
    merchant: {
      ...(input.notificationUrl ? { notification_url: input.notificationUrl } : {}),
      success_url: back,
      pending_url: back,
      ko_url: back,
      // Leaving Aplazame's page, or an error on it, gives the attempt up: the order stays payable.
      error_url: leave,
      dismiss_url: leave,
      close_on_success: true,
      timeout_checkout: TIMEOUT_CHECKOUT_MIN,
      timeout_extra: TIMEOUT_EXTRA_MIN,
    },
    order: {
      id: mid,
      currency: input.amount.currency,
      total_amount: input.amount.value,
      tax_rate: 0,
      ...(rest < 0 ? { discount: -rest } : {}),
      articles: lines.map((line) => ({
        id: String(line.articleId),
        name: line.name.slice(0, 255),
        quantity: line.qty,
        price: line.unitPrice,
        tax_rate: 0,
        ...(input.origin ? { url: `${input.origin}/` } : {}),
      })),
    },
    customer: {
      email: shopper?.email ?? '',
      type: 'e',
      first_name: first,
      last_name: last,
      ...(shopper?.phone ? { phone: shopper.phone } : {}),
      ...(input.shopperLocale ? { language: input.shopperLocale.slice(0, 2) } : {}),
    },
    ...(billingAddress ? { billing: address(first, last, shopper?.phone, billingAddress) } : {}),
    ...(shippingAddress ? { shipping: { ...address(first, last, shopper?.phone, shippingAddress), name: 'Ampora', price: Math.max(rest, 0), tax_rate: 0, method: 'postal' } } : {}),
    product: { type: 'instalments' },
  };
}

/** The checkout page of a checkout id, as aplazame.js opens it (`order`, `public-key`, `sandbox`). */
export function checkoutPage(pageUrl: string, checkoutId: string, publicKey: string, sandbox: boolean): string {
  const query = new URLSearchParams({ order: checkoutId, 'public-key': publicKey, sandbox: String(sandbox) });
  return `${pageUrl}?${query.toString()}`;
}

/** An Aplazame order as its API and its notifications show it (the fields we read). */
export interface AplazameOrder {
  id?: string;
  mid?: string;
  status?: string;
  status_reason?: string | null;
  total_amount?: number;
  currency?: { code?: string } | string;
  sandbox?: boolean;
}

const currencyOf = (order: AplazameOrder, fallback: string): string => (typeof order.currency === 'string' ? order.currency : (order.currency?.code ?? fallback));

/** An order's status as an outcome (the status call, and the shopper back on our page). */
export function outcomeOf(order: AplazameOrder, mid: string): PaymentOutcome {
  const pspReference = order.mid ?? mid;
  const merchantReference = referenceOfMid(pspReference);
  const base = { pspReference, ...(merchantReference ? { merchantReference } : {}) };
  const reason = order.status_reason ?? undefined;
  switch (order.status) {
    case 'ok':
      return { status: 'authorised', ...base };
    case 'ko':
      if (reason === 'expired' || reason === 'expired_challenge') return { status: 'expired', ...base };
      if (reason === 'confirmation_rejected_by_merchant' || reason === 'merchant_failed_to_confirm') return { status: 'cancelled', ...base };
      return { status: 'refused', ...base, refusalReason: reason ?? 'ko', refusalReasonCode: reason ?? 'ko' };
    default:
      // in_process, challenge_required, and confirmation_required: Aplazame waits for the shopper or for our answer to its notification.
      return { status: 'pending', ...base };
  }
}

/** Whether a notification is the confirmation Aplazame waits for our "ok" or "ko" to. */
export const isConfirmation = (order: AplazameOrder): boolean => order.status === 'pending' && order.status_reason === 'confirmation_required';

/**
 * A notification's events: Aplazame's acceptance waiting for our confirmation is the
 * authorisation (our "ok" confirms it); its final "ok" the capture (the loan is drawn, Aplazame
 * pays us); a denial or a failed identity challenge a refused authorisation; an expiry EXPIRE; a
 * confirmation we refused (or could not give) a cancellation. A challenge still open is no event.
 */
export function eventsOf(order: AplazameOrder, fallbackCurrency: string): GatewayEvent[] {
  const mid = order.mid;
  if (!mid) return [];
  const merchantReference = referenceOfMid(mid) ?? '';
  const amount: Money = { value: Number.isInteger(order.total_amount) ? order.total_amount! : 0, currency: currencyOf(order, fallbackCurrency) };
  const event = (eventCode: string, success: boolean, reason?: string): GatewayEvent => ({ pspReference: mid, originalReference: '', merchantReference, eventCode, success, amount, ...(reason ? { reason } : {}), paymentMethod: 'aplazame', raw: order });
  const reason = order.status_reason ?? undefined;
  if (isConfirmation(order)) return [event('AUTHORISATION', true)];
  if (order.status === 'ok') return [event('CAPTURE', true)];
  if (order.status !== 'ko') return [];
  if (reason === 'expired' || reason === 'expired_challenge') return [event('EXPIRE', true, reason)];
  if (reason === 'confirmation_rejected_by_merchant' || reason === 'merchant_failed_to_confirm') return [event('CANCELLATION', true, reason)];
  return [event('AUTHORISATION', false, reason ?? 'ko')];
}
