import { expect, test, type Page } from '@playwright/test';
import { StorePage, channelUrl } from './fixtures/store';

/** Prices of the cards on screen, in cents, in display order (English format "€1,299.00"). */
async function cardPrices(page: Page): Promise<number[]> {
  const texts = await page.locator('.listing__results .product-card .price__now').allTextContents();
  return texts.map((text) => Math.round(Number(text.replace(/[^0-9.]/g, '')) * 100));
}

async function openBiggestCategory(store: StorePage) {
  await store.open(channelUrl('es', '/en/'));
  // The first tile of the home is a top-level category: the whole subtree is listed.
  const tile = store.page.locator('.category-tiles a').first();
  const href = (await tile.getAttribute('href'))!;
  await tile.click();
  // The home has a heading too: wait for the category page itself, and for its script.
  await store.page.waitForURL((url) => url.pathname === new URL(href, url).pathname);
  await store.page.waitForLoadState('load');
  await expect(store.page.getByRole('heading', { level: 1 })).toBeVisible();
}

async function resultCount(page: Page): Promise<number> {
  const text = await page.locator('.listing__bar .result-count').textContent();
  return Number(text!.replace(/[^0-9]/g, ''));
}

test.describe('listings', () => {
  test('filter by brand, sort by price and load more', async ({ page }) => {
    const store = new StorePage(page);
    await openBiggestCategory(store);
    const total = await resultCount(page);
    expect(total).toBeGreaterThan(40);

    // A click before the page's script has run is the no-JavaScript link to page 2 (a full page,
    // not appended cards): wait for the script, then point at the island so it hydrates.
    const more = page.getByRole('link', { name: 'Load more products' });
    await expect(async () => {
      await more.hover();
      await more.focus();
      await expect(page.locator('[data-island="load-more"]')).toHaveAttribute('data-hydrated', 'true', { timeout: 2000 });
    }).toPass();
    await more.click();
    await expect(page.locator('.load-more .product-card')).toHaveCount(Math.min(40, total - 40));
    await expect(page.getByText(`Showing ${Math.min(80, total)} of ${total}`)).toBeVisible();

    const brandFacet = page.getByRole('group', { name: 'Brand' });
    // Pointing at the filters hydrates their island (React loads on intent, not before).
    await brandFacet.hover();
    await expect(page.locator('[data-island="filters-drawer"]')).toHaveAttribute('data-hydrated', 'true');
    const firstBrand = brandFacet.getByRole('checkbox').first();
    // Hydrated, a ticked filter applies by itself: the apply button is only for no JavaScript.
    await expect(page.getByRole('button', { name: 'Apply filters' })).toBeHidden();
    await firstBrand.check();
    await expect(page).toHaveURL(/[?&]brand=/);
    await expect(page.locator('.filters-drawer__status')).toHaveText('1 filter applied');
    await expect.poll(() => resultCount(page)).toBeLessThan(total);
    const filtered = await resultCount(page);
    expect(filtered).toBeGreaterThan(0);

    await page.getByLabel('Sort by').selectOption('price-asc');
    await expect(page).toHaveURL(/sort=price-asc/);
    await expect(page).toHaveURL(/[?&]brand=/);
    await expect.poll(async () => {
      const prices = await cardPrices(page);
      return prices.length > 0 && prices.every((price, i) => i === 0 || prices[i - 1]! <= price);
    }).toBe(true);
  });

  test('the search box suggests as you type and goes to a suggestion with the keyboard', async ({ page }) => {
    const store = new StorePage(page);
    await store.open(channelUrl('es', '/en/'));
    const box = page.getByRole('combobox', { name: 'Search products' });
    await box.focus();
    await expect(page.locator('[data-island="search-box"]')).toHaveAttribute('data-hydrated', 'true');
    await box.pressSequentially('leno');
    const options = page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option');
    await expect(options.first()).toBeVisible();
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    const target = await options.first().getAttribute('data-href');
    await box.press('ArrowDown');
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    await box.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${target}$`));
  });

  test('search forgives a typo', async ({ page }) => {
    const store = new StorePage(page);
    await store.open(channelUrl('es', '/en/'));
    await store.search('lenvo');
    await expect(page.getByText('Showing results for “lenovo”')).toBeVisible();
    await expect(page.locator('.listing__results .product-card').first()).toContainText(/lenovo/i);
  });
});

test.describe('brands', () => {
  test('the brand index is reached from the footer and walked with the keyboard', async ({ page }) => {
    const store = new StorePage(page);
    await store.open(channelUrl('es', '/en/'));
    await page.getByRole('contentinfo').getByRole('link', { name: 'All brands' }).click();
    await expect(page).toHaveURL(/\/en\/brands$/);
    await expect(page.getByRole('heading', { level: 1, name: 'All brands' })).toBeVisible();
    const jump = page.getByRole('navigation', { name: 'Brands by initial' }).getByRole('link', { name: 'Brands starting with S' });
    await jump.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#brands-s$/);
    const section = page.getByRole('region', { name: 'S', exact: true });
    await section.getByRole('link', { name: 'Samsung' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Samsung' })).toBeVisible();
  });
});

test.describe('products across sellers and channels', () => {
  test('a product with marketplace offers shows every seller', async ({ page }) => {
    await page.goto(channelUrl('es', '/en/search?query=a&seller=marketplace'));
    const card = page.locator('.listing__results .product-card a').first();
    await card.click();
    const soldBy = (await page.locator('.sold-by').textContent()) ?? '';
    const others = await page.locator('table.offers tbody tr').count();
    expect(others > 0 || !soldBy.includes('Ampora')).toBe(true);
  });

  test('switching channel lands on the same product at its localized address', async ({ page }) => {
    const store = new StorePage(page);
    await store.open(channelUrl('es'));
    await store.followFirstFamily();
    await store.openFirstProduct();
    const productId = await page.locator('article.product').getAttribute('data-product-id');
    const spanishPath = new URL(page.url()).pathname;
    await page.getByRole('navigation', { name: 'Tiendas e idiomas' }).getByRole('link', { name: 'Français (France)' }).click();
    await expect(page).toHaveURL(/^http:\/\/fr\.localhost:\d+\//);
    await store.assertLanguage('fr-FR');
    await expect(page.locator('article.product')).toHaveAttribute('data-product-id', productId!);
    expect(new URL(page.url()).pathname).not.toBe(spanishPath);
  });
});
