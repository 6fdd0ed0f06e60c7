// Oney end to end (docs/payments-oney.md): an Italian shopper, in Italian, with a basket between
// 60 and 2,500 € sees Oney's plans in 3 and 4 instalments in the payment step, chooses 3, accepts
// Oney's terms, places the order, approves the instalments on the Adyen sandbox's Oney page and
// comes back to /cart/ok with the order paid.
import { expect, test } from '@playwright/test';
import { addShippingAddress, islandReady, newEmail, signUpAndConfirm } from './fixtures/account';
import { expectAccessible } from './fixtures/a11y';
import { addOwnProduct, submitStep } from './fixtures/checkout';
import { channelUrl } from './fixtures/store';

const PASSWORD = 'correct horse battery';
const MILANO = { name: 'Giulia', surname: 'Rossi', street: 'Via Roma', number: '10', postalCode: '20121', city: 'Milano', province: 'Milano', phone: '312 345 6789' };

test('Italy: sees Oney’s plans, pays in 3 instalments and lands on the paid order', async ({ page }) => {
  test.setTimeout(180_000);
  const origin = channelUrl('it', '');
  await signUpAndConfirm(page, origin, newEmail('oney'), PASSWORD);
  await page.goto(`${origin}/utenti/pannello/indirizzi`);
  await addShippingAddress(page, MILANO);
  await addOwnProduct(page, origin, '/cerca');

  await page.goto(`${origin}/cart/address`);
  await islandReady(page, 'checkout-step');
  await submitStep(page);
  await page.waitForURL(`${origin}/cart/shipping`, { timeout: 30_000 });
  await islandReady(page, 'checkout-step');
  await page.locator('#shipping-type-1').check();
  await submitStep(page);
  await page.waitForURL(`${origin}/cart/payment`, { timeout: 30_000 });
  const step = await islandReady(page, 'checkout-step');
  await expect(page.locator('html')).toHaveAttribute('lang', /^it/);

  // Oney is offered on the Italian store; choosing it shows both plans, in Italian.
  await step.locator('#payment-oney').check();
  const plans = step.getByRole('group', { name: 'Paga a rate con Oney' });
  await expect(plans).toBeVisible({ timeout: 15_000 });
  await expect(plans.getByLabel('3 rate')).toBeChecked();
  await expect(plans.getByLabel('4 rate')).toBeVisible();
  await expect(plans.locator('#oney-variant-3x-plan li')).toHaveCount(3);
  await expect(plans.locator('#oney-variant-4x-plan li')).toHaveCount(4);
  await expect(plans.locator('#oney-variant-3x-plan li').first()).toContainText('Oggi');
  await expect(plans.locator('#oney-variant-3x-plan')).toContainText('TAEG');
  await expectAccessible(page, 'payment step with Oney’s plans');

  // Without the terms the step says so and stays.
  await submitStep(page);
  await expect(step.getByText('Accetta i termini e le condizioni di Oney', { exact: false })).toBeVisible();
  await expect(page).toHaveURL(`${origin}/cart/payment`);

  await plans.getByLabel('3 rate').check();
  await plans.locator('#oney-terms').check();
  await submitStep(page);
  await page.waitForURL(`${origin}/cart/summary`, { timeout: 30_000 });
  await islandReady(page, 'checkout-step');
  await page.locator('#accept-conditions').check();
  const placedAt = Date.now();
  await submitStep(page);

  // The form-type page starts the payment at once and goes to Oney's page (the Adyen sandbox's).
  await expect(page.getByRole('heading', { name: 'Pay in 3 instalments with Oney' })).toBeVisible({ timeout: 30_000 });
  const ms = Date.now() - placedAt;
  test.info().annotations.push({ type: 'place order → Oney page', description: `${ms} ms` });
  console.log(`Oney: place order → Oney page ${ms} ms`);
  await page.getByRole('button', { name: 'Approve the instalments' }).click();

  await page.waitForURL((url) => url.origin === origin && url.pathname === '/cart/ok', { timeout: 30_000 });
  await expect(page.locator('html')).toHaveAttribute('lang', /^it/);
  const orderNumber = new URL(page.url()).searchParams.get('orderId')!;
  const state = await page.evaluate(async (number): Promise<{ data: unknown }> => (await fetch(`/api/orders/payment/gateway/status?orderId=${number}`)).json(), orderNumber);
  expect(state.data).toMatchObject({ paymentResult: 'PROCESSED' });
});
