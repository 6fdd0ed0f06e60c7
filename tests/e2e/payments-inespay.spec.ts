// Open banking end to end (docs/payments-inespay.md): a Spanish shopper, in Spanish, places an order
// with "Pago desde tu cuenta bancaria"; the gateway page sends them to Inespay's bank selection (the
// sandbox), they choose a bank, authorise on the bank's page with the test code and land on /cart/ok
// with the order paid (the return asks Inespay's status; the signed callback confirms it too).
import { expect, test } from '@playwright/test';
import { addShippingAddress, islandReady, newEmail, signUpAndConfirm } from './fixtures/account';
import { expectAccessible } from './fixtures/a11y';
import { addOwnProduct, submitStep, walkToSummary } from './fixtures/checkout';
import { channelUrl } from './fixtures/store';

const PASSWORD = 'correct horse battery';
const BANK_SELECTION = /\/inespay\/pay\/INP[0-9A-F]+$/;

test('Spain: pays from the bank account through Inespay and lands on the paid order', async ({ page }) => {
  test.setTimeout(180_000);
  const origin = channelUrl('es', '');
  await signUpAndConfirm(page, origin, newEmail('inespay'), PASSWORD);
  await page.goto(`${origin}/usuarios/panel/direcciones`);
  await addShippingAddress(page, { name: 'Ana', surname: 'García', street: 'Calle de Alcalá', number: '42', postalCode: '28014', city: 'Madrid', province: 'Madrid', phone: '612 345 678' });
  await addOwnProduct(page, origin);

  // The payment step offers the method in Spanish, right after the card methods; placing goes straight to Inespay's bank selection.
  let placedAt = 0;
  let orderNumber = '';
  page.on('request', (request) => {
    if (request.method() !== 'POST') return;
    if (/\/api\/checkout\/orders\/[^/]+\/place$/.test(request.url())) placedAt = Date.now();
    const started = /\/api\/orders\/payment\/gateway\/start\?orderId=([^&]+)/.exec(request.url());
    if (started) orderNumber = decodeURIComponent(started[1]!);
  });
  await walkToSummary(page, origin, '#payment-inespay', () => expect(page.getByRole('radio', { name: /Pago desde tu cuenta bancaria/ })).toBeChecked());
  await page.locator('#accept-conditions').check();
  await submitStep(page);
  await page.waitForURL(BANK_SELECTION, { timeout: 30_000 });
  expect(orderNumber).not.toBe('');
  const ms = Date.now() - placedAt;
  test.info().annotations.push({ type: 'place order → Inespay bank selection', description: `${ms} ms` });
  console.log(`Inespay: place order → bank selection ${ms} ms`);
  await expect(page.getByRole('heading', { name: 'Choose your bank' })).toBeVisible();
  await expectAccessible(page, 'Inespay bank selection page');

  // Our gateway page, opened again without starting: the button, in Spanish, back to the same payment at Inespay.
  const bankSelection = page.url();
  await page.goto(`${origin}/cart/payment/form-type/gw?orderId=${orderNumber}`);
  const island = await islandReady(page, 'gateway-redirect');
  await expect(island.getByRole('button', { name: 'Continuar en Inespay' })).toBeVisible();
  await expectAccessible(page, 'Inespay gateway page');
  await island.getByRole('button', { name: 'Continuar en Inespay' }).click();
  await page.waitForURL(bankSelection, { timeout: 30_000 });

  // Inespay's page: a Spanish test bank; then that bank's own page asks for the credentials and the code.
  await page.getByRole('radio', { name: 'CaixaBank (test)' }).check();
  await page.getByRole('button', { name: 'Continue to your bank' }).click();
  await page.waitForURL(/\/inespay\/pay\/INP[0-9A-F]+\/sca$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: /CaixaBank \(test\): authorise the transfer/ })).toBeVisible();
  await expectAccessible(page, 'Inespay bank SCA page');
  await page.getByLabel('User').fill('ana.garcia');
  await page.getByLabel('Password').fill('secret');
  await page.getByLabel('One-time code sent to your phone').fill('123456');
  await page.getByRole('button', { name: 'Authorise' }).click();

  await page.waitForURL((url) => url.origin === origin && url.pathname === '/cart/ok', { timeout: 30_000 });
  // Asked from the page (Node's resolver does not know *.localhost; the browser does).
  const state = await page.evaluate(async (n) => (await fetch(`/api/orders/payment/gateway/status?orderId=${encodeURIComponent(n)}`)).json() as Promise<{ data: unknown }>, orderNumber);
  expect(state.data).toMatchObject({ paymentResult: 'PROCESSED', resultCode: 'Authorised' });
});
