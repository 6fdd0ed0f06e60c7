// PayPal end to end (docs/payments-paypal.md): a new French shopper, in French, places an order with
// PayPal; the form-type gateway page starts the payment on its own and takes the shopper to the
// sandbox's approval page; "Pay now" brings them back, the store captures, and /cart/ok shows the
// order paid, in French. Measures the time from "place order" to PayPal's page.
import { expect, test } from '@playwright/test';
import { addShippingAddress, islandReady, newEmail, signUpAndConfirm } from './fixtures/account';
import { expectAccessible } from './fixtures/a11y';
import { addOwnProduct, placeWithGateway } from './fixtures/checkout';
import { channelUrl } from './fixtures/store';

const PASSWORD = 'correct horse battery';
const APPROVAL_PAGE = /\/paypal\/checkoutnow\?token=[A-Z0-9]{17}$/;

test('France, in French: pays with PayPal on its approval page and lands on the paid order', async ({ page }) => {
  test.setTimeout(180_000);
  const origin = channelUrl('fr', '');
  await signUpAndConfirm(page, origin, newEmail('paypal-fr'), PASSWORD);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-FR');
  await page.goto(`${origin}/compte/adresses`);
  await addShippingAddress(page, { name: 'Marie', surname: 'Dupont', street: 'Rue de Rivoli', number: '42', postalCode: '75001', city: 'Paris', province: 'Paris', phone: '06 12 34 56 78' });
  await addOwnProduct(page, origin, '/recherche');

  let placedAt = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/api\/checkout\/orders\/[^/]+\/place$/.test(request.url())) placedAt = Date.now();
  });
  const orderNumber = await placeWithGateway(page, origin, 'paypal');
  await page.waitForURL(APPROVAL_PAGE, { timeout: 30_000 });
  const ms = Date.now() - placedAt;
  test.info().annotations.push({ type: 'place order → PayPal page', description: `${ms} ms` });
  console.log(`PayPal: place order → approval page ${ms} ms`);
  await expect(page.getByRole('heading', { name: 'PayPal Sandbox: pay with PayPal' })).toBeVisible();
  await expect(page.getByText(orderNumber)).toBeVisible();
  await expectAccessible(page, 'PayPal sandbox approval page');
  const approvalPage = page.url();

  // Our gateway page, opened again without starting: the button, in French; it leads to the same PayPal order.
  await page.goto(`${origin}/cart/payment/form-type/gw?orderId=${orderNumber}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-FR');
  const island = await islandReady(page, 'gateway-redirect');
  await expect(island.getByRole('button', { name: /PayPal/ })).toBeVisible();
  await expectAccessible(page, 'PayPal gateway page');
  await island.locator('[data-gateway-start]').click();
  await page.waitForURL(approvalPage, { timeout: 30_000 });

  await page.getByRole('button', { name: 'Pay now', exact: true }).click();
  await page.waitForURL((url) => url.origin === origin && url.pathname === '/cart/ok', { timeout: 30_000 });
  expect(new URL(page.url()).searchParams.get('orderId')).toBe(orderNumber);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-FR');
  await expect(page.locator('.payment-status')).toHaveAttribute('data-payment', 'paid');
  // Asked from the page (Node does not resolve the channels' *.localhost hosts).
  const state = (await page.evaluate(async (number) => (await fetch(`/api/orders/payment/gateway/status?orderId=${number}`)).json(), orderNumber)) as { data: unknown };
  expect(state.data).toMatchObject({ paymentResult: 'PROCESSED' });
});
