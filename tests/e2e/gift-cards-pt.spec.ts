// Gift cards in Portugal (issue 16), end to end in Portuguese: a customer opens /cartoes-presente
// (checked for accessibility), is told in Portuguese what to correct in an empty form, buys a
// 25 € card for someone with a message, sees the recipient under the basket line and pays by card;
// the recipient's e-mail with the code arrives in the development outbox; another customer applies
// that code at checkout and the amount to pay drops by 25 €.
import { expect, test } from '@playwright/test';
import { addShippingAddress, islandReady, mailMatch, newEmail, signUpAndConfirm } from './fixtures/account';
import { expectAccessible } from './fixtures/a11y';
import { addOwnProduct, submitStep } from './fixtures/checkout';
import { enterCard, pay, placeWithCard } from './fixtures/payments';
import { channelUrl } from './fixtures/store';

const PASSWORD = 'correct horse battery';
const CODE = /\b([A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4})\b/;
const LISBON = { street: 'Rua Augusta', number: '1', postalCode: '1100-048', city: 'Lisboa', province: 'Lisboa', phone: '912 345 678' };

test('Portugal, in Portuguese: a gift card bought for someone is e-mailed and lowers another customer’s checkout', async ({ page, browser }) => {
  test.setTimeout(300_000);
  const origin = channelUrl('pt', '');
  const recipient = newEmail('gift-recipient');
  let code = '';

  await test.step('the page keeps its information and has the form, accessible', async () => {
    await signUpAndConfirm(page, origin, newEmail('gift-buyer'), PASSWORD);
    await page.goto(`${origin}/utilizadores/painel/moradas`);
    await addShippingAddress(page, { name: 'João', surname: 'Santos', ...LISBON });
    await page.goto(`${origin}/cartoes-presente`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cartões-presente Ampora');
    await expect(page.getByRole('heading', { name: 'Comprar um cartão-presente' })).toBeVisible();
    await expect(page.locator('#gift-validity-title')).toBeVisible();
    await expectAccessible(page, 'Gift cards page with the purchase form');
  });

  await test.step('an empty form says what to correct, in Portuguese, with the focus on the amount', async () => {
    const form = await islandReady(page, 'gift-card-purchase');
    await form.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
    await expect(form).toContainText('Escolha o valor do cartão-presente.');
    await expect(form).toContainText('Introduza o nome da pessoa a quem oferece o cartão.');
    await expect(page.locator('input[name="amount"]').first()).toBeFocused();
    await expectAccessible(page, 'Gift card form with its errors');
  });

  await test.step('the card is added with its recipient, shown under the basket line', async () => {
    const form = page.locator('[data-island="gift-card-purchase"]');
    await form.locator('#gift-card-amount-2500').check();
    await form.getByLabel('Nome de quem recebe').fill('Maria Silva');
    await form.getByLabel('E-mail de quem recebe').fill(recipient);
    await form.getByLabel('Mensagem (opcional)').fill('Feliz aniversário, Maria!');
    await form.getByLabel('O seu nome').fill('João');
    await form.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
    await expect(form.getByRole('status')).toContainText('Tem no carrinho um cartão-presente para Maria Silva.');
    await expect(page.locator('[data-basket-count]')).toHaveText('1');
    await page.goto(`${origin}/cart/shopping_basket`);
    await expect(page.locator('.basket-line__gift-card')).toHaveText(`Para Maria Silva (${recipient})`);
  });

  await test.step('paid by card, the recipient receives the code by e-mail', async () => {
    await placeWithCard(page, origin, '#payment-adyen');
    await enterCard(page, { number: '5201 2815 0512 9736', holder: 'João Santos', holderLabel: 'Nome no cartão' });
    await pay(page);
    await page.waitForURL(/\/cart\/ok\?orderId=/, { timeout: 30_000 });
    const [, found] = await mailMatch(page, origin, recipient, CODE);
    code = found!;
    await mailMatch(page, origin, recipient, /João enviou-lhe um cartão-presente Ampora no valor de 25,00/);
    await mailMatch(page, origin, recipient, /Feliz aniversário, Maria!/);
  });

  await test.step('another customer applies the code at checkout and the total drops by 25 €', async () => {
    const other = await browser.newContext();
    const page2 = await other.newPage();
    await signUpAndConfirm(page2, origin, newEmail('gift-spender'), PASSWORD);
    await page2.goto(`${origin}/utilizadores/painel/moradas`);
    await addShippingAddress(page2, { name: 'Rui', surname: 'Costa', ...LISBON });
    await addOwnProduct(page2, origin, '/pesquisa');
    await page2.goto(`${origin}/cart/address`);
    await islandReady(page2, 'checkout-step');
    await submitStep(page2);
    await page2.waitForURL(`${origin}/cart/shipping`, { timeout: 30_000 });
    await islandReady(page2, 'checkout-step');
    await page2.locator('#shipping-type-1').check();
    await submitStep(page2);
    await page2.waitForURL(`${origin}/cart/payment`, { timeout: 30_000 });
    await islandReady(page2, 'checkout-step');
    const before = Number(await page2.locator('[data-total-to-pay]').first().getAttribute('data-total-to-pay'));
    expect(before).toBeGreaterThan(2_500);
    await page2.locator('#gift-card-code').fill(code);
    await page2.locator('.checkout-codes .inline-field').nth(1).locator('button').click();
    await expect(page2.locator('[data-gift-card-applied]')).toHaveAttribute('data-gift-card-applied', '2500');
    await expect(page2.locator('[data-total-to-pay]').first()).toHaveAttribute('data-total-to-pay', String(before - 2_500));
    await expectAccessible(page2, 'Payment step with a bought gift card applied');
    await other.close();
  });
});
