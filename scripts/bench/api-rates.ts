/**
 * Part of `npm run bench`: the cart mutations (add an article, change a quantity, remove a line)
 * and order placement through the real API, each as a ratio to `/api/health` measured the same
 * way in the same round.
 *
 * `connections` clients in a closed loop, each a browser with its own cookie jar and cart (the
 * calls a page's fetch makes: scripts/bench/shopper.ts `Browser`). A round is `seconds` of
 * `/api/health` calls, then `seconds` of add → change → remove cycles on each client's cart,
 * then `seconds` of orders (signed-up shoppers: fill the cart with one line, unmeasured, then
 * place it, cash on delivery to Madrid). With the same number of calls in flight, a call's rate is
 * `connections / mean latency`, so a ratio is health's mean latency over the call's; the figure is
 * the median of the per-round ratios.
 */
import { median } from './shared';
import { Browser, OWN_IN_STOCK, d1, expectStatus, pool, signedUpShopper, type Shopper } from './shopper';

interface Offer {
  id: number;
  article_id: number;
}
interface Cart {
  articles: { idLine: number; idOffer: number }[];
}

export interface ApiRateOptions {
  origin: string;
  dbDir: string;
  rounds: number;
  seconds: number;
  connections: number;
  goal: number;
}

const KINDS = ['health', 'add', 'change', 'remove', 'order'] as const;
type Kind = (typeof KINDS)[number];

class Samples {
  readonly ms = new Map<Kind, number[]>(KINDS.map((kind) => [kind, []]));

  async time<T>(kind: Kind, call: () => Promise<T>): Promise<T> {
    const started = performance.now();
    const result = await call();
    this.ms.get(kind)!.push(performance.now() - started);
    return result;
  }

  mean(kind: Kind): number {
    const all = this.ms.get(kind)!;
    return all.reduce((a, b) => a + b, 0) / all.length;
  }
}

/** Runs `step` on every client in a loop until `seconds` have passed. */
async function loop<C>(clients: C[], seconds: number, step: (client: C) => Promise<void>): Promise<void> {
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    clients.map(async (client) => {
      while (performance.now() < until) await step(client);
    }),
  );
}

async function health(browser: Browser, samples: Samples): Promise<void> {
  const response = await samples.time('health', () => browser.fetch('/api/health'));
  if (!response.ok) throw new Error(`/api/health: HTTP ${response.status}`);
  await response.arrayBuffer();
}

/** One add → change → remove cycle on the client's cart (its one line of `offer`). */
async function cycle(client: { browser: Browser; cartId: string }, offer: Offer, samples: Samples): Promise<void> {
  const { browser, cartId } = client;
  const added = expectStatus(
    await samples.time('add', () => browser.api<Cart>('POST', `/api/orders/${cartId}/cart/articles`, { articles: [{ idArticle: offer.article_id, idOffer: offer.id, qty: 1 }] })),
    [200],
    'add the article',
  );
  const line = added.data.articles.find((l) => l.idOffer === offer.id)!.idLine;
  expectStatus(await samples.time('change', () => browser.api('PUT', `/api/orders/${cartId}/cart/${line}`, { qty: 2 })), [200], 'change the quantity');
  expectStatus(await samples.time('remove', () => browser.api('DELETE', `/api/orders/${cartId}/cart/${line}`)), [200], 'remove the line');
}

async function order(shopper: Shopper, offer: Offer, samples: Samples): Promise<void> {
  const { browser, cartId, addressId } = shopper;
  expectStatus(await browser.api('POST', `/api/orders/${cartId}/cart/articles`, { articles: [{ idArticle: offer.article_id, idOffer: offer.id, qty: 1 }] }), [200], 'fill the cart');
  const placed = await samples.time('order', () =>
    browser.api('POST', `/api/checkout/orders/${cartId}/place`, { shippingType: 1, shippingAddressId: addressId, paymentMethod: 'contrareembolso', conditionsAccepted: true }),
  );
  expectStatus(placed, [201], 'place the order');
}

export async function apiRatios({ origin, dbDir, rounds, seconds, connections, goal }: ApiRateOptions): Promise<void> {
  const [offer] = d1<Offer>(dbDir, `SELECT o.id, o.article_id FROM offers o JOIN articles a ON a.id = o.article_id WHERE ${OWN_IN_STOCK} AND o.price BETWEEN 2000 AND 30000 AND a.weight_grams < 20000 AND o.stock >= 20 ORDER BY o.article_id LIMIT 1`);
  if (!offer) throw new Error('no offer of the store to put in a cart');
  d1(dbDir, `UPDATE offers SET stock = 1000000 WHERE id = ${offer.id}`); // every order of every round
  const carts = await Promise.all(
    Array.from({ length: connections }, async () => {
      const browser = new Browser(origin);
      return { browser, cartId: await browser.cartId() };
    }),
  );
  const shoppers = await pool(Array.from({ length: connections }, (_, i) => i), 4, (i) => signedUpShopper(origin, i));
  // Warm-up: the isolate, the carts' objects and the connections.
  const warm = new Samples();
  await loop(carts, 1, (c) => cycle(c, offer, warm));
  await loop(shoppers, 1, (s) => order(s, offer, warm));

  const perRound: Samples[] = [];
  for (let round = 0; round < rounds; round++) {
    const samples = new Samples();
    await loop(carts, seconds, (c) => health(c.browser, samples));
    await loop(carts, seconds, (c) => cycle(c, offer, samples));
    await loop(shoppers, seconds, (s) => order(s, offer, samples));
    perRound.push(samples);
  }
  const rate = (kind: Kind) => median(perRound.map((s) => (connections * 1000) / s.mean(kind)));
  const ratio = (kind: Kind) => median(perRound.map((s) => s.mean('health') / s.mean(kind)));
  const calls = (kind: Kind) => perRound.reduce((n, s) => n + s.ms.get(kind)!.length, 0);
  console.log(`\nCart mutations and orders (${rounds} rounds of ${seconds} s per series, ${connections} clients in a closed loop, each its own cart; rate = clients / mean latency)\n`);
  console.log('call              calls   mean ms   calls/s  ÷ health  goal');
  for (const kind of KINDS) {
    const mean = median(perRound.map((s) => s.mean(kind)));
    const mutation = kind === 'add' || kind === 'change' || kind === 'remove';
    const verdict = mutation ? `${goal} ${ratio(kind) >= goal ? 'met' : 'not met'}` : '';
    console.log(`${kind.padEnd(16)} ${String(calls(kind)).padStart(6)}  ${mean.toFixed(1).padStart(8)}  ${rate(kind).toFixed(0).padStart(8)}  ${ratio(kind).toFixed(2).padStart(8)}  ${verdict}`);
  }
}
