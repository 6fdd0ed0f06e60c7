// The addresses step adds and edits addresses itself: a new shopper with no address fills the
// address book's form inside the checkout, by keyboard, and goes on to delivery without a trip
// to the account pages.
import { expect, test } from '@playwright/test';
import { islandReady, newEmail, signUpAndConfirm } from './fixtures/account';
import { expectAccessible } from './fixtures/a11y';
import { addOwnProduct, submitStep } from './fixtures/checkout';
import { channelUrl } from './fixtures/store';

test('a new shopper adds a shipping address in the checkout, edits it there, and reaches the delivery step', async ({ page }) => {
  const origin = channelUrl('es', '');
  await signUpAndConfirm(page, origin, newEmail('checkout-address'), 'correct horse battery');
  await addOwnProduct(page, origin);

  await page.goto(`${origin}/cart/address`);
  const step = await islandReady(page, 'checkout-step');
  // No address yet: the form is open in the step, and the page does not send the shopper away.
  await expect(step.locator('.address-form')).toBeVisible();
  await expect(step.locator('a[href*="direcciones"]')).toHaveCount(0);
  await page.locator('#shipping-name').fill('Ana');
  await page.locator('#shipping-surname').fill('García');
  await page.locator('#shipping-address').fill('Calle de Alcalá');
  await page.locator('#shipping-streetNumber').fill('42');
  await page.locator('#shipping-optionalInformation').fill('3º B');
  await page.locator('#shipping-postalCode').fill('28014');
  await page.locator('#shipping-city').fill('Madrid');
  // The Spanish postal code decides the province: it is chosen for the shopper.
  await expect(page.locator('#shipping-provinceId option:checked')).toHaveText('Madrid');
  await page.locator('#shipping-phone').fill('612 345 678');
  await expectAccessible(page, 'checkout: new address form');
  // Enter in the last field saves, as in any form.
  await page.locator('#shipping-phone').press('Enter');

  await expect(step.locator('.address-form')).toHaveCount(0);
  const chosen = step.locator('input[name="shipping"]:checked');
  await expect(chosen).toBeFocused();
  await expect(step.locator(`label[for="${await chosen.getAttribute('id')}"]`)).toHaveText('Ana García, Calle de Alcalá 42, 3º B, 28014 Madrid (Madrid)');
  await expect(step.locator('[role="status"]').first()).not.toBeEmpty();

  // Edit the chosen address in place; the focus goes to the form's title, then back to the choice.
  await page.locator('#shipping-edit').click();
  await expect(step.locator('.address-form').getByRole('heading')).toBeFocused();
  await expect(page.locator('#shipping-address')).toHaveValue('Calle de Alcalá');
  await page.locator('#shipping-streetNumber').fill('44');
  await step.locator('.address-form button[type="submit"]').click();
  await expect(step.locator('.address-form')).toHaveCount(0);
  await expect(step.locator('input[name="shipping"]')).toHaveCount(1);
  await expect(step.locator('input[name="shipping"]:checked + label')).toContainText('Calle de Alcalá 44, 3º B');
  await expect(page).toHaveURL(`${origin}/cart/address`);
  await expectAccessible(page, 'checkout: address chosen');

  await submitStep(page);
  await page.waitForURL(`${origin}/cart/shipping`);
  await islandReady(page, 'checkout-step');
  await expect(page.locator('#shipping-type-1')).toBeEnabled();
});
