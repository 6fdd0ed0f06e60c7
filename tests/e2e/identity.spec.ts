import { expect, test } from '@playwright/test';
import { addShippingAddress, islandReady, mailMatch, newEmail, signOut, signUpAndConfirm } from './fixtures/account';
import { channelUrl } from './fixtures/store';

const PASSWORD = 'correct horse battery';

test('Spain, in Spanish: sign up, two-step sign-in with the e-mailed code, two addresses and a new default', async ({ page }) => {
  const origin = channelUrl('es', '');
  const email = newEmail('es');
  await signUpAndConfirm(page, origin, email, PASSWORD);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es-ES');
  await expect(page.getByRole('link', { name: 'Mi cuenta' }).first()).toBeVisible();

  // Turn on two-step sign-in in "Mis datos".
  await page.goto(`${origin}/usuarios/panel/mis-datos`);
  const details = await islandReady(page, 'user-data');
  await page.locator('#two-factor-password').fill(PASSWORD);
  await details.locator('section[aria-labelledby="details-two-factor"] button[type="submit"]').click();
  await expect(details.locator('section[aria-labelledby="details-two-factor"] [role="status"]')).toContainText('código');

  await signOut(page);
  // The account now sends visitors to the login page, and back after signing in.
  await page.goto(`${origin}/usuarios/panel/direcciones`);
  await expect(page).toHaveURL(/\/login\?next=%2Fusuarios%2Fpanel%2Fdirecciones$/);
  const login = await islandReady(page, 'login-form');
  await page.locator('#login-email').fill(email);
  await page.locator('#login-password').fill(PASSWORD);
  await login.locator('button[type="submit"]').click();
  await expect(page.locator('#two-factor-code')).toBeFocused();
  const [, code] = await mailMatch(page, origin, email, /^(\d{6})$/m);
  await page.locator('#two-factor-code').fill(code!);
  await login.locator('button[type="submit"]').click();
  await page.waitForURL(`${origin}/usuarios/panel/direcciones`);

  await addShippingAddress(page, { name: 'Ana', surname: 'García', street: 'Calle de Alcalá', number: '42', postalCode: '28014', city: 'Madrid', province: 'Madrid', phone: '612 345 678' });
  await addShippingAddress(page, { name: 'Luis', surname: 'Pérez', street: 'Gran Vía', number: '3', postalCode: '30001', city: 'Murcia', province: 'Murcia', phone: '698 765 432' });
  const cards = page.locator('section[aria-labelledby="shipping-addresses"] .address-card');
  await expect(cards).toHaveCount(2);
  // None marked default: the last one added is the default and comes first.
  await expect(cards.first()).toContainText('Luis Pérez');
  await expect(cards.first().locator('.badge')).toBeVisible();
  await cards.nth(1).locator('[data-action="default"]').click();
  await expect(cards.first()).toContainText('Ana García');
  await expect(cards.first().locator('.badge')).toBeVisible();
  await page.reload();
  await expect(page.locator('section[aria-labelledby="shipping-addresses"] .address-card').first()).toContainText('Ana García');
});

test('France, in French: sign up, sign out, recover the password, sign in with it, addresses with a refused postal code', async ({ page }) => {
  const origin = channelUrl('fr', '');
  const email = newEmail('fr');
  await signUpAndConfirm(page, origin, email, PASSWORD);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-FR');
  await signOut(page);

  await page.goto(`${origin}/recovery-password`);
  const recovery = await islandReady(page, 'recovery-form');
  await page.locator('#recovery-email').fill(email);
  await recovery.locator('button[type="submit"]').click();
  await page.waitForURL(`${origin}/password-sent`);
  const [link] = await mailMatch(page, origin, email, /http:\/\/\S+\/new-password\/[A-Za-z0-9_-]{43}/);
  await page.goto(link);
  const reset = await islandReady(page, 'new-password-form');
  await page.locator('#new-password').fill('un tout nouveau mot de passe');
  await page.locator('#new-password-repeat').fill('un tout nouveau mot de passe');
  await reset.locator('button[type="submit"]').click();
  await page.waitForURL(`${origin}/compte`);

  await signOut(page);
  await page.goto(`${origin}/login`);
  const login = await islandReady(page, 'login-form');
  await page.locator('#login-email').fill(email);
  await page.locator('#login-password').fill(PASSWORD);
  await login.locator('button[type="submit"]').click();
  await expect(page.locator('.form-alert')).not.toBeEmpty();
  await page.locator('#login-password').fill('un tout nouveau mot de passe');
  await login.locator('button[type="submit"]').click();
  await page.waitForURL(`${origin}/compte`);

  await page.goto(`${origin}/compte/adresses`);
  // A Lyon postal code in Paris is refused with the 1201 message.
  const book = await islandReady(page, 'address-book');
  await book.locator('section[aria-labelledby="shipping-addresses"] > button').click();
  await page.locator('#shipping-name').fill('Claire');
  await page.locator('#shipping-surname').fill('Martin');
  await page.locator('#shipping-address').fill('Rue de Rivoli');
  await page.locator('#shipping-streetNumber').fill('10');
  await page.locator('#shipping-postalCode').fill('69001');
  await page.locator('#shipping-city').fill('Paris');
  await page.locator('#shipping-provinceId').selectOption({ label: 'Paris' });
  await page.locator('#shipping-phone').fill('06 12 34 56 78');
  await page.locator('.address-form button[type="submit"]').click();
  await expect(page.locator('.address-form .form-alert')).not.toBeEmpty();
  await page.locator('#shipping-postalCode').fill('75001');
  await page.locator('.address-form button[type="submit"]').click();
  await expect(page.locator('.address-form')).toHaveCount(0);
  await addShippingAddress(page, { name: 'Paul', surname: 'Durand', street: 'Rue de la République', number: '5', postalCode: '69002', city: 'Lyon', province: 'Rhône', phone: '07 11 22 33 44' }, false);
  const cards = page.locator('section[aria-labelledby="shipping-addresses"] .address-card');
  await expect(cards).toHaveCount(2);
  await expect(cards.first()).toContainText('Paul Durand');
  await cards.nth(1).locator('[data-action="default"]').click();
  await expect(cards.first()).toContainText('Claire Martin');
});

test('the visitor session is reported once and kept with the server expiry', async ({ page }) => {
  const reports: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/users/tracking/session')) reports.push(request.postData() ?? '');
  });
  await page.goto(channelUrl('it', '/'));
  await expect
    .poll(async () => page.evaluate(() => JSON.parse(localStorage.getItem('ampora.visitor') ?? '{}').expiresAt ?? 0))
    .toBeGreaterThan(Date.now() + 10 * 60_000);
  expect(reports).toHaveLength(1);
  expect(JSON.parse(reports[0]!)).toMatchObject({ visitorId: expect.any(String), adBlock: false });
  // Another page view within the expiry reports nothing.
  await page.goto(channelUrl('it', '/blog'));
  await page.waitForLoadState('networkidle');
  expect(reports).toHaveLength(1);
});
