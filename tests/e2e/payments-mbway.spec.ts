// MB WAY end to end (issue 14, docs/payments-sibs.md): a Portuguese shopper, in Portuguese, places
// an order with MB WAY, types the phone on the gateway page, accepts the request on the SIBS
// sandbox's phone page in another tab, and the gateway page (polling every 2 s) goes to /cart/ok
// paid. Reports the polling load: status calls made while the payment was pending.
import { expect, test } from '@playwright/test';
import { addShippingAddress, islandReady, newEmail, signUpAndConfirm } from './fixtures/account';
import { expectAccessible } from './fixtures/a11y';
import { addOwnProduct, placeWithGateway } from './fixtures/checkout';
import { channelUrl, E2E_PORT } from './fixtures/store';

const PASSWORD = 'correct horse battery';
/** The gateways sandbox beside the e2e store (tests/e2e/server.mjs: the store's port + 1011). */
const SIBS = `http://127.0.0.1:${Number(E2E_PORT) + 1011}/sibs`;

test('Portugal, in Portuguese: pays with MB WAY, accepted on the phone while the gateway page polls', async ({ page, context }) => {
  test.setTimeout(180_000);
  const origin = channelUrl('pt', '');
  await signUpAndConfirm(page, origin, newEmail('mbway'), PASSWORD);
  await page.goto(`${origin}/utilizadores/painel/moradas`);
  await addShippingAddress(page, { name: 'Ana', surname: 'Silva', street: 'Rua Augusta', number: '1', postalCode: '1100-048', city: 'Lisboa', province: 'Lisboa', phone: '+351 912 345 678' });
  await addOwnProduct(page, origin, '/pesquisa');
  const orderId = await placeWithGateway(page, origin, 'mbway', '/cart/payment/mb-way/gw');
  expect(orderId).toMatch(/^PT-/);

  const island = await islandReady(page, 'gateway-mbway');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-PT');
  const phone = page.getByLabel('Número de telemóvel associado ao MB WAY');
  // Prefilled from the order's address (a Portuguese mobile).
  await expect(phone).toHaveValue('912345678');
  await expectAccessible(page, 'MB WAY gateway page');

  // A number that is not a Portuguese mobile is refused in the page, in Portuguese.
  await phone.fill('612 345 678');
  await island.getByRole('button', { name: 'Pagar com MB WAY' }).click();
  await expect(page.locator('#mbway-phone-error')).toHaveText('Introduza um número de telemóvel português: 9 algarismos começados por 91, 92, 93 ou 96.');
  await expect(phone).toHaveAttribute('aria-invalid', 'true');

  let statusCalls = 0;
  let pendingSince = 0;
  page.on('request', (request) => {
    if (request.url().includes('/api/orders/payment/sibs/transaction/')) statusCalls += 1;
  });
  await phone.fill('911 234 567');
  await island.getByRole('button', { name: 'Pagar com MB WAY' }).click();
  await expect(page.getByRole('heading', { name: 'Aceite o pagamento na sua app MB WAY' })).toBeVisible();
  pendingSince = Date.now();
  await expect(page.locator('.gateway-mbway__time')).toContainText('Tempo restante: 0');
  await expectAccessible(page, 'MB WAY gateway page waiting for the app');

  // The shopper's phone, in another tab: the request is listed and accepted.
  const phonePage = await context.newPage();
  await phonePage.goto(`${SIBS}/mbway/phone?phone=911234567`);
  await expect(phonePage.locator('li[data-transaction]')).toHaveCount(1);
  // Let the page poll a few times first, as a shopper reaching for the phone would.
  await page.waitForTimeout(5_000);
  await phonePage.getByRole('button', { name: /^Accept/ }).click();
  await expect(phonePage.getByText('No payment requests for this phone.')).toBeVisible();

  await page.waitForURL((url) => url.pathname === '/cart/ok' && url.searchParams.get('orderId') === orderId, { timeout: 30_000 });
  const pendingMs = Date.now() - pendingSince;
  await expect(page.locator('.payment-status')).toHaveAttribute('data-payment', 'paid');
  await expect(page.locator(`.order-card[data-order-number="${orderId}"]`)).toBeVisible();
  const load = `${statusCalls} status calls over ${(pendingMs / 1000).toFixed(1)} s pending (one per 2 s; at most ${(5 * 60) / 2 + 3} for a request left unanswered for its whole 5-minute window)`;
  test.info().annotations.push({ type: 'mbway-polling-load', description: load });
  console.log(`MB WAY polling load: ${load}`);
  expect(statusCalls).toBeGreaterThan(0);
});
