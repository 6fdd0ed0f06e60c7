// The account's coupons and saved configurations in Chromium (ES channel, Spanish): the empty
// state, adding a code typed in lower case from the keyboard, a refused code announced and
// focused, the copy button, the same form without JavaScript, and both screens axe-clean.
import { expect, test } from '@playwright/test';
import { islandReady, newEmail, signUpAndConfirm } from './fixtures/account';
import { expectAccessible } from './fixtures/a11y';
import { E2E_PORT } from './playwright.config';

const ORIGIN = `http://es.localhost:${E2E_PORT}`;
const COUPONS = `${ORIGIN}/usuarios/panel/mis-descuentos`;
const CONFIGURATIONS = `${ORIGIN}/usuarios/panel/configuraciones`;
const PASSWORD = 'correct horse battery';

test('a customer adds a coupon by keyboard, sees a refusal in Spanish, and copies the code', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signUpAndConfirm(page, ORIGIN, newEmail('coupons'), PASSWORD);
  await page.goto(COUPONS);
  await expect(page.getByRole('heading', { level: 1, name: 'Cupones de descuento' })).toBeVisible();
  await expect(page.locator('[data-coupons-empty]')).toBeVisible();
  await expectAccessible(page, 'coupons, empty');

  const form = await islandReady(page, 'coupon-add-form');
  const field = form.getByLabel('Código del cupón');
  await field.fill('no-existe');
  await page.keyboard.press('Enter');
  await expect(form.getByRole('alert')).toContainText('Este código de cupón no existe');
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page, 'coupons, refused code');

  await field.fill('  ampora5 ');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'El cupón AMPORA5 ya está en tu cuenta.' })).toBeVisible();
  const card = page.locator('.coupon-card').filter({ hasText: 'AMPORA5' });
  await expect(card).toHaveAttribute('data-coupon-status', 'ACTIVE');
  await expect(card.getByRole('heading', { name: '5 € de descuento desde 50 €' })).toBeVisible();
  await expect(card).toContainText('Activo');
  await expect(card.getByRole('link', { name: 'Úsalo en tu cesta' })).toHaveAttribute('href', '/cart/shopping_basket');
  await expectAccessible(page, 'coupons, one added');

  const copy = await islandReady(page, 'coupon-add-copy', '.coupon-card');
  await copy.getByRole('button', { name: 'Copiar el código AMPORA5' }).click();
  await expect(page.locator('#toast-region')).toContainText('Código AMPORA5 copiado');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('AMPORA5');

  // The same code again: refused, the field keeps what was typed.
  const again = await islandReady(page, 'coupon-add-form');
  await again.getByLabel('Código del cupón').fill('AMPORA5');
  await again.getByRole('button', { name: 'Añadir' }).click();
  await expect(again.getByRole('alert')).toContainText('Este cupón ya está en tu cuenta.');
  await expect(again.getByLabel('Código del cupón')).toHaveValue('AMPORA5');

  await page.goto(CONFIGURATIONS);
  await expect(page.locator('[data-configurations-empty]')).toBeVisible();
  await expectAccessible(page, 'configurations, empty');
  // A configuration as the configurator saves it (the demo catalogue's first articles).
  const status = await page.evaluate(async () => {
    const response = await fetch('/api/user/configurations', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name: 'Equipo de estudio', components: { cpu: 1, memory: 2 } }) });
    return response.status;
  });
  expect(status).toBe(201);
  await page.reload();
  const row = page.getByRole('row', { name: /Equipo de estudio/ });
  await expect(row).toContainText('2');
  await expect(row.getByRole('link', { name: 'Abrir Equipo de estudio' })).toHaveAttribute('href', /^\/configurador\/[A-Za-z0-9_-]{22}$/);
  await expectAccessible(page, 'configurations, one saved');
  await row.getByRole('button', { name: 'Eliminar Equipo de estudio' }).click();
  await expect(page.getByRole('status')).toContainText('Se ha eliminado la configuración.');
  await expect(page.locator('[data-configurations-empty]')).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the add form posts and comes back with the coupon or the refusal', async ({ page, browser }) => {
    // Sign up with script (the confirmation page needs it), then carry the session over.
    const scripted = await browser.newContext({ javaScriptEnabled: true });
    const setup = await scripted.newPage();
    await signUpAndConfirm(setup, ORIGIN, newEmail('coupons-nojs'), PASSWORD);
    await page.context().addCookies(await scripted.cookies());
    await scripted.close();

    await page.goto(COUPONS);
    await page.getByLabel('Código del cupón').fill('caducado-no');
    await page.getByRole('button', { name: 'Añadir' }).click();
    await expect(page).toHaveURL(/error=COUPON_NOT_FOUND/);
    await expect(page.getByRole('alert').filter({ hasText: 'Este código de cupón no existe' })).toBeVisible();
    await expect(page.getByLabel('Código del cupón')).toHaveValue('caducado-no');

    await page.getByLabel('Código del cupón').fill('ampora5');
    await page.getByRole('button', { name: 'Añadir' }).click();
    await expect(page).toHaveURL(/added=AMPORA5/);
    await expect(page.locator('.coupon-card[data-coupon-status="ACTIVE"]')).toContainText('AMPORA5');

    await page.goto(CONFIGURATIONS);
    await expect(page.locator('[data-configurations-empty]')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ir al configurador de PC' })).toHaveAttribute('href', '/configurador');
  });
});
