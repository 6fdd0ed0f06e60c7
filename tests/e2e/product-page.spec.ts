/**
 * The product page on a phone and a desktop (issue 12): what sells is on the first screen of a
 * 412 × 915 phone, nothing scrolls sideways, the phones' add-to-basket bar shows once the main
 * button has scrolled away and adds to the basket, the other sellers' offers are cards on phones
 * and a table on desktops, the technical sheet is grouped and collapsible, axe finds nothing,
 * and the page reads and folds without JavaScript.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './fixtures/a11y';
import { channelUrl } from './fixtures/store';

const PHONE = { width: 412, height: 915 };
const DESKTOP = { width: 1366, height: 768 };
/** The compact header's budget on a phone: the fold is measured as if the header were this tall. */
const HEADER_BUDGET = 140;

let productUrl: string;

/** The first marketplace product whose page has the store's button, reviews and at least three other offers. */
async function findProductWithOffers(page: Page): Promise<string> {
  await page.goto(channelUrl('es', '/en/search?query=a&seller=marketplace&availability=in-stock'));
  const links = await page.locator('.listing__results .product-card a').evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).href));
  for (const href of links.slice(0, 20)) {
    await page.goto(href);
    const buyable = (await page.locator('.buy-box__cta').count()) > 0 && (await page.locator('.product__head .rating a').count()) > 0;
    if (buyable && (await page.locator('table.offers tbody tr').count()) >= 3) return href;
  }
  throw new Error('no product with reviews and three other offers among the first results');
}

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  productUrl = await findProductWithOffers(page);
  await page.close();
});

/** Bottom of an element, as measured and as it would be under a header of exactly HEADER_BUDGET px. */
async function fold(page: Page, selector: string) {
  return page.evaluate(
    ([selector, budget]) => {
      const header = document.querySelector('main')!.getBoundingClientRect().top;
      const bottom = document.querySelector(selector as string)!.getBoundingClientRect().bottom;
      return { bottom: Math.round(bottom), withBudgetHeader: Math.round(bottom - header + (budget as number)), header: Math.round(header) };
    },
    [selector, HEADER_BUDGET] as const,
  );
}

test.describe('on a 412 × 915 phone', () => {
  test.use({ viewport: PHONE });

  test('title, price, availability, delivery and add to basket are on the first screen; nothing scrolls sideways', async ({ page }) => {
    await page.goto(productUrl);
    const positions = {
      title: await fold(page, 'h1'),
      price: await fold(page, '.buy-box .price'),
      delivery: await fold(page, '.buy-box__stock'),
      addToBasket: await fold(page, '.buy-box__cta'),
    };
    test.info().annotations.push({ type: 'fold', description: JSON.stringify(positions) });
    for (const [name, at] of Object.entries(positions)) {
      expect(at.bottom, `${name} bottom`).toBeLessThanOrEqual(PHONE.height);
      expect(at.withBudgetHeader, `${name} bottom under a ${HEADER_BUDGET} px header`).toBeLessThanOrEqual(PHONE.height);
    }
    // Phone order: name, images, price, then the button.
    expect(positions.title.bottom).toBeLessThan(positions.price.bottom);
    expect(positions.price.bottom).toBeLessThan(positions.addToBasket.bottom);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    // The other sellers' offers are cards, each within the screen.
    const rows = page.locator('table.offers tbody tr');
    expect(await rows.first().evaluate((row) => getComputedStyle(row).display)).toBe('grid');
    for (const box of await rows.evaluateAll((all) => all.map((row) => row.getBoundingClientRect().right))) expect(box).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(page, 'product page on a phone');
  });

  test('the add-to-basket bar shows once the button has scrolled away, adds to the basket, and stays clear of the toast', async ({ page }) => {
    await page.goto(productUrl);
    const name = (await page.locator('h1').textContent())!.trim();
    const bar = page.locator('.buy-bar');
    // While the main button is on screen the bar is hidden, and hidden means not focusable.
    await expect(bar).toBeHidden();
    expect(await bar.locator('button').evaluate((button) => getComputedStyle(button).visibility)).toBe('hidden');

    await page.locator('#description-title').scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 400);
    await expect(bar).toBeVisible();
    await expect(bar).toContainText(await page.locator('.buy-box .price__now').innerText());
    const barBox = (await bar.boundingBox())!;
    expect(barBox.y + barBox.height).toBeLessThanOrEqual(PHONE.height + 1);
    await expectAccessible(page, 'product page on a phone with the add-to-basket bar');

    await bar.getByRole('button', { name: 'Add to basket' }).click();
    const toast = page.locator('#toast-region').getByRole('status');
    await expect(toast).toContainText(name);
    await expect(page.locator('[data-basket-count]')).toHaveText('1');
    const toastBox = (await toast.boundingBox())!;
    expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(barBox.y);

    // Back at the top the bar hides again.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(bar).toBeHidden();
  });

  test('the technical sheet is grouped, its first group open, the others open on demand', async ({ page }) => {
    await page.goto(productUrl);
    const groups = page.locator('.product__specs details');
    expect(await groups.count()).toBeGreaterThanOrEqual(2);
    await expect(groups.first()).toHaveAttribute('open', '');
    const last = groups.last();
    await expect(last).not.toHaveAttribute('open', '');
    await last.locator('summary').click();
    await expect(last).toHaveAttribute('open', '');
    await expect(last.locator('dl')).toBeVisible();
  });

  test('the reviews summary near the title leads to the reviews section', async ({ page }) => {
    await page.goto(productUrl);
    await page.locator('.product__head .rating a').click();
    await expect(page).toHaveURL(/#reviews$/);
    await expect(page.locator('#reviews')).toBeInViewport();
  });
});

test.describe('on a 1366 × 768 desktop', () => {
  test.use({ viewport: DESKTOP });

  test('the offers are a table, the buying column stays in view and there is no bar', async ({ page }) => {
    await page.goto(productUrl);
    expect(await page.locator('table.offers').evaluate((table) => getComputedStyle(table).display)).toBe('table');
    await expect(page.locator('table.offers').getByRole('columnheader', { name: 'Seller' })).toBeVisible();
    expect(await page.locator('table.offers tbody tr').first().evaluate((row) => getComputedStyle(row).display)).toBe('table-row');
    // Images left, buying column right.
    const media = (await page.locator('.product__media').boundingBox())!;
    const buy = (await page.locator('.product__buy').boundingBox())!;
    expect(media.x + media.width).toBeLessThanOrEqual(buy.x);

    await page.locator('#specs-title').scrollIntoViewIfNeeded();
    await expect(page.locator('.buy-box__cta')).toBeInViewport();
    await expect(page.locator('.buy-bar')).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(DESKTOP.width);
    await expectAccessible(page, 'product page on a desktop, scrolled');
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, viewport: PHONE });

  test('the page reads, the sheet folds and opens, and the button is there', async ({ page }) => {
    await page.goto(productUrl);
    await expect(page.locator('h1')).toBeVisible();
    await expect(page.locator('.buy-box__cta button')).toBeVisible();
    const last = page.locator('.product__specs details').last();
    await last.locator('summary').click();
    await expect(last).toHaveAttribute('open', '');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });
});
