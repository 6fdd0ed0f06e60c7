// The SIBS gateway sandbox (scripts/sandboxes/gateways/sandbox.ts serves it under /sibs): the SPG
// API v1 calls the store makes for MB WAY and Multibanco, with SIBS' shapes and auth, a page
// standing for the shopper's phone (the MB WAY app), an "ATM" that pays a Multibanco reference,
// expiry, encrypted webhooks sent until the store echoes their notificationID, and refunds.
//
// API (every call needs X-IBM-Client-Id = SIBS_CLIENT_ID; a missing or unknown one is IBM API
// Connect's 401; "Bearer" calls need SIBS_BEARER_TOKEN, "Digest" calls the transactionSignature):
//   POST /api/v1/payments                                   Bearer  → transactionID, transactionSignature
//   POST /api/v1/payments/{id}/mbway-id/purchase             Digest  { customerPhone: "351#9…" } → Pending
//   POST /api/v1/payments/{id}/service-reference/generate    Digest  → paymentReference (entity, reference, expireDate)
//   GET  /api/v1/payments/{id}/status                        Bearer  → paymentStatus Success / Pending / Declined / Expired
//   POST /api/v1/payments/{id}/refund                        Bearer  → the refund's transactionID; RFND webhook
//   POST /api/v1/payments/{id}/cancellation                  Bearer  → withdraws a request still pending
// Shopper pages: GET /mbway/phone?phone=9…, POST /mbway/phone/{id}/accept|refuse; GET|POST /atm.
// Test controls: POST /__sandbox/expire { transactionID } (expire now), POST /__sandbox/mbway/{id}/accept|refuse,
// GET /__sandbox/transactions/{id}.
// Test phones: 919999999 declines at once; any other Portuguese mobile waits for Accept / Refuse on
// its phone page (911234567 in the docs), or expires after MBWAY_WINDOW_MS.
import type { ServerResponse } from 'node:http';
import { randomBytes, randomUUID } from 'node:crypto';
import { devVar, type ProviderSandbox, type SandboxContext, type SandboxRequest } from '../gateways/sandbox.ts';
import { atmPageHtml, escapeHtml, phonePageHtml, redirect, sendHtml } from './pages.ts';
import { encryptNotification } from './webhook.ts';

/** How long an MB WAY request waits for the shopper in the app. */
export const MBWAY_WINDOW_MS = 5 * 60 * 1000;
/** The phone whose MB WAY requests are declined at once. */
export const DECLINING_PHONE = '919999999';
/** SIBS sends a notification again until it gets the echo: soon, then further apart, for about a day. */
const RETRY_DELAYS_MS = [5_000, 30_000, 120_000, 600_000, 3_600_000, 6 * 3_600_000, 18 * 3_600_000];

type Method = 'MBWAY' | 'REFERENCE';
type Status = 'Created' | 'Pending' | 'Success' | 'Declined' | 'Expired' | 'Canceled';

interface Transaction {
  id: string;
  signature: string;
  merchantTransactionId: string;
  terminalId: number;
  description: string;
  /** Decimal euros, as SIBS keeps them. */
  amount: number;
  currency: string;
  method: Method;
  status: Status;
  createdAt: number;
  phone?: string;
  /** When the MB WAY request or the reference lapses. */
  expiresAt?: number;
  reference?: { entity: string; reference: string; initialAt: number; finalAt: number };
  refunded: number;
  refunds: Map<string, Refund>;
}

interface Refund {
  id: string;
  merchantTransactionId: string;
  amount: number;
  status: 'Success' | 'Declined';
  at: number;
}

const OK_STATUS = { statusCode: '000', statusMsg: 'Success', statusDescription: 'Success' };
const CENT = 0.005;

function sendJson(response: ServerResponse, status: number, body: unknown): true {
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(body));
  return true;
}

/** IBM API Connect's answer to a call without a valid client id or token (SIBS' API gateway). */
const unauthorized = (response: ServerResponse, moreInformation: string) => sendJson(response, 401, { httpCode: '401', httpMessage: 'Unauthorized', moreInformation });

/** SIBS' refusal of a call it understood: HTTP 400 and a returnStatus that is not "000". */
const refused = (response: ServerResponse, statusCode: string, statusDescription: string) => sendJson(response, 400, { returnStatus: { statusCode, statusMsg: 'Error', statusDescription } });

const euros = (value: number) => `${value.toFixed(2)} EUR`;
const isAmount = (value: unknown): value is { value: number; currency: string } =>
  typeof value === 'object' && value !== null && typeof (value as { value: unknown }).value === 'number' && (value as { value: number }).value > 0 && (value as { currency: unknown }).currency === 'EUR';

function parseJson(body: string): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(body) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

export function createSibsSandbox(context: SandboxContext): ProviderSandbox {
  const clientId = devVar('SIBS_CLIENT_ID');
  const bearer = devVar('SIBS_BEARER_TOKEN');
  const terminalId = Number(devVar('SIBS_TERMINAL_ID'));
  const entity = devVar('SIBS_ENTITY');
  const webhookKey = devVar('SIBS_WEBHOOK_SECRET');
  const transactions = new Map<string, Transaction>();
  const byMerchantId = new Map<string, Transaction>();
  let nextReference = 100_000_000 + Math.floor(Math.random() * 800_000_000);

  const notificationUrl = () => `${context.storeUrl ?? 'http://store.invalid'}/api/paymentGateway/sibs/notification`;

  /** Sends the transaction's state to the store, encrypted, until it echoes the notificationID. */
  function notify(tx: Transaction, refund?: Refund): void {
    const notificationID = randomUUID();
    const clear = {
      returnStatus: OK_STATUS,
      paymentStatus: refund ? refund.status : tx.status,
      paymentMethod: tx.method,
      transactionID: refund ? refund.id : tx.id,
      transactionDateTime: new Date(refund ? refund.at : context.now()).toISOString(),
      amount: { value: refund ? refund.amount : tx.amount, currency: tx.currency },
      merchant: { terminalId: tx.terminalId, merchantTransactionId: refund ? refund.merchantTransactionId : tx.merchantTransactionId },
      paymentType: refund ? 'RFND' : 'PURS',
      notificationID,
      ...(refund ? { originalTransaction: { id: tx.id, datetime: new Date(tx.createdAt).toISOString() } } : {}),
      ...(tx.reference && !refund ? { paymentReference: { entity: tx.reference.entity, reference: tx.reference.reference, status: tx.status === 'Success' ? 'PAID' : tx.status === 'Pending' ? 'UNPAID' : tx.status.toUpperCase() } } : {}),
    };
    const sealed = encryptNotification(webhookKey, JSON.stringify(clear));
    void context.notify(
      { url: notificationUrl(), headers: sealed.headers, body: sealed.body },
      {
        retryDelaysMs: RETRY_DELAYS_MS,
        accepted: (result) => {
          if (result.status !== 200) return false;
          const answer = parseJson(result.body);
          return answer?.['notificationID'] === notificationID;
        },
      },
    );
  }

  /** Lapses what waited past its time (MB WAY unanswered, a reference unpaid), once, with its webhook. */
  function expireDue(): void {
    const now = context.now();
    for (const tx of transactions.values()) {
      if (tx.status === 'Pending' && tx.expiresAt !== undefined && tx.expiresAt <= now) expire(tx);
    }
  }

  function expire(tx: Transaction): void {
    tx.status = 'Expired';
    notify(tx);
  }

  const sweep = setInterval(expireDue, 1000);
  sweep.unref();

  function transactionView(tx: Transaction) {
    return {
      merchant: { terminalId: tx.terminalId, merchantTransactionId: tx.merchantTransactionId },
      transactionID: tx.id,
      transactionTimestamp: new Date(tx.createdAt).toISOString(),
      amount: { value: tx.amount, currency: tx.currency },
      paymentType: 'PURS',
      paymentStatus: tx.status === 'Created' ? 'Pending' : tx.status,
      paymentMethod: tx.method,
      ...(tx.reference ? { paymentReference: referenceView(tx) } : {}),
      returnStatus: OK_STATUS,
    };
  }

  function referenceView(tx: Transaction) {
    const ref = tx.reference!;
    return {
      reference: ref.reference,
      entity: ref.entity,
      amount: { value: tx.amount, currency: tx.currency },
      status: tx.status === 'Success' ? 'PAID' : tx.status === 'Pending' ? 'UNPAID' : tx.status.toUpperCase(),
      expireDate: new Date(ref.finalAt).toISOString(),
    };
  }

  function createPayment(request: SandboxRequest, response: ServerResponse): true {
    const body = parseJson(request.body);
    const merchant = body?.['merchant'] as Record<string, unknown> | undefined;
    const transaction = body?.['transaction'] as Record<string, unknown> | undefined;
    if (!merchant || !transaction) return refused(response, 'E0101', 'merchant and transaction are required');
    if (merchant['terminalId'] !== terminalId) return refused(response, 'E0102', 'Unknown terminalId');
    const merchantTransactionId = merchant['merchantTransactionId'];
    if (typeof merchantTransactionId !== 'string' || merchantTransactionId.length === 0 || merchantTransactionId.length > 35) return refused(response, 'E0103', 'merchantTransactionId must have 1 to 35 characters');
    if (transaction['paymentType'] !== 'PURS') return refused(response, 'E0104', 'Only PURS payments are supported');
    if (!isAmount(transaction['amount'])) return refused(response, 'E0105', 'amount must be a positive value in EUR');
    const methods = transaction['paymentMethod'];
    if (!Array.isArray(methods) || methods.length !== 1 || (methods[0] !== 'MBWAY' && methods[0] !== 'REFERENCE')) return refused(response, 'E0106', 'paymentMethod must be ["MBWAY"] or ["REFERENCE"] on this terminal');
    const method = methods[0] as Method;
    const amount = transaction['amount'].value;
    let reference: Transaction['reference'];
    if (method === 'REFERENCE') {
      const window = transaction['paymentReference'] as Record<string, unknown> | undefined;
      const initialAt = Date.parse(String(window?.['initialDatetime'] ?? ''));
      const finalAt = Date.parse(String(window?.['finalDatetime'] ?? ''));
      if (!window || window['entity'] !== entity) return refused(response, 'E0107', 'paymentReference.entity is not the merchant entity');
      if (!Number.isFinite(initialAt) || !Number.isFinite(finalAt) || finalAt <= initialAt || finalAt <= context.now()) return refused(response, 'E0108', 'paymentReference needs initialDatetime before a future finalDatetime');
      if (!isAmount(window['minAmount']) || !isAmount(window['maxAmount']) || window['minAmount'].value > amount + CENT || window['maxAmount'].value < amount - CENT) return refused(response, 'E0109', 'paymentReference minAmount and maxAmount must bound the amount');
      reference = { entity, reference: '', initialAt, finalAt };
    }
    // The same merchantTransactionId again is the same transaction (a retried creation creates nothing new).
    const known = byMerchantId.get(merchantTransactionId);
    if (known) {
      if (known.amount !== amount || known.method !== method) return refused(response, 'E0110', 'merchantTransactionId already used for another payment');
      return sendJson(response, 200, creationView(known));
    }
    const tx: Transaction = {
      id: randomBytes(15).toString('base64url'),
      signature: `${Buffer.from(JSON.stringify({ tc: terminalId, mtx: merchantTransactionId })).toString('base64url')}.${randomBytes(32).toString('base64url')}`,
      merchantTransactionId,
      terminalId,
      description: String(transaction['description'] ?? ''),
      amount,
      currency: 'EUR',
      method,
      status: 'Created',
      createdAt: context.now(),
      reference,
      refunded: 0,
      refunds: new Map(),
    };
    transactions.set(tx.id, tx);
    byMerchantId.set(merchantTransactionId, tx);
    return sendJson(response, 200, creationView(tx));
  }

  function creationView(tx: Transaction) {
    return {
      amount: { value: tx.amount, currency: tx.currency },
      merchant: { terminalId: tx.terminalId, merchantTransactionId: tx.merchantTransactionId, transactionDescription: tx.description },
      transactionID: tx.id,
      transactionSignature: tx.signature,
      formContext: Buffer.from(JSON.stringify({ paymentMethod: [tx.method], amount: tx.amount })).toString('base64'),
      expiry: new Date(tx.createdAt + 30 * 60 * 1000).toISOString(),
      paymentMethodList: [tx.method],
      returnStatus: OK_STATUS,
    };
  }

  function purchase(tx: Transaction, request: SandboxRequest, response: ServerResponse): true {
    if (tx.method !== 'MBWAY') return refused(response, 'E0201', 'MB WAY is not a payment method of this transaction');
    if (tx.status !== 'Created') return refused(response, 'E0202', 'The transaction already has a purchase');
    const phone = /^351#(9[1236]\d{7})$/.exec(String(parseJson(request.body)?.['customerPhone'] ?? ''))?.[1];
    if (!phone) return refused(response, 'E0203', 'customerPhone must be an MB WAY alias: 351#9xxxxxxxx');
    tx.phone = phone;
    if (phone === DECLINING_PHONE) {
      tx.status = 'Declined';
      notify(tx);
    } else {
      tx.status = 'Pending';
      tx.expiresAt = context.now() + MBWAY_WINDOW_MS;
    }
    return sendJson(response, 200, { returnStatus: OK_STATUS, paymentStatus: tx.status, paymentMethod: 'MBWAY', transactionID: tx.id, transactionTimestamp: new Date(context.now()).toISOString(), amount: { value: tx.amount, currency: tx.currency }, merchant: { terminalId: tx.terminalId, merchantTransactionId: tx.merchantTransactionId }, paymentType: 'PURS' });
  }

  function generateReference(tx: Transaction, response: ServerResponse): true {
    if (tx.method !== 'REFERENCE' || !tx.reference) return refused(response, 'E0301', 'REFERENCE is not a payment method of this transaction');
    if (tx.status === 'Created') {
      tx.reference.reference = String(nextReference++ % 1_000_000_000).padStart(9, '0');
      tx.status = 'Pending';
      tx.expiresAt = tx.reference.finalAt;
    }
    return sendJson(response, 200, { transactionID: tx.id, paymentReference: referenceView(tx), paymentStatus: tx.status, paymentMethod: 'REFERENCE', returnStatus: OK_STATUS });
  }

  function refund(tx: Transaction, request: SandboxRequest, response: ServerResponse): true {
    const body = parseJson(request.body);
    const merchantTransactionId = String((body?.['merchant'] as Record<string, unknown> | undefined)?.['merchantTransactionId'] ?? '');
    const transaction = body?.['transaction'] as Record<string, unknown> | undefined;
    const original = (transaction?.['originalTransaction'] as Record<string, unknown> | undefined)?.['id'];
    if (!merchantTransactionId || merchantTransactionId.length > 35) return refused(response, 'E0401', 'merchantTransactionId must have 1 to 35 characters');
    if (original !== tx.id) return refused(response, 'E0402', 'originalTransaction.id must be the refunded transaction');
    if (!isAmount(transaction?.['amount'])) return refused(response, 'E0403', 'amount must be a positive value in EUR');
    const again = tx.refunds.get(merchantTransactionId);
    if (again) return sendJson(response, 200, refundView(tx, again));
    if (tx.status !== 'Success') return refused(response, 'E0404', 'Only a paid transaction can be refunded');
    const amount = transaction['amount'].value;
    if (tx.refunded + amount > tx.amount + CENT) return refused(response, 'E0405', 'The refund exceeds what is left of the payment');
    const made: Refund = { id: randomBytes(15).toString('base64url'), merchantTransactionId, amount, status: 'Success', at: context.now() };
    tx.refunds.set(merchantTransactionId, made);
    tx.refunded += amount;
    notify(tx, made);
    return sendJson(response, 200, refundView(tx, made));
  }

  function refundView(tx: Transaction, made: Refund) {
    return {
      merchant: { terminalId: tx.terminalId, merchantTransactionId: made.merchantTransactionId },
      transactionID: made.id,
      transactionTimestamp: new Date(made.at).toISOString(),
      amount: { value: made.amount, currency: tx.currency },
      paymentType: 'RFND',
      paymentStatus: made.status,
      paymentMethod: tx.method,
      originalTransaction: { id: tx.id },
      returnStatus: OK_STATUS,
    };
  }

  function cancellation(tx: Transaction, response: ServerResponse): true {
    if (tx.status === 'Created' || tx.status === 'Pending') tx.status = 'Canceled';
    else if (tx.status === 'Success') return refused(response, 'E0501', 'A paid transaction is refunded, not cancelled');
    return sendJson(response, 200, { transactionID: randomBytes(15).toString('base64url'), paymentStatus: 'Success', paymentType: 'CAUT', originalTransaction: { id: tx.id }, returnStatus: OK_STATUS });
  }

  async function api(request: SandboxRequest, response: ServerResponse): Promise<boolean> {
    const path = request.path.slice('/api/v1'.length);
    if (request.headers['x-ibm-client-id'] !== clientId) return unauthorized(response, 'Client id not registered.');
    const authorization = String(request.headers['authorization'] ?? '');
    const bearerOk = authorization === `Bearer ${bearer}`;
    const notAuthorised = () => unauthorized(response, 'This server could not verify that you are authorized to access the document you requested.');
    if (path === '/payments' && request.method === 'POST') return bearerOk ? createPayment(request, response) : notAuthorised();
    const match = /^\/payments\/([^/]+)\/(mbway-id\/purchase|service-reference\/generate|status|refund|cancellation)$/.exec(path);
    if (!match) return false;
    const [, id, action] = match;
    const digest = action === 'mbway-id/purchase' || action === 'service-reference/generate';
    if ((action === 'status') !== (request.method === 'GET')) return false;
    const tx = transactions.get(decodeURIComponent(id!));
    if (digest ? !tx || authorization !== `Digest ${tx.signature}` : !bearerOk) return notAuthorised();
    if (!tx) return refused(response, 'E0002', 'Transaction not found');
    expireDue();
    switch (action) {
      case 'mbway-id/purchase':
        return purchase(tx, request, response);
      case 'service-reference/generate':
        return generateReference(tx, response);
      case 'status':
        return sendJson(response, 200, transactionView(tx));
      case 'refund':
        return refund(tx, request, response);
      default:
        return cancellation(tx, response);
    }
  }

  function phonePage(request: SandboxRequest, response: ServerResponse): true {
    expireDue();
    const phone = (request.query.get('phone') ?? '').replace(/\D/g, '').replace(/^351/, '');
    const pending = [...transactions.values()].filter((tx) => tx.method === 'MBWAY' && tx.status === 'Pending' && tx.phone === phone);
    const now = context.now();
    const html = phonePageHtml(context.baseUrl, phone, pending.map((tx) => ({ id: tx.id, label: `${euros(tx.amount)} — ${tx.description || tx.merchantTransactionId}`, secondsLeft: Math.max(0, Math.round(((tx.expiresAt ?? now) - now) / 1000)) })));
    return sendHtml(response, 200, `MB WAY${phone ? ` — ${phone}` : ''} (SIBS sandbox)`, html);
  }

  function answerRequest(id: string, accept: boolean, request: SandboxRequest, response: ServerResponse): true {
    expireDue();
    const tx = transactions.get(id);
    const phone = new URLSearchParams(request.body).get('phone') ?? tx?.phone ?? '';
    if (!tx || tx.method !== 'MBWAY' || tx.status !== 'Pending') return sendHtml(response, 409, 'This request can no longer be answered', `<p><a href="${escapeHtml(`${context.baseUrl}/mbway/phone?phone=${encodeURIComponent(phone)}`)}">Back to the phone</a></p>`);
    tx.status = accept ? 'Success' : 'Declined';
    notify(tx);
    return redirect(response, `${context.baseUrl}/mbway/phone?phone=${encodeURIComponent(phone)}`);
  }

  function atmPage(response: ServerResponse, status = 200, message = ''): true {
    return sendHtml(response, status, 'Multibanco ATM (SIBS sandbox)', atmPageHtml(context.baseUrl, message));
  }

  function payReference(request: SandboxRequest, response: ServerResponse): true {
    expireDue();
    const form = new URLSearchParams(request.body);
    const wantedEntity = (form.get('entity') ?? '').replace(/\D/g, '');
    const wanted = (form.get('reference') ?? '').replace(/\D/g, '');
    const tx = [...transactions.values()].find((t) => t.reference?.entity === wantedEntity && t.reference.reference === wanted && t.reference.reference !== '');
    if (!tx) return atmPage(response, 404, 'Unknown entity or reference.');
    if (tx.status !== 'Pending') return atmPage(response, 409, `This reference cannot be paid: ${tx.status === 'Success' ? 'already paid' : tx.status.toLowerCase()}.`);
    tx.status = 'Success';
    notify(tx);
    return atmPage(response, 200, `Paid ${euros(tx.amount)} to entity ${tx.reference!.entity}, reference ${tx.reference!.reference}.`);
  }

  return {
    async handle(request, response) {
      if (request.path.startsWith('/api/v1/')) return api(request, response);
      if (request.path === '/mbway/phone' && request.method === 'GET') return phonePage(request, response);
      const answer = /^\/mbway\/phone\/([^/]+)\/(accept|refuse)$/.exec(request.path);
      if (answer && request.method === 'POST') return answerRequest(decodeURIComponent(answer[1]!), answer[2] === 'accept', request, response);
      if (request.path === '/atm' && request.method === 'GET') return atmPage(response);
      if (request.path === '/atm' && request.method === 'POST') return payReference(request, response);
      if (request.path === '/__sandbox/expire' && request.method === 'POST') {
        const tx = transactions.get(String(parseJson(request.body)?.['transactionID'] ?? ''));
        if (!tx) return sendJson(response, 404, { error: 'no such transaction' });
        if (tx.status === 'Pending') expire(tx);
        return sendJson(response, 200, { transactionID: tx.id, paymentStatus: tx.status });
      }
      const control = /^\/__sandbox\/mbway\/([^/]+)\/(accept|refuse)$/.exec(request.path);
      if (control && request.method === 'POST') {
        // The phone's answer without its page (tools, benches).
        expireDue();
        const tx = transactions.get(decodeURIComponent(control[1]!));
        if (!tx || tx.method !== 'MBWAY') return sendJson(response, 404, { error: 'no such MB WAY request' });
        if (tx.status !== 'Pending') return sendJson(response, 409, { error: 'the request is not pending', paymentStatus: tx.status });
        tx.status = control[2] === 'accept' ? 'Success' : 'Declined';
        notify(tx);
        return sendJson(response, 200, { transactionID: tx.id, paymentStatus: tx.status });
      }
      const inspect = /^\/__sandbox\/transactions\/([^/]+)$/.exec(request.path);
      if (inspect && request.method === 'GET') {
        const tx = transactions.get(decodeURIComponent(inspect[1]!));
        return tx ? sendJson(response, 200, { ...transactionView(tx), phone: tx.phone ?? null, refunded: tx.refunded }) : sendJson(response, 404, { error: 'no such transaction' });
      }
      return false;
    },
  };
}
