import { expect, test } from '@playwright/test';
import { islandReady } from './fixtures/account';
import { channelUrl } from './fixtures/store';

test('an anonymous shopper adds a product and a marketplace offer, changes the quantity and removes a line', async ({ page }) => {
  // In stock and with marketplace offers: the page has the store's button and the other sellers' ones.
  await page.goto(channelUrl('es', '/search?query=a&seller=marketplace&availability=in-stock'));
  await page.locator('.listing__results .product-card a').first().click();
  const name = (await page.locator('h1').textContent())!.trim();

  const main = await islandReady(page, 'add-to-cart', '.buy-box');
  await main.locator('button').click();
  await expect(page.getByRole('status').or(page.locator('#toast-region')).first()).toContainText(name);
  await expect(page.locator('[data-basket-count]')).toHaveText('1');

  const others = page.locator('table.offers [data-island="add-to-cart"]');
  const extra = (await others.count()) > 0;
  if (extra) {
    await others.first().hover();
    await expect(others.first()).toHaveAttribute('data-hydrated', 'true');
    await others.first().locator('button').click();
    await expect(page.locator('[data-basket-count]')).toHaveText('2');
  }

  await page.locator('header a[href="/cart/shopping_basket"]').click();
  await expect(page.locator('h1')).toHaveText('Tu cesta');
  const lines = page.locator('.basket-line');
  await expect(lines).toHaveCount(extra ? 2 : 1);
  await expect(lines.first()).toContainText(name);

  const basket = await islandReady(page, 'basket');
  const subtotal = Number(await basket.locator('[data-subtotal]').getAttribute('data-subtotal'));
  const firstQty = lines.first().locator('select');
  await firstQty.selectOption('2');
  await expect(basket.locator('[data-subtotal]')).not.toHaveAttribute('data-subtotal', String(subtotal));
  await expect(page.locator('[data-basket-count]')).toHaveText(extra ? '3' : '2');

  await lines.first().locator('[data-remove-line]').click();
  await expect(lines).toHaveCount(extra ? 1 : 0);
  // The basket survives a reload: it lives in its Durable Object, not in the page.
  await page.reload();
  await expect(page.locator('.basket-line')).toHaveCount(extra ? 1 : 0);
});
