// Returns without JavaScript (issue 13): a shopper buys by bank transfer; staff mark it paid and
// prepare, ship and deliver it from the back-office; the shopper's returns screen is accessible
// with the form hydrated; then, in a browser without script, the shopper returns one unit (the
// plain form posts and comes back to the list), downloads the label PDF and cancels the return.
import { expect, test } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { addShippingAddress, islandReady, newEmail, signUpAndConfirm } from './fixtures/account';
import { expectAccessible } from './fixtures/a11y';
import { addOwnProduct, placeByTransfer } from './fixtures/checkout';
import { channelUrl } from './fixtures/store';
import { signInAsStaff } from './fixtures/staff';

const PASSWORD = 'correct horse battery';
/** The demo staff member (scripts/seed/demo-accounts.ts). */

test('Spain: a delivered order returned without JavaScript, its label, and the return cancelled', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const origin = channelUrl('es', '');
  let orderNumber = '';

  await test.step('a new shopper buys one article by bank transfer', async () => {
    await signUpAndConfirm(page, origin, newEmail('devoluciones'), PASSWORD);
    await page.goto(`${origin}/usuarios/panel/direcciones`);
    await addShippingAddress(page, { name: 'Marta', surname: 'Ruiz', street: 'Calle de Toledo', number: '20', postalCode: '28005', city: 'Madrid', province: 'Madrid', phone: '612 345 679' });
    await addOwnProduct(page, origin);
    orderNumber = await placeByTransfer(page, origin);
  });

  await test.step('before delivery the screen says the order cannot be returned yet', async () => {
    await page.goto(`${origin}/usuarios/panel/devoluciones?order=${encodeURIComponent(orderNumber)}`);
    await expect(page.getByText(`El pedido ${orderNumber} aún no se puede devolver: todavía no se ha entregado.`)).toBeVisible();
    await expect(page.locator('[data-island="return-form"]')).toHaveCount(0);
  });

  await test.step('staff mark the transfer received, then prepare, ship and deliver the order', async () => {
    const desk = await signInAsStaff(browser, origin);
    await desk.goto(`${origin}/admin/orders/${orderNumber}`);
    for (const [event, state] of [
      ['payment_received', 'confirmed'],
      ['prepare', 'preparing'],
      ['ship', 'shipped'],
      ['deliver', 'delivered'],
    ] as const) {
      const actions = await islandReady(desk, 'admin-order-actions');
      if (event === 'ship') await desk.locator('#admin-tracking').fill('SEUR-2026112507');
      await actions.locator(`button[data-event="${event}"]`).click();
      await expect(desk.locator('.admin-card[data-order-state]')).toHaveAttribute('data-order-state', state, { timeout: 15_000 });
    }
    await desk.context().close();
  });

  await test.step('the returns form is accessible once hydrated', async () => {
    await page.goto(`${origin}/usuarios/panel/devoluciones?order=${encodeURIComponent(orderNumber)}`);
    await expect(page.getByRole('heading', { name: `Devolver artículos del pedido ${orderNumber}` })).toBeVisible();
    await islandReady(page, 'return-form');
    await expectAccessible(page, 'returns screen with the return form');
  });

  const noScript = await browser.newContext({ storageState: await page.context().storageState(), javaScriptEnabled: false });
  const plain = await noScript.newPage();

  await test.step('without JavaScript the shopper returns one unit to the balance', async () => {
    await plain.goto(`${origin}/usuarios/panel/devoluciones?order=${encodeURIComponent(orderNumber)}`);
    const form = plain.locator('form[data-return-form="customer"]');
    await form.locator('input[id^="return-qty-"]').first().fill('1');
    await form.getByLabel('Motivo').selectOption({ label: 'Llegó dañado' });
    await form.getByLabel('A mi saldo de Ampora').check();
    await form.getByRole('button', { name: 'Solicitar la devolución' }).click();
    await plain.waitForURL(/\/usuarios\/panel\/devoluciones\?created=\d+$/);
    await expect(plain.getByRole('status')).toContainText('solicitada');
    await expect(plain.locator('[data-return-state="requested"]')).toHaveCount(1);
  });

  await test.step('the label is a PDF', async () => {
    const link = plain.getByRole('link', { name: 'Descargar la etiqueta de devolución (PDF)' });
    // *.localhost resolves in the browser, not in Node: the browser saves it.
    const [saved] = await Promise.all([plain.waitForEvent('download'), link.click()]);
    expect(saved.suggestedFilename()).toMatch(/^return-RT[A-Z2-9]{10}\.pdf$/);
    const bytes = await readFile((await saved.path())!);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  await test.step('without JavaScript the shopper cancels the return', async () => {
    await plain.getByRole('button', { name: 'Cancelar esta devolución' }).click();
    await plain.waitForURL(/\/usuarios\/panel\/devoluciones$/);
    await expect(plain.locator('[data-return-state="cancelled"]')).toHaveCount(1);
  });

  await noScript.close();
});
