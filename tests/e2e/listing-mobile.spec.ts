/**
 * A category listing on a phone (412 × 915): two columns of cards starting in the first screen,
 * no sideways scrolling, the sticky bar's "Filters" opening the drawer by keyboard, filters and
 * sort applied as soon as they change (JavaScript on) or with the forms' buttons (JavaScript off).
 */
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './fixtures/a11y';
import { channelUrl } from './fixtures/store';

const PHONE = { width: 412, height: 915 };
const CATEGORY = channelUrl('es', '/en/computers');

async function resultCount(page: Page): Promise<number> {
  return Number((await page.locator('.listing__bar .result-count').textContent())!.replace(/[^0-9]/g, ''));
}

async function cardPrices(page: Page): Promise<number[]> {
  const texts = await page.locator('.listing__results .product-card .price__now').allTextContents();
  return texts.map((text) => Math.round(Number(text.replace(/[^0-9.]/g, '')) * 100));
}

test.describe('listing on a phone', () => {
  test.use({ viewport: PHONE });

  test('two columns of cards, the first in the first screen, nothing scrolls sideways', async ({ page }) => {
    await page.goto(CATEGORY);
    const cards = page.locator('.listing__results .product-grid > li');
    await expect(cards.first()).toBeVisible();
    const [first, second] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
    expect(first!.y).toBeLessThan(PHONE.height);
    // Side by side: the same row, the second to the right of the first.
    expect(second!.y).toBe(first!.y);
    expect(second!.x).toBeGreaterThan(first!.x + first!.width - 1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessible(page, 'category listing on a phone');
  });

  test('the drawer opens from the sticky bar by keyboard; a ticked filter and a sort apply by themselves', async ({ page }) => {
    await page.goto(CATEGORY);
    const total = await resultCount(page);
    const toggle = page.locator('.listing__bar .filters-drawer__toggle');
    // Focus asks for the island; Enter then opens the drawer.
    await toggle.focus();
    await expect(page.locator('[data-island="filters-drawer"]')).toHaveAttribute('data-hydrated', 'true');
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const drawer = page.getByRole('region', { name: 'Filters' });
    await expect(drawer).toBeVisible();
    await expect(drawer).toBeFocused();
    // Once hydrated the apply button gives way to "Show n products", in view at the drawer's foot.
    await expect(drawer.getByRole('button', { name: 'Apply filters' })).toBeHidden();
    const done = drawer.locator('.filters-drawer__done');
    await expect(done).toBeInViewport();

    const brand = drawer.getByRole('group', { name: 'Brand' }).getByRole('checkbox').first();
    await brand.focus();
    await page.keyboard.press('Space');
    await expect(page).toHaveURL(/[?&]brand=/);
    await expect(drawer.locator('.filters-drawer__status')).toHaveText('1 filter applied');
    await expect(toggle).toHaveText('Filters (1)');
    await expect.poll(() => resultCount(page)).toBeLessThan(total);
    const filtered = await resultCount(page);
    expect(filtered).toBeGreaterThan(0);
    await expect(done).toHaveText(`Show ${filtered} products`);
    // The box keeps the focus while the results change behind the drawer.
    await expect(brand).toBeFocused();
    await expect(brand).toBeChecked();
    await expectAccessible(page, 'filters drawer open on a phone');

    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(drawer).toBeHidden();
    await expect(toggle).toBeFocused();

    await page.getByLabel('Sort by').selectOption('price-asc');
    await expect(page).toHaveURL(/sort=price-asc/);
    await expect(page).toHaveURL(/[?&]brand=/);
    await expect.poll(async () => {
      const prices = await cardPrices(page);
      return prices.length > 0 && prices.every((price, i) => i === 0 || prices[i - 1]! <= price);
    }).toBe(true);
    expect(await resultCount(page)).toBe(filtered);
  });
});

test.describe('listing on a phone without JavaScript', () => {
  test.use({ viewport: PHONE, javaScriptEnabled: false });

  test('the bar opens the drawer, the apply button (in view) filters and the sort button sorts', async ({ page }) => {
    await page.goto(CATEGORY);
    const total = await resultCount(page);
    await page.locator('.listing__bar .filters-drawer__toggle').click();
    await expect(page).toHaveURL(/#filters$/);
    const drawer = page.getByRole('region', { name: 'Filters' });
    await expect(drawer).toBeVisible();
    await drawer.getByRole('group', { name: 'Brand' }).getByRole('checkbox').first().check();
    const apply = drawer.getByRole('button', { name: 'Apply filters' });
    await expect(apply).toBeInViewport();
    await apply.click();
    await expect(page).toHaveURL(/[?&]brand=/);
    expect(await resultCount(page)).toBeLessThan(total);
    await expect(page.getByRole('region', { name: 'Filters' })).toBeHidden();

    await page.getByLabel('Sort by').selectOption('price-desc');
    await page.getByRole('button', { name: 'Sort', exact: true }).click();
    await expect(page).toHaveURL(/sort=price-desc/);
    await expect(page).toHaveURL(/[?&]brand=/);
    const prices = await cardPrices(page);
    expect(prices.length).toBeGreaterThan(0);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
  });
});
