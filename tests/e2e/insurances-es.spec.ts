// The account's insurance screens in Chromium (ES channel, Spanish): the empty states of the
// policies, renewals and new-policy screens, then a product bought with its extended warranty and
// paid by card shows as a policy in force; every screen axe-clean.
import { expect, test } from '@playwright/test';
import { addShippingAddress, newEmail, signUpAndConfirm } from './fixtures/account';
import { expectAccessible } from './fixtures/a11y';
import { addOwnProduct } from './fixtures/checkout';
import { enterCard, pay, placeWithCard } from './fixtures/payments';
import { channelUrl } from './fixtures/store';

test.use({ ignoreHTTPSErrors: true });

const PASSWORD = 'correct horse battery';

test('insurance: empty screens, then a product bought with its warranty becomes a policy in force', async ({ page }) => {
  test.setTimeout(240_000);
  const origin = channelUrl('es', '');
  await signUpAndConfirm(page, origin, newEmail('insurances'), PASSWORD);

  await page.goto(`${origin}/usuarios/panel/seguros`);
  await expect(page.getByRole('heading', { level: 1, name: 'Seguros' })).toBeVisible();
  await expect(page.locator('.insurance-empty')).toContainText('Todavía no tienes pólizas de seguro');
  await expectAccessible(page, 'insurances, empty');
  await page.getByRole('link', { name: 'Renovaciones' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Renovaciones de seguros' })).toBeVisible();
  await expect(page.locator('.insurance-empty')).toContainText('Ahora mismo no se puede renovar ninguna póliza.');
  await expectAccessible(page, 'insurance renewals, empty');
  await page.goto(`${origin}/usuarios/panel/insurances/new-policy`);
  await expect(page.getByRole('heading', { level: 1, name: 'Nueva póliza de seguro' })).toBeVisible();
  await expect(page.locator('.insurance-empty')).toBeVisible();
  await expectAccessible(page, 'new policy, empty');

  await page.goto(`${origin}/usuarios/panel/direcciones`);
  await addShippingAddress(page, { name: 'Lucía', surname: 'Martín', street: 'Calle Mayor', number: '7', postalCode: '28013', city: 'Madrid', province: 'Madrid', phone: '612 345 678' });
  // A product of the store with a warranty plan: the first one added whose basket line offers one.
  let articleName = '';
  for (let attempt = 0; attempt < 5 && !articleName; attempt++) {
    const name = await addOwnProduct(page, origin);
    const attached = await page.evaluate(async () => {
      type Line = { idLine: number; service: unknown; extendedInsurances: { id: number }[] };
      const { idCart } = ((await (await fetch('/api/checkout/cart/token')).json()) as { data: { idCart: string } }).data;
      const cart = ((await (await fetch(`/api/checkout/orders/${idCart}/cart`)).json()) as { data: { articles: Line[] } }).data;
      const line = cart.articles.find((a) => a.service === null && a.extendedInsurances.length > 0);
      if (!line) {
        await fetch(`/api/orders/${idCart}/cart`, { method: 'DELETE' });
        return false;
      }
      const answer = await fetch(`/api/orders/${idCart}/cart/${line.idLine}/services`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ kind: 'insurance', serviceId: line.extendedInsurances[0]!.id }) });
      return answer.ok;
    });
    if (attached) articleName = name;
  }
  expect(articleName, 'a product with a warranty plan').not.toBe('');
  await placeWithCard(page, origin, '#payment-adyen');
  await enterCard(page, { number: '5201 2815 0512 9736', holder: 'Lucía Martín', holderLabel: 'Titular de la tarjeta' });
  await pay(page);
  await page.waitForURL(/\/cart\/ok\?orderId=ES-/, { timeout: 30_000 });

  await page.goto(`${origin}/usuarios/panel/seguros`);
  const policy = page.locator('.policy').first();
  await expect(policy).toBeVisible({ timeout: 15_000 });
  await expect(policy.getByRole('heading', { level: 2 })).toHaveText(articleName);
  await expect(policy.locator('[data-policy-state="active"]')).toHaveText('Póliza vigente');
  await expect(policy).toContainText('Garantía ampliada');
  await expectAccessible(page, 'insurances, one policy');
});
