// Wishlists in Spain (issue 16), end to end in Spanish: customer A adds two products from their
// product pages with the heart (the default private list is created), creates a public list and
// copies the products into it, and shares its link; customer B opens the link, copies the list
// into their account and moves it all to the basket, which then shows the products; B cannot
// open A's private list (404), by the account address or by a public address. axe checks the
// list pages.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { islandReady, newEmail, signUpAndConfirm } from './fixtures/account';
import { expectAccessible } from './fixtures/a11y';
import { channelUrl } from './fixtures/store';

const PASSWORD = 'correct horse battery';
const origin = channelUrl('es', '');
const LISTS = '/usuarios/panel/mis-listas-de-deseos';
const LIST = '/usuarios/panel/mi-lista-de-deseos';

async function customer(browser: Browser, label: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signUpAndConfirm(page, origin, newEmail(label), PASSWORD);
  return page;
}

/** Two product pages of products the store sells in stock (their buy box can add to the basket). */
async function twoProducts(page: Page): Promise<string[]> {
  await page.goto(`${origin}/search?query=a&seller=own&availability=in-stock&price_from=20&price_to=2000`);
  const links = await page.locator('.listing__results .product-card a').evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).href));
  const found: string[] = [];
  for (const href of links.slice(0, 12)) {
    await page.goto(href);
    if ((await page.locator('.buy-box [data-island="add-to-cart"]').count()) > 0) found.push(href);
    if (found.length === 2) return found;
  }
  throw new Error('fewer than two products in stock');
}

test('Spain: a public wishlist is shared, copied into another account and moved to the basket; a private one stays private', async ({ browser }) => {
  test.setTimeout(240_000);
  const a = await customer(browser, 'lista-a');

  // A: the heart on two product pages fills the default (private) list.
  const names: string[] = [];
  for (const product of await twoProducts(a)) {
    await a.goto(product);
    const name = (await a.locator('h1').textContent())!.trim();
    names.push(name);
    const island = await islandReady(a, 'wishlist-heart', '.buy-box');
    const heart = island.getByRole('button', { name: `Añadir ${name} a tu lista de deseos` });
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    await expect(a.locator('#toast-region').getByRole('status')).toContainText('está en tu lista de deseos');
  }
  // The heart remembers on the next visit.
  await a.reload();
  const again = await islandReady(a, 'wishlist-heart', '.buy-box');
  await expect(again.getByRole('button')).toHaveAttribute('aria-pressed', 'true');

  // A: a public list, created from the lists page.
  await a.goto(`${origin}${LISTS}`);
  await expect(a.getByRole('heading', { level: 1, name: 'Listas de deseos' })).toBeVisible();
  const manager = await islandReady(a, 'wishlist-lists');
  await a.locator('#wishlist-new-name').fill('Regalos de A');
  await a.locator('#wishlist-new-visibility').selectOption('public');
  await manager.getByRole('button', { name: 'Crear lista' }).click();
  await expect(manager.locator('.wishlists__status')).toHaveText('Lista «Regalos de A» creada.');
  await expectAccessible(a, 'the lists page');

  // A: the default list's products copied into the public one.
  await a.goto(`${origin}${LIST}`);
  await expect(a.getByRole('heading', { level: 1, name: 'Lista de deseos' })).toBeVisible();
  for (const name of names) await expect(a.locator('.wishlist-item__name', { hasText: name })).toBeVisible();
  const items = await islandReady(a, 'wishlist-items');
  await a.locator('#wishlist-copy-target').selectOption({ label: 'Regalos de A' });
  await items.getByRole('button', { name: 'Copiar', exact: true }).click();
  await expect(items.locator('.wishlists__status')).toContainText('Copiada en «Regalos de A»: 2 productos nuevos');
  await expectAccessible(a, 'a list of mine');

  // A: the share link of the public list; the private list's ids, for B to try.
  await a.goto(`${origin}${LISTS}`);
  const shareLink = await a.locator('.wishlists__item', { hasText: 'Regalos de A' }).locator('input[readonly]').inputValue();
  expect(shareLink).toMatch(/\/lista-de-deseos\/[A-Za-z0-9_-]{22}$/);
  const mine = await a.evaluate(async () => ((await (await fetch('/api/basket')).json()) as { data: { lists: { id: number; publicId: string; visibility: string }[] } }).data.lists);
  const privateList = mine.find((l) => l.visibility === 'private')!;

  // B: opens the link, copies the list into their account.
  const b = await customer(browser, 'lista-b');
  await b.goto(shareLink);
  await expect(b.getByRole('heading', { level: 1, name: 'Regalos de A' })).toBeVisible();
  for (const name of names) await expect(b.locator('.wishlist-item__name', { hasText: name })).toBeVisible();
  expect(await b.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex');
  await expectAccessible(b, 'a public list');
  const copy = await islandReady(b, 'wishlist-copy');
  await copy.getByRole('button', { name: 'Copiar en mis listas' }).click();
  await expect(copy.getByRole('status')).toContainText('Copiada en tus listas.');
  await copy.getByRole('link', { name: 'Ver tu copia' }).click();
  await expect(b.getByRole('heading', { level: 1, name: 'Regalos de A' })).toBeVisible();

  // B: everything to the basket; the basket shows the products.
  const bItems = await islandReady(b, 'wishlist-items');
  await bItems.getByRole('button', { name: 'Pasar todo a la cesta' }).click();
  await expect(bItems.locator('.wishlists__status')).toHaveText('2 productos añadidos a tu cesta.');
  await expect(b.locator('[data-basket-count]')).toHaveText('2');
  await bItems.getByRole('link', { name: 'Ir a la cesta' }).click();
  for (const name of names) await expect(b.getByText(name).first()).toBeVisible();

  // B cannot see A's private list.
  const byId = await b.goto(`${origin}${LIST}?list=${privateList.id}`);
  expect(byId!.status()).toBe(404);
  const byLink = await b.goto(`${origin}/lista-de-deseos/${privateList.publicId}`);
  expect(byLink!.status()).toBe(404);
});
