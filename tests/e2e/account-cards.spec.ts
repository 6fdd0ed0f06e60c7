// The account's saved cards in Chromium (ES channel, Spanish), against the Adyen sandbox the e2e
// server starts: a card stored at the provider is listed and removed through the confirmation
// dialog (keyboard and focus), a card is added with the provider's card form, 3-D Secure
// challenge included, and an order awaiting a transfer is paid by card from its pay-later link.
import { expect, test, type Page } from '@playwright/test';
import { islandReady, newEmail, signUpAndConfirm } from './fixtures/account';
import { expectAccessible } from './fixtures/a11y';
import { addOwnProduct } from './fixtures/checkout';
import { securedField, typeCard } from './fixtures/payments';
import { E2E_PORT } from './playwright.config';

const ORIGIN = `http://es.localhost:${E2E_PORT}`;
const CARDS = `${ORIGIN}/usuarios/panel/tarjetas`;
const PASSWORD = 'correct horse battery';

// The sandbox's 3-D Secure pages are HTTPS with a throwaway self-signed certificate.
test.use({ ignoreHTTPSErrors: true });

/** Stores a card at the provider as a purchase with "save this card" would (the sandbox's test encryption). */
async function storeCardThroughApi(page: Page, number: string, holderName: string) {
  const answer = await page.evaluate(
    async ({ number, holderName }) => {
      const response = await fetch('/api/user/adyen/new-card', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ paymentMethod: { type: 'scheme', encryptedCardNumber: `test_${number}`, encryptedExpiryMonth: 'test_03', encryptedExpiryYear: 'test_2030', encryptedSecurityCode: 'test_737', holderName } }),
      });
      return (await response.json()) as { data: { paymentResult: string } };
    },
    { number, holderName },
  );
  expect(answer.data.paymentResult).toBe('PROCESSED');
}

test('the account lists a stored card and removes it after confirming, by keyboard', async ({ page }) => {
  await signUpAndConfirm(page, ORIGIN, newEmail('cards'), PASSWORD);
  await page.goto(CARDS);
  await expect(page.locator('[data-cards-empty]')).toBeVisible();

  await storeCardThroughApi(page, '4111111111111111', 'Ana García');
  await storeCardThroughApi(page, '5555555555554444', 'Ana García');
  await page.reload();
  const list = page.locator('.saved-cards__list > li');
  await expect(list).toHaveCount(2);
  await expect(list.first()).toContainText('Visa');
  await expect(list.first()).toContainText('1111');
  await expect(list.first()).toContainText('03/2030');
  await expect(list.first()).toContainText('Ana García');
  await expect(list.nth(1)).toContainText('Mastercard');

  const island = await islandReady(page, 'stored-cards');
  const removeVisa = island.getByRole('button', { name: 'Eliminar la tarjeta Visa terminada en 1111' });
  await removeVisa.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: '¿Eliminar esta tarjeta?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Visa terminada en 1111');
  await expectAccessible(page, 'saved cards with the removal dialog open');
  // The safe choice has the focus; Escape keeps the card and gives the focus back.
  await expect(dialog.getByRole('button', { name: 'Conservar la tarjeta' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(removeVisa).toBeFocused();
  await expect(list).toHaveCount(2);

  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Eliminar tarjeta' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(list).toHaveCount(1);
  await expect(page.locator('[data-cards-status]')).toHaveText('Tarjeta eliminada: Visa terminada en 1111.');
  // The focus moves to the card now in the removed one's place.
  await expect(island.getByRole('button', { name: 'Eliminar la tarjeta Mastercard terminada en 4444' })).toBeFocused();

  // Gone at the provider too.
  await page.reload();
  await expect(page.locator('.saved-cards__list > li')).toHaveCount(1);
  await expect(page.locator('.saved-cards__list > li')).toContainText('4444');
});

test('a card added in the account, with the bank\'s 3-D Secure challenge, is listed', async ({ page }) => {
  await signUpAndConfirm(page, ORIGIN, newEmail('cards-add'), PASSWORD);
  await page.goto(CARDS);
  await storeCardThroughApi(page, '5555555555554444', 'Ana García');
  await page.reload();
  const island = await islandReady(page, 'stored-cards');
  await island.getByRole('button', { name: 'Añadir una tarjeta' }).click();
  await expect(island.getByRole('heading', { name: 'Añadir una tarjeta' })).toBeVisible();
  await expect(securedField(page.locator('.saved-cards'), 'encryptedCardNumber')).toBeVisible();
  // Adding a card offers a new card only: no saved cards to choose, no wallets.
  await expect(island.locator('.card-form__stored')).toHaveCount(0);
  await typeCard(page.locator('.saved-cards'), { number: '4917 6100 0000 0000' });
  await page.locator('.saved-cards .adyen-checkout__card__holderName input').fill('Ana García');
  await island.getByRole('button', { name: 'Guardar tarjeta' }).click();

  const acs = page.frameLocator('iframe[name="threeDSIframe"]');
  await acs.getByLabel('Password').fill('password');
  await acs.getByRole('button', { name: 'Continue' }).click();

  await expect(page.locator('[data-cards-status]')).toHaveText('Tarjeta guardada: Visa terminada en 0000.');
  await expect(page.locator('.saved-cards__list > li')).toHaveCount(2);
  await expect(page.locator('.saved-cards__list')).toContainText('0000');
  await expect(page.getByRole('heading', { name: 'Tus tarjetas guardadas' })).toBeFocused();
  await page.reload();
  await expect(page.locator('.saved-cards__list > li', { hasText: '0000' })).toContainText('Ana García');
});

test('an order awaiting a transfer is paid by card from its pay-later link; the link then says it is paid', async ({ page, browser }) => {
  await signUpAndConfirm(page, ORIGIN, newEmail('paynow'), PASSWORD);
  const product = await addOwnProduct(page, ORIGIN);
  // Collected in the Madrid shop, paid by transfer: the order waits for its payment.
  const placed = await page.evaluate(async () => {
    const post = async (path: string, body: unknown) => (await fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: JSON.stringify(body) })).json();
    const info = (await post('/api/users/info', {})) as { data: { idCart: string } };
    return (await post(`/api/checkout/orders/${info.data.idCart}/place`, { shippingType: 3, shopId: 30, paymentMethod: 'transferencia', conditionsAccepted: true })) as { data: { orders: { orderNumber: string; state: string }[] } };
  });
  const [order] = placed.data.orders;
  expect(order!.state).toBe('awaiting_payment');

  await page.goto(`${ORIGIN}/cart/ok?orders=${order!.orderNumber}`);
  const offer = await islandReady(page, 'pay-by-card');
  await offer.getByRole('button', { name: 'Pagar ahora con tarjeta' }).click();
  await page.waitForURL(/\/order\/paynow\/[0-9a-f]{32}$/);
  const payLink = page.url();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Paga tu pedido ${order!.orderNumber}`);
  await expect(page.locator('.pay-now__lines')).toContainText(product);
  await expectAccessible(page, 'pay-later page');

  // Whoever holds the link sees what it pays, without signing in.
  const stranger = await browser.newPage();
  await stranger.goto(payLink);
  await expect(stranger.locator('.pay-now__lines')).toContainText(product);
  await stranger.close();

  await typeCard(page.locator('.pay-now'), { number: '4111 1111 1111 1111' });
  await page.locator('.pay-now .adyen-checkout__card__holderName input').fill('Ana García');
  await page.locator('.pay-now .card-form button.button--buy').click();
  await page.waitForURL(/\/cart\/ok\?orderId=/);
  await expect(page.locator(`[data-order-number="${order!.orderNumber}"]`)).toBeVisible();

  await page.goto(payLink);
  await expect(page.locator('[data-pay-link-error="1421"]')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Este pedido ya está pagado');
});
