// The account's orders in France, in French (issue 13): a new shopper buys one article and pays by
// card, finds the order in "Commandes et factures", cancels it before it ships (the dialog asks
// first, by keyboard), and finds it under "Commandes annulées" with the refund of what was paid.
import { expect, test } from '@playwright/test';
import { expectAccessible } from './fixtures/a11y';
import { addShippingAddress, islandReady, newEmail, signUpAndConfirm } from './fixtures/account';
import { addOwnProduct } from './fixtures/checkout';
import { enterCard, pay, placeWithCard } from './fixtures/payments';
import { channelUrl } from './fixtures/store';

// The card sandbox's pages are served over HTTPS with a throwaway self-signed certificate.
test.use({ ignoreHTTPSErrors: true });

const PASSWORD = 'correct horse battery';

test('France, in French: buy by card, see the order, cancel it before it ships, find it under cancelled orders with its refund', async ({ page }) => {
  test.setTimeout(240_000);
  const origin = channelUrl('fr', '');
  let orderNumber = '';
  let total = 0;

  await test.step('a new shopper buys one article and pays by card', async () => {
    await signUpAndConfirm(page, origin, newEmail('orders-fr'), PASSWORD);
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-FR');
    await page.goto(`${origin}/compte/adresses`);
    await addShippingAddress(page, { name: 'Claire', surname: 'Martin', street: 'Rue de Rivoli', number: '10', postalCode: '75001', city: 'Paris', province: 'Paris', phone: '06 12 34 56 78' });
    await addOwnProduct(page, origin, '/recherche');
    await placeWithCard(page, origin, '#payment-adyen');
    await enterCard(page, { number: '5201 2815 0512 9736', holder: 'Claire Martin', holderLabel: 'Nom sur la carte' });
    await pay(page);
    await page.waitForURL(/\/cart\/ok\?orderId=FR-/, { timeout: 30_000 });
    orderNumber = new URL(page.url()).searchParams.get('orderId')!;
    await expect(page.locator('.payment-status')).toHaveAttribute('data-payment', 'paid');
  });

  await test.step('the order is in "Commandes et factures", paid, with its actions', async () => {
    await page.goto(`${origin}/compte/commandes-et-factures`);
    await expect(page.locator('h1')).toHaveText('Commandes et factures');
    const card = page.locator(`article[data-order-number="${orderNumber}"]`);
    await expect(card).toHaveAttribute('data-state', 'confirmed');
    await expect(card.getByRole('heading', { name: `Commande ${orderNumber}` })).toBeVisible();
    await expect(card.locator('[data-paid="true"]')).toContainText('Payé le');
    total = Number(await card.locator('[data-total-cents]').getAttribute('data-total-cents'));
    expect(total).toBeGreaterThan(0);
    await expect(card.getByRole('button', { name: 'Annuler la commande' })).toBeVisible();
    await expectAccessible(page, 'the orders list');
  });

  await test.step('cancel it: the dialog asks first (Escape keeps the order), then cancels', async () => {
    const card = page.locator(`article[data-order-number="${orderNumber}"]`);
    await islandReady(page, 'order-actions', `article[data-order-number="${orderNumber}"]`);
    const cancel = card.getByRole('button', { name: 'Annuler la commande' });
    await cancel.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Annuler la commande ${orderNumber} ?` });
    await expect(dialog).toBeVisible();
    // The safe choice has the focus; Escape keeps the order and gives the focus back.
    await expect(dialog.getByRole('button', { name: 'Garder la commande' })).toBeFocused();
    await expectAccessible(page, 'the cancel dialog');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(cancel).toBeFocused();
    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: 'Oui, annuler la commande' }).click();
    await page.waitForURL(`${origin}/compte/commandes-annulees?cancelled=${orderNumber}`, { timeout: 30_000 });
  });

  await test.step('it is under "Commandes annulées" with the refund of what was paid', async () => {
    await expect(page.locator('h1')).toHaveText('Commandes annulées');
    await expect(page.getByRole('status').filter({ hasText: `La commande ${orderNumber} a été annulée.` })).toBeVisible();
    const card = page.locator(`article[data-order-number="${orderNumber}"]`);
    await expect(card).toHaveAttribute('data-state', 'cancelled');
    await expect(card.locator('.account-order__state')).toHaveText('Annulée');
    const refund = card.locator('[data-refund-cents]');
    await expect(refund).toHaveAttribute('data-refund-cents', String(total));
    await expect(refund).toContainText('Remboursement de');
    // Nothing left to do with it: no cancel, no change.
    await expect(card.getByRole('button')).toHaveCount(0);
    await expectAccessible(page, 'the cancelled orders');
    // The list of all orders shows it cancelled too.
    await page.goto(`${origin}/compte/commandes-et-factures`);
    await expect(page.locator(`article[data-order-number="${orderNumber}"]`)).toHaveAttribute('data-state', 'cancelled');
  });
});
