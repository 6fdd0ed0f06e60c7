/**
 * Accessibility of interactive states, not only of page loads: the search suggestions open, a
 * toast shown, the basket, the filters drawer open with a pending choice, a checkout alert and
 * the order-change-expired modal (fixtures/a11y.ts lists the rules checked).
 */
import { expect, test, type Page } from '@playwright/test';
import { accessibilityProblems, axeViolations, expectAccessible } from './fixtures/a11y';
import { addShippingAddress, islandReady, newEmail, signUpAndConfirm } from './fixtures/account';
import { addOwnProduct, submitStep } from './fixtures/checkout';
import { channelUrl, StorePage } from './fixtures/store';

test('the checks find what they look for: a link inside an option, a list of status toasts, a dangling reference', async ({ page }) => {
  await page.setContent(`<main>
    <input role="combobox" aria-label="Search" aria-controls="nowhere" aria-expanded="true">
    <ul role="listbox" aria-label="Suggestions"><li role="option" aria-selected="false"><a href="/p" tabindex="-1">Phone</a></li></ul>
    <ol class="toasts"><li role="status">Saved <button type="button" aria-label="Close">×</button></li></ol>
    <div role="dialog" aria-label="Open but not modal">Hi</div>
  </main>`);
  const rules = (await accessibilityProblems(page)).map((problem) => problem.rule);
  expect(rules).toEqual(expect.arrayContaining(['nested-interactive', 'list', 'idref:aria-controls', 'dialog-modal']));
  // axe finds the two the issue reported on these shapes.
  const axe = (await axeViolations(page)).map((problem) => problem.rule);
  expect(axe).toEqual(expect.arrayContaining(['axe:nested-interactive', 'axe:list']));
});

test('search suggestions open, and the page they sit on', async ({ page }) => {
  const store = new StorePage(page);
  await store.open(channelUrl('es', '/en/'));
  await expectAccessible(page, 'home page');
  const box = page.getByRole('combobox', { name: 'Search products' });
  await box.focus();
  await expect(page.locator('[data-island="search-box"]')).toHaveAttribute('data-hydrated', 'true');
  await box.pressSequentially('leno');
  await expect(page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option').first()).toBeVisible();
  await box.press('ArrowDown');
  await expect(box).toHaveAttribute('aria-activedescendant', /^suggestion-/);
  await expectAccessible(page, 'suggestions open, one active');
  // Choosing an option with the mouse goes to its page.
  const option = page.getByRole('option').first();
  const target = await option.getAttribute('data-href');
  await option.click();
  await expect(page).toHaveURL(new RegExp(`${target}$`));
});

test('a toast shown after adding to the basket, then the basket', async ({ page }) => {
  const origin = channelUrl('es', '');
  const name = await addOwnProduct(page, origin);
  await expect(page.locator('#toast-region').getByRole('status')).toContainText(name);
  await expectAccessible(page, 'product page with a toast');
  await page.goto(`${origin}/cart/shopping_basket`);
  await islandReady(page, 'basket');
  await expectAccessible(page, 'basket with a line');
});

test('the filters drawer open on a small screen with a filter ticked but not applied', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(channelUrl('es', '/search?query=a'));
  const drawer = await islandReady(page, 'filters-drawer');
  await drawer.locator('.filters-drawer__toggle').click();
  await expect(drawer.locator('.filters-drawer__toggle')).toHaveAttribute('aria-expanded', 'true');
  await drawer.locator('input[type="checkbox"]').first().check();
  await expect(drawer.locator('.filters-drawer__status')).not.toBeEmpty();
  await expectAccessible(page, 'filters drawer open');
});

/** Hydrates the checkout step by focusing its first field (focus asks for hydration). */
async function stepReady(page: Page) {
  const island = page.locator('[data-island="checkout-step"]');
  await island.locator('input, button').first().focus();
  await expect(island).toHaveAttribute('data-hydrated', 'true');
}

test('checkout: the alert of a refused step and the order-change-expired modal', async ({ page }) => {
  const origin = channelUrl('es', '');
  await signUpAndConfirm(page, origin, newEmail('a11y'), 'correct horse battery');
  await page.goto(`${origin}/usuarios/panel/direcciones`);
  await addShippingAddress(page, { name: 'Ana', surname: 'García', street: 'Calle de Alcalá', number: '42', postalCode: '28014', city: 'Madrid', province: 'Madrid', phone: '612 345 678' });
  await expectAccessible(page, 'address book with an address');
  await addOwnProduct(page, origin);
  await page.goto(`${origin}/cart/address`);
  await stepReady(page);
  await expectAccessible(page, 'checkout address step');
  await submitStep(page);
  await page.waitForURL(`${origin}/cart/shipping`);
  await stepReady(page);
  // Someone else collects at a shop: the browser's own checks speak the store's language.
  await page.locator('#shipping-type-3').check();
  await page.locator('#shop-71').check();
  await page.locator('#someone-else').check();
  await expectAccessible(page, 'checkout shop pickup by someone else');
  await submitStep(page);
  await expect(page).toHaveURL(`${origin}/cart/shipping`);
  expect(await page.locator('#picker-name').evaluate((input: HTMLInputElement) => input.validationMessage)).toBe('Este campo es obligatorio.');
  await page.locator('#picker-name').fill('A');
  await page.locator('#picker-document').fill('1');
  await submitStep(page);
  expect(await page.locator('#picker-name').evaluate((input: HTMLInputElement) => input.validationMessage)).toBe('Usa al menos 2 caracteres.');
  await page.locator('#picker-name').fill('Luis Pérez');
  await submitStep(page);
  expect(await page.locator('#picker-document').evaluate((input: HTMLInputElement) => input.validationMessage)).toBe('Este valor no tiene el formato esperado.');
  await page.locator('#someone-else').uncheck();
  await page.locator('#shipping-type-1').check();
  await expectAccessible(page, 'checkout shipping step');
  await submitStep(page);
  await page.waitForURL(`${origin}/cart/payment`);
  await stepReady(page);
  await page.locator('#payment-transferencia').check();
  await expectAccessible(page, 'checkout payment step');
  await submitStep(page);
  await page.waitForURL(`${origin}/cart/summary`);
  await stepReady(page);

  // Placing without accepting the conditions: the step's alert.
  await submitStep(page);
  await expect(page.locator('.checkout-form [role="alert"]').filter({ hasText: /\S/ }).first()).toBeVisible();
  await expectAccessible(page, 'checkout alert shown');

  // The order change ran out meanwhile (spec §8): the server's answer opens the modal.
  await page.route('**/api/checkout/orders/*/place', (route) =>
    route.fulfill({
      status: 409,
      contentType: 'application/json',
      body: JSON.stringify({ ok: false, data: null, err: { message: JSON.stringify({ type: 'conflict', code: 'ORDER_MODIFICATION_EXPIRED', message: 'expired' }) } }),
    }),
  );
  await page.locator('#accept-conditions').check();
  await submitStep(page);
  const modal = page.getByRole('dialog');
  await expect(modal).toBeVisible();
  await expectAccessible(page, 'order-change-expired modal open');
});
