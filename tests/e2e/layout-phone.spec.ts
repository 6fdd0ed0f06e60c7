// The mobile-first goals of the storefront design (issue 12) as layout assertions on a 412 × 915
// phone viewport (Chromium, CSS pixels, scrolled to the top): the header at most 140 px tall; on a
// product page the title, the price and the add-to-basket button end within the first 915 px; on a
// category page the first product card starts within them; nothing scrolls sideways. Positions
// are measured, not timed. Each figure is printed so a run reports how far off a goal is.
import { expect, test, type Page } from '@playwright/test';
import { channelUrl } from './fixtures/store';

const PHONE = { width: 412, height: 915 };
const FOLD = PHONE.height;
const HEADER_MAX = 140;
/** Article 694 of the demo catalogue: one of the longest names, and five offers on the ES channel. */
const PRODUCT = '/portatil-ultraligero-dell-xps-14-14-amd-ryzen-ai-7-350-16-gb-1-tb-ssd-694';
const CATEGORY = '/portatiles';

test.use({ viewport: PHONE });

/** The element's box relative to the top of the page, with the page scrolled to the top. */
async function box(page: Page, selector: string): Promise<{ top: number; bottom: number; height: number }> {
  const element = page.locator(selector).first();
  await expect(element, `${selector} on ${page.url()}`).toBeVisible();
  return element.evaluate((e) => {
    window.scrollTo(0, 0);
    const rect = e.getBoundingClientRect();
    return { top: Math.round(rect.top + window.scrollY), bottom: Math.round(rect.bottom + window.scrollY), height: Math.round(rect.height) };
  });
}

async function open(page: Page, path: string) {
  const response = await page.goto(channelUrl('es', path));
  expect(response?.status(), path).toBe(200);
}

async function noSidewaysScroll(page: Page, what: string) {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  console.log(`${what}: scrollWidth ${widths.scroll} px for a ${widths.inner} px viewport`);
  expect.soft(widths.scroll, `${what} scrolls ${widths.scroll - widths.inner} px sideways`).toBeLessThanOrEqual(widths.inner);
}

test('phone: the header is at most 140 px tall on the home, a category, a product and the basket', async ({ page }) => {
  // The basket with one line (added through the API, as the page's island would), not the empty basket.
  await open(page, '/');
  const added = await page.evaluate(async (path) => {
    const { data } = (await (await fetch('/api/checkout/cart/token')).json()) as { data: { idCart: string } };
    const idArticle = Number(/-(\d+)$/.exec(path)![1]);
    const response = await fetch(`/api/orders/${data.idCart}/cart/articles`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ articles: [{ idArticle, qty: 1 }] }) });
    return response.status;
  }, PRODUCT);
  expect(added).toBe(200);
  for (const [name, path] of [['home', '/'], ['category', CATEGORY], ['product', PRODUCT], ['basket', '/cart/shopping_basket']] as const) {
    await open(page, path);
    const header = await box(page, 'header.site-header');
    console.log(`header on ${name}: ${header.height} px (goal ≤ ${HEADER_MAX})`);
    expect.soft(header.height, `header on the ${name} page is ${header.height} px tall, ${header.height - HEADER_MAX} px over ${HEADER_MAX}`).toBeLessThanOrEqual(HEADER_MAX);
  }
});

test('phone: on a product page with a long name and several offers, the title, the price and "add to basket" end within the first 915 px, and nothing scrolls sideways', async ({ page }) => {
  await open(page, PRODUCT);
  const parts = {
    title: await box(page, 'main h1'),
    price: await box(page, '.buy-box .price__now'),
    'add to basket': await box(page, '.buy-box [data-island="add-to-cart"] button'),
  };
  for (const [name, measured] of Object.entries(parts)) {
    console.log(`product ${name}: bottom at ${measured.bottom} px (goal ≤ ${FOLD})`);
    expect.soft(measured.bottom, `product ${name} ends at ${measured.bottom} px, ${measured.bottom - FOLD} px below the fold`).toBeLessThanOrEqual(FOLD);
  }
  await noSidewaysScroll(page, 'product page');
});

test('phone: on a category page the first product card starts within the first 915 px, and nothing scrolls sideways', async ({ page }) => {
  await open(page, CATEGORY);
  const card = await box(page, 'main .product-card');
  console.log(`category first product card: top at ${card.top} px (goal ≤ ${FOLD})`);
  expect.soft(card.top, `the first product card starts at ${card.top} px, ${card.top - FOLD} px below the fold`).toBeLessThanOrEqual(FOLD);
  await noSidewaysScroll(page, 'category page');
});
