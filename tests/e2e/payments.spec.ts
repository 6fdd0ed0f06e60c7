// Card payments end to end (issue 11): the checkout places the orders, adyen-web takes the card in
// the sandbox's secured fields, 3-D Secure runs in the page, and the result pages tell the shopper.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { addShippingAddress, islandReady, newEmail, signUpAndConfirm } from './fixtures/account';
import { expectAccessible } from './fixtures/a11y';
import { addOwnProduct } from './fixtures/checkout';
import { enterCard, passChallenge, pay, placeWithCard, recordScripts } from './fixtures/payments';
import { channelUrl } from './fixtures/store';

// The sandbox's 3-D Secure pages are served over HTTPS with a throwaway self-signed certificate.
test.use({ ignoreHTTPSErrors: true });

const PASSWORD = 'correct horse battery';

/** Requests that would leave the machine (the sandbox stands in for the provider). */
function offMachine(page: Page): string[] {
  const outside: string[] = [];
  page.on('request', (request) => {
    const host = new URL(request.url()).hostname;
    if (host !== '127.0.0.1' && host !== 'localhost' && !host.endsWith('.localhost') && !request.url().startsWith('data:')) outside.push(request.url());
  });
  page.on('console', (message) => {
    if (message.type() === 'error') console.log(`[browser] ${message.text()}`);
  });
  return outside;
}
const BUDGET_GZIP = 150 * 1024;

test('Spain: a new shopper pays by card with a 3-D Secure challenge and saves the card; the next order pays with the stored card; a refused card says why on /cart/ko', async ({ page }) => {
  test.setTimeout(180_000);
  const outside = offMachine(page);
  const origin = channelUrl('es', '');
  const email = newEmail('card');
  await signUpAndConfirm(page, origin, email, PASSWORD);
  await page.goto(`${origin}/usuarios/panel/direcciones`);
  await addShippingAddress(page, { name: 'Ana', surname: 'García', street: 'Calle de Alcalá', number: '42', postalCode: '28014', city: 'Madrid', province: 'Madrid', phone: '612 345 678' });

  // 1. A new card with a challenge, saved for next time.
  await addOwnProduct(page, origin);
  const paymentStep = recordScripts(page);
  paymentStep.start();
  await page.goto(`${origin}/cart/payment`);
  await islandReady(page, 'checkout-step');
  paymentStep.stop();
  // adyen-web loads only where the card form is (its chunk is named after client/payments/adyen-loader.ts).
  expect(paymentStep.urls().some((url) => url.includes('/assets/adyen-loader-'))).toBe(false);
  await expect(page.locator('input[name="payment"][value^="card-"]')).toHaveCount(0);

  const summary = recordScripts(page);
  await placeWithCard(page, origin, '#payment-adyen', summary);
  await expect(page.locator('.card-form h2')).toHaveText('Pago con tarjeta');
  await expectAccessible(page, 'card form on the summary');
  await enterCard(page, { number: '4917 6100 0000 0000', holder: 'Ana García', holderLabel: 'Titular de la tarjeta', saveLabel: 'Guardar esta tarjeta para mis próximos pagos' });
  await pay(page);
  await expect(page.locator('.card-form')).toHaveAttribute('data-phase', 'action');
  await passChallenge(page);
  await page.waitForURL(/\/cart\/ok\?orderId=ES-/, { timeout: 30_000 });
  expect(summary.urls().some((url) => url.includes('/assets/adyen-loader-'))).toBe(true);
  const gzip = await summary.gzipBytes();
  test.info().annotations.push({ type: 'js-gzip-summary-with-card-form', description: `${(gzip / 1024).toFixed(1)} KB (budget ${BUDGET_GZIP / 1024} KB)` });
  const paymentGzip = await paymentStep.gzipBytes();
  console.log(`JS gzip: payment step ${(paymentGzip / 1024).toFixed(1)} KB (${paymentStep.urls().length} scripts); summary with the card form ${(gzip / 1024).toFixed(1)} KB (${summary.urls().length} scripts): ${summary.urls().map((u) => new URL(u).pathname.split('/').pop()).join(' ')}`);
  const first = new URL(page.url()).searchParams.get('orderId')!;
  await expect(page.locator('.payment-status')).toHaveAttribute('data-payment', 'paid');
  await expectAccessible(page, '/cart/ok after a card payment');
  await expect(page.locator(`.order-card[data-order-number="${first}"]`)).toBeVisible();

  // 2. The next order: the stored card is offered on the payment step and pays without a challenge.
  await addOwnProduct(page, origin);
  await page.goto(`${origin}/cart/payment`);
  await islandReady(page, 'checkout-step');
  const stored = page.locator('input[name="payment"][value^="card-"]');
  await expect(stored).toHaveCount(1);
  await expect(page.locator(`label[for="${await stored.getAttribute('id')}"]`)).toContainText('Visa terminada en 0000');
  await placeWithCard(page, origin, 'input[name="payment"][value^="card-"]');
  // The choice made on the payment step is the card the form pays with.
  await expect(page.locator('.card-form__stored input:checked')).toHaveCount(1);
  await expect(page.locator('.card-form__card')).toBeHidden();
  await pay(page);
  await page.waitForURL(/\/cart\/ok\?orderId=ES-/, { timeout: 30_000 });
  expect(new URL(page.url()).searchParams.get('orderId')).not.toBe(first);
  await expect(page.locator('.payment-status')).toHaveAttribute('data-payment', 'paid');

  // 3. A refused card (not enough balance): /cart/ko gives the reason and what to do next.
  await addOwnProduct(page, origin);
  await placeWithCard(page, origin, '#payment-adyen');
  await page.locator('.card-form__stored input[value="new"]').check();
  await enterCard(page, { number: '5201 2815 0512 9736', holder: 'NOT_ENOUGH_BALANCE', holderLabel: 'Titular de la tarjeta' });
  await pay(page);
  await page.waitForURL(/\/cart\/ko\?orderId=ES-/, { timeout: 30_000 });
  const refused = new URL(page.url()).searchParams.get('orderId')!;
  const failed = page.locator('.payment-failed');
  await expect(failed).toHaveAttribute('data-reason', 'funds_exceeded');
  await expect(failed).toContainText('La tarjeta no tiene saldo suficiente o ha alcanzado su límite.');
  await expect(failed.getByRole('link', { name: 'Intentarlo con otra tarjeta' })).toHaveAttribute('href', `/cart/payment/form-type/gw?orderId=${refused}`);
  await failed.getByRole('button', { name: 'Pagar más tarde' }).click();
  await expect(failed.locator('a[href^="/order/paynow/"]')).toBeVisible();
  await expectAccessible(page, '/cart/ko with its reason and the pay-later link');
  // Everything the pages and adyen-web loaded came from the store or the sandbox.
  expect(outside).toEqual([]);
});

test('Germany, in German: a frictionless card is paid without a challenge', async ({ page }) => {
  test.setTimeout(120_000);
  const outside = offMachine(page);
  const origin = channelUrl('de', '');
  // The demo customer (npm run seed:accounts) and her saved addresses.
  await page.goto(`${origin}/login`);
  const login = await islandReady(page, 'login-form');
  await page.locator('#login-email').fill('ana@ampora.test');
  await page.locator('#login-password').fill('ampora-demo-1');
  await login.locator('button[type="submit"]').click();
  await page.waitForURL((url) => url.pathname !== '/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
  await addOwnProduct(page, origin, '/suche');
  await placeWithCard(page, origin, '#payment-adyen');
  await expect(page.locator('.card-form h2')).toHaveText('Mit Karte bezahlen');
  await enterCard(page, { number: '5201 2815 0512 9736', holder: 'Jonas Müller', holderLabel: 'Name auf der Karte' });
  await pay(page);
  await page.waitForURL(/\/cart\/ok\?orderId=DE-/, { timeout: 30_000 });
  await expect(page.locator('iframe[name="threeDSIframe"]')).toHaveCount(0);
  await expect(page.locator('h1')).toHaveText('Vielen Dank für Ihre Bestellung');
  await expect(page.locator('.payment-status')).toHaveAttribute('data-payment', 'paid');
  expect(outside).toEqual([]);
});

test('Spain: the shopper leaves the 3-D Secure challenge with "Cancel and choose another way to pay", lands on /cart/ko (cancelled) and pays the order again', async ({ page }) => {
  test.setTimeout(150_000);
  const outside = offMachine(page);
  const origin = channelUrl('es', '');
  await signUpAndConfirm(page, origin, newEmail('card-leave'), PASSWORD);
  await page.goto(`${origin}/usuarios/panel/direcciones`);
  await addShippingAddress(page, { name: 'Ana', surname: 'García', street: 'Calle de Alcalá', number: '42', postalCode: '28014', city: 'Madrid', province: 'Madrid', phone: '612 345 678' });
  await addOwnProduct(page, origin);
  await placeWithCard(page, origin, '#payment-adyen');
  const leave = page.getByRole('button', { name: 'Cancelar y elegir otra forma de pago' });
  // No way out before the bank's step: the card form is all there is.
  await expect(leave).toHaveCount(0);
  await enterCard(page, { number: '4917 6100 0000 0000', holder: 'Ana García', holderLabel: 'Titular de la tarjeta' });
  await pay(page);
  await expect(page.locator('.card-form')).toHaveAttribute('data-phase', 'action');
  await expect(page.frameLocator('.card-form iframe[name="threeDSIframe"]').getByLabel('Password')).toBeVisible();
  await expect(leave).toBeVisible();
  // The form around the bank's step, the way out included (the step itself is the issuer's page, inside adyen-web's frame).
  const around = await new AxeBuilder({ page }).include('.card-form').exclude('.card-form__action').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  expect(around.violations.map((v) => v.id)).toEqual([]);
  // By keyboard, as any shopper may.
  await leave.focus();
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/cart\/ko\?orderId=ES-/, { timeout: 30_000 });
  const orderId = new URL(page.url()).searchParams.get('orderId')!;
  const failed = page.locator('.payment-failed');
  await expect(failed).toHaveAttribute('data-reason', 'cancelled_by_user');
  await expect(failed).toContainText('El pago se canceló antes de completarse.');
  // The order is still payable: another card pays it.
  await failed.getByRole('link', { name: 'Intentarlo con otra tarjeta' }).click();
  await page.waitForURL(`${origin}/cart/payment/form-type/gw?orderId=${orderId}`);
  await expect(page.locator('.card-form')).toHaveAttribute('data-phase', 'ready', { timeout: 20_000 });
  await expect(page.locator('.card-form .adyen-checkout__loading-input__form')).toHaveCSS('opacity', '1');
  await enterCard(page, { number: '5201 2815 0512 9736', holder: 'Ana García', holderLabel: 'Titular de la tarjeta' });
  await pay(page);
  await page.waitForURL(new RegExp(`/cart/ok\\?orderId=${orderId}`), { timeout: 30_000 });
  await expect(page.locator('.payment-status')).toHaveAttribute('data-payment', 'paid');
  expect(outside).toEqual([]);
});
