// Multibanco end to end (issue 14, docs/payments-sibs.md): a Portuguese shopper, in Portuguese,
// places an order with Multibanco, the gateway page shows the entity, reference, amount and expiry,
// the account's order shows them too; the test pays the reference at the SIBS sandbox's "ATM", the
// sandbox's encrypted notification confirms the order, and the account shows it paid.
import { expect, test } from '@playwright/test';
import { addShippingAddress, newEmail, signUpAndConfirm } from './fixtures/account';
import { expectAccessible } from './fixtures/a11y';
import { addOwnProduct, placeWithGateway } from './fixtures/checkout';
import { channelUrl, E2E_PORT } from './fixtures/store';

const PASSWORD = 'correct horse battery';
const SIBS = `http://127.0.0.1:${Number(E2E_PORT) + 1011}/sibs`;

test('Portugal, in Portuguese: a Multibanco reference shown on the gateway page and in the account, paid later at an ATM', async ({ page, context }) => {
  test.setTimeout(180_000);
  const origin = channelUrl('pt', '');
  await signUpAndConfirm(page, origin, newEmail('multibanco'), PASSWORD);
  await page.goto(`${origin}/utilizadores/painel/moradas`);
  await addShippingAddress(page, { name: 'Rui', surname: 'Costa', street: 'Rua de Santa Catarina', number: '10', postalCode: '1100-048', city: 'Lisboa', province: 'Lisboa', phone: '912 345 678' });
  await addOwnProduct(page, origin, '/pesquisa');
  const orderId = await placeWithGateway(page, origin, 'multibanco');

  // Straight from placing the order, the reference is asked for at once (so the island may have no button left to wait on).
  await expect(page.locator('[data-island="gateway-multibanco"]')).toHaveAttribute('data-hydrated', 'true', { timeout: 30_000 });
  const voucher = page.locator('[data-multibanco-ready] .multibanco-voucher');
  await expect(voucher).toBeVisible({ timeout: 30_000 });
  await expect(voucher.getByRole('heading', { name: 'Pagar com Multibanco' })).toBeVisible();
  const entity = (await voucher.locator('[data-multibanco-entity]').textContent())!.trim();
  const reference = (await voucher.getAttribute('data-multibanco-reference'))!;
  expect(entity).toMatch(/^\d{5}$/);
  expect(reference).toMatch(/^\d{9}$/);
  await expect(voucher.locator('[data-multibanco-ref]')).toHaveText(reference.replace(/(\d{3})(?=\d)/g, '$1 '));
  await expect(voucher.locator('dt').nth(1)).toHaveText('Referência');
  await expectAccessible(page, 'Multibanco gateway page with the reference');

  // The order in the account shows the same reference while it waits.
  await page.getByRole('link', { name: 'Ver a sua encomenda' }).click();
  await expect(page.locator(`.order-detail[data-order-number="${orderId}"]`)).toBeVisible();
  await expect(page.locator(`.multibanco-voucher[data-multibanco-reference="${reference}"]`)).toBeVisible();
  await expect(page.locator('.account-order__payment').first()).toHaveAttribute('data-paid', 'false');
  const detailUrl = page.url();

  // Paid later, at an ATM.
  const atm = await context.newPage();
  await atm.goto(`${SIBS}/atm`);
  await atm.getByLabel('Entity').fill(entity);
  await atm.getByLabel('Reference').fill(reference);
  await atm.getByRole('button', { name: 'Pay this reference' }).click();
  await expect(atm.getByRole('status')).toContainText(`reference ${reference}`);

  // The notification reaches the store on its own; the account then shows the order paid.
  await expect
    .poll(
      async () => {
        await page.goto(detailUrl);
        return page.locator('.account-order__payment').first().getAttribute('data-paid');
      },
      { timeout: 30_000, intervals: [500, 1000, 2000] },
    )
    .toBe('true');
  await expect(page.locator('.multibanco-voucher')).toHaveCount(0);
  await expect(page.locator(`.order-detail[data-order-number="${orderId}"]`)).not.toHaveAttribute('data-state', 'awaiting_payment');
});
