import { expect, test } from '@playwright/test';
import { StorePage, channelUrl } from './fixtures/store';

test.describe('channels and languages', () => {
  test('two channels open in their own language and switch to English on the same screen', async ({ page }) => {
    const store = new StorePage(page);
    await store.open(channelUrl('es'));
    await store.assertLanguage('es-ES');
    await store.open(channelUrl('pt'));
    await store.assertLanguage('pt-PT');

    await store.switchLanguage('English');
    await expect(page).toHaveURL(channelUrl('pt', '/en/'));
    await store.assertLanguage('en-GB');
    await expect(page.getByRole('heading', { level: 2, name: 'Shop by category' })).toBeVisible();
  });

  test('the language switcher keeps a product page on the same product', async ({ page }) => {
    const store = new StorePage(page);
    await store.open(channelUrl('fr', '/en/'));
    await store.followFirstFamily();
    await store.openFirstProduct();
    const productId = await page.locator('article.product').getAttribute('data-product-id');
    const englishPath = new URL(page.url()).pathname;
    await store.switchLanguage('Français');
    await store.assertLanguage('fr-FR');
    const frenchPath = new URL(page.url()).pathname;
    expect(frenchPath.startsWith('/en/')).toBe(false);
    expect(frenchPath).not.toBe(englishPath.slice(3));
    await expect(page.locator('article.product')).toHaveAttribute('data-product-id', productId!);
  });
});

test.describe('navigation', () => {
  test('the menu leads to a category and a product', async ({ page }) => {
    const store = new StorePage(page);
    await store.open(channelUrl('de', '/en/'));
    const family = await store.followFirstFamily();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(family);
    const product = await store.openFirstProduct();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(product);
    await expect(page.locator('.price__now, .price--none').first()).toBeVisible();
  });
});

test.describe('islands', () => {
  test('load React only on interaction, then react to the click with a toast', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    const store = new StorePage(page);
    await store.open(channelUrl('it', '/en/'));
    await store.followFirstFamily();
    await store.openFirstProduct();
    await page.waitForLoadState('networkidle');
    expect(scripts.some((path) => path.includes('island-runtime'))).toBe(false);

    const island = page.locator('[data-island="share-button"]');
    await expect(island).not.toHaveAttribute('data-hydrated', 'true');
    await island.getByRole('button', { name: 'Copy link' }).click();
    await expect(island).toHaveAttribute('data-hydrated', 'true');
    await expect(island.getByRole('button', { name: 'Link copied' })).toBeVisible();
    await expect(page.locator('#toast-region').getByRole('status')).toContainText('copied');
    expect(scripts.some((path) => path.includes('island-runtime'))).toBe(true);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('navigation and the search form work', async ({ page }) => {
    const store = new StorePage(page);
    await store.open(channelUrl('es', '/en/'));
    const family = await store.followFirstFamily();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(family);
    const product = await store.openFirstProduct();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(product);

    const word = product.split(/\s+/).find((w) => w.length > 4)!;
    await store.search(word);
    await expect(page).toHaveURL(/\/en\/search\?query=/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(word);
    await expect(page.locator('.product-grid .product-card').first()).toBeVisible();
  });
});
