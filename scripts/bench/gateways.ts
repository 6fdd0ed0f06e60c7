/**
 * `npm run bench:gateways [-- --port 8793] [--orders 5]`: figures, not pass/fail, for the payment
 * gateways other than the card form (docs/payments.md), against the built Worker under `wrangler dev`
 * with its own seeded database and the providers' sandboxes beside it (tests/e2e/server.mjs).
 *
 * 1. From "place order" to the provider's page, per method: what the shopper's browser waits for,
 *    as HTTP requests in the order it makes them — the place call, the method's gateway page, the
 *    start call (the Worker claims the attempt and calls the provider), and the provider's page (its
 *    redirect GET, or the signed form POST). `orders` orders per method, one at a time; medians.
 * 2. MB WAY polling load: a pending MB WAY payment is polled every 2 s (spec §4/§9) through
 *    GET /api/orders/payment/sibs/transaction/{id}, each poll one status call to SIBS. Measured: the
 *    polls until the shopper accepts on the sandbox's phone page after `accept` seconds; and the most
 *    a payment can cost, its whole window divided by the interval.
 *
 * Needs `npm run build` first. Port: --port, else BENCH_PORT, else 8793.
 */
import { lookup as dnsLookup } from 'node:dns';
import { existsSync } from 'node:fs';
import { Agent, setGlobalDispatcher } from 'undici';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { sleep, waitForServer } from './shared';
import { d1 as d1At, expectStatus, signedUpShopper, startServer, type Shopper } from './shopper';

const { values } = parseArgs({ options: { port: { type: 'string' }, orders: { type: 'string', default: '5' }, accept: { type: 'string', default: '10' } } });
const PORT = Number(values.port ?? process.env.BENCH_PORT ?? 8793);
const ORDERS = Number(values.orders);
const ACCEPT_AFTER_S = Number(values.accept);
const DIR = '.wrangler/bench-gateways';
const SANDBOX = `http://127.0.0.1:${PORT + 1011}`;
const d1 = <T>(sql: string): T[] => d1At<T>(DIR, sql);
const origin = (channel: string) => `http://${channel.toLowerCase()}.localhost:${PORT}`;

// The channels are told apart by host (es.localhost, pt.localhost…), which the system resolver does
// not know: every *.localhost is the loopback, as browsers treat it.
setGlobalDispatcher(
  new Agent({
    connect: {
      lookup: (hostname, options, callback) => (hostname.endsWith('.localhost') ? dnsLookup('127.0.0.1', options, callback) : dnsLookup(hostname, options, callback)),
    },
  }),
);

const LISBOA: Record<string, unknown> = { name: 'Ana', surname: 'Silva', address: 'Rua Augusta', streetNumber: '1', city: 'Lisboa', postalCode: '1100-048', countryIso: 'PT', phone: '912345678' };

interface Method {
  slug: string;
  channel: 'ES' | 'PT';
  page: string;
  fields?: Record<string, unknown>;
}

const METHODS: Method[] = [
  { slug: 'paypal', channel: 'ES', page: '/cart/payment/form-type/gw' },
  { slug: 'tarjeta', channel: 'ES', page: '/cart/payment/form-type/gw' },
  { slug: 'bizum', channel: 'ES', page: '/cart/payment/form-type/gw' },
  { slug: 'inespay', channel: 'ES', page: '/cart/payment/form-type/gw' },
  { slug: 'aplazame', channel: 'ES', page: '/cart/payment/aplazame/gw' },
  { slug: 'lendismart', channel: 'ES', page: '/cart/payment/lendismart/gw' },
  { slug: 'mbway', channel: 'PT', page: '/cart/payment/mb-way/gw', fields: { phone: '911234567' } },
  { slug: 'multibanco', channel: 'PT', page: '/cart/payment/form-type/gw' },
];

interface Answer {
  paymentResult: string;
  action?: { type: string; url?: string; method?: string; data?: Record<string, string> };
}

const median = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  return [result, performance.now() - started];
}

async function offerFor(channel: string, min: number, max: number): Promise<{ id: number; article_id: number }> {
  const [offer] = d1<{ id: number; article_id: number }>(
    `SELECT o.id, o.article_id FROM offers o JOIN articles a ON a.id = o.article_id WHERE o.channel = '${channel}' AND o.seller_id = 0 AND o.condition = 'new' AND a.condition = 'new' AND a.type IN ('normal', 'own-stock') AND o.availability_code <= 3 AND a.weight_grams < 20000 AND a.sale_restriction IS NULL AND o.price BETWEEN ${min} AND ${max} ORDER BY o.price LIMIT 1`,
  );
  if (!offer) throw new Error(`no offer on ${channel}`);
  d1(`UPDATE offers SET stock = 1000 WHERE id = ${offer.id}`);
  return offer;
}

/** One order with `method`, timed from the place call to the provider's page. */
async function toProviderPage(shopper: Shopper, method: Method, offer: { id: number; article_id: number }) {
  const { browser, cartId, addressId } = shopper;
  expectStatus(await browser.api('POST', `/api/orders/${cartId}/cart/articles`, { articles: [{ idArticle: offer.article_id, idOffer: offer.id, qty: 1 }] }), [200], 'add the line');
  const [placed, place] = await timed(() => browser.api<{ payment: { orderId: string } }>('POST', `/api/checkout/orders/${cartId}/place`, { shippingType: 1, shippingAddressId: addressId, paymentMethod: method.slug, conditionsAccepted: true }));
  expectStatus(placed, [201], `place (${method.slug})`);
  const orderId = placed.data.payment.orderId;
  const [, page] = await timed(async () => {
    const response = await browser.fetch(`${method.page}?orderId=${orderId}&start=1`);
    if (response.status !== 200) throw new Error(`${method.slug}: gateway page ${response.status}`);
    await response.text();
  });
  const [started, start] = await timed(() => browser.api<Answer>('POST', `/api/orders/payment/gateway/start?orderId=${orderId}`, { fields: method.fields ?? {} }));
  expectStatus(started, [200], `start (${method.slug})`);
  const action = started.data.action;
  let provider = 0;
  if (action?.type === 'redirect' && action.url) {
    [, provider] = await timed(async () => {
      const response =
        action.method === 'POST'
          ? await fetch(action.url!, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(action.data ?? {}).toString(), redirect: 'manual' })
          : await fetch(action.url!, { redirect: 'manual' });
      if (response.status >= 400) throw new Error(`${method.slug}: provider page ${response.status}`);
      await response.text();
    });
  }
  return { orderId, place, page, start, provider, total: place + page + start + provider, shown: action?.type ?? started.data.paymentResult };
}

async function main(): Promise<void> {
  const { server, log } = startServer(PORT, DIR);
  try {
    await waitForServer(origin('ES'), log);
    const load = () => loadavg()[0]!.toFixed(1);
    console.log(`\nPayment gateways, ${new Date().toISOString().slice(0, 10)} — wrangler dev and the sandboxes on loopback, load average ${load()}\n`);
    const offers = { ES: await offerFor('ES', 20_000, 60_000), PT: await offerFor('PT', 20_000, 60_000) };
    const [lisboa] = d1<{ id: number }>("SELECT p.id FROM provinces p JOIN countries c ON c.id = p.country_id WHERE c.iso = 'PT' AND p.code = '11'");
    Object.assign(LISBOA, { provinceId: lisboa!.id });
    console.log(`1. From "place order" to the provider's page: ${ORDERS} orders per method, one at a time (median ms)`);
    console.log('   method       place  gateway page  start  provider page  total  shows');
    let index = 0;
    for (const method of METHODS) {
      const rows: Awaited<ReturnType<typeof toProviderPage>>[] = [];
      for (let i = 0; i < ORDERS; i++) {
        const shopper = await signedUpShopper(origin(method.channel), index++, method.channel === 'PT' ? LISBOA : undefined);
        rows.push(await toProviderPage(shopper, method, offers[method.channel]));
      }
      const m = (key: 'place' | 'page' | 'start' | 'provider' | 'total') => median(rows.map((r) => r[key])).toFixed(0);
      console.log(`   ${method.slug.padEnd(11)}  ${m('place').padStart(5)}  ${m('page').padStart(12)}  ${m('start').padStart(5)}  ${m('provider').padStart(13)}  ${m('total').padStart(5)}  ${rows[0]!.shown}`);
    }

    // 2. MB WAY: one payment polled as the gateway page does, accepted on the phone page after ACCEPT_AFTER_S.
    const shopper = await signedUpShopper(origin('PT'), index++, LISBOA);
    const placed = await toProviderPage(shopper, METHODS.find((m) => m.slug === 'mbway')!, offers.PT);
    const [payment] = d1<{ psp_reference: string; expires_at: number; created_at: number }>(`SELECT psp_reference, expires_at, created_at FROM payments WHERE reference = '${placed.orderId}' ORDER BY attempt DESC LIMIT 1`);
    const acceptAt = Date.now() + ACCEPT_AFTER_S * 1000;
    let polls = 0;
    let result = 'PENDING';
    while (result === 'PENDING') {
      await sleep(2000);
      if (Date.now() >= acceptAt && payment) await fetch(`${SANDBOX}/sibs/__sandbox/mbway/${encodeURIComponent(payment.psp_reference)}/accept`, { method: 'POST' });
      polls += 1;
      const status = await shopper.browser.api<Answer>('GET', `/api/orders/payment/sibs/transaction/${placed.orderId}`);
      result = status.data.paymentResult;
      if (polls > 600) break;
    }
    const windowS = payment ? Math.round((payment.expires_at - payment.created_at) / 1000) : NaN;
    console.log(`\n2. MB WAY polling load (every 2 s while pending; each poll is one SIBS status call)`);
    console.log(`   accepted after ${ACCEPT_AFTER_S} s: ${polls} polls, result ${result}`);
    console.log(`   at most per pending payment: ${Math.ceil(windowS / 2)} polls (window ${windowS} s / 2 s)`);
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
