/**
 * `ARTICLE=… OFFER=… npx tsx scripts/bench/cart-cpu.ts PORT [CALLS]`: CPU time per cart call of a `wrangler dev`
 * server already running on PORT (`node tests/e2e/server.mjs PORT`), from the kernel's accounting
 * like scripts/bench/cpu-per-request.sh, for the POST/PUT/DELETE calls autocannon cannot chain.
 * 8 clients in a closed loop, each its own cart. Series, each after a warm-up: `/api/health`;
 * "change" (PUT a line's quantity, 2 and 3 in turn); "add+remove" (add the article, remove its
 * line: the figure is per call, the pair's CPU over two). "worker" is the runtime process running
 * the Worker's isolate and the cart's objects, "proxy" wrangler's local proxy, "all" the server
 * with wrangler's own process; "ms/call" the clients' mean latency. `VIEWS=1` adds reading the
 * cart (`GET …/cart`) empty and with one line.
 */
import { Browser, expectStatus } from './shopper';
import { cpuMs, serverProcesses } from './shared';

const port = Number(process.argv[2]);
const calls = Number(process.argv[3] ?? 400);
const origin = `http://localhost:${port}`;
const CLIENTS = 8;

const processes = serverProcesses(port);
if (!processes) throw new Error(`no wrangler dev server found on port ${port}`);
const { worker, proxy, all: everything } = processes;

interface Client {
  browser: Browser;
  cartId: string;
  line?: number;
  qty: number;
}

async function closedLoop(clients: Client[], total: number, step: (client: Client) => Promise<void>): Promise<number> {
  let left = total;
  const latencies: number[] = [];
  await Promise.all(
    clients.map(async (client) => {
      while (left-- > 0) {
        const started = performance.now();
        await step(client);
        latencies.push(performance.now() - started);
      }
    }),
  );
  return latencies.reduce((a, b) => a + b, 0) / latencies.length;
}

async function measure(name: string, clients: Client[], perStep: number, step: (client: Client) => Promise<void>) {
  await closedLoop(clients, 40, step);
  const before = { w: cpuMs([worker]), p: cpuMs([proxy]), a: cpuMs(everything) };
  const steps = Math.ceil(calls / perStep);
  const mean = await closedLoop(clients, steps, step);
  const after = { w: cpuMs([worker]), p: cpuMs([proxy]), a: cpuMs(everything) };
  const ms = (a: number, b: number) => ((b - a) / (steps * perStep)).toFixed(2);
  console.log(`${name.padEnd(12)} worker ${ms(before.w, after.w)}  proxy ${ms(before.p, after.p)}  all ${ms(before.a, after.a)}  ms/call ${(mean / perStep).toFixed(1)}`);
}

const clients: Client[] = await Promise.all(Array.from({ length: CLIENTS }, async () => {
  const browser = new Browser(origin);
  return { browser, cartId: await browser.cartId(), qty: 2 };
}));
/** The article and offer put in the carts (the bench's: `ARTICLE=… OFFER=…`). */
const articleId = Number(process.env.ARTICLE);
const offerId = Number(process.env.OFFER);
const add = async (client: Client) => {
  const added = expectStatus(await client.browser.api<{ articles: { idLine: number; idArticle: number }[] }>('POST', `/api/orders/${client.cartId}/cart/articles`, { articles: [{ idArticle: articleId, idOffer: offerId, qty: 1 }] }), [200], 'add');
  client.line = added.data.articles.find((a) => a.idArticle === articleId)!.idLine;
};
await measure('health', clients, 1, async (client) => {
  const response = await client.browser.fetch('/api/health');
  await response.arrayBuffer();
});
if (process.env.VIEWS) {
  await measure('view empty', clients, 1, async (client) => {
    expectStatus(await client.browser.api('GET', `/api/checkout/orders/${client.cartId}/cart`), [200], 'view');
  });
}
for (const client of clients) await add(client);
if (process.env.VIEWS) {
  await measure('view 1 line', clients, 1, async (client) => {
    expectStatus(await client.browser.api('GET', `/api/checkout/orders/${client.cartId}/cart`), [200], 'view');
  });
}
await measure('change', clients, 1, async (client) => {
  client.qty = client.qty === 2 ? 3 : 2;
  expectStatus(await client.browser.api('PUT', `/api/orders/${client.cartId}/cart/${client.line}`, { qty: client.qty }), [200], 'change');
});
for (const client of clients) expectStatus(await client.browser.api('DELETE', `/api/orders/${client.cartId}/cart/${client.line}`), [200], 'remove');
await measure('add+remove', clients, 2, async (client) => {
  await add(client);
  expectStatus(await client.browser.api('DELETE', `/api/orders/${client.cartId}/cart/${client.line}`), [200], 'remove');
});
