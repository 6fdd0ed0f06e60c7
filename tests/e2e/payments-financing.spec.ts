// Financing end to end (docs/payments-financing.md): a Spanish shopper, in Spanish, places an order
// with Lendismart, chooses the term on the gateway page, fills the application on the sandbox's
// page with the approving test identity, and lands on /cart/ok with the order paid.
import { expect, test } from '@playwright/test';
import { addShippingAddress, islandReady, newEmail, signUpAndConfirm } from './fixtures/account';
import { expectAccessible } from './fixtures/a11y';
import { addOwnProduct, placeWithGateway } from './fixtures/checkout';
import { channelUrl } from './fixtures/store';

const PASSWORD = 'correct horse battery';
/** The sandbox's identity that is approved at once. */
const APPROVED_DNI = '00000000T';

test('Spain: Lendismart over 24 months, approved on the lender’s page, pays the order', async ({ page }) => {
  test.setTimeout(180_000);
  const origin = channelUrl('es', '');
  await signUpAndConfirm(page, origin, newEmail('financing'), PASSWORD);
  await page.goto(`${origin}/usuarios/panel/direcciones`);
  await addShippingAddress(page, { name: 'Ana', surname: 'García', street: 'Calle de Alcalá', number: '42', postalCode: '28014', city: 'Madrid', province: 'Madrid', phone: '612 345 678' });
  // Lendismart finances from 90 €, and not refurbished items.
  await addOwnProduct(page, origin, '/informatica', 'condition=new&price_from=100&');

  const orderNumber = await placeWithGateway(page, origin, 'lendismart', '/cart/payment/lendismart/gw');
  const island = await islandReady(page, 'gateway-financing');
  // A term to choose: nothing starts on load.
  await expect(page).toHaveURL(/\/cart\/payment\/lendismart\/gw/);
  const terms = island.getByRole('group', { name: 'Número de cuotas mensuales' });
  await expect(terms.getByRole('radio')).toHaveCount(7);
  await expect(terms.getByRole('radio', { name: '12 meses' })).toBeChecked();
  await expectAccessible(page, 'financing gateway page');
  await terms.getByRole('radio', { name: '24 meses' }).check();
  await island.getByRole('button', { name: 'Continuar en Lendismart' }).click();

  // The lender's application page (the sandbox).
  await page.waitForURL(/\/financing\/apply\/app_/, { timeout: 30_000 });
  await expect(page.getByText('over 24 months')).toBeVisible();
  await page.getByLabel('Document ID (DNI or NIE)').fill(APPROVED_DNI);
  await page.getByRole('button', { name: 'Submit application' }).click();

  await page.waitForURL(/\/cart\/ok/, { timeout: 30_000 });
  // Asked from the page: the channel hosts resolve only in the browser.
  const state = await page.evaluate(async (order) => (await (await fetch(`/api/orders/payment/gateway/status?orderId=${order}`)).json()) as { data: unknown }, orderNumber);
  expect(state.data).toMatchObject({ paymentResult: 'PROCESSED' });
});
