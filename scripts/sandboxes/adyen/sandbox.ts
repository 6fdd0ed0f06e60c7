// A local stand-in for Adyen's Checkout API (v71; v72 has the same paths and is served too, as the
// official Node library calls it), with Adyen's test cards, 3-D Secure 2 challenge page, stored
// payment methods, Idempotency-Key replays and signed standard notifications. See docs/payments.md.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer, type Server as TlsServer } from 'node:https';
import { createHash, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { TEST_CARDS, type TestCard } from './cards.ts';
import { hmacSignature, notificationSigningString } from './hmac.ts';
import { HARNESS_MERCHANT, handleBrowser } from './browser.ts';
import { BLOB_FIELDS, BLOB_PREFIX, BlobError, createFieldCipher, type BlobValueName } from './secured-fields.ts';
import { localCertificate } from './tls.ts';
import { parseApplePayToken, parseGooglePayToken } from './wallets.ts';
import { OneyValidation, isOneyType, oneyPage, oneyPaymentMethods, validateOney } from './oney.ts';

export interface AdyenSandboxConfig {
  apiKey: string;
  /** Hex HMAC key used to sign notifications. */
  hmacKey: string;
  /** Where standard notifications are POSTed; empty string turns webhooks off. */
  webhookUrl: string;
  /** Base URL the shopper's browser uses to reach the sandbox (challenge page). */
  publicUrl: string;
  /** Delays between delivery attempts: Adyen retries 3 times quickly, then backs off. */
  retryDelaysMs: number[];
  /** Deliver each notification twice. */
  duplicateWebhooks: boolean;
  /** Hold notifications back and send them newest first, in batches. */
  reorderWebhooks: boolean;
  /** Today's date, for card expiry (tests pin it). */
  now: () => Date;
  /** adyen-web's client key (ADYEN_CLIENT_KEY): the secured-fields frame and BIN lookup check it. */
  clientKey: string;
  /**
   * Also serve over HTTPS (self-signed, 127.0.0.1, own port): adyen-web runs the 3-D Secure 2
   * challenge only with https ACS and notification URLs.
   */
  tls: boolean;
  /**
   * Native 3-D Secure 2 starts with the device fingerprint (IdentifyShopper, the 3DS Method) for every
   * payment, not only those with `additionalData["sandbox.threeDSMethod"]: "true"`.
   */
  threeDSMethod: boolean;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): AdyenSandboxConfig & { port: number; host: string } {
  const port = Number(env.ADYEN_SANDBOX_PORT ?? 8797);
  const host = env.ADYEN_SANDBOX_HOST ?? '127.0.0.1';
  return {
    port,
    host,
    apiKey: env.ADYEN_API_KEY ?? 'sandbox-api-key',
    hmacKey: env.ADYEN_HMAC_KEY ?? '44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056',
    webhookUrl: env.ADYEN_WEBHOOK_URL ?? 'http://127.0.0.1:8787/api/paymentGateway/adyen/notification',
    publicUrl: env.ADYEN_SANDBOX_PUBLIC_URL ?? `http://${host}:${port}`,
    retryDelaysMs: (env.ADYEN_WEBHOOK_RETRY_MS ?? '100,100,100,1000,5000,30000').split(',').map(Number),
    duplicateWebhooks: env.ADYEN_WEBHOOK_DUPLICATE === '1',
    reorderWebhooks: env.ADYEN_WEBHOOK_REORDER === '1',
    now: () => new Date(),
    clientKey: env.ADYEN_CLIENT_KEY ?? 'test_SANDBOXCLIENTKEY0000000000',
    tls: env.ADYEN_SANDBOX_TLS !== '0',
    threeDSMethod: env.ADYEN_SANDBOX_3DS_METHOD === '1',
  };
}

type Json = Record<string, unknown>;
interface Amount { currency: string; value: number }

interface StoredCard {
  id: string;
  card: TestCard;
  expiryMonth: string;
  expiryYear: string;
  holderName: string;
  recurringProcessingModel: string;
}

interface Payment {
  pspReference: string;
  merchantAccount: string;
  reference: string;
  amount: Amount;
  /** Absent for Oney (facilypay_3x/_4x), paid on Oney's page. */
  card?: TestCard;
  brand: string;
  status: 'challenge' | 'authorised' | 'refused' | 'cancelled';
  refunded: number;
  captured: number;
  shopperReference?: string;
  store?: { expiryMonth: string; expiryYear: string; holderName: string; recurringProcessingModel: string };
  storedPaymentMethodId?: string;
  holderName?: string;
  returnUrl: string;
  challengeToken?: string;
  /** `scheme`, `googlepay`, `applepay` or `facilypay_3x`/`_4x`: the type the answers report. */
  methodType: string;
  /** The issuer's (ACS's) answer to the challenge, which /payments/details goes by. */
  acsResult?: 'Y' | 'N' | 'C';
  /** IdentifyShopper answered: waiting for adyen-web's submitThreeDS2Fingerprint. */
  awaitingMethod?: boolean;
  finalResponse?: Json;
}

export interface WebhookDelivery { item: Json; attempts: number; delivered: boolean }

class ValidationError extends Error {
  constructor(readonly status: number, readonly errorCode: string, message: string, readonly errorType = 'validation') {
    super(message);
  }
}

// Adyen's refusal reasons (code → text) as its test environment returns them when the holder name
// is set to the reason's name.
const REFUSALS: Record<string, [string, string]> = {
  DECLINED: ['2', 'Refused'],
  REFERRAL: ['3', 'Referral'],
  ACQUIRER_ERROR: ['4', 'Acquirer Error'],
  BLOCK_CARD: ['5', 'Blocked Card'],
  CARD_EXPIRED: ['6', 'Expired Card'],
  INVALID_AMOUNT: ['7', 'Invalid Amount'],
  INVALID_CARD: ['8', 'Invalid Card Number'],
  ISSUER_UNAVAILABLE: ['9', 'Issuer Unavailable'],
  NOT_SUPPORTED: ['10', 'Not supported'],
  NOT_ENOUGH_BALANCE: ['12', 'Not enough balance'],
  CANCELLED: ['15', 'Cancelled'],
  SHOPPER_CANCELLED: ['16', 'Shopper Cancelled'],
  FRAUD: ['20', 'FRAUD'],
  CVC_DECLINED: ['24', 'CVC Declined'],
  RESTRICTED_CARD: ['25', 'Restricted Card'],
  DO_NOT_HONOR: ['27', 'Do Not Honor'],
  WITHDRAWAL_AMOUNT_EXCEEDED: ['28', 'Withdrawal amount exceeded'],
  AUTHENTICATION_REQUIRED: ['38', 'Authentication required'],
};

const CARD_BRANDS = ['visa', 'mc', 'amex', 'cartebancaire', 'maestro', 'diners', 'discover', 'jcb', 'cup'];
const BRAND_NAMES: Record<string, string> = {
  visa: 'VISA', mc: 'MasterCard', amex: 'American Express', cartebancaire: 'Carte Bancaire', maestro: 'Maestro',
  diners: 'Diners Club', discover: 'Discover', jcb: 'JCB', cup: 'China UnionPay',
};

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) { d *= 2; if (d > 9) d -= 9; }
    sum += d;
  }
  return digits.length >= 12 && sum % 10 === 0;
}

function pspReference(): string {
  // 16 upper-case letters and digits, like Adyen's, unique per payment or modification.
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  return [...randomBytes(16)].map((b) => alphabet[b % alphabet.length]).join('');
}

function str(body: Json, field: string): string | undefined {
  const v = body[field];
  return typeof v === 'string' ? v : undefined;
}

function requireString(body: Json, field: string, max?: number): string {
  const v = body[field];
  if (typeof v !== 'string' || v === '') throw new ValidationError(422, '702', `Required field '${field}' is not provided.`);
  if (max !== undefined && v.length > max) throw new ValidationError(422, '702', `Field '${field}' exceeds the maximum length of ${max}.`);
  return v;
}

function requireAmount(body: Json, field = 'amount'): Amount {
  const a = body[field] as Json | undefined;
  if (!a || typeof a !== 'object') throw new ValidationError(422, '100', 'No amount specified');
  const { currency, value } = a as { currency?: unknown; value?: unknown };
  if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) throw new ValidationError(422, '137', 'Invalid currency specified');
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) throw new ValidationError(422, '137', 'Invalid amount specified');
  return { currency, value };
}

/**
 * The plain value of an `encrypted…` card field: a blob from the sandbox's secured-fields frame
 * (decrypted with the sandbox's key), or a `test_` value for server-side tests.
 */
function cardValue(cipher: ReturnType<typeof createFieldCipher>, pm: Json, field: keyof typeof BLOB_FIELDS): string | undefined {
  const v = pm[field];
  if (typeof v !== 'string') return undefined;
  if (v.startsWith('test_')) return v.slice(5);
  if (v.startsWith(BLOB_PREFIX)) {
    try {
      return cipher.decrypt(BLOB_FIELDS[field], v);
    } catch (e) {
      if (!(e instanceof BlobError)) throw e;
    }
  }
  throw new ValidationError(422, '174', 'Unable to decrypt data');
}

export interface AdyenSandbox {
  server: Server;
  config: AdyenSandboxConfig;
  listen(port?: number, host?: string): Promise<number>;
  close(): Promise<void>;
  /** Sends notifications held back by `reorderWebhooks` (newest first). */
  flushWebhooks(): Promise<void>;
  /** Resolves when no delivery is in flight. */
  idle(): Promise<void>;
  deliveries: WebhookDelivery[];
  /** https://host:port of the HTTPS listener (3-D Secure pages), once listening; null without one. */
  readonly tlsUrl: string | null;
  /** A blob as the secured-fields frame makes it (tests; `name` is the value inside: number, cvc…). */
  encrypt(name: BlobValueName, value: string): string;
}

export function createAdyenSandbox(overrides: Partial<AdyenSandboxConfig> = {}): AdyenSandbox {
  const config: AdyenSandboxConfig = { ...configFromEnv(), ...overrides };
  const payments = new Map<string, Payment>();
  const challenges = new Map<string, string>(); // challenge token → pspReference
  const stored = new Map<string, Map<string, StoredCard>>(); // merchant|shopper → id → card
  const idempotency = new Map<string, { fingerprint: string; status: number; body: string }>();
  const deliveries: WebhookDelivery[] = [];
  const cipher = createFieldCipher();
  const held: Json[] = [];
  const outbox: Json[] = [];
  const inFlight = new Set<Promise<void>>();

  async function flush(): Promise<void> {
    const batch = held.splice(0).reverse();
    for (const item of batch) { send(item); if (config.duplicateWebhooks) send(item); }
  }

  const storeKey = (merchant: string, shopper: string) => `${merchant}|${shopper}`;

  // /paymentMethods lists StoredPaymentMethod (with shopper interactions); /storedPaymentMethods
  // lists StoredPaymentMethodResource (without them), as the two v71 schemas say.
  function storedList(merchant: string, shopper: string, forPaymentMethods: boolean): Json[] {
    return [...(stored.get(storeKey(merchant, shopper))?.values() ?? [])].map((s) => ({
      brand: s.card.brand,
      expiryMonth: s.expiryMonth,
      expiryYear: s.expiryYear,
      holderName: s.holderName,
      id: s.id,
      lastFour: s.card.number.slice(-4),
      name: BRAND_NAMES[s.card.brand] ?? s.card.brand,
      supportedRecurringProcessingModels: [s.recurringProcessingModel],
      ...(forPaymentMethods ? { supportedShopperInteractions: ['Ecommerce', 'ContAuth'] } : {}),
      type: 'scheme',
    }));
  }

  // ---- webhooks ---------------------------------------------------------------------------

  function notify(p: Payment, eventCode: string, success: boolean, extra: { pspReference?: string; amount?: Amount; reason?: string; additionalData?: Record<string, string> } = {}): void {
    if (p.merchantAccount === HARNESS_MERCHANT) return;
    const item: Json = {
      additionalData: { ...(extra.additionalData ?? {}) },
      amount: extra.amount ?? p.amount,
      eventCode,
      eventDate: config.now().toISOString().replace(/\.\d{3}Z$/, '+00:00'),
      merchantAccountCode: p.merchantAccount,
      merchantReference: p.reference,
      originalReference: extra.pspReference ? p.pspReference : '',
      pspReference: extra.pspReference ?? p.pspReference,
      reason: extra.reason ?? '',
      success: success ? 'true' : 'false',
      paymentMethod: p.brand,
    };
    if (item.originalReference === '') delete item.originalReference;
    (item.additionalData as Json).hmacSignature = hmacSignature(config.hmacKey, notificationSigningString(item as never));
    if (!config.webhookUrl) {
      // No endpoint to reach (the Worker tests' pool): kept for the test to deliver, in any order and count.
      outbox.push(item);
      if (outbox.length > 1000) outbox.shift();
      return;
    }
    if (config.reorderWebhooks) {
      // Held for a short window, then sent newest first: the store must not depend on order.
      held.push(item);
      if (held.length === 1) setTimeout(() => void flush(), 250);
      return;
    }
    send(item);
    if (config.duplicateWebhooks) send(item);
  }

  function send(item: Json): void {
    const delivery: WebhookDelivery = { item, attempts: 0, delivered: false };
    deliveries.push(delivery);
    if (deliveries.length > 1000) deliveries.shift(); // a long dev session keeps only the recent log
    const body = JSON.stringify({ live: 'false', notificationItems: [{ NotificationRequestItem: item }] });
    const run = (async () => {
      for (let attempt = 0; ; attempt++) {
        delivery.attempts++;
        try {
          const res = await fetch(config.webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
          // Adyen counts a delivery as accepted only when the body is exactly "[accepted]".
          if (res.ok && (await res.text()).trim() === '[accepted]') { delivery.delivered = true; return; }
        } catch {
          // Unreachable endpoint: retried on the schedule like any other failure.
        }
        const delay = config.retryDelaysMs[attempt];
        if (delay === undefined) return;
        await new Promise((r) => setTimeout(r, delay));
      }
    })();
    inFlight.add(run);
    void run.finally(() => inFlight.delete(run));
  }

  // ---- payments ---------------------------------------------------------------------------

  function authoriseResult(p: Payment): Json {
    p.status = 'authorised';
    const additionalData: Record<string, string> = p.card ? { cardSummary: p.card.number.slice(-4), paymentMethod: p.brand } : { paymentMethod: p.brand };
    if (p.store && p.shopperReference) {
      const key = storeKey(p.merchantAccount, p.shopperReference);
      const list = stored.get(key) ?? new Map<string, StoredCard>();
      const existing = [...list.values()].find((s) => s.card.number === p.card!.number && s.expiryMonth === p.store!.expiryMonth && s.expiryYear === p.store!.expiryYear);
      const id = existing?.id ?? pspReference();
      if (!existing) list.set(id, { id, card: p.card!, ...p.store });
      stored.set(key, list);
      p.storedPaymentMethodId = id;
    }
    if (p.storedPaymentMethodId) {
      // Both the classic recurring keys and the tokenization keys of newer API versions; the v71
      // OpenAPI has no storedPaymentMethodId in the answer's paymentMethod, so it is not sent there.
      additionalData['recurring.recurringDetailReference'] = p.storedPaymentMethodId;
      additionalData['tokenization.storedPaymentMethodId'] = p.storedPaymentMethodId;
      additionalData['tokenization.shopperReference'] = p.shopperReference ?? '';
      if (p.store) additionalData['tokenization.store.operationType'] = 'created';
      additionalData['recurring.shopperReference'] = p.shopperReference ?? '';
      additionalData['recurringProcessingModel'] = p.store?.recurringProcessingModel ?? 'CardOnFile';
    }
    if (p.store) additionalData.expiryDate = `${Number(p.store.expiryMonth)}/${p.store.expiryYear}`;
    // Adyen's "card holder name" additional data (an account setting, on here).
    if (p.holderName) additionalData.cardHolderName = p.holderName;
    const response: Json = {
      additionalData,
      amount: p.amount,
      merchantReference: p.reference,
      paymentMethod: { brand: p.brand, type: p.methodType },
      pspReference: p.pspReference,
      resultCode: 'Authorised',
    };
    notify(p, 'AUTHORISATION', true, { additionalData: p.storedPaymentMethodId ? { 'recurring.recurringDetailReference': p.storedPaymentMethodId, 'recurring.shopperReference': p.shopperReference ?? '' } : {} });
    return response;
  }

  function refuseResult(p: Payment, code: string, reason: string, resultCode: 'Refused' | 'Cancelled' = 'Refused'): Json {
    p.status = resultCode === 'Refused' ? 'refused' : 'cancelled';
    notify(p, 'AUTHORISATION', false, { reason });
    return {
      additionalData: { refusalReasonRaw: reason },
      amount: p.amount,
      merchantReference: p.reference,
      paymentMethod: { brand: p.brand, type: p.methodType },
      pspReference: p.pspReference,
      refusalReason: reason,
      refusalReasonCode: code,
      resultCode,
    };
  }

  function postPayments(body: Json): [number, Json] {
    const merchantAccount = requireString(body, 'merchantAccount');
    const amount = requireAmount(body);
    const reference = requireString(body, 'reference', 80);
    const returnUrl = requireString(body, 'returnUrl', 8000);
    const pm = body.paymentMethod as Json | undefined;
    if (!pm || typeof pm !== 'object') throw new ValidationError(422, '702', "Required field 'paymentMethod' is not provided.");
    const type = str(pm, 'type') ?? 'scheme';
    if (isOneyType(type)) return oneyPayment(body, { merchantAccount, amount, reference, returnUrl, type });
    const isWallet = type === 'googlepay' || type === 'applepay';
    if (type !== 'scheme' && type !== 'card' && !isWallet) throw new ValidationError(422, '905_1', `Could not find an acquirer account for the provided txvariant (${type}), currency (${amount.currency}), and action (AUTH).`, 'configuration');
    const shopperReference = str(body, 'shopperReference');
    let card: TestCard;
    let holderName = str(pm, 'holderName') ?? '';
    let storedId: string | undefined;
    let expiryMonth: string;
    let expiryYear: string;
    let challengeable = true;
    const storedPaymentMethodId = str(pm, 'storedPaymentMethodId') ?? str(pm, 'recurringDetailReference');
    // As Adyen: a known processing model only, and a payment without the shopper (ContAuth) only on a stored card.
    const model = str(body, 'recurringProcessingModel');
    if (model !== undefined && !['CardOnFile', 'Subscription', 'UnscheduledCardOnFile'].includes(model)) throw new ValidationError(422, '702', `Invalid value for field 'recurringProcessingModel': ${model}`);
    if (str(body, 'shopperInteraction') === 'ContAuth' && !storedPaymentMethodId && !isWallet) throw new ValidationError(422, '702', "Required field 'paymentMethod.storedPaymentMethodId' is not provided.");
    if (isWallet) {
      // The sandbox's test tokens (wallets.ts): the card inside gives the outcome, as a card would.
      const field = type === 'googlepay' ? 'googlePayToken' : 'applePayToken';
      const token = str(pm, field);
      if (!token) throw new ValidationError(422, '702', `Required field '${field}' is not provided.`);
      const wallet = type === 'googlepay' ? parseGooglePayToken(token) : parseApplePayToken(token);
      if (!wallet) throw new ValidationError(422, '174', 'Unable to decrypt data');
      const known = TEST_CARDS.find((c) => c.number === wallet.number);
      if (!known || !luhnValid(wallet.number)) throw new ValidationError(422, '101', 'Invalid card number');
      card = known; expiryMonth = wallet.expiryMonth; expiryYear = wallet.expiryYear;
      holderName = holderName || wallet.holderName;
      challengeable = wallet.challengeable;
    } else if (storedPaymentMethodId) {
      if (!shopperReference) throw new ValidationError(422, '702', "Required field 'shopperReference' is not provided.");
      const s = stored.get(storeKey(merchantAccount, shopperReference))?.get(storedPaymentMethodId);
      if (!s) throw new ValidationError(422, '800', 'Contract not found');
      card = s.card; holderName = holderName || s.holderName; storedId = s.id; expiryMonth = s.expiryMonth; expiryYear = s.expiryYear;
    } else {
      const number = cardValue(cipher, pm, 'encryptedCardNumber') ?? str(pm, 'number');
      if (!number) throw new ValidationError(422, '702', "Required field 'encryptedCardNumber' is not provided.");
      if (!/^\d{12,19}$/.test(number) || !luhnValid(number)) throw new ValidationError(422, '101', 'Invalid card number');
      const known = TEST_CARDS.find((c) => c.number === number);
      if (!known) throw new ValidationError(422, '101', 'Invalid card number');
      card = known;
      expiryMonth = cardValue(cipher, pm, 'encryptedExpiryMonth') ?? str(pm, 'expiryMonth') ?? '';
      expiryYear = cardValue(cipher, pm, 'encryptedExpiryYear') ?? str(pm, 'expiryYear') ?? '';
      if (!/^(0[1-9]|1[0-2])$/.test(expiryMonth)) throw new ValidationError(422, '129', 'Expiry Date Invalid');
      if (!/^\d{4}$/.test(expiryYear)) throw new ValidationError(422, '129', 'Expiry Date Invalid');
      const cvc = cardValue(cipher, pm, 'encryptedSecurityCode') ?? str(pm, 'cvc');
      if (card.cvc && cvc !== undefined && cvc !== card.cvc) {
        const p = newPayment();
        return [200, refuseResult(p, '24', 'CVC Declined')];
      }
    }
    const p = newPayment();
    function newPayment(): Payment {
      const payment: Payment = {
        pspReference: pspReference(), merchantAccount, reference, amount, card, brand: card.brand,
        status: 'refused', refunded: 0, captured: 0, shopperReference, returnUrl, storedPaymentMethodId: storedId, holderName: holderName || undefined,
        methodType: isWallet ? type : 'scheme',
      };
      payments.set(payment.pspReference, payment);
      return payment;
    }
    if (!storedId && !isWallet && body.storePaymentMethod === true && shopperReference) {
      p.store = { expiryMonth, expiryYear, holderName, recurringProcessingModel: str(body, 'recurringProcessingModel') ?? 'CardOnFile' };
    }
    // Expired card: the last day of the expiry month has passed.
    const today = config.now();
    if (Number(expiryYear) * 12 + Number(expiryMonth) < today.getUTCFullYear() * 12 + today.getUTCMonth() + 1) {
      return [200, refuseResult(p, '6', 'Expired Card')];
    }
    const forced = REFUSALS[holderName.trim().toUpperCase()];
    if (forced) return [200, refuseResult(p, forced[0], forced[1])];
    const shopperInteraction = str(body, 'shopperInteraction');
    const merchantInitiated = shopperInteraction === 'ContAuth';
    const native = (body.authenticationData as { threeDSRequestData?: { nativeThreeDS?: string } } | undefined)?.threeDSRequestData?.nativeThreeDS === 'preferred';
    const authenticates = card.secure3DS && !merchantInitiated && !storedId && challengeable;
    const methodAsked = config.threeDSMethod || (body.additionalData as Json | undefined)?.['sandbox.threeDSMethod'] === 'true';
    if (authenticates && native && methodAsked && tlsUrl) {
      // IdentifyShopper: adyen-web's ThreeDS2DeviceFingerprint posts threeDSMethodData to the
      // method URL in a hidden iframe, then calls submitThreeDS2Fingerprint, which answers the
      // challenge action, or (frictionless card) the threeDSResult at once.
      p.status = 'challenge';
      p.awaitingMethod = true;
      p.challengeToken = randomBytes(18).toString('base64url');
      challenges.set(p.challengeToken, p.pspReference);
      const token = Buffer.from(JSON.stringify({
        threeDSMethodNotificationURL: `${tlsUrl}/threeDS2/method-notification`, threeDSMethodUrl: `${tlsUrl}/threeDS2/method`, threeDSServerTransID: p.challengeToken,
      })).toString('base64');
      return [200, {
        action: { paymentData: p.challengeToken, paymentMethodType: p.methodType, subtype: 'fingerprint', token, type: 'threeDS2' },
        pspReference: p.pspReference,
        resultCode: 'IdentifyShopper',
      }];
    }
    if (authenticates && !card.frictionless) {
      p.status = 'challenge';
      p.challengeToken = randomBytes(18).toString('base64url');
      challenges.set(p.challengeToken, p.pspReference);
      const challengeUrl = `${config.publicUrl}/threeDS2/challenge/${p.challengeToken}`;
      if (native) {
        return [200, { action: challengeAction(p), pspReference: p.pspReference, resultCode: 'ChallengeShopper' }];
      }
      return [200, {
        action: { method: 'GET', paymentMethodType: p.methodType, type: 'redirect', url: challengeUrl },
        pspReference: p.pspReference,
        resultCode: 'RedirectShopper',
      }];
    }
    return [200, authoriseResult(p)];
  }

  /**
   * Oney: checked as Adyen does (422 with the missing field), then RedirectShopper to Oney's page
   * (GET). The decision there is kept as the ACS's is for a card (Y approve, N refuse, C cancel)
   * and /payments/details goes by it.
   */
  function oneyPayment(body: Json, base: { merchantAccount: string; amount: Amount; reference: string; returnUrl: string; type: string }): [number, Json] {
    try {
      validateOney(body, base.type, base.amount);
    } catch (e) {
      if (e instanceof OneyValidation) throw new ValidationError(422, e.errorCode, e.message, e.errorCode === '905_1' ? 'configuration' : 'validation');
      throw e;
    }
    const p: Payment = {
      pspReference: pspReference(), merchantAccount: base.merchantAccount, reference: base.reference, amount: base.amount, brand: base.type,
      status: 'challenge', refunded: 0, captured: 0, returnUrl: base.returnUrl, methodType: base.type,
      challengeToken: randomBytes(18).toString('base64url'),
    };
    payments.set(p.pspReference, p);
    challenges.set(p.challengeToken!, p.pspReference);
    return [200, {
      action: { method: 'GET', paymentMethodType: base.type, type: 'redirect', url: `${config.publicUrl}/oney/${p.challengeToken}` },
      pspReference: p.pspReference,
      resultCode: 'RedirectShopper',
    }];
  }

  function oneyPageFor(res: ServerResponse, token: string): void {
    const psp = challenges.get(token);
    const p = psp ? payments.get(psp) : undefined;
    if (!p || !isOneyType(p.methodType)) {
      res.writeHead(404, { 'content-type': 'text/html;charset=UTF-8' });
      res.end('<!doctype html><html lang="en"><title>Oney (sandbox)</title><main><h1>Unknown Oney request</h1></main></html>');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html;charset=UTF-8', 'cache-control': 'no-store' });
    res.end(oneyPage({ token, merchantReference: p.reference, amount: p.amount, type: p.methodType, done: p.status !== 'challenge' || p.acsResult !== undefined }));
  }

  async function oneyDecision(req: IncomingMessage, res: ServerResponse, token: string): Promise<void> {
    const decision = new URLSearchParams(await readBody(req)).get('decision');
    const psp = challenges.get(token);
    const p = psp ? payments.get(psp) : undefined;
    if (!p || !isOneyType(p.methodType) || !['approve', 'refuse', 'cancel'].includes(decision ?? '')) { oneyPageFor(res, token); return; }
    // The first answer stands (a second tab, the back button).
    if (p.status === 'challenge' && p.acsResult === undefined) p.acsResult = decision === 'approve' ? 'Y' : decision === 'cancel' ? 'C' : 'N';
    const redirectResult = Buffer.from(JSON.stringify({ token, transStatus: p.acsResult })).toString('base64');
    const target = new URL(p.returnUrl);
    target.searchParams.set('redirectResult', redirectResult);
    res.writeHead(302, { location: target.toString() });
    res.end();
  }

  function challengeAction(p: Payment): Json {
    // adyen-web's ThreeDS2Challenge posts the creq to acsURL in an iframe and waits for a
    // postMessage from the origin of threeDSNotificationURL; it accepts only https URLs there.
    const acsBase = tlsUrl ?? config.publicUrl;
    const token = Buffer.from(JSON.stringify({
      acsReferenceNumber: 'ADYEN-ACS-SIMULATOR', acsTransID: p.challengeToken, acsURL: `${acsBase}/threeDS2/acs`,
      messageVersion: '2.2.0', threeDSNotificationURL: `${acsBase}/threeDS2/notification`, threeDSServerTransID: p.pspReference,
    })).toString('base64');
    return { authorisationToken: p.challengeToken, paymentData: p.challengeToken, paymentMethodType: p.methodType, subtype: 'challenge', token, type: 'threeDS2' };
  }

  /** `{api}v1/submitThreeDS2Fingerprint`: adyen-web's call after the 3DS Method (IdentifyShopper). */
  function submitFingerprint(body: Json): [number, Json] {
    const token = str(body, 'paymentData');
    const psp = token ? challenges.get(token) : undefined;
    const p = psp ? payments.get(psp) : undefined;
    const result = decodeB64Json(str(body, 'fingerprintResult') ?? null);
    if (!p || !p.awaitingMethod || !result || typeof result.threeDSCompInd !== 'string') {
      return [422, { status: 422, errorCode: '14_018', message: 'Invalid payload provided', errorType: 'validation' }];
    }
    p.awaitingMethod = false;
    if (p.card?.frictionless) {
      p.acsResult = 'Y';
      const threeDSResult = Buffer.from(JSON.stringify({ transStatus: 'Y', authorisationToken: token })).toString('base64');
      return [200, { type: 'completed', details: { threeDSResult } }];
    }
    return [200, { type: 'action', action: challengeAction(p) }];
  }

  function postDetails(body: Json): [number, Json] {
    const details = body.details as Json | undefined;
    if (!details || typeof details !== 'object') throw new ValidationError(422, '702', "Required field 'details' is not provided.");
    const encoded = str(details, 'redirectResult') ?? str(details, 'threeDSResult');
    if (!encoded) throw new ValidationError(422, '14_0', 'Missing payment details: redirectResult or threeDSResult');
    // redirectResult: `{token, transStatus}` made by the sandbox's challenge page; threeDSResult:
    // `{transStatus, authorisationToken}` made by adyen-web's ThreeDS2Challenge (or, as before, the
    // redirectResult passed on as is).
    let decoded: { token?: string; authorisationToken?: string; transStatus?: string };
    try {
      decoded = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8'));
    } catch {
      throw new ValidationError(422, '14_018', 'Invalid payload provided');
    }
    const key = decoded.token ?? decoded.authorisationToken;
    const psp = typeof key === 'string' ? challenges.get(key) : undefined;
    const p = psp ? payments.get(psp) : undefined;
    if (!p) throw new ValidationError(422, '14_018', 'Invalid payload provided');
    if (p.finalResponse) return [200, p.finalResponse];
    if (p.status !== 'challenge' || !decoded.transStatus) {
      throw new ValidationError(422, '14_018', 'Invalid payload provided');
    }
    // The issuer's record decides, not the status the browser reports: a challenge never answered
    // (or a result made up in the page) is not authenticated.
    const transStatus = p.acsResult ?? 'N';
    const result = transStatus === 'Y'
      ? authoriseResult(p)
      : transStatus === 'C'
        ? refuseResult(p, '16', 'Shopper Cancelled', 'Cancelled')
        : isOneyType(p.methodType)
          ? refuseResult(p, '2', 'Refused')
          : refuseResult(p, '11', '3D Not Authenticated');
    p.finalResponse = result;
    return [200, result];
  }

  function modification(psp: string, kind: 'refunds' | 'cancels' | 'captures', body: Json): [number, Json] {
    const merchantAccount = requireString(body, 'merchantAccount');
    const p = payments.get(psp);
    if (!p || p.merchantAccount !== merchantAccount) throw new ValidationError(422, '167', 'Original pspReference required for this operation');
    const modPsp = pspReference();
    const reference = str(body, 'reference');
    if (reference !== undefined && reference.length > 80) throw new ValidationError(422, '702', "Field 'reference' exceeds the maximum length of 80.");
    const base: Json = { merchantAccount, paymentPspReference: psp, pspReference: modPsp, ...(reference ? { reference } : {}), status: 'received' };
    if (kind === 'cancels') {
      const ok = p.status === 'authorised' && p.captured === 0 && p.refunded === 0;
      if (ok) p.status = 'cancelled';
      notify(p, 'CANCELLATION', ok, { pspReference: modPsp, reason: ok ? '' : 'Transaction not cancellable' });
      return [201, base];
    }
    const amount = requireAmount(body);
    if (amount.currency !== p.amount.currency) throw new ValidationError(422, '137', 'Invalid currency specified');
    if (kind === 'refunds') {
      // Accepted now, decided later: a refund above what remains is refused by webhook, as Adyen does.
      const ok = p.status === 'authorised' && p.refunded + amount.value <= p.amount.value;
      if (ok) p.refunded += amount.value;
      notify(p, 'REFUND', ok, { pspReference: modPsp, amount, reason: ok ? '' : 'Insufficient balance on payment' });
    } else {
      const ok = p.status === 'authorised' && p.captured + amount.value <= p.amount.value;
      if (ok) p.captured += amount.value;
      notify(p, 'CAPTURE', ok, { pspReference: modPsp, amount, reason: ok ? '' : 'Insufficient balance on payment' });
    }
    return [201, { ...base, amount }];
  }

  function paymentMethods(body: Json): [number, Json] {
    const merchantAccount = requireString(body, 'merchantAccount');
    const shopperReference = str(body, 'shopperReference');
    // As Adyen lists them per channel: Google Pay on Web and Android, Apple Pay on Web and iOS.
    // Click to Pay has its own entry (the ClickToPay component reads it); the scheme entry carries no
    // Click to Pay ids, so the Card component does not load the schemes' SDKs from the internet.
    const channel = str(body, 'channel') ?? 'Web';
    const response: Json = {
      paymentMethods: [
        { brands: CARD_BRANDS, name: 'Cards', type: 'scheme' },
        ...(channel !== 'iOS' ? [{ configuration: { gatewayMerchantId: merchantAccount, merchantId: '1000' }, name: 'Google Pay', type: 'googlepay' }] : []),
        ...(channel !== 'Android' ? [{ brands: ['visa', 'mc', 'amex', 'cartebancaire', 'maestro'], configuration: { merchantId: '000000000200000', merchantName: merchantAccount }, name: 'Apple Pay', type: 'applepay' }] : []),
        ...(channel === 'Web' ? [{
          brands: ['visa', 'mc'],
          configuration: { mcDpaId: 'sandbox-mc-dpa-id', mcSrcClientId: 'sandbox-mc-src-client-id', visaSrcInitiatorId: 'SANDBOXVISAINITIATOR', visaSrciDpaId: 'sandbox-visa-dpa-id' },
          name: 'Click to Pay',
          type: 'clicktopay',
        }] : []),
        ...oneyPaymentMethods(str(body, 'countryCode'), body.amount as Amount | undefined),
      ],
    };
    if (shopperReference) response.storedPaymentMethods = storedList(merchantAccount, shopperReference, true);
    return [200, response];
  }

  // ---- HTTP -------------------------------------------------------------------------------

  async function readBody(req: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }

  function sendJson(res: ServerResponse, status: number, body: string | null, headers: Record<string, string> = {}): void {
    res.writeHead(status, { ...(body === null ? {} : { 'content-type': 'application/json;charset=UTF-8' }), ...headers });
    res.end(body ?? undefined);
  }

  function errorBody(e: ValidationError): string {
    return JSON.stringify({ status: e.status, errorCode: e.errorCode, message: e.message, errorType: e.errorType, pspReference: pspReference() });
  }

  async function api(req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams): Promise<void> {
    if (req.headers['x-api-key'] !== config.apiKey) {
      sendJson(res, 401, JSON.stringify({ status: 401, errorCode: '000', message: 'HTTP Status Response - Unauthorized', errorType: 'security' }));
      return;
    }
    const raw = await readBody(req);
    const method = req.method ?? 'GET';
    let body: Json = {};
    if (method === 'POST') {
      try {
        const parsed: unknown = raw ? JSON.parse(raw) : {};
        if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
        body = parsed as Json;
      } catch {
        sendJson(res, 400, JSON.stringify({ status: 400, errorCode: '702', message: 'Structure of request is invalid: could not parse JSON.', errorType: 'validation' }));
        return;
      }
    }
    const key = req.headers['idempotency-key'];
    const idemKey = typeof key === 'string' && method === 'POST' ? key : undefined;
    if (idemKey !== undefined && idemKey.length > 64) {
      sendJson(res, 422, errorBody(new ValidationError(422, '702', 'Idempotency-Key exceeds the maximum length of 64.')));
      return;
    }
    const fingerprint = createHash('sha256').update(`${method} ${path}\n${raw}`).digest('hex');
    if (idemKey !== undefined) {
      const seen = idempotency.get(idemKey);
      if (seen) {
        if (seen.fingerprint !== fingerprint) {
          sendJson(res, 422, errorBody(new ValidationError(422, '704', 'request already processed or in progress')), { 'Idempotency-Key': idemKey });
        } else {
          sendJson(res, seen.status, seen.body, { 'Idempotency-Key': idemKey });
        }
        return;
      }
    }
    let status: number;
    let out: string | null;
    try {
      const [s, json] = route(method, path, body, query);
      status = s;
      out = json === null ? null : JSON.stringify(json);
    } catch (e) {
      if (!(e instanceof ValidationError)) throw e;
      status = e.status;
      out = errorBody(e);
    }
    // Validation errors are not stored: the same key may be retried with a corrected body.
    if (idemKey !== undefined && status < 400 && out !== null) idempotency.set(idemKey, { fingerprint, status, body: out });
    sendJson(res, status, out, idemKey !== undefined ? { 'Idempotency-Key': idemKey } : {});
  }

  function route(method: string, path: string, body: Json, query: URLSearchParams): [number, Json | null] {
    if (method === 'POST' && path === '/paymentMethods') return paymentMethods(body);
    if (method === 'POST' && path === '/payments') return postPayments(body);
    if (method === 'POST' && path === '/payments/details') return postDetails(body);
    const mod = /^\/payments\/([^/]+)\/(refunds|cancels|captures)$/.exec(path);
    if (method === 'POST' && mod) return modification(decodeURIComponent(mod[1]!), mod[2] as 'refunds', body);
    const storedMatch = /^\/storedPaymentMethods(?:\/([^/]+))?$/.exec(path);
    if (storedMatch) {
      const shopperReference = query.get('shopperReference');
      const merchantAccount = query.get('merchantAccount');
      if (!merchantAccount) throw new ValidationError(422, '702', "Required field 'merchantAccount' is not provided.");
      if (!shopperReference) throw new ValidationError(422, '702', "Required field 'shopperReference' is not provided.");
      if (method === 'GET' && !storedMatch[1]) {
        return [200, { merchantAccount, shopperReference, storedPaymentMethods: storedList(merchantAccount, shopperReference, false) }];
      }
      if (method === 'DELETE' && storedMatch[1]) {
        const list = stored.get(storeKey(merchantAccount, shopperReference));
        if (!list?.delete(decodeURIComponent(storedMatch[1]))) throw new ValidationError(422, '800', 'Contract not found');
        return [204, null];
      }
    }
    throw new ValidationError(404, '000', `No such endpoint: ${method} ${path}`, 'validation');
  }

  function challengePage(res: ServerResponse, token: string, error = false, formPath = '/threeDS2/challenge/'): void {
    const safe = token.replace(/[^A-Za-z0-9_-]/g, '');
    res.writeHead(200, { 'content-type': 'text/html;charset=UTF-8', 'cache-control': 'no-store' });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>3D Secure 2 challenge (sandbox)</title></head>
<body><main><h1>Authenticate your payment</h1><p>Sandbox issuer: enter the password <code>password</code>.</p>
${error ? '<p role="alert">Unknown challenge.</p>' : ''}
<form method="post" action="${formPath}${safe}">
<label>Password <input name="password" type="password" autocomplete="off" data-testid="challenge-password"></label>
<button type="submit" name="action" value="submit" data-testid="challenge-submit">Continue</button>
<button type="submit" name="action" value="cancel" data-testid="challenge-cancel">Cancel</button>
</form></main></body></html>`);
  }

  async function challengeSubmit(req: IncomingMessage, res: ServerResponse, token: string): Promise<void> {
    const form = new URLSearchParams(await readBody(req));
    const psp = challenges.get(token);
    const p = psp ? payments.get(psp) : undefined;
    if (!p) { challengePage(res, token, true); return; }
    const transStatus = form.get('action') === 'cancel' ? 'C' : form.get('password') === 'password' ? 'Y' : 'N';
    if (p.status === 'challenge') p.acsResult = transStatus;
    const redirectResult = Buffer.from(JSON.stringify({ token, transStatus })).toString('base64');
    const target = new URL(p.returnUrl);
    target.searchParams.set('redirectResult', redirectResult);
    res.writeHead(302, { location: target.toString() });
    res.end();
  }

  // ---- 3-D Secure 2 in the page (adyen-web ThreeDS2Challenge) --------------------------------
  // The component POSTs `creq` (base64url JSON with acsTransID) to acsURL inside its iframe; the ACS
  // shows the password form; its answer is recorded and a `cres` form is POSTed to the notification
  // URL, whose page tells the shop's page `{type: 'challengeResult', result: {transStatus}}`.

  function decodeB64Json(value: string | null): Json | null {
    if (!value) return null;
    try {
      const v: unknown = JSON.parse(Buffer.from(value, 'base64').toString('utf8'));
      return v && typeof v === 'object' ? (v as Json) : null;
    } catch {
      return null;
    }
  }

  async function acsStart(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const creq = decodeB64Json(new URLSearchParams(await readBody(req)).get('creq'));
    const token = typeof creq?.acsTransID === 'string' ? creq.acsTransID : '';
    challengePage(res, token, !challenges.has(token), '/threeDS2/acs/');
  }

  function htmlAttr(v: string): string {
    return v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  }

  async function acsSubmit(req: IncomingMessage, res: ServerResponse, token: string): Promise<void> {
    const form = new URLSearchParams(await readBody(req));
    const psp = challenges.get(token);
    const p = psp ? payments.get(psp) : undefined;
    if (!p) { challengePage(res, token, true, '/threeDS2/acs/'); return; }
    const transStatus = form.get('action') === 'cancel' ? 'C' : form.get('password') === 'password' ? 'Y' : 'N';
    if (p.status === 'challenge') p.acsResult = transStatus;
    const cres = Buffer.from(JSON.stringify({
      acsTransID: token, messageType: 'CRes', messageVersion: '2.2.0', threeDSServerTransID: p.pspReference, transStatus,
    })).toString('base64url');
    res.writeHead(200, { 'content-type': 'text/html;charset=UTF-8', 'cache-control': 'no-store' });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>3D Secure 2</title></head><body>
<form method="post" action="/threeDS2/notification"><input type="hidden" name="cres" value="${htmlAttr(cres)}"><noscript><button>Continue</button></noscript></form>
<script>document.forms[0].submit();</script></body></html>`);
  }

  async function acsNotification(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const cres = decodeB64Json(new URLSearchParams(await readBody(req)).get('cres'));
    const transStatus = typeof cres?.transStatus === 'string' && /^[A-Z]$/.test(cres.transStatus) ? cres.transStatus : 'U';
    const message = JSON.stringify({ type: 'challengeResult', result: { transStatus } });
    res.writeHead(200, { 'content-type': 'text/html;charset=UTF-8', 'cache-control': 'no-store' });
    // Only the status goes to the page (any origin, as the shop's is not known here); the payment's
    // outcome is decided by /payments/details from the ACS's own record.
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>3D Secure 2</title></head><body>
<script>window.parent.postMessage(${JSON.stringify(message)}, '*');</script></body></html>`);
  }

  async function methodPage(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = new URLSearchParams(await readBody(req)).get('threeDSMethodData') ?? '';
    const data = decodeB64Json(raw);
    const notify = typeof data?.threeDSMethodNotificationURL === 'string' ? data.threeDSMethodNotificationURL : '';
    // Only back to this sandbox's own notification page.
    const ok = tlsUrl !== null && notify === `${tlsUrl}/threeDS2/method-notification`;
    res.writeHead(ok ? 200 : 400, { 'content-type': 'text/html;charset=UTF-8', 'cache-control': 'no-store' });
    res.end(ok
      ? `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>3DS Method</title></head><body>
<form method="post" action="/threeDS2/method-notification"><input type="hidden" name="threeDSMethodData" value="${htmlAttr(raw)}"></form>
<script>document.forms[0].submit();</script></body></html>`
      : 'Unknown 3DS Method request');
  }

  async function methodNotification(req: IncomingMessage, res: ServerResponse): Promise<void> {
    await readBody(req);
    const message = JSON.stringify({ type: 'fingerPrintResult', result: { threeDSCompInd: 'Y' } });
    res.writeHead(200, { 'content-type': 'text/html;charset=UTF-8', 'cache-control': 'no-store' });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>3DS Method</title></head><body>
<script>window.parent.postMessage(${JSON.stringify(message)}, '*');</script></body></html>`);
  }

  function callApi(path: string, body: Json): [number, Json | null] {
    try {
      return route('POST', path, body, new URLSearchParams());
    } catch (e) {
      if (!(e instanceof ValidationError)) throw e;
      return [e.status, JSON.parse(errorBody(e)) as Json];
    }
  }

  const browser = { clientKey: config.clientKey, cipher, callApi, submitFingerprint, merchantAccount: HARNESS_MERCHANT };

  const handler = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const apiMatch = /^\/checkout\/v7[12](\/.*)$/.exec(url.pathname);
    const challengeMatch = /^\/threeDS2\/challenge\/([A-Za-z0-9_-]+)$/.exec(url.pathname);
    const acsMatch = /^\/threeDS2\/acs\/([A-Za-z0-9_-]+)$/.exec(url.pathname);
    const oneyMatch = /^\/oney\/([A-Za-z0-9_-]+)$/.exec(url.pathname);
    const handle = async () => {
      if (apiMatch) return api(req, res, apiMatch[1]!, url.searchParams);
      // Test inspection (not part of Adyen's API): the signed notifications held when webhooks are off,
      // and the payments made, by merchant reference.
      if (req.method === 'GET' && url.pathname === '/__sandbox/notifications') {
        const reference = url.searchParams.get('reference');
        const items = outbox.filter((item) => reference === null || item.merchantReference === reference);
        return sendJson(res, 200, JSON.stringify(items.map((item) => ({ live: 'false', notificationItems: [{ NotificationRequestItem: item }] }))));
      }
      if (req.method === 'GET' && url.pathname === '/__sandbox/payments') {
        const reference = url.searchParams.get('reference');
        const list = [...payments.values()].filter((p) => reference === null || p.reference === reference).map((p) => ({ pspReference: p.pspReference, reference: p.reference, amount: p.amount, status: p.status, refunded: p.refunded, paymentMethod: p.methodType }));
        return sendJson(res, 200, JSON.stringify(list));
      }
      // Where a developer accepts the throwaway certificate once (README, `npm run dev`).
      if (req.method === 'GET' && url.pathname === '/') {
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
        res.end('<!doctype html><html lang="en"><title>Adyen sandbox</title><main><h1>Adyen sandbox</h1><p>The browser now trusts this sandbox\'s 3-D Secure pages. You can close this tab.</p></main></html>');
        return;
      }
      if (oneyMatch && req.method === 'GET') return oneyPageFor(res, oneyMatch[1]!);
      if (oneyMatch && req.method === 'POST') return oneyDecision(req, res, oneyMatch[1]!);
      if (challengeMatch && req.method === 'GET') return challengePage(res, challengeMatch[1]!);
      if (challengeMatch && req.method === 'POST') return challengeSubmit(req, res, challengeMatch[1]!);
      if (url.pathname === '/threeDS2/acs' && req.method === 'POST') return acsStart(req, res);
      if (acsMatch && req.method === 'POST') return acsSubmit(req, res, acsMatch[1]!);
      if (url.pathname === '/threeDS2/notification' && req.method === 'POST') return acsNotification(req, res);
      if (url.pathname === '/threeDS2/method' && req.method === 'POST') return methodPage(req, res);
      if (url.pathname === '/threeDS2/method-notification' && req.method === 'POST') return methodNotification(req, res);
      if (await handleBrowser(req, res, url, browser)) return;
      sendJson(res, 404, JSON.stringify({ status: 404, errorCode: '000', message: 'Not found', errorType: 'validation' }));
    };
    handle().catch((e: unknown) => {
      console.error('[adyen-sandbox]', e);
      if (!res.headersSent) sendJson(res, 500, JSON.stringify({ status: 500, errorCode: '000', message: 'Internal error', errorType: 'internal' }));
    });
  };
  const server = createServer(handler);
  let tlsServer: TlsServer | null = null;
  let tlsUrl: string | null = null;

  return {
    server,
    config,
    deliveries,
    async listen(port = 8797, host = '127.0.0.1') {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => resolve());
      });
      const actual = (server.address() as AddressInfo).port;
      if (!overrides.publicUrl) config.publicUrl = `http://${host}:${actual}`;
      const cert = config.tls ? localCertificate() : null;
      if (cert) {
        const tls = createTlsServer(cert, handler);
        await new Promise<void>((resolve, reject) => {
          tls.once('error', reject);
          tls.listen(Number(process.env.ADYEN_SANDBOX_TLS_PORT ?? 0), host, () => resolve());
        });
        tlsServer = tls;
        tlsUrl = `https://${host}:${(tls.address() as AddressInfo).port}`;
      } else if (config.tls) {
        console.warn('[adyen-sandbox] openssl not found: no HTTPS listener, so adyen-web cannot show the in-page 3-D Secure challenge');
      }
      return actual;
    },
    get tlsUrl() { return tlsUrl; },
    encrypt: (name, value) => cipher.encrypt(name, value),
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (tlsServer) await new Promise<void>((resolve) => tlsServer!.close(() => resolve()));
    },
    async flushWebhooks() {
      await flush();
      await this.idle();
    },
    async idle() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
  };
}
