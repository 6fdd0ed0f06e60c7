// The product comparator on the German store, in German: three monitors chosen with "Zum
// Vergleich hinzufügen" on the monitors listing (the compare tray keeps them), the comparison
// with its differences and the only-differences switch, one of them added to the basket and
// found there; then, with JavaScript off, a comparison reached through plain links and read.
import { expect, test, type Page } from '@playwright/test';
import { islandReady } from './fixtures/account';
import { expectAccessible } from './fixtures/a11y';
import { channelUrl } from './fixtures/store';

const MONITORS = channelUrl('de', '/monitore');
const COMPARISON = /\/komparator\/monitore\/\d+(\/\d+)*$/;

/** Ticks "Nur Unterschiede anzeigen": only the rows marked as differing (and price and buy) stay. */
async function expectOnlyDifferences(page: Page) {
  const rows = page.locator('.comparator__table tbody tr');
  const marked = await page.locator('.comparator__table tbody tr:is([data-differs], [data-keep])').count();
  await expect(rows.filter({ visible: true })).toHaveCount(await rows.count());
  await page.getByLabel('Nur Unterschiede anzeigen').check();
  await expect(rows.filter({ visible: true })).toHaveCount(marked);
}

test('Germany: three monitors from the listing compared, their differences shown, one bought from the comparison', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(MONITORS);
  await expect(page.getByRole('heading', { level: 1, name: 'Monitore' })).toBeVisible();
  // Nothing chosen yet: the tray loads no React until the first "add to compare" (held and replayed).
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[data-island="compare-tray"]')).not.toHaveAttribute('data-hydrated', /.+/);

  const cards = page.locator('.listing__results .product-card');
  const names: string[] = [];
  for (let index = 0; index < 3; index++) {
    const card = cards.nth(index);
    const name = (await card.locator('h3').textContent())!.trim();
    names.push(name);
    await card.getByRole('link', { name: `Zum Vergleich hinzufügen: ${name}` }).click();
    await expect(page.locator('#toast-region').getByText(`„${name}“ wurde zum Vergleich hinzugefügt.`)).toBeVisible();
  }
  await expect(page).toHaveURL(MONITORS);
  const tray = page.getByRole('region', { name: 'Produkte im Vergleich: 3 von 4' });
  await expect(tray.getByRole('listitem')).toHaveCount(3);
  // The selection survives a new page.
  await page.reload();
  await expect(page.locator('[data-island="compare-tray"]')).toHaveAttribute('data-hydrated', 'true');
  await tray.getByRole('link', { name: 'Jetzt vergleichen' }).click();

  await expect(page).toHaveURL(COMPARISON);
  await expect(page.getByRole('heading', { level: 1, name: 'Vergleich: Monitore' })).toBeVisible();
  const table = page.getByRole('table', { name: /^Monitore: 3 Produkte im direkten Vergleich/ });
  for (const name of names) await expect(table.getByRole('columnheader', { name: new RegExp(name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })).toBeVisible();
  await expect(table.getByRole('rowheader', { name: /^Preis/ })).toBeVisible();
  const differing = table.getByRole('rowheader', { name: /Unterschied$/ });
  expect(await differing.count()).toBeGreaterThan(0);
  await expectAccessible(page, 'comparison of three monitors');

  // Only the differences: every row left is marked (the price and buy rows always stay).
  await expectOnlyDifferences(page);
  const visibleHeads = table.locator('tbody tr:visible th[scope="row"]');
  for (const text of await visibleHeads.allTextContents()) if (!/^(Preis|Kaufen)/.test(text)) expect(text).toMatch(/Unterschied$/);

  // Add the first one to the basket from the comparison and find it there.
  // The first product's island (islandReady wants one island): hydrated on interaction like everywhere.
  const buy = page.locator('.comparator__table [data-island="add-to-cart"]').first();
  await buy.hover();
  await buy.getByRole('button').focus();
  await expect(buy).toHaveAttribute('data-hydrated', 'true');
  await buy.getByRole('button', { name: 'In den Warenkorb' }).click();
  await expect(page.locator('#toast-region').getByText(`„${names[0]}“ liegt jetzt in Ihrem Warenkorb.`)).toBeVisible();
  await page.goto(channelUrl('de', '/cart/shopping_basket'));
  await islandReady(page, 'basket');
  await expect(page.locator('.basket__lines')).toContainText(names[0]!);
});

test('Germany without JavaScript: a comparison reached through links and read', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(MONITORS);
  const first = page.locator('.listing__results .product-card').first();
  const name = (await first.locator('h3').textContent())!.trim();
  await first.getByRole('link', { name: `Zum Vergleich hinzufügen: ${name}` }).click();

  // One chosen: the page asks for another and offers the category's products by links.
  await expect(page).toHaveURL(COMPARISON);
  await expect(page.getByRole('status')).toContainText('Wählen Sie mindestens 2 Produkte aus');
  const add = page.getByRole('region', { name: 'Weiteres Produkt hinzufügen' }).getByRole('link').first();
  const other = (await add.locator('.comparator__candidate-name').textContent())!.trim();
  await add.click();

  await expect(page).toHaveURL(/\/komparator\/monitore\/\d+\/\d+$/);
  const table = page.getByRole('table', { name: /^Monitore: 2 Produkte im direkten Vergleich/ });
  await expect(table.locator('.comparator__product')).toHaveCount(2);
  await expect(table).toContainText(name);
  await expect(table).toContainText(other);
  await expect(table.getByRole('rowheader', { name: /^Verfügbarkeit/ })).toBeVisible();
  // The switch is CSS only: it works without script too.
  await expectOnlyDifferences(page);
  // Removing one goes back to a comparison of one.
  await table.getByRole('link', { name: `Entfernen: ${other} aus dem Vergleich` }).click();
  await expect(page).toHaveURL(COMPARISON);
  await expect(page.locator('.comparator__product')).toHaveCount(1);
  await context.close();
});
