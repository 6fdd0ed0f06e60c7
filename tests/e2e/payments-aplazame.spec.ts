// Aplazame end to end (docs/payments-aplazame.md): a Spanish shopper, in Spanish, places an order
// with Aplazame. The sandbox is told to fail the next checkout, so the gateway page's first start
// gets 695102 and its retry, 1 s later, opens Aplazame's checkout in the page's frame (spec §4). The
// shopper confirms with a DNI Aplazame accepts; Aplazame's confirmation notification is answered
// "ok" by the store, the whole window comes back to the return page and lands on /cart/ok, paid.
import { expect, test, type Page } from '@playwright/test';
import { addShippingAddress, islandReady, newEmail, signUpAndConfirm } from './fixtures/account';
import { expectAccessible } from './fixtures/a11y';
import { addOwnProduct, placeWithGateway } from './fixtures/checkout';
import { channelUrl } from './fixtures/store';
import { E2E_PORT } from './playwright.config';

const PASSWORD = 'correct horse battery';
/** The gateways sandbox beside the e2e store (tests/e2e/server.mjs). */
const SANDBOX = `http://127.0.0.1:${process.env.GATEWAYS_SANDBOX_PORT ?? E2E_PORT + 1011}/aplazame`;

async function paidAtOk(page: Page, origin: string, orderNumber: string) {
  await page.waitForURL((url) => url.origin === origin && url.pathname === '/cart/ok', { timeout: 30_000 });
  // Asked from the page (Node does not resolve the channels' *.localhost hosts).
  const state = (await page.evaluate(async (number) => (await fetch(`/api/orders/payment/gateway/status?orderId=${number}`)).json(), orderNumber)) as { data: unknown };
  expect(state.data).toMatchObject({ paymentResult: 'PROCESSED' });
}

test('Spain: pays in instalments with Aplazame, through one 695102 retry, and lands on the paid order', async ({ page }) => {
  test.setTimeout(180_000);
  const origin = channelUrl('es', '');
  await signUpAndConfirm(page, origin, newEmail('aplazame'), PASSWORD);
  await page.goto(`${origin}/usuarios/panel/direcciones`);
  await addShippingAddress(page, { name: 'Ana', surname: 'García', street: 'Calle de Alcalá', number: '42', postalCode: '28014', city: 'Madrid', province: 'Madrid', phone: '612 345 678' });
  await addOwnProduct(page, origin);

  // Aplazame cannot open the next checkout: its temporary error, our 695102.
  const failNext = await fetch(`${SANDBOX}/__sandbox/fail-next`, { method: 'POST', body: JSON.stringify({ orderPrefix: 'ES-', status: 503 }) });
  expect(failNext.status).toBe(204);

  let placedAt = 0;
  const inits: { status: number; body: { err: { message: string } | null } }[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/api\/checkout\/orders\/[^/]+\/place$/.test(request.url())) placedAt = Date.now();
  });
  page.on('response', (response) => {
    if (/\/api\/orders\/transaction\/aplazame\/init\//.test(response.url())) void response.json().then((body) => inits.push({ status: response.status(), body }));
  });
  const orderNumber = await placeWithGateway(page, origin, 'aplazame', '/cart/payment/aplazame/gw');
  const island = await islandReady(page, 'gateway-aplazame');
  const frame = page.frameLocator('iframe[data-aplazame-checkout]');
  await expect(frame.getByRole('heading', { name: 'Pay in instalments with Aplazame (sandbox)' })).toBeVisible({ timeout: 30_000 });
  const ms = Date.now() - placedAt;
  test.info().annotations.push({ type: 'place order → Aplazame page', description: `${ms} ms (including the 1 s retry)` });
  console.log(`Aplazame: place order → Aplazame page ${ms} ms (including the 1 s retry)`);

  // The first start was refused with 695102, the one retry opened the checkout.
  expect(inits.map((init) => init.status)).toEqual([409, 200]);
  expect(JSON.parse(inits[0]!.body.err!.message)).toMatchObject({ code: 695102 });

  // The gateway page, in Spanish: the amount, Aplazame's terms, the checkout in a titled frame.
  await expect(page.locator('html')).toHaveAttribute('lang', /^es/);
  await expect(island.getByRole('heading', { name: /a plazos con Aplazame/ })).toBeVisible();
  await expect(island.getByText(/sujetos a la aprobación de Aplazame/)).toBeVisible();
  await expect(page.getByTitle('Página de pago segura de Aplazame')).toBeVisible();
  await expect(island.getByRole('button', { name: 'Cancelar y elegir otra forma de pago' })).toBeVisible();
  await expectAccessible(page, 'Aplazame gateway page');

  // On Aplazame's page: the DNI of an accepted application, then back to the store.
  await frame.getByLabel('DNI / NIE').fill('12345678Z');
  await frame.getByRole('button', { name: 'Confirm and pay with Aplazame' }).click();
  await paidAtOk(page, origin, orderNumber);
});
