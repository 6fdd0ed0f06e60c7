// Every page type, as a shopper sees it, on a phone (412 × 915) and a desktop (1366 × 768), in the
// Spanish store in Spanish and the German store in German: a full-page PNG of each in
// test-results/screens/<lang>-<width>-<page>.png to be looked at, and on each one axe and the
// interactive-state checks (tests/e2e/fixtures/a11y.ts) with no problem and no sideways scroll.
// One page per language walks the store, signs in once and places one order; checks are soft so
// one run reports every page that fails, and a page type that is missing fails by name.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { islandReady } from './fixtures/account';
import { accessibilityProblems, axeViolations } from './fixtures/a11y';
import { submitStep } from './fixtures/checkout';
import { channelUrl } from './fixtures/store';

const SHOTS = fileURLToPath(new URL('../../test-results/screens/', import.meta.url));
const VIEWPORTS = [
  { width: 412, height: 915 },
  { width: 1366, height: 768 },
] as const;

interface Store {
  channel: 'es' | 'de';
  lang: 'es' | 'de';
  htmlLang: string;
  category: string;
  search: string;
  /** Article 694 of the demo catalogue: a long name and several sellers' offers. */
  product: string;
  brands: string;
  designSystem: string;
  cms: string;
  shop: string;
  account: string;
}

const STORES: Store[] = [
  {
    channel: 'es',
    lang: 'es',
    htmlLang: 'es-ES',
    category: '/portatiles',
    search: '/search?query=portatil',
    product: '/portatil-ultraligero-dell-xps-14-14-amd-ryzen-ai-7-350-16-gb-1-tb-ssd-694',
    brands: '/marcas',
    designSystem: '/sistema-de-diseno',
    cms: '/quienes-somos',
    shop: '/tiendas/madrid',
    account: '/usuarios/panel',
  },
  {
    channel: 'de',
    lang: 'de',
    htmlLang: 'de-DE',
    category: '/laptops',
    search: '/suche?query=laptop',
    product: '/dell-xps-14-ultrabook-14-amd-ryzen-ai-7-350-16-gb-1-tb-ssd-694',
    brands: '/marken',
    designSystem: '/designsystem',
    cms: '/ueber-uns',
    shop: '/stores/madrid',
    account: '/konto',
  },
];

/** Full-page screenshot, axe + our checks and the sideways-scroll check at both widths. */
async function capture(page: Page, lang: string, name: string) {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    // Lazy images below the fold are fetched now, so the full-page picture shows them.
    await page.evaluate(async () => {
      const images = Array.from(document.images);
      for (const image of images) image.loading = 'eager';
      const loaded = Promise.all(images.map((image) => (image.complete ? null : image.decode().catch(() => null))));
      await Promise.race([loaded, new Promise((resolve) => setTimeout(resolve, 1500))]);
    });
    const where = `${lang} ${viewport.width} px, ${name}`;
    const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
    expect.soft(widths.scroll, `${where}: the page scrolls sideways (scrollWidth ${widths.scroll} > innerWidth ${widths.inner})`).toBeLessThanOrEqual(widths.inner);
    await page.screenshot({ path: `${SHOTS}${lang}-${viewport.width}-${name}.png`, fullPage: true, animations: 'disabled' });
    expect.soft([...(await axeViolations(page)), ...(await accessibilityProblems(page))], `${where}: accessibility`).toEqual([]);
  }
}

/** Opens a page type; a missing one fails by name and is not captured. */
async function visit(page: Page, url: string, name: string, status = 200): Promise<boolean> {
  const response = await page.goto(url);
  expect.soft(response?.status(), `page type "${name}" (${url}) is missing or broken`).toBe(status);
  return response?.status() === status;
}

/** The first link of the blog index to a post (not a tag). */
async function firstBlogPost(page: Page, origin: string): Promise<string | null> {
  const html = await page.evaluate(async (url) => (await fetch(url)).text(), `${origin}/blog`);
  return /href="(\/blog\/(?!tag\/)[^"]+)"/.exec(html)?.[1] ?? null;
}

/** Empties the signed-in shopper's cart, then adds one in-stock product sold by the store (60–2,500 €), through the API as the page would. */
async function basketWithOneLine(page: Page) {
  const added = await page.evaluate(async () => {
    const json = async (response: Response) => (await response.json()) as { data: Record<string, unknown> };
    const { data: token } = await json(await fetch('/api/checkout/cart/token'));
    const id = token.idCart as string;
    await fetch(`/api/orders/${id}/cart`, { method: 'DELETE' });
    const { data: listing } = await json(await fetch('/api/catalogue/listing?query=a&seller=own&availability=in-stock&price_from=60&price_to=2500&pageSize=12'));
    for (const item of listing.items as { id: number }[]) {
      const response = await fetch(`/api/orders/${id}/cart/articles`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ articles: [{ idArticle: item.id, qty: 1 }] }) });
      if (response.ok) return item.id;
    }
    return null;
  });
  expect(added, 'no product of the store could be added to the basket').not.toBeNull();
}

/**
 * The demo customer has one cart for every store, so only one walk at a time may be signed in
 * and filling it: the second store's checkout waits for the first's order.
 */
let cartTurn: Promise<unknown> = Promise.resolve();
function oneCartAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = cartTurn.then(work);
  cartTurn = run.catch(() => undefined);
  return run;
}

/** One store walked in one page: content pages, then signed in, the basket, each checkout step and the order. */
async function walk(page: Page, store: Store) {
  const origin = channelUrl(store.channel, '');
  const { lang } = store;

  if (await visit(page, `${origin}/`, 'home')) {
    await expect(page.locator('html')).toHaveAttribute('lang', store.htmlLang);
    await capture(page, lang, 'home');
  }
  if (await visit(page, origin + store.category, 'category')) await capture(page, lang, 'category');
  if (await visit(page, origin + store.search, 'search')) await capture(page, lang, 'search');
  if (await visit(page, origin + store.product, 'product')) await capture(page, lang, 'product');
  if (await visit(page, origin + store.brands, 'brands')) await capture(page, lang, 'brands');
  const post = await firstBlogPost(page, origin);
  expect.soft(post, `${lang}: page type "blog post": no post linked from /blog`).not.toBeNull();
  if (post && (await visit(page, origin + post, 'blog post'))) await capture(page, lang, 'blog-post');
  if (await visit(page, origin + store.cms, 'CMS page')) await capture(page, lang, 'cms');
  if (await visit(page, origin + store.shop, 'shop')) await capture(page, lang, 'shop');
  if (await visit(page, `${origin}/no-such-page-${lang}`, '404', 404)) await capture(page, lang, '404');
  if (await visit(page, origin + store.designSystem, 'design system')) await capture(page, lang, 'design-system');
  await oneCartAtATime(() => signedIn(page, store));
}

async function signedIn(page: Page, store: Store) {
  const origin = channelUrl(store.channel, '');
  const { lang } = store;
  // Signed in as the demo customer (npm run seed:accounts), who has a default address.
  await visit(page, `${origin}/login`, 'login');
  await capture(page, lang, 'login');
  const login = await islandReady(page, 'login-form');
  await page.locator('#login-email').fill('ana@ampora.test');
  await page.locator('#login-password').fill('ampora-demo-1');
  await login.locator('button[type="submit"]').click();
  await page.waitForURL((url) => url.pathname !== '/login');
  if (await visit(page, origin + store.account, 'account')) await capture(page, lang, 'account');

  await basketWithOneLine(page);
  await visit(page, `${origin}/cart/shopping_basket`, 'basket');
  await expect(page.locator('[data-basket-count]').first()).toHaveText('1');
  await capture(page, lang, 'basket');

  await visit(page, `${origin}/cart/address`, 'checkout address');
  await islandReady(page, 'checkout-step');
  await capture(page, lang, 'checkout-address');
  await submitStep(page);
  await page.waitForURL(`${origin}/cart/shipping`);
  await islandReady(page, 'checkout-step');
  await page.locator('#shipping-type-1').check();
  await capture(page, lang, 'checkout-shipping');
  await submitStep(page);
  await page.waitForURL(`${origin}/cart/payment`);
  await islandReady(page, 'checkout-step');
  await page.locator('#payment-transferencia').check();
  await capture(page, lang, 'checkout-payment');
  await submitStep(page);
  await page.waitForURL(`${origin}/cart/summary`);
  await islandReady(page, 'checkout-step');
  await capture(page, lang, 'checkout-summary');
  await page.locator('#accept-conditions').check();
  await submitStep(page);
  await page.waitForURL(/\/cart\/ok\?/);
  await expect(page.locator('.order-card')).toHaveCount(1);
  await capture(page, lang, 'order-result');
}

// The two stores are walked side by side (a page each, in contexts of their own: one machine's
// two cores serve one store while the other runs axe), which keeps the suite's time down.
test('screens: every page type of the ES store in Spanish and the DE store in German, at 412 and 1366 px — picture, axe, no sideways scroll', async ({ browser }) => {
  test.setTimeout(300_000);
  mkdirSync(SHOTS, { recursive: true });
  await Promise.all(
    STORES.map(async (store) => {
      const context = await browser.newContext();
      try {
        await walk(await context.newPage(), store);
      } finally {
        await context.close();
      }
    }),
  );
});
