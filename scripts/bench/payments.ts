/**
 * `npm run bench:payments [-- --port 8792] [--users 20] [--copies 3]`: figures, not pass/fail, for
 * card payments (docs/payments.md), against the built Worker under `wrangler dev` with its own
 * freshly seeded database in .wrangler/bench-payments and the Adyen sandbox beside it
 * (tests/e2e/server.mjs starts both).
 *
 * 1. Payment start: signed-up shoppers place a card order (`adyen`) and pay it with the
 *    frictionless test card through POST /api/orders/payment/adyen/data — the Worker claims the
 *    attempt, calls the sandbox's /payments and confirms the order — all at once, then one by one.
 *    Latency of the pay call; every answer must be PROCESSED and every order confirmed.
 * 2. Webhook throughput: for each of those payments, a CAPTURE notification plus a copy of its
 *    AUTHORISATION, each delivered `copies` times, all at once (32 in flight), signed with the
 *    development HMAC key. Notifications/s and latency; afterwards each payment must hold
 *    exactly its events once and be captured.
 *
 * Needs `npm run build` first. Port: --port, else BENCH_PORT, else 8792.
 */
import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { waitForServer } from './shared';
import { OWN_IN_STOCK, d1 as d1At, expectStatus, latency, pool, signedUpShopper, startServer, type Answer, type Shopper } from './shopper';
import { hmacSignature, signedString } from '../../worker/payments/adyen/hmac';

const { values } = parseArgs({ options: { port: { type: 'string' }, users: { type: 'string', default: '20' }, copies: { type: 'string', default: '3' } } });
const PORT = Number(values.port ?? process.env.BENCH_PORT ?? 8792);
const ORIGIN = `http://localhost:${PORT}`; // plain localhost is the ES channel
const DIR = '.wrangler/bench-payments';
const USERS = Number(values.users);
const COPIES = Number(values.copies);
const IN_FLIGHT = 32;
const d1 = <T>(sql: string): T[] => d1At<T>(DIR, sql);

/** A development value of wrangler.toml [vars]. */
function devVar(name: string): string {
  const value = new RegExp(`^${name}\\s*=\\s*"([^"]*)"`, 'm').exec(readFileSync('wrangler.toml', 'utf8'))?.[1];
  if (!value) throw new Error(`wrangler.toml has no ${name}`);
  return value;
}

/** Adyen's frictionless 3-D Secure 2 test card, as the sandbox's test values for the encrypted fields. */
const FRICTIONLESS_CARD = {
  type: 'scheme',
  encryptedCardNumber: 'test_5201281505129736',
  encryptedExpiryMonth: 'test_03',
  encryptedExpiryYear: 'test_2030',
  encryptedSecurityCode: 'test_737',
  holderName: 'Ana García',
};
const BROWSER_INFO = { userAgent: 'bench', acceptHeader: 'text/html', language: 'es-ES', colorDepth: 24, screenHeight: 900, screenWidth: 1440, timeZoneOffset: -60, javaEnabled: false };

interface Offer {
  id: number;
  article_id: number;
}
interface Placed {
  orders: { orderNumber: string }[];
  payment: { orderId: string };
}
interface PaymentAnswer {
  orderNumbers: string[];
  paymentResult: string;
  resultCode: string;
}

async function cardOrder(shopper: Shopper, offer: Offer): Promise<string> {
  const { browser, cartId, addressId } = shopper;
  expectStatus(await browser.api('POST', `/api/orders/${cartId}/cart/articles`, { articles: [{ idArticle: offer.article_id, idOffer: offer.id, qty: 1 }] }), [200], 'add the line');
  const placed = expectStatus(await browser.api<Placed>('POST', `/api/checkout/orders/${cartId}/place`, { shippingType: 1, shippingAddressId: addressId, paymentMethod: 'adyen', conditionsAccepted: true }), [201], 'place');
  return placed.data.payment.orderId;
}

function pay(shopper: Shopper, orderId: string): Promise<Answer<PaymentAnswer>> {
  return shopper.browser.api<PaymentAnswer>('POST', `/api/orders/payment/adyen/data?orderId=${encodeURIComponent(orderId)}`, { paymentMethod: FRICTIONLESS_CARD, browserInfo: BROWSER_INFO, origin: ORIGIN });
}

async function payAll(shoppers: Shopper[], orderIds: string[], mode: 'concurrent' | 'sequential') {
  const started = performance.now();
  const answers: Answer<PaymentAnswer>[] = [];
  if (mode === 'concurrent') answers.push(...(await Promise.all(shoppers.map((s, i) => pay(s, orderIds[i]!)))));
  else for (const [i, s] of shoppers.entries()) answers.push(await pay(s, orderIds[i]!));
  const wall = performance.now() - started;
  for (const answer of answers) {
    expectStatus(answer, [200], `pay (${mode})`);
    if (answer.data.paymentResult !== 'PROCESSED') throw new Error(`pay (${mode}): ${answer.data.resultCode}`);
  }
  return { mode, payments: answers.length, perSecond: (answers.length / wall) * 1000, wall, ...latency(answers.map((a) => a.ms)) };
}

interface PaymentRow {
  reference: string;
  psp_reference: string;
  amount: number;
  currency: string;
}

/** One standard notification with one signed item, as the sandbox (and Adyen) sends them. */
async function notification(hmacKey: string, merchantAccount: string, payment: PaymentRow, eventCode: 'AUTHORISATION' | 'CAPTURE'): Promise<string> {
  const capture = eventCode === 'CAPTURE';
  const item = {
    pspReference: capture ? `${payment.psp_reference.slice(0, 12)}CAPT` : payment.psp_reference,
    originalReference: capture ? payment.psp_reference : '',
    merchantAccountCode: merchantAccount,
    merchantReference: payment.reference,
    amount: { value: payment.amount, currency: payment.currency },
    eventCode,
    success: 'true',
    eventDate: new Date().toISOString(),
    paymentMethod: 'mc',
    reason: '',
  };
  const signature = await hmacSignature(hmacKey, signedString(item));
  return JSON.stringify({ live: 'false', notificationItems: [{ NotificationRequestItem: { ...item, additionalData: { hmacSignature: signature } } }] });
}

async function deliverAll(bodies: string[]) {
  const samples: number[] = [];
  const started = performance.now();
  await pool(bodies, IN_FLIGHT, async (body) => {
    const sent = performance.now();
    const response = await fetch(`${ORIGIN}/api/paymentGateway/adyen/notification`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
    const text = await response.text();
    if (response.status !== 200 || text !== '[accepted]') throw new Error(`notification: HTTP ${response.status} ${text}`);
    samples.push(performance.now() - sent);
  });
  const wall = performance.now() - started;
  return { notifications: bodies.length, perSecond: (bodies.length / wall) * 1000, wall, ...latency(samples) };
}

async function main(): Promise<void> {
  const { server, log } = startServer(PORT, DIR);
  try {
    await waitForServer(ORIGIN, log);
    const load = () => loadavg()[0]!.toFixed(1);
    console.log(`\nCard payments, ${new Date().toISOString().slice(0, 10)} — wrangler dev and the Adyen sandbox on loopback, load average ${load()}\n`);
    const [offer] = d1<Offer>(`SELECT o.id, o.article_id FROM offers o JOIN articles a ON a.id = o.article_id WHERE ${OWN_IN_STOCK} AND o.price BETWEEN 2000 AND 30000 AND a.weight_grams < 20000 ORDER BY o.article_id DESC LIMIT 1`);
    if (!offer) throw new Error('no offer of the store to order');
    d1(`UPDATE offers SET stock = 1000 WHERE id = ${offer.id}`);
    const shoppers = await pool(Array.from({ length: USERS }, (_, i) => i), 4, (i) => signedUpShopper(ORIGIN, i));

    const firstOrders = await pool(shoppers, 4, (s) => cardOrder(s, offer));
    const together = await payAll(shoppers, firstOrders, 'concurrent');
    const secondOrders = await pool(shoppers, 4, (s) => cardOrder(s, offer));
    const oneByOne = await payAll(shoppers, secondOrders, 'sequential');
    const all = [...firstOrders, ...secondOrders];
    const list = all.map((n) => `'${n}'`).join(',');
    const confirmed = d1<{ n: number }>(`SELECT COUNT(*) AS n FROM orders WHERE order_number IN (${list}) AND state = 'confirmed'`)[0]!.n;
    console.log(`1. Payment start: ${USERS} signed-up users, one card order each, frictionless card (POST /api/orders/payment/adyen/data → sandbox /payments)`);
    console.log('   mode         payments  wall ms  payments/s  p50 ms  p99 ms  max ms');
    for (const r of [together, oneByOne]) {
      console.log(`   ${r.mode.padEnd(11)}  ${String(r.payments).padStart(8)}  ${r.wall.toFixed(0).padStart(7)}  ${r.perSecond.toFixed(1).padStart(10)}  ${r.p50.toFixed(1).padStart(6)}  ${r.p99.toFixed(1).padStart(6)}  ${r.max.toFixed(1).padStart(6)}`);
    }
    console.log(`   orders confirmed: ${confirmed} of ${all.length}\n`);

    // Let the sandbox's own notifications for these payments land first: the figures are about our deliveries.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const payments = d1<PaymentRow>(`SELECT p.reference, p.psp_reference, p.amount, p.currency FROM payments p WHERE p.psp_reference IS NOT NULL AND p.state = 'authorised'`);
    const hmacKey = devVar('ADYEN_HMAC_KEY');
    const merchant = devVar('ADYEN_MERCHANT_ACCOUNT');
    const bodies: string[] = [];
    for (const payment of payments) {
      for (const code of ['AUTHORISATION', 'CAPTURE'] as const) {
        const body = await notification(hmacKey, merchant, payment, code);
        for (let copy = 0; copy < COPIES; copy++) bodies.push(body);
      }
    }
    bodies.sort(() => Math.random() - 0.5);
    const delivered = await deliverAll(bodies);
    const refs = payments.map((p) => `'${p.psp_reference}'`).join(',');
    const captured = d1<{ n: number }>(`SELECT COUNT(*) AS n FROM payments WHERE psp_reference IN (${refs}) AND state = 'captured'`)[0]!.n;
    const events = d1<{ n: number }>(`SELECT COUNT(*) AS n FROM payment_events WHERE payment_psp_reference IN (${refs}) AND event_code IN ('AUTHORISATION', 'CAPTURE')`)[0]!.n;
    console.log(`2. Webhook throughput: ${payments.length} payments × (AUTHORISATION + CAPTURE) × ${COPIES} copies, shuffled, ${IN_FLIGHT} in flight`);
    console.log('   notifications  wall ms  notifications/s  p50 ms  p99 ms  max ms');
    console.log(`   ${String(delivered.notifications).padStart(13)}  ${delivered.wall.toFixed(0).padStart(7)}  ${delivered.perSecond.toFixed(1).padStart(15)}  ${delivered.p50.toFixed(1).padStart(6)}  ${delivered.p99.toFixed(1).padStart(6)}  ${delivered.max.toFixed(1).padStart(6)}`);
    console.log(`   exactly once: ${events === payments.length * 2 ? 'yes' : 'NO'} — ${events} events stored for ${payments.length * 2} distinct; ${captured} of ${payments.length} payments captured`);
    console.log(`\nload average at the end ${load()}`);
  } finally {
    if (server.pid) process.kill(-server.pid, 'SIGTERM');
  }
}

if (!existsSync('dist/worker/index.js')) {
  console.error('bench: dist/worker/index.js is missing: run `npm run build` first');
  process.exit(1);
}
main().catch((error) => {
  console.error(`bench: ${(error as Error).message}`);
  process.exitCode = 1;
});
