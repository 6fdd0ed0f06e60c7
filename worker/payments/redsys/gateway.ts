/**
 * The Redsys adapter (docs/payments-redsys.md): the redirect card method (`tarjeta`) and Bizum
 * (the same redirect with DS_MERCHANT_PAYMETHODS "z"). Starting a payment makes no call: the
 * answer is the signed form the shopper's browser posts to Redsys' /sis/realizarPago. The shopper
 * comes back to URLOK or URLKO with the same signed fields, which are verified here; the online
 * notification (worker/payments/redsys/notifications.ts) settles the payment in any case. Refunds
 * and voids go through the REST entry point /sis/rest/trataPeticionREST, signed the same way.
 */
import { GatewayError, type ModificationInput, type ModificationReceipt, type PaymentGateway, type PaymentOutcome, type StartPaymentInput, type SubmitDetailsInput } from '../port';
import type { RedsysConfig } from './config';
import { EURO, TRANSACTION, consumerLanguage, isRedsysOrder, modificationReference, paymentOutcome, redsysOrder, responseMeaning } from './protocol';
import { SIGNATURE_VERSION, signedFields, verify } from './signature';

/** Query names of our return URLs: which of URLOK/URLKO Redsys sent the shopper to, and the order it was about. */
export const RETURN_RESULT = 'redsysResult';
export const RETURN_ORDER = 'redsysOrder';

/** Redsys' limit on DS_MERCHANT_PRODUCTDESCRIPTION. */
const DESCRIPTION_LENGTH = 125;

const withParams = (url: string, params: Record<string, string>): string => `${url}${url.includes('?') ? '&' : '?'}${new URLSearchParams(params).toString()}`;

export class RedsysGateway implements PaymentGateway {
  readonly provider = 'redsys' as const;

  constructor(private readonly config: RedsysConfig) {}

  async startPayment(input: StartPaymentInput): Promise<PaymentOutcome> {
    const method = input.paymentMethod['type'];
    if (method !== 'tarjeta' && method !== 'bizum') throw new GatewayError(400, 'validation', 'METHOD', undefined, `Redsys does not take ${String(method)}`);
    if (input.amount.currency !== 'EUR') throw new GatewayError(400, 'validation', 'SIS0015', undefined, 'Redsys is configured for euros only');
    if (!input.notificationUrl) throw new GatewayError(400, 'validation', 'SIS0008', undefined, 'Redsys needs the notification URL');
    const order = await redsysOrder(input.reference, input.attempt);
    const description = (input.lines ?? []).map((line) => (line.qty > 1 ? `${line.qty} x ${line.name}` : line.name)).join(', ') || input.reference;
    const holder = [input.shopper?.firstName, input.shopper?.lastName].filter(Boolean).join(' ');
    const parameters: Record<string, string> = {
      DS_MERCHANT_AMOUNT: String(input.amount.value),
      DS_MERCHANT_ORDER: order,
      DS_MERCHANT_MERCHANTCODE: this.config.merchantCode,
      DS_MERCHANT_CURRENCY: EURO,
      DS_MERCHANT_TRANSACTIONTYPE: TRANSACTION.payment,
      DS_MERCHANT_TERMINAL: this.config.terminal,
      DS_MERCHANT_MERCHANTURL: input.notificationUrl,
      DS_MERCHANT_URLOK: withParams(input.returnUrl, { [RETURN_ORDER]: order }),
      // Not the cancel URL: a refused card also comes back to URLKO, with its signed result.
      DS_MERCHANT_URLKO: withParams(input.returnUrl, { [RETURN_RESULT]: 'ko', [RETURN_ORDER]: order }),
      DS_MERCHANT_CONSUMERLANGUAGE: consumerLanguage(input.shopperLocale),
      DS_MERCHANT_PRODUCTDESCRIPTION: description.slice(0, DESCRIPTION_LENGTH),
      DS_MERCHANT_MERCHANTDATA: input.reference,
      ...(holder ? { DS_MERCHANT_TITULAR: holder.slice(0, 60) } : {}),
      ...(method === 'bizum' ? { DS_MERCHANT_PAYMETHODS: 'z' } : {}),
    };
    const fields = await signedFields(this.config.secretKey, parameters);
    return {
      status: 'action_needed',
      pspReference: order,
      merchantReference: input.reference,
      action: { type: 'redirect', url: `${this.config.baseUrl}/sis/realizarPago`, method: 'POST', data: { ...fields } },
    };
  }

  /**
   * The shopper back at URLOK/URLKO. Signed fields are the payment's result (a forged or altered
   * one is refused); a KO return without them is a shopper who left the bank's page; an OK return
   * without them leaves the payment to its notification.
   */
  async submitDetails(input: SubmitDetailsInput): Promise<PaymentOutcome> {
    const { details } = input;
    if (details['Ds_Signature'] !== undefined || details['Ds_MerchantParameters'] !== undefined) {
      const parameters = await verify(this.config.secretKey, details);
      if (!parameters) throw new GatewayError(400, 'validation', 'SIS0042', undefined, 'the Redsys result is not signed with our key');
      // A refund's or void's signed result says nothing about whether the sale was paid.
      if ((parameters['Ds_TransactionType'] ?? TRANSACTION.payment) !== TRANSACTION.payment) throw new GatewayError(400, 'validation', 'TRANSACTION_TYPE', undefined, 'not the result of a payment');
      return paymentOutcome(parameters);
    }
    const order = details[RETURN_ORDER];
    const pspReference = isRedsysOrder(order) ? order : undefined;
    if (details[RETURN_RESULT] === 'ko') return { status: 'cancelled', ...(pspReference ? { pspReference } : {}) };
    return { status: 'pending', ...(pspReference ? { pspReference } : {}) };
  }

  /** A refund ("devolución", type 3) of the sale's order; its online notification settles it. */
  refund(input: ModificationInput & { amount: { value: number; currency: string } }): Promise<ModificationReceipt> {
    return this.modify(TRANSACTION.refund, input, input.amount);
  }

  /**
   * A void ("anulación") of the whole sale: a payment authorised and never refunded, or a redirect
   * the shopper left (Redsys then closes the session, so it can no longer be paid).
   */
  async cancel(input: ModificationInput): Promise<ModificationReceipt> {
    try {
      return await this.modify(TRANSACTION.void, input, input.amount);
    } catch (error) {
      // SIS0054: Redsys has no operation of that order, the shopper never reached its page. Nothing to void.
      if (error instanceof GatewayError && error.errorCode === 'SIS0054') return { pspReference: modificationReference(input.pspReference, input.reference), status: 'received' };
      throw error;
    }
  }

  private async modify(type: string, input: ModificationInput, amount: { value: number; currency: string } | undefined): Promise<ModificationReceipt> {
    if (amount && amount.currency !== 'EUR') throw new GatewayError(400, 'validation', 'SIS0015', undefined, 'Redsys is configured for euros only');
    const parameters: Record<string, string> = {
      DS_MERCHANT_ORDER: input.pspReference,
      DS_MERCHANT_MERCHANTCODE: this.config.merchantCode,
      DS_MERCHANT_TERMINAL: this.config.terminal,
      DS_MERCHANT_CURRENCY: EURO,
      DS_MERCHANT_TRANSACTIONTYPE: type,
      ...(amount ? { DS_MERCHANT_AMOUNT: String(amount.value) } : {}),
      // Echoed in the answer and the notification: tells this refund from the order's others.
      DS_MERCHANT_MERCHANTDATA: input.reference,
    };
    const body = JSON.stringify(await signedFields(this.config.secretKey, parameters));
    let response: Response;
    try {
      response = await fetch(`${this.config.baseUrl}/sis/rest/trataPeticionREST`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body, signal: AbortSignal.timeout(30_000) });
    } catch (error) {
      throw new GatewayError(503, 'unavailable', undefined, undefined, `Redsys could not be reached: ${String(error)}`);
    }
    const text = await response.text();
    if (!response.ok) throw new GatewayError(response.status, response.status >= 500 ? 'unavailable' : 'unexpected', undefined, undefined, `Redsys answered ${response.status}`);
    let answer: Record<string, unknown>;
    try {
      answer = JSON.parse(text) as Record<string, unknown>;
    } catch {
      throw new GatewayError(502, 'unexpected', undefined, undefined, 'Redsys answered something else than JSON');
    }
    // Redsys refuses a request with 200 and { "errorCode": "SIS0054" } (no such operation, amount too high…).
    if (typeof answer['errorCode'] === 'string') throw new GatewayError(400, 'validation', answer['errorCode'], undefined, `Redsys refused the request: ${answer['errorCode']}`);
    if (answer['Ds_SignatureVersion'] !== SIGNATURE_VERSION) throw new GatewayError(502, 'unexpected', undefined, undefined, 'Redsys answer without a signature');
    const result = await verify(this.config.secretKey, answer);
    if (!result || result['Ds_Order'] !== input.pspReference) throw new GatewayError(502, 'unexpected', undefined, undefined, 'the Redsys answer is not signed for this order');
    const expected = type === TRANSACTION.refund ? 'refunded' : 'voided';
    if (responseMeaning(result['Ds_Response']) !== expected) throw new GatewayError(400, 'validation', result['Ds_Response'], undefined, `Redsys did not accept the request: ${result['Ds_Response'] ?? ''}`);
    return { pspReference: modificationReference(input.pspReference, input.reference), status: 'received' };
  }
}
