import { expect, test } from '@playwright/test';
import { islandReady } from './fixtures/account';
import { addOwnProduct, submitStep } from './fixtures/checkout';
import { channelUrl } from './fixtures/store';

test('Spain: a customer with store balance sends a phone to a collection point found by postal code, spends the balance and pays the rest by transfer', async ({ page }) => {
  const origin = channelUrl('es', '');
  await page.goto(`${origin}/login`);
  const login = await islandReady(page, 'login-form');
  await page.locator('#login-email').fill('ana@ampora.test');
  await page.locator('#login-password').fill('ampora-demo-1');
  await login.locator('button[type="submit"]').click();
  await page.waitForURL(`${origin}/usuarios/panel`);

  // Phones and watches are light enough for a collection point.
  const name = await addOwnProduct(page, origin, '/smartphones-y-telefonia', '');
  await page.goto(`${origin}/cart/address`);
  await islandReady(page, 'checkout-step');
  await submitStep(page);

  await page.waitForURL(`${origin}/cart/shipping`);
  await islandReady(page, 'checkout-step');
  await page.locator('#shipping-type-2').check();
  // The search starts from the address's postal code; the customer widens it by keyboard.
  const status = page.locator('.collection-points__status');
  await expect(status).toContainText('28014');
  await page.locator('#collection-point-cp').fill('28013');
  await page.locator('#collection-point-cp').press('Enter');
  await expect(status).toContainText('28013');
  const first = page.locator('input[name="collection-point"]').first();
  await first.check();
  const pointName = ((await page.locator(`label[for="${await first.getAttribute('id')}"] strong`).textContent()) ?? '').trim();
  expect(pointName).not.toBe('');
  await submitStep(page);

  await page.waitForURL(`${origin}/cart/payment`);
  await islandReady(page, 'checkout-step');
  const before = Number(await page.locator('[data-total-to-pay]').getAttribute('data-total-to-pay'));
  await page.locator('#use-balance').check();
  await expect(page.locator('[data-balance-spent]')).toHaveAttribute('data-balance-spent', '2500');
  await expect(page.locator('[data-total-to-pay]')).toHaveAttribute('data-total-to-pay', String(before - 2500));
  await islandReady(page, 'checkout-step');
  await page.locator('#payment-transferencia').check();
  await submitStep(page);

  await page.waitForURL(`${origin}/cart/summary`);
  await islandReady(page, 'checkout-step');
  await expect(page.locator('.checkout-summary')).toContainText(pointName);
  await expect(page.locator('.checkout-lines')).toContainText(name);
  await page.locator('#accept-conditions').check();
  await submitStep(page);

  await page.waitForURL(/\/cart\/ok\?orders=ES-/);
  await expect(page.locator('.order-card')).toContainText(name);

  // The balance screen shows the spend and nothing left.
  await page.goto(`${origin}/usuarios/panel/saldos`);
  await expect(page.locator('[data-balance-cents]')).toHaveAttribute('data-balance-cents', '0');
  await expect(page.locator('[data-movement-type="SPEND"] [data-change-cents]')).toHaveAttribute('data-change-cents', '-2500');
});
