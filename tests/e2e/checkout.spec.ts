import { expect, test } from '@playwright/test';
import { addShippingAddress, islandReady, mailMatch, newEmail } from './fixtures/account';
import { addOwnProduct, submitStep } from './fixtures/checkout';
import { channelUrl } from './fixtures/store';

const PASSWORD = 'correct horse battery';

test('Spain: an anonymous shopper adds an article with an extended warranty, signs up at checkout, picks Barcelona (collected in Murcia), then home delivery, applies a coupon and a gift card, pays by transfer', async ({ page }) => {
  const origin = channelUrl('es', '');
  const name = await addOwnProduct(page, origin);

  await page.goto(`${origin}/cart/shopping_basket`);
  // An extended warranty for the article: its own line, following the article.
  await islandReady(page, 'basket');
  const warranty = page.locator('select[id^="insurance-"]').first();
  await warranty.selectOption({ index: 1 });
  await expect(page.locator('[data-service-line]')).toHaveCount(1);
  const warrantyName = ((await page.locator('[data-service-line]').textContent()) ?? '').split(':')[0]!.trim();
  await page.locator('.basket__totals a.button--buy').click();
  await expect(page).toHaveURL(/\/login\?next=%2Fcart%2Faddress$/);

  // Sign up from the login page; the e-mailed link brings the shopper back to the checkout.
  await page.locator('.auth-page a[href^="/signup"]').click();
  const email = newEmail('checkout');
  const form = await islandReady(page, 'signup-form');
  await page.locator('#signup-email').fill(email);
  await page.locator('#signup-password').fill(PASSWORD);
  await page.locator('#signup-terms').check();
  await form.locator('button[type="submit"]').click();
  const [link] = await mailMatch(page, origin, email, /http:\/\/\S+[?&]confirm=[A-Za-z0-9_-]{43}\S*/);
  await page.goto(link);
  const confirm = await islandReady(page, 'account-confirm');
  await confirm.locator('button[type="submit"]').click();
  await page.waitForURL(`${origin}/cart/address`);

  // No address yet: add one in the account, come back.
  await page.goto(`${origin}/usuarios/panel/direcciones`);
  await addShippingAddress(page, { name: 'Ana', surname: 'García', street: 'Calle de Alcalá', number: '42', postalCode: '28014', city: 'Madrid', province: 'Madrid', phone: '612 345 678' });
  await page.goto(`${origin}/cart/address`);
  await islandReady(page, 'checkout-step');
  await expect(page.locator('input[name="shipping"]').first()).toBeChecked();
  await submitStep(page);

  await page.waitForURL(`${origin}/cart/shipping`);
  await islandReady(page, 'checkout-step');
  await page.locator('#shipping-type-3').check();
  await page.locator('#shop-71').check();
  await expect(page.locator('.pickup-note')).toContainText('Murcia');
  await page.locator('#shipping-type-1').check();
  await submitStep(page);

  await page.waitForURL(`${origin}/cart/payment`);
  await islandReady(page, 'checkout-step');
  // A first-purchase coupon and a gift card (demo data: npm run seed:accounts).
  await page.locator('#coupon-code').fill('bienvenida10');
  await page.locator('.checkout-codes .inline-field').first().locator('button').click();
  await expect(page.locator('[data-notification="coupon.applied"]')).toContainText('BIENVENIDA10');
  await expect(page.locator('[data-discount]')).toBeVisible();
  await islandReady(page, 'checkout-step');
  await page.locator('#gift-card-code').fill('AMPORA2026DEMO01');
  await page.locator('.checkout-codes .inline-field').nth(1).locator('button').click();
  await expect(page.locator('[data-gift-card-applied]')).toBeVisible();
  await islandReady(page, 'checkout-step');
  const toPay = Number(await page.locator('[data-total-to-pay]').getAttribute('data-total-to-pay'));
  await page.locator(toPay === 0 ? '#payment-free' : '#payment-transferencia').check();
  await submitStep(page);

  await page.waitForURL(`${origin}/cart/summary`);
  await islandReady(page, 'checkout-step');
  await expect(page.locator('.checkout-lines')).toContainText(name);
  await expect(page.locator('.checkout-lines')).toContainText(warrantyName);
  await page.locator('#accept-conditions').check();
  await submitStep(page);

  await page.waitForURL(/\/cart\/ok\?orders=ES-/);
  await expect(page.locator('.order-card')).toHaveCount(1);
  await expect(page.locator('.order-card')).toContainText(name);
  if (toPay > 0) await expect(page.locator('.bank-details')).toContainText('IBAN');
  await expect(page.locator('[data-basket-count]')).toBeHidden();
  const number = await page.locator('.order-card').getAttribute('data-order-number');
  await page.goto(`${origin}/tracking/${number}`);
  await expect(page.locator('.tracking-state')).toHaveAttribute('data-state', toPay > 0 ? 'awaiting_payment' : 'confirmed');
});

test('Portugal, in Portuguese: the payment step lists Multibanco', async ({ page }) => {
  const origin = channelUrl('pt', '');
  await page.goto(`${origin}/login`);
  const login = await islandReady(page, 'login-form');
  await page.locator('#login-email').fill('ana@ampora.test');
  await page.locator('#login-password').fill('ampora-demo-1');
  await login.locator('button[type="submit"]').click();
  await page.waitForURL(`${origin}/utilizadores/painel`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-PT');
  await addOwnProduct(page, origin, '/pesquisa');
  await page.goto(`${origin}/cart/address`);
  await islandReady(page, 'checkout-step');
  await submitStep(page);
  await page.waitForURL(`${origin}/cart/shipping`);
  await islandReady(page, 'checkout-step');
  await page.locator('#shipping-type-1').check();
  await submitStep(page);
  await page.waitForURL(`${origin}/cart/payment`);
  await expect(page.locator('h1')).toHaveText('Pagamento');
  await expect(page.locator('label[for="payment-multibanco"]')).toContainText('Multibanco');
  await expect(page.locator('label[for="payment-transferencia"]')).toContainText('Transferência');
});
