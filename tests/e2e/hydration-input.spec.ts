/**
 * What a shopper types before a form's island has hydrated is kept: the island adopts the
 * fields' values when it hydrates (client/hydration-input.ts). The island runtime is held back
 * until the typing is done, so the typing certainly comes first.
 */
import { expect, test, type Page, type Route } from '@playwright/test';
import { mailMatch, newEmail, signOut, signUpAndConfirm } from './fixtures/account';
import { addOwnProduct } from './fixtures/checkout';
import { channelUrl } from './fixtures/store';

const PASSWORD = 'correct horse battery';

/** Holds the island runtime's script until the returned function is called. */
async function holdHydration(page: Page): Promise<() => Promise<void>> {
  const held: Route[] = [];
  let released = false;
  await page.route(/\/assets\/island-runtime-[\w-]+\.js$/, (route) => (released ? route.continue() : void held.push(route)));
  return async () => {
    released = true;
    await Promise.all(held.splice(0).map((route) => route.continue()));
  };
}

test('sign-up in French and in English: the e-mail typed before hydration is kept and the account created', async ({ page }) => {
  for (const [channel, prefix, language] of [
    ['fr', '', 'fr-FR'],
    ['es', '/en', 'en-GB'],
  ] as const) {
    const origin = channelUrl(channel, prefix);
    const email = newEmail('early');
    const release = await holdHydration(page);
    await page.goto(`${origin}/signup`);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    const island = page.locator('[data-island="signup-form"]');
    // Typed (focus asks for hydration, which is held) before the island is live.
    await page.locator('#signup-email').pressSequentially(email);
    await expect(island).not.toHaveAttribute('data-hydrated', 'true');
    await release();
    await expect(island).toHaveAttribute('data-hydrated', 'true');
    // Moving on renders the island again: the e-mail must survive it.
    await page.locator('#signup-password').fill(PASSWORD);
    await page.locator('#signup-terms').check();
    await expect(page.locator('#signup-email')).toHaveValue(email);
    await island.locator('button[type="submit"]').click();
    await expect(page.locator('.auth-done')).toContainText(email);
    await mailMatch(page, channelUrl(channel, ''), email, /[?&]confirm=[A-Za-z0-9_-]{43}/);
    await page.unrouteAll();
  }
});

test('login in French: e-mail and password typed before hydration sign in', async ({ page }) => {
  const origin = channelUrl('fr', '');
  const email = newEmail('early-login');
  await signUpAndConfirm(page, origin, email, PASSWORD);
  await signOut(page);

  const release = await holdHydration(page);
  await page.goto(`${origin}/login`);
  const island = page.locator('[data-island="login-form"]');
  await page.locator('#login-email').pressSequentially(email);
  await page.locator('#login-password').pressSequentially(PASSWORD);
  await expect(island).not.toHaveAttribute('data-hydrated', 'true');
  // The submit made before hydration is held, then sent with what was typed.
  await island.locator('button[type="submit"]').click();
  await release();
  await page.waitForURL((url) => !url.pathname.endsWith('/login'));
  await expect(page.getByRole('link', { name: 'Mon compte' }).first()).toBeVisible();
});

test('basket: a quantity chosen before hydration is applied once the island is live', async ({ page }) => {
  const origin = channelUrl('es', '');
  await addOwnProduct(page, origin);
  const release = await holdHydration(page);
  await page.goto(`${origin}/cart/shopping_basket`);
  const island = page.locator('[data-island="basket"]');
  const subtotal = await island.locator('[data-subtotal]').getAttribute('data-subtotal');
  // Focus asks for hydration (held), then the choice is made.
  await page.locator('.basket-line select[id^="qty-"]').first().focus();
  await page.locator('.basket-line select[id^="qty-"]').first().selectOption('2');
  await expect(island).not.toHaveAttribute('data-hydrated', 'true');
  await release();
  await expect(island).toHaveAttribute('data-hydrated', 'true');
  await expect(island.locator('[data-subtotal]')).not.toHaveAttribute('data-subtotal', subtotal!);
  await expect(page.locator('[data-basket-count]')).toHaveText('2');
  await page.reload();
  await expect(page.locator('.basket-line select[id^="qty-"]').first()).toHaveValue('2');
});
