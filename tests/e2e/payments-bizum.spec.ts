// Redsys end to end (docs/payments-redsys.md): a Spanish shopper, in Spanish, places an order with
// Bizum; the gateway page posts Redsys' signed form on its own, the shopper gives the test phone on
// the bank's page, confirms in the "app", and lands on /cart/ok with the order paid (by the signed
// notification and the signed return). Then the same with the card redirect (`tarjeta`) and its
// 3-D Secure step.
import { expect, test, type Page } from '@playwright/test';
import { addShippingAddress, islandReady, newEmail, signUpAndConfirm } from './fixtures/account';
import { expectAccessible } from './fixtures/a11y';
import { addOwnProduct, placeWithGateway } from './fixtures/checkout';
import { channelUrl } from './fixtures/store';

const PASSWORD = 'correct horse battery';
const BANK_PAGE = /\/redsys\/sis\/pago\/[0-9a-f]{24}$/;

async function shopperWithCart(page: Page, origin: string, label: string) {
  await signUpAndConfirm(page, origin, newEmail(label), PASSWORD);
  await page.goto(`${origin}/usuarios/panel/direcciones`);
  await addShippingAddress(page, { name: 'Ana', surname: 'García', street: 'Calle de Alcalá', number: '42', postalCode: '28014', city: 'Madrid', province: 'Madrid', phone: '612 345 678' });
  await addOwnProduct(page, origin);
}

/** Places the order with `method` and follows the gateway page to the bank's page; the order number and the time from "place order" to the bank's page. */
async function placeToTheBank(page: Page, origin: string, method: 'bizum' | 'tarjeta'): Promise<{ orderNumber: string; ms: number }> {
  let placedAt = 0;
  const onRequest = (request: { url(): string; method(): string }) => {
    if (request.method() === 'POST' && /\/api\/checkout\/orders\/[^/]+\/place$/.test(request.url())) placedAt = Date.now();
  };
  page.on('request', onRequest);
  const orderNumber = await placeWithGateway(page, origin, method);
  await page.waitForURL(BANK_PAGE, { timeout: 30_000 });
  const ms = Date.now() - placedAt;
  page.off('request', onRequest);
  return { orderNumber, ms };
}

async function paidAtOk(page: Page, origin: string, orderNumber: string) {
  await page.waitForURL((url) => url.origin === origin && url.pathname === '/cart/ok', { timeout: 30_000 });
  // Asked from the page (Node does not resolve the channels' *.localhost hosts).
  const state = await page.evaluate(async (number) => (await fetch(`/api/orders/payment/gateway/status?orderId=${number}`)).json() as Promise<{ data: unknown }>, orderNumber);
  expect(state.data).toMatchObject({ paymentResult: 'PROCESSED' });
}

test('Spain: pays with Bizum on the bank’s page and lands on the paid order', async ({ page }) => {
  test.setTimeout(180_000);
  const origin = channelUrl('es', '');
  await shopperWithCart(page, origin, 'bizum');

  const { orderNumber, ms } = await placeToTheBank(page, origin, 'bizum');
  test.info().annotations.push({ type: 'place order → Bizum page', description: `${ms} ms` });
  console.log(`Bizum: place order → bank page ${ms} ms`);
  await expect(page.getByRole('heading', { name: 'Pay with Bizum' })).toBeVisible();
  await expectAccessible(page, 'Redsys Bizum phone page');

  // Our gateway page, opened again without starting: the button, in Spanish; it takes the shopper back to the same Redsys session.
  const bankPage = page.url();
  await page.goto(`${origin}/cart/payment/form-type/gw?orderId=${orderNumber}`);
  const island = await islandReady(page, 'gateway-redirect');
  await expect(island.getByRole('button', { name: /Bizum/ })).toBeVisible();
  await expectAccessible(page, 'Bizum gateway page');
  await island.locator('[data-gateway-start]').click();
  await page.waitForURL(bankPage, { timeout: 30_000 });

  await page.getByLabel('Mobile phone registered with Bizum').fill('700 000 000');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: "Confirm in your bank's app" })).toBeVisible();
  await expectAccessible(page, 'Redsys Bizum confirmation page');
  await page.getByRole('button', { name: 'I confirmed it in the app' }).click();

  await paidAtOk(page, origin, orderNumber);
  await expect(page.locator('html')).toHaveAttribute('lang', /^es/);
});

test('Spain: pays by card on Redsys’ page through 3-D Secure', async ({ page }) => {
  test.setTimeout(180_000);
  const origin = channelUrl('es', '');
  await shopperWithCart(page, origin, 'tarjeta');

  const { orderNumber, ms } = await placeToTheBank(page, origin, 'tarjeta');
  test.info().annotations.push({ type: 'place order → card page', description: `${ms} ms` });
  console.log(`Card redirect: place order → bank page ${ms} ms`);
  await expectAccessible(page, 'Redsys card page');
  await page.getByLabel('Card number').fill('4548 8100 0000 0003');
  await page.getByLabel('Expiry date (MM/YY)').fill('12/49');
  await page.getByLabel('Security code (CVV)').fill('123');
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.getByRole('button', { name: 'Authenticate' }).click();

  await paidAtOk(page, origin, orderNumber);
});
