/**
 * `npm run bench:cart [-- --port 8791] [--rounds 20] [--users 20]`: figures, not pass/fail, for
 * the cart and checkout (docs/cart.md), against the built Worker under `wrangler dev` with its
 * own freshly seeded database in .wrangler/bench-cart (tests/e2e/server.mjs, as `npm run bench`).
 *
 * 1. Cart mutations on ONE cart: rounds of 50 concurrent add/set-quantity calls with the same
 *    cookies; latency of each call; then the final cart is compared with the same calls replayed
 *    one by one on a second cart and with a model (no lost update). For comparison, the same
 *    rounds with each writer on a cart of its own.
 * 2. Order placement: K signed-up users with a Madrid address and one line each place their
 *    orders all at once, then (carts refilled) one after another; orders/s, latency, and the
 *    offer's stock must fall by exactly the units ordered.
 * 3. JavaScript of the basket and checkout-step pages before interaction and once their island
 *    has hydrated (entry, island runtime, React, the island chunk, the page's catalog), gzip 6.
 *
 * Needs `npm run build` first. Port: --port, else BENCH_PORT, else 8791.
 *
 * One file past the ~300-line guide: the three parts share the server, the browser and the
 * figures, and a benchmark is read top to bottom.
 */
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { gzipSizes, kb, pageScripts, readManifest, waitForServer } from './shared';
import { Browser, OWN_IN_STOCK, expectStatus, latency, pool, signedUpShopper, startServer as startStore, d1 as d1At, type Answer, type Shopper } from './shopper';

const startServer = () => startStore(PORT, DIR);
const d1 = <T>(sql: string): T[] => d1At<T>(DIR, sql);

const { values } = parseArgs({
  options: { port: { type: 'string' }, rounds: { type: 'string', default: '20' }, users: { type: 'string', default: '20' } },
});
const PORT = Number(values.port ?? process.env.BENCH_PORT ?? 8791);
const ORIGIN = `http://localhost:${PORT}`; // plain localhost is the ES channel
const DIR = '.wrangler/bench-cart';
const ROUNDS = Number(values.rounds);
const USERS = Number(values.users);
const WRITERS = 50;
const CART_LINES = 25;
const ORDER_STOCK = 1000;
const P99_GOAL_MS = 50;
const JS_BUDGET_KB = 100;

// ── 1. fifty writers on one cart ───────────────────────────────────────────────────────────

interface Offer {
  id: number;
  article_id: number;
  price: number;
  stock: number;
}
interface Line {
  idLine: number;
  idOffer: number;
  qty: number;
}
interface Cart {
  articles: Line[];
  units: number;
}

/** One call of the plan: add one unit of an offer, or set an offer's line to a quantity. */
type Mutation = { kind: 'add'; offer: Offer } | { kind: 'set'; offer: Offer; qty: number };

/**
 * Each round: two adds on each line of one half, two identical quantity changes on each line of
 * the other half; the halves swap every round, so quantities stay small (1–6, within stock).
 * Within a round the calls on one line commute, so any interleaving must end as a serial run.
 */
function plan(offers: Offer[], rounds: number): Mutation[][] {
  return Array.from({ length: rounds }, (_, round) =>
    offers.flatMap((offer, i): Mutation[] => {
      const mutation: Mutation = (i + round) % 2 === 0 ? { kind: 'add', offer } : { kind: 'set', offer, qty: 1 + ((round + i) % 4) };
      return [mutation, mutation];
    }),
  );
}

/** The quantities a serial run gives (offer id → qty), starting from one unit of each. */
function model(offers: Offer[], rounds: Mutation[][]): Map<number, number> {
  const qty = new Map(offers.map((o) => [o.id, 1]));
  for (const m of rounds.flat()) qty.set(m.offer.id, m.kind === 'add' ? qty.get(m.offer.id)! + 1 : m.qty);
  return qty;
}

/** A browser with a cart holding one unit of each offer; the line of each offer. */
async function cartWithLines(offers: Offer[]) {
  const browser = new Browser(ORIGIN);
  const cartId = await browser.cartId();
  const added = expectStatus(await browser.api<Cart>('POST', `/api/orders/${cartId}/cart/articles`, { articles: offers.map((o) => ({ idArticle: o.article_id, idOffer: o.id, qty: 1 })) }), [200], 'fill the cart');
  const lines = new Map(added.data.articles.map((l) => [l.idOffer, l.idLine]));
  const send = (m: Mutation) =>
    m.kind === 'add'
      ? browser.api<Cart>('POST', `/api/orders/${cartId}/cart/articles`, { articles: [{ idArticle: m.offer.article_id, idOffer: m.offer.id, qty: 1 }] })
      : browser.api<Cart>('PUT', `/api/orders/${cartId}/cart/${lines.get(m.offer.id)}`, { qty: m.qty });
  const state = async () => {
    const cart = expectStatus(await browser.api<Cart>('GET', `/api/checkout/orders/${cartId}/cart`), [200], 'read the cart').data;
    return new Map(cart.articles.map((l) => [l.idOffer, l.qty]));
  };
  return { browser, cartId, send, state };
}

const sameState = (a: Map<number, number>, b: Map<number, number>) => a.size === b.size && [...a].every(([offer, qty]) => b.get(offer) === qty);

type Send = (m: Mutation) => Promise<Answer<Cart>>;

/**
 * Fires each round's calls at once (call k goes to `targets[k % targets.length]`) and waits for
 * the round to end; latencies and calls/s leave out the warm-up rounds (the isolate, the
 * connections and the objects warm up).
 */
async function fire(rounds: Mutation[][], targets: Send[], warmUpRounds = 1) {
  const samples: number[] = [];
  let refused = 0;
  let wall = 0;
  for (const [index, round] of rounds.entries()) {
    const started = performance.now();
    const answers = await Promise.all(round.map((m, k) => targets[k % targets.length]!(m)));
    refused += answers.filter((a) => a.status !== 200).length;
    if (index < warmUpRounds) continue;
    wall += performance.now() - started;
    samples.push(...answers.map((a) => a.ms));
  }
  return { requests: samples.length, refused, perSecond: (samples.length / wall) * 1000, ...latency(samples) };
}

async function cartWriters() {
  const offers = d1<Offer>(`SELECT o.id, o.article_id, o.price, o.stock FROM offers o JOIN articles a ON a.id = o.article_id WHERE ${OWN_IN_STOCK} AND o.stock >= 20 ORDER BY o.article_id LIMIT ${CART_LINES}`);
  if (offers.length < CART_LINES) throw new Error(`only ${offers.length} offers of the store with stock >= 20`);
  const rounds = plan(offers, ROUNDS + 1);
  const shared = await cartWithLines(offers);
  const oneCart = await fire(rounds, [shared.send]);
  const replay = await cartWithLines(offers);
  const serial = await fire(rounds.flat().map((m) => [m]), [replay.send], WRITERS);
  // For comparison, the same calls with every writer on a cart of its own: what one cart's
  // object costs beyond the runtime's own limit at 50 requests in flight.
  const own = await pool(Array.from({ length: WRITERS }), 4, () => cartWithLines(offers));
  const ownCarts = await fire(rounds, own.map((w) => w.send));
  const expected = model(offers, rounds);
  const [got, replayed] = [await shared.state(), await replay.state()];
  return {
    offers: offers.length,
    series: [
      { name: `${WRITERS} at once on one cart`, ...oneCart },
      { name: 'same calls one by one', ...serial },
      { name: `${WRITERS} at once, a cart each`, ...ownCarts },
    ],
    oneCart,
    matchesModel: sameState(got, expected),
    matchesReplay: sameState(got, replayed),
    units: [...got.values()].reduce((a, b) => a + b, 0),
    browser: shared.browser,
  };
}

// ── 2. order placement ─────────────────────────────────────────────────────────────────────

async function shopper(index: number, offer: Offer): Promise<Shopper> {
  const result = await signedUpShopper(ORIGIN, index);
  await fillCart(result, offer);
  return result;
}

async function fillCart({ browser, cartId }: Shopper, offer: Offer): Promise<void> {
  expectStatus(await browser.api('POST', `/api/orders/${cartId}/cart/articles`, { articles: [{ idArticle: offer.article_id, idOffer: offer.id, qty: 1 }] }), [200], 'add the line');
}

interface Placed {
  orders: { orderNumber: string }[];
  replay: boolean;
}

function place({ browser, cartId, addressId }: Shopper): Promise<Answer<Placed>> {
  return browser.api<Placed>('POST', `/api/checkout/orders/${cartId}/place`, { shippingType: 1, shippingAddressId: addressId, paymentMethod: 'contrareembolso', conditionsAccepted: true });
}

/** Places every shopper's cart, all at once or one by one; orders/s over the wall-clock time. */
async function placeAll(shoppers: Shopper[], mode: 'concurrent' | 'sequential') {
  const started = performance.now();
  const answers: Answer<Placed>[] = [];
  if (mode === 'concurrent') answers.push(...(await Promise.all(shoppers.map(place))));
  else for (const s of shoppers) answers.push(await place(s));
  const wall = performance.now() - started;
  for (const answer of answers) expectStatus(answer, [201], `place (${mode})`);
  const orders = answers.reduce((n, a) => n + a.data.orders.length, 0);
  return { mode, orders, replays: answers.filter((a) => a.data.replay).length, perSecond: (orders / wall) * 1000, wall, ...latency(answers.map((a) => a.ms)) };
}

// ── 3. JavaScript of the cart and checkout pages ───────────────────────────────────────────

async function gzipOf(files: Iterable<string>): Promise<{ total: number; each: Map<string, number> }> {
  const each = await gzipSizes(ORIGIN, files);
  return { total: [...each.values()].reduce((a, b) => a + b, 0), each };
}

async function pageJs(browser: Browser, path: string, island: string) {
  const response = await browser.fetch(path);
  if (response.status !== 200) throw new Error(`${path}: HTTP ${response.status}`);
  const html = await response.text();
  if (!html.includes(`data-island="${island}"`)) throw new Error(`${path}: the page has no ${island} island`);
  const { before, after } = pageScripts(readManifest(), html, island);
  return { path, island, before: await gzipOf(before), after: await gzipOf(after) };
}

// ── report ─────────────────────────────────────────────────────────────────────────────────

async function main(): Promise<void> {
  const { server, log } = startServer();
  try {
    await waitForServer(ORIGIN, log);
    // The machine is shared: the load says how much of it the figures had.
    const load = () => loadavg()[0]!.toFixed(1);
    console.log(`\nCart and checkout, ${new Date().toISOString().slice(0, 10)} — wrangler dev on loopback, 1,500-article catalogue, load average ${load()}\n`);

    const writers = await cartWriters();
    console.log(`1. ${WRITERS} concurrent writers on one cart (${writers.offers} lines, ${ROUNDS} rounds of ${WRITERS} adds and quantity changes after 1 warm-up round)`);
    console.log('   series                        requests  refused  calls/s  p50 ms  p99 ms  max ms');
    for (const r of writers.series) {
      console.log(`   ${r.name.padEnd(28)}  ${String(r.requests).padStart(8)}  ${String(r.refused).padStart(7)}  ${r.perSecond.toFixed(0).padStart(7)}  ${r.p50.toFixed(1).padStart(6)}  ${r.p99.toFixed(1).padStart(6)}  ${r.max.toFixed(1).padStart(6)}`);
    }
    const noLostUpdate = writers.matchesModel && writers.matchesReplay;
    console.log(`   no lost update: ${noLostUpdate ? 'yes' : 'NO'} — the cart (${writers.units} units) ${writers.matchesReplay ? 'equals' : 'differs from'} the serial replay, ${writers.matchesModel ? 'equals' : 'differs from'} the model`);
    console.log(`   goal p99 <= ${P99_GOAL_MS} ms with ${WRITERS} writers on one cart: ${writers.oneCart.p99 <= P99_GOAL_MS ? 'met' : 'not met'} (p99 ${writers.oneCart.p99.toFixed(1)} ms)\n`);

    const [offer] = d1<Offer>(`SELECT o.id, o.article_id, o.price, o.stock FROM offers o JOIN articles a ON a.id = o.article_id WHERE ${OWN_IN_STOCK} AND o.price BETWEEN 2000 AND 30000 AND a.weight_grams < 20000 ORDER BY o.article_id DESC LIMIT 1`);
    if (!offer) throw new Error('no offer of the store to order');
    d1(`UPDATE offers SET stock = ${ORDER_STOCK} WHERE id = ${offer.id}`); // enough for every order of both series
    const shoppers = await pool(Array.from({ length: USERS }, (_, i) => i), 4, (i) => shopper(i, offer));

    const basket = await pageJs(writers.browser, '/cart/shopping_basket', 'basket');
    const checkout = await pageJs(shoppers[0]!.browser, '/cart/address', 'checkout-step');

    const stockBefore = d1<{ stock: number }>(`SELECT stock FROM offers WHERE id = ${offer.id}`)[0]!.stock;
    const together = await placeAll(shoppers, 'concurrent');
    for (const s of shoppers) await fillCart(s, offer);
    const oneByOne = await placeAll(shoppers, 'sequential');
    const stockAfter = d1<{ stock: number }>(`SELECT stock FROM offers WHERE id = ${offer.id}`)[0]!.stock;
    const ordered = together.orders + oneByOne.orders;
    console.log(`2. Order placement: ${USERS} signed-up users, 1 line each (offer ${offer.id}), cash on delivery to Madrid`);
    console.log('   mode         orders  wall ms  orders/s  p50 ms  p99 ms  max ms');
    for (const r of [together, oneByOne]) {
      console.log(`   ${r.mode.padEnd(11)}  ${String(r.orders).padStart(6)}  ${r.wall.toFixed(0).padStart(7)}  ${r.perSecond.toFixed(1).padStart(8)}  ${r.p50.toFixed(1).padStart(6)}  ${r.p99.toFixed(1).padStart(6)}  ${r.max.toFixed(1).padStart(6)}`);
    }
    console.log(`   replays: ${together.replays + oneByOne.replays}`);
    console.log(`   stock ${stockBefore} → ${stockAfter}: ${stockBefore - stockAfter === ordered ? `down by exactly the ${ordered} orders of 1 unit` : `MISMATCH — down by ${stockBefore - stockAfter} for ${ordered} orders of 1 unit`}\n`);

    console.log(`3. JavaScript, KB gzip (level 6); budget ${JS_BUDGET_KB} KB including React once the island has hydrated`);
    console.log('   page                               before interaction  after hydration  budget');
    for (const page of [basket, checkout]) {
      console.log(`   ${`${page.path} (${page.island})`.padEnd(34)} ${kb(page.before.total).padStart(18)}  ${kb(page.after.total).padStart(15)}  ${page.after.total <= JS_BUDGET_KB * 1024 ? 'met' : 'not met'}`);
      for (const [file, size] of page.after.each) console.log(`     ${kb(size).padStart(6)}  ${file}${page.before.each.has(file) ? '' : ' (on hydration)'}`);
    }
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
