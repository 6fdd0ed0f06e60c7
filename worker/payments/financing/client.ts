/**
 * The financing adapter (docs/payments-financing.md): one consumer-credit protocol for
 * financiacion12, Lendismart and pay per use. The shopper fills an application on the provider's
 * page; the provider decides (approved, denied, or pending_review: a person decides later) and
 * tells us by signed callback (notifications.ts). Amounts are cents at the provider too.
 *
 * The shopper's return carries the application id, unsigned: the outcome is always read back
 * from `GET /v1/applications/{id}` with our key, and that answer names our reference, so a return
 * naming another shopper's application settles nothing (PAYMENT_DETAILS_MISMATCH).
 */
import { z } from 'zod';
import { idempotencyKey } from '../adyen/client';
import { GatewayError, type ModificationInput, type ModificationReceipt, type Money, type PaymentGateway, type PaymentOutcome, type StartPaymentInput, type SubmitDetailsInput } from '../port';
import type { FinancingConfig } from './config';
import { FINANCING_PRODUCTS, isFinancingMethod } from './products';

type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** The provider's application statuses. */
export const APPLICATION_STATUSES = ['pending_application', 'pending_review', 'approved', 'denied', 'cancelled', 'expired'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

const application = z.object({
  id: z.string().min(1),
  status: z.enum(APPLICATION_STATUSES),
  reference: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  redirect_url: z.string().optional(),
  /** ISO 8601: when a waiting application (form unfilled, review undecided) lapses. */
  expires_at: z.string().nullish(),
  decision_reason: z.string().nullish(),
});
export type Application = z.infer<typeof application>;

const refundAnswer = z.object({ id: z.string().min(1), status: z.string() });
const errorBody = z.object({ error: z.object({ type: z.string().optional(), code: z.string().optional(), message: z.string().optional() }) });

function errorKind(status: number): GatewayError['kind'] {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status >= 500 || status === 429) return 'unavailable';
  if (status >= 400) return 'validation';
  return 'unexpected';
}

/** The neutral outcome of an application as the provider tells it. */
export function outcomeOf(app: Application): PaymentOutcome {
  const common = { pspReference: app.id, merchantReference: app.reference };
  const expiresAt = app.expires_at ? Date.parse(app.expires_at) : undefined;
  const waiting = expiresAt !== undefined && Number.isFinite(expiresAt) ? { expiresAt } : {};
  switch (app.status) {
    case 'approved':
      return { status: 'authorised', ...common };
    case 'denied':
      return { status: 'refused', refusalReason: app.decision_reason ?? 'denied', ...common };
    case 'cancelled':
      return { status: 'cancelled', ...common };
    case 'expired':
      return { status: 'expired', ...common };
    case 'pending_review':
      // A person at the provider decides later; the callback settles it (or its expiry).
      return { status: 'pending', ...common, ...waiting };
    case 'pending_application':
      // Not filled in yet: the shopper may go back to the form while it is open.
      return app.redirect_url ? { status: 'action_needed', action: { type: 'redirect', url: app.redirect_url, method: 'GET' }, ...common, ...waiting } : { status: 'pending', ...common, ...waiting };
  }
}

const compact = <T extends Record<string, unknown>>(value: T): T => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;

export class FinancingGateway implements PaymentGateway {
  readonly provider = 'financing' as const;
  private readonly fetcher: FetchLike;

  constructor(
    private readonly config: FinancingConfig,
    fetcher?: FetchLike,
  ) {
    this.fetcher = fetcher ?? ((input, init) => fetch(input, init));
  }

  private async call<T>(method: 'GET' | 'POST', path: string, schema: z.ZodType<T>, options: { body?: unknown; idempotencyKey?: string } = {}): Promise<T> {
    const headers: Record<string, string> = { Authorization: `Bearer ${this.config.apiKey}`, Accept: 'application/json' };
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
    let response: Response;
    try {
      response = await this.fetcher(`${this.config.baseUrl}${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
    } catch (error) {
      throw new GatewayError(0, 'unavailable', undefined, undefined, `financing provider unreachable: ${String(error)}`);
    }
    const text = await response.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    if (!response.ok) {
      const e = errorBody.safeParse(json);
      throw new GatewayError(response.status, errorKind(response.status), e.success ? e.data.error.code : undefined, e.success ? e.data.error.type : undefined, e.success ? e.data.error.message : undefined);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new GatewayError(response.status, 'unexpected', undefined, undefined, 'financing provider answered an unexpected body');
    return parsed.data;
  }

  async startPayment(input: StartPaymentInput): Promise<PaymentOutcome> {
    const method = String(input.paymentMethod['type'] ?? '');
    if (!isFinancingMethod(method)) throw new GatewayError(0, 'validation', 'unsupported_method', undefined, `not a financing method: ${method}`);
    const info = FINANCING_PRODUCTS[method];
    const asked = input.paymentMethod['termMonths'];
    const term = typeof asked === 'number' ? asked : info.defaultTerm;
    if (!info.terms.includes(term)) throw new GatewayError(0, 'validation', 'term_not_offered', undefined, `${method} is not offered over ${term} months`);
    if (!input.notificationUrl) throw new GatewayError(0, 'validation', 'parameter_missing', undefined, 'a notification URL is required');
    const shopper = input.shopper;
    const address = (a: NonNullable<typeof shopper>['billingAddress']) => (a ? { street: a.street, postal_code: a.postalCode, city: a.city, country: a.country } : undefined);
    const body = {
      merchant_id: this.config.merchantId,
      product: info.product,
      reference: input.reference,
      amount: input.amount.value,
      currency: input.amount.currency,
      term_months: term,
      locale: input.shopperLocale,
      customer: shopper
        ? compact({ first_name: shopper.firstName, last_name: shopper.lastName, document_id: shopper.documentId, email: shopper.email, phone: shopper.phone, billing_address: address(shopper.billingAddress), shipping_address: address(shopper.shippingAddress) })
        : undefined,
      items: (input.lines ?? []).map((line) => ({ sku: String(line.articleId), name: line.name, quantity: line.qty, unit_price: line.unitPrice })),
      urls: { return: input.returnUrl, cancel: input.cancelUrl ?? `${input.returnUrl}&cancelled=1`, notification: input.notificationUrl },
    };
    // New attempt, new key: a retried start never opens a second application for the same attempt.
    const app = await this.call('POST', '/v1/applications', application, { body, idempotencyKey: await idempotencyKey('financing-application', input.reference, input.attempt) });
    return outcomeOf(app);
  }

  /** The shopper is back (`application_id` in the query): the application as the provider has it. */
  async submitDetails(input: SubmitDetailsInput): Promise<PaymentOutcome> {
    const id = input.details['application_id'];
    if (typeof id !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(id)) throw new GatewayError(0, 'validation', 'parameter_missing', undefined, 'the return names no application');
    return outcomeOf(await this.call('GET', `/v1/applications/${id}`, application));
  }

  async paymentStatus(input: { pspReference: string; reference: string }): Promise<PaymentOutcome> {
    return outcomeOf(await this.call('GET', `/v1/applications/${encodeURIComponent(input.pspReference)}`, application));
  }

  /** Refunds part or all of a funded loan; settled by its `loan.refunded` callback. */
  async refund(input: ModificationInput & { amount: Money }): Promise<ModificationReceipt> {
    const refund = await this.call('POST', `/v1/applications/${encodeURIComponent(input.pspReference)}/refunds`, refundAnswer, { body: { amount: input.amount.value, currency: input.amount.currency, reference: input.reference }, idempotencyKey: input.idempotencyKey });
    return { pspReference: refund.id, status: 'received' };
  }

  /** Withdraws an application not yet funded; the provider confirms by `application.cancelled`. */
  async cancel(input: ModificationInput): Promise<ModificationReceipt> {
    const app = await this.call('POST', `/v1/applications/${encodeURIComponent(input.pspReference)}/cancel`, application, { body: { reference: input.reference }, idempotencyKey: input.idempotencyKey });
    return { pspReference: app.id, status: 'received' };
  }
}
