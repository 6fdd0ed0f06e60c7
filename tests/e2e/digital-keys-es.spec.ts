// Digital keys in Spain (issue 16), end to end in Spanish: a new customer buys a video game in
// presale by card; "Mis claves" lists its key hidden, with "disponible a partir del …" and no way
// to reveal it; with the request clock moved past the release date (X-Test-Now, honoured where
// TEST_CLOCK is on) the key can be revealed, is shown and can be copied; the digital products
// screen lists the game. Each screen is checked for accessibility.
import { expect, test, type Page } from '@playwright/test';
import { addShippingAddress, islandReady, newEmail, signUpAndConfirm } from './fixtures/account';
import { expectAccessible } from './fixtures/a11y';
import { enterCard, pay, placeWithCard } from './fixtures/payments';
import { channelUrl } from './fixtures/store';

const PASSWORD = 'correct horse battery';
/**
 * The demo catalogue's presale game sold by the store itself (scripts/seed/digital.ts: a video
 * game drawn as a presale, released on 15/03/2027), its name unique in the catalogue.
 */
const PRESALE_GAME = 'Tidewatch Nintendo Switch 2 (código digital)';
const BEFORE_RELEASE = '2027-01-10T10:00:00Z';
const AFTER_RELEASE = '2027-12-01T10:00:00Z';
/** A Nintendo eShop code (scripts/seed/digital.ts). */
const NINTENDO_CODE = /^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/;

async function openKeys(page: Page, origin: string, now: string) {
  await page.setExtraHTTPHeaders({ 'X-Test-Now': now });
  await page.goto(`${origin}/usuarios/panel/mis-claves`);
  await expect(page.getByRole('heading', { level: 1, name: 'Claves digitales' })).toBeVisible();
  return page.locator('.digital-key').filter({ has: page.getByRole('heading', { name: PRESALE_GAME }) });
}

test('Spain: a presale game bought by card shows its key only from the release date', async ({ page, context }) => {
  test.setTimeout(240_000);
  const origin = channelUrl('es', '');
  let code = '';

  await test.step('a new customer buys the presale game by card', async () => {
    await signUpAndConfirm(page, origin, newEmail('digital-es'), PASSWORD);
    await page.goto(`${origin}/usuarios/panel/direcciones`);
    await addShippingAddress(page, { name: 'Lucía', surname: 'Martín', street: 'Calle de Toledo', number: '8', postalCode: '28005', city: 'Madrid', province: 'Madrid', phone: '612 345 678' });
    await page.goto(`${origin}/search?query=${encodeURIComponent('Tidewatch')}`);
    await page.locator('.listing__results .product-card a').filter({ hasText: PRESALE_GAME }).first().click();
    await expect(page.locator('h1')).toHaveText(PRESALE_GAME);
    const button = await islandReady(page, 'add-to-cart', '.buy-box');
    await button.locator('button').click();
    await expect(page.locator('[data-basket-count]')).toHaveText('1');
    await placeWithCard(page, origin, '#payment-adyen');
    await enterCard(page, { number: '5201 2815 0512 9736', holder: 'Lucía Martín', holderLabel: 'Titular de la tarjeta' });
    await pay(page);
    await page.waitForURL(/\/cart\/ok\?orderId=/, { timeout: 30_000 });
  });

  await test.step('before the release date the key is hidden, with its date and no reveal button', async () => {
    const key = await openKeys(page, origin, BEFORE_RELEASE);
    await expect(key).toHaveCount(1);
    await expect(key).toContainText('Preventa: disponible a partir del 15/03/2027');
    await expect(key).toContainText('Nintendo');
    await expect(key.getByRole('button', { name: /Mostrar clave/ })).toHaveCount(0);
    await expect(key.locator('[data-digital-code]')).toHaveCount(0);
    await expect(key.getByRole('link', { name: 'Cómo activar una clave en Nintendo' })).toHaveAttribute('href', /^https:\/\/www\.nintendo\.com\//);
    await expect(key.getByRole('link', { name: /^[A-Z]{2}-\d{6}-[A-Z0-9]{6}$/ })).toHaveAttribute('href', /\/usuarios\/panel\/order-detail\?order=/);
    await expectAccessible(page, 'Mis claves, presale before its release');
  });

  await test.step('from the release date it is revealed in place and can be copied', async () => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    const key = await openKeys(page, origin, AFTER_RELEASE);
    await expect(key).toContainText('Lista para mostrar');
    const reveal = key.getByRole('button', { name: `Mostrar clave de ${PRESALE_GAME}` });
    await key.locator('[data-island="digital-key"]').hover();
    await expect(key.locator('[data-island="digital-key"]')).toHaveAttribute('data-hydrated', 'true');
    await reveal.click();
    const shown = key.locator('[data-digital-code]');
    await expect(shown).toHaveText(NINTENDO_CODE);
    await expect(shown).toBeFocused();
    await expect(key.getByRole('status')).toHaveText(`Se muestra tu clave de ${PRESALE_GAME}.`);
    code = (await shown.textContent())!;
    await key.getByRole('button', { name: `Copiar la clave de ${PRESALE_GAME}` }).click();
    await expect(key.getByRole('status')).toHaveText('Clave copiada al portapapeles.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
    await expectAccessible(page, 'Mis claves, key revealed');
  });

  await test.step('the key stays shown, and the digital products screen lists the game', async () => {
    const key = await openKeys(page, origin, AFTER_RELEASE);
    await expect(key.locator('[data-digital-code]')).toHaveText(code);
    await expect(key).toContainText('Mostrada');
    await page.goto(`${origin}/usuarios/panel/productos-digitales`);
    const product = page.locator('.digital-product').filter({ has: page.getByRole('heading', { name: PRESALE_GAME }) });
    await expect(product).toContainText('1 clave mostrada');
    await expect(product.getByRole('link', { name: 'Ver las claves' })).toHaveAttribute('href', '/usuarios/panel/mis-claves');
    await expectAccessible(page, 'Productos digitales');
    await page.setExtraHTTPHeaders({});
  });
});
