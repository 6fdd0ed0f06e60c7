import { expect, test } from '@playwright/test';
import { islandReady } from './fixtures/account';
import { channelUrl } from './fixtures/store';

test('an anonymous shopper adds a product and a marketplace offer, changes the quantity and removes a line', async ({ page }) => {
  // In stock and with marketplace offers: the page has the store's button and the other sellers' ones.
  await page.goto(channelUrl('es', '/search?query=a&seller=marketplace&availability=in-stock'));
  // The first product whose page offers a second seller's offer to buy as well.
  const links = await page.locator('.listing__results .product-card a').evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).href));
  let found = false;
  for (const href of links.slice(0, 15)) {
    await page.goto(href);
    if ((await page.locator('.buy-box [data-island="add-to-cart"]').count()) > 0 && (await page.locator('table.offers [data-island="add-to-cart"]').count()) > 0) {
      found = true;
      break;
    }
  }
  expect(found).toBe(true);
  const name = (await page.locator('h1').textContent())!.trim();

  const main = await islandReady(page, 'add-to-cart', '.buy-box');
  await main.locator('button').click();
  await expect(page.getByRole('status').or(page.locator('#toast-region')).first()).toContainText(name);
  await expect(page.locator('[data-basket-count]')).toHaveText('1');

  const other = page.locator('table.offers [data-island="add-to-cart"]').first();
  await other.hover();
  await expect(other).toHaveAttribute('data-hydrated', 'true');
  await other.locator('button').click();
  await expect(page.locator('[data-basket-count]')).toHaveText('2');

  await page.locator('header a[href="/cart/shopping_basket"]').click();
  await expect(page.locator('h1')).toHaveText('Tu cesta');
  const lines = page.locator('.basket-line');
  await expect(lines).toHaveCount(2);
  await expect(lines.first()).toContainText(name);

  const basket = await islandReady(page, 'basket');
  const subtotal = Number(await basket.locator('[data-subtotal]').getAttribute('data-subtotal'));
  const firstQty = lines.first().locator('select');
  await firstQty.selectOption('2');
  await expect(basket.locator('[data-subtotal]')).not.toHaveAttribute('data-subtotal', String(subtotal));
  await expect(page.locator('[data-basket-count]')).toHaveText('3');

  await lines.first().locator('[data-remove-line]').click();
  await expect(lines).toHaveCount(1);
  // The basket survives a reload: it lives in its Durable Object, not in the page.
  await page.reload();
  await expect(page.locator('.basket-line')).toHaveCount(1);
});
