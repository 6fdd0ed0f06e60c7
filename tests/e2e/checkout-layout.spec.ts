/**
 * The basket's and the checkout steps' layout (issue 12, basket and checkout): on a 412 × 915 phone
 * the primary action sits in a bar at the bottom of the screen (visible without scrolling, in the
 * bottom third, at least 48 px tall, never over the step's last field), the order summary is
 * folded and opens from the keyboard, nothing scrolls sideways; on a 1366 × 768 desktop the
 * summary stays in view beside the step while the page scrolls; the step indicator marks the
 * current step and links the ones done; axe finds nothing on any step. Screenshots of each step
 * at both sizes go to test-results/screens/.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './fixtures/a11y';
import { addShippingAddress, islandReady, newEmail, signUpAndConfirm } from './fixtures/account';
import { addOwnProduct, submitStep } from './fixtures/checkout';
import { channelUrl } from './fixtures/store';

const PHONE = { width: 412, height: 915 };
const DESKTOP = { width: 1366, height: 768 };
const STEP_NAMES = ['Cesta', 'Direcciones', 'Entrega', 'Pago', 'Resumen'];

async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  // A full-page capture of a long step on a busy two-core machine once took over the 20 s of an action.
  await page.screenshot({ path: `test-results/screens/checkout-${name}.png`, fullPage: true, timeout: 60_000 });
}

/** The step indicator: the one current step (aria-current="step") and a link back to every step before it. */
async function expectStep(page: Page, index: number) {
  const steps = page.locator('nav .checkout-steps > li');
  await expect(steps).toHaveCount(STEP_NAMES.length);
  await expect(page.locator('.checkout-steps [aria-current="step"]')).toHaveCount(1);
  await expect(steps.nth(index)).toHaveAttribute('aria-current', 'step');
  await expect(steps.nth(index)).toContainText(STEP_NAMES[index]!);
  await expect(page.locator('.checkout-steps a')).toHaveCount(index);
  await expect(page.locator('.checkout-steps__status')).toContainText(`${index + 1}`);
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
}

/**
 * Phone: the primary action in view without scrolling, in the bottom third, ≥ 48 px tall; the
 * summary folded, opened and closed again from the keyboard; the last field of the step never
 * under the bar, even scrolled to the end.
 */
async function expectPhoneLayout(page: Page, primarySelector: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  const primary = page.locator(primarySelector);
  await expect(primary).toBeInViewport();
  const box = (await primary.boundingBox())!;
  expect(box.y, 'the primary action is in the bottom third').toBeGreaterThanOrEqual((PHONE.height * 2) / 3);
  expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
  expect(box.height).toBeGreaterThanOrEqual(48);
  expect(box.width, 'the primary action is a wide target').toBeGreaterThanOrEqual(PHONE.width / 2);

  const details = page.locator('.order-summary__details');
  const body = page.locator('.order-summary__body');
  await expect(details).not.toHaveAttribute('open');
  await expect(body).toBeHidden();
  await page.locator('.order-summary__toggle').focus();
  await page.keyboard.press('Enter');
  await expect(details).toHaveAttribute('open', '');
  await expect(body).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(details).not.toHaveAttribute('open');

  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const bar = (await page.locator('.checkout-bar').boundingBox())!;
  const lastField = page.locator('.checkout-layout__main').locator('input:not([type="hidden"]), select, button, a[href], summary').last();
  const field = (await lastField.boundingBox())!;
  expect(field.y + field.height, 'the bar covers the last field').toBeLessThanOrEqual(bar.y);
  await expectNoSidewaysScroll(page);
}

/** Desktop: the summary beside the step, unfolded, and still in view after scrolling down the page. */
async function expectDesktopLayout(page: Page) {
  await page.evaluate(() => window.scrollTo(0, 0));
  const summary = page.locator('.order-summary');
  const main = (await page.locator('.checkout-layout__main').boundingBox())!;
  const before = (await summary.boundingBox())!;
  expect(before.x, 'the summary stands beside the step').toBeGreaterThanOrEqual(main.x + main.width);
  await expect(page.locator('.order-summary__body')).toBeVisible();
  await expect(page.locator('.checkout-bar .button')).toBeVisible();
  // A step longer than the screen (a long list of addresses or methods): the summary must follow.
  await page.evaluate(() => {
    const filler = document.createElement('div');
    filler.style.height = '2000px';
    document.querySelector<HTMLDivElement>('.checkout-layout__main')!.appendChild(filler);
  });
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const scrolled = await page.evaluate(() => window.scrollY);
  // Scrolled past where the summary starts, so a summary that did not stick would have left the screen.
  expect(scrolled).toBeGreaterThan(before.y + 10);
  const after = (await summary.boundingBox())!;
  expect(after.y, 'the summary left the screen').toBeGreaterThanOrEqual(0);
  expect(after.y + after.height).toBeLessThanOrEqual(DESKTOP.height);
  await expectNoSidewaysScroll(page);
}

/** Hydrates the checkout step by focusing its first field (focus asks for hydration). */
async function stepReady(page: Page) {
  const island = page.locator('[data-island="checkout-step"]');
  await island.locator('input, button').first().focus();
  await expect(island).toHaveAttribute('data-hydrated', 'true');
}

test('basket and checkout steps: bottom action bar and folded summary on a phone, sticky summary on a desktop, step indicator, axe', async ({ page }) => {
  test.setTimeout(180_000);
  const origin = channelUrl('es', '');
  await page.setViewportSize(PHONE);
  await signUpAndConfirm(page, origin, newEmail('layout'), 'correct horse battery');
  await page.goto(`${origin}/usuarios/panel/direcciones`);
  await addShippingAddress(page, { name: 'Ana', surname: 'García', street: 'Calle de Alcalá', number: '42', postalCode: '28014', city: 'Madrid', province: 'Madrid', phone: '612 345 678' });
  await addOwnProduct(page, origin);

  // The basket: step 1 of 5.
  await page.goto(`${origin}/cart/shopping_basket`);
  await expectStep(page, 0);
  await expectPhoneLayout(page, '.basket__totals a.button--buy');
  await shot(page, 'basket-412');
  await islandReady(page, 'basket');
  await expectAccessible(page, 'basket on a phone');
  await page.setViewportSize(DESKTOP);
  await page.evaluate(() => window.scrollTo(0, 0));
  const main = (await page.locator('.checkout-layout__main').boundingBox())!;
  expect((await page.locator('.order-summary').boundingBox())!.x).toBeGreaterThanOrEqual(main.x + main.width);
  await expect(page.locator('[data-subtotal]')).toBeVisible();
  await shot(page, 'basket-1366');
  await page.setViewportSize(PHONE);
  await page.locator('.basket__totals a.button--buy').click();

  // Addresses.
  await page.waitForURL(`${origin}/cart/address`);
  await expectStep(page, 1);
  await expectPhoneLayout(page, '.checkout-form button[type="submit"]');
  await stepReady(page);
  await expectAccessible(page, 'address step on a phone');
  await shot(page, 'address-412');
  await submitStep(page);

  // Delivery.
  await page.waitForURL(`${origin}/cart/shipping`);
  await expectStep(page, 2);
  await stepReady(page);
  await page.locator('#shipping-type-1').check();
  await expectPhoneLayout(page, '.checkout-form button[type="submit"]');
  await expectAccessible(page, 'delivery step on a phone');
  await shot(page, 'delivery-412');
  await submitStep(page);

  // Payment: the coupon and gift card fields, the methods; then the desktop's sticky summary.
  await page.waitForURL(`${origin}/cart/payment`);
  await expectStep(page, 3);
  await stepReady(page);
  await page.locator('#payment-transferencia').check();
  await expectPhoneLayout(page, '.checkout-form button[type="submit"]');
  await expectAccessible(page, 'payment step on a phone');
  await shot(page, 'payment-412');
  await page.setViewportSize(DESKTOP);
  await expect(page.locator('[data-total-to-pay]')).toBeVisible();
  await expectAccessible(page, 'payment step on a desktop');
  await shot(page, 'payment-1366');
  await expectDesktopLayout(page);
  await page.setViewportSize(PHONE);
  await submitStep(page);

  // Summary: the last step, every earlier one a link back.
  await page.waitForURL(`${origin}/cart/summary`);
  await expectStep(page, 4);
  await stepReady(page);
  await expectPhoneLayout(page, '.checkout-form button[type="submit"]');
  await expectAccessible(page, 'summary step on a phone');
  await shot(page, 'summary-412');
  await page.setViewportSize(DESKTOP);
  await expectAccessible(page, 'summary step on a desktop');
  await shot(page, 'summary-1366');
  await expectDesktopLayout(page);
});
