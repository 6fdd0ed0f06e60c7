// The real @adyen/adyen-web (from node_modules) against the local Adyen sandbox, in Chromium: card
// entry in the sandbox's secured-fields frames, encrypted blobs in state.data, /payments, and the
// 3-D Secure 2 challenge completed inside adyen-web's own iframe. The page is the sandbox's dev/test
// harness (`/__harness/card`), served by the sandbox the e2e server starts on the store port + 1000.
// No request may leave the machine.
import { expect, test, type Page } from '@playwright/test';
import { securedField, typeCard } from './fixtures/payments';
import { E2E_PORT } from './playwright.config';

const SANDBOX = `http://127.0.0.1:${Number(process.env.ADYEN_SANDBOX_PORT ?? E2E_PORT + 1000)}`;

// The sandbox's 3-D Secure pages are served over HTTPS with a throwaway self-signed certificate
// (adyen-web accepts only https ACS and notification URLs).
test.use({ ignoreHTTPSErrors: true });

interface Entry { kind: string; data: Record<string, unknown> }

async function openHarness(page: Page, query = ''): Promise<string[]> {
  const outside: string[] = [];
  page.on('request', (r) => {
    const host = new URL(r.url()).hostname;
    if (host !== '127.0.0.1' && host !== 'localhost') outside.push(r.url());
  });
  await page.goto(`${SANDBOX}/__harness/card${query}`);
  return outside;
}

async function enterCard(page: Page, card: { number: string; expiry?: string; cvc?: string; holder?: string }): Promise<void> {
  await typeCard(page, card);
  await page.getByLabel('Name on card').fill(card.holder ?? 'Ana García');
}

async function log(page: Page): Promise<Entry[]> {
  return page.evaluate(() => (window as unknown as { __harness?: Entry[] }).__harness ?? []);
}

test.describe('adyen-web Card against the Adyen sandbox', () => {
  // A failure prints what adyen-web handed over and what the sandbox answered, so that a failure
  // seen once (CI) can be explained from its output alone.
  test.afterEach(async ({ page }, info) => {
    if (info.status !== info.expectedStatus) console.log(`harness log of "${info.title}":`, JSON.stringify(await log(page).catch(() => [])));
  });

  test('card in the secured fields, encrypted state.data, 3-D Secure 2 challenge in the iframe: Authorised', async ({ page }) => {
    const outside = await openHarness(page);
    await enterCard(page, { number: '4917 6100 0000 0000' });
    await page.locator('.adyen-checkout__button--pay').click();

    // The challenge: adyen-web posts the creq to the sandbox's ACS inside its iframe.
    const acs = page.frameLocator('iframe[name="threeDSIframe"]');
    await acs.getByLabel('Password').fill('password');
    await acs.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByTestId('result')).toHaveText('Authorised');

    const entries = await log(page);
    const submitted = entries.find((e) => e.kind === 'submit')!.data as { paymentMethod: Record<string, string> };
    for (const f of ['encryptedCardNumber', 'encryptedExpiryMonth', 'encryptedExpiryYear', 'encryptedSecurityCode']) {
      expect(submitted.paymentMethod[f]).toMatch(/^adyenjs_0_1_25\$/);
    }
    // The page never sees the card: no digits of it in what adyen-web hands over.
    expect(JSON.stringify(submitted)).not.toContain('4917610000000000');
    expect(submitted.paymentMethod.brand).toBe('visa');
    expect(entries.find((e) => e.kind === 'payments')!.data).toMatchObject({ resultCode: 'ChallengeShopper', action: { type: 'threeDS2', subtype: 'challenge' } });
    const details = entries.find((e) => e.kind === 'details')!.data as { details: Record<string, string> };
    expect(Object.keys(details.details)).toEqual(['threeDSResult']);
    expect(entries.find((e) => e.kind === 'detailsAnswer')!.data).toMatchObject({ resultCode: 'Authorised' });
    expect(outside).toEqual([]);
  });

  test('a wrong password in the challenge is refused (3D Not Authenticated)', async ({ page }) => {
    await openHarness(page);
    await enterCard(page, { number: '5454 5454 5454 5454' });
    await page.locator('.adyen-checkout__button--pay').click();
    const acs = page.frameLocator('iframe[name="threeDSIframe"]');
    await acs.getByLabel('Password').fill('not-the-password');
    await acs.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByTestId('result')).toHaveText('Refused');
    expect((await log(page)).find((e) => e.kind === 'detailsAnswer')!.data).toMatchObject({ refusalReasonCode: '11' });
  });

  test('a frictionless card is authorised without a challenge', async ({ page }) => {
    const outside = await openHarness(page);
    await enterCard(page, { number: '5201 2815 0512 9736' });
    await page.locator('.adyen-checkout__button--pay').click();
    await expect(page.getByTestId('result')).toHaveText('Authorised');
    await expect(page.locator('iframe[name="threeDSIframe"]')).toHaveCount(0);
    expect((await log(page)).find((e) => e.kind === 'payments')!.data).toMatchObject({ resultCode: 'Authorised', paymentMethod: { brand: 'mc' } });
    expect(outside).toEqual([]);
  });

  test('refusals: holder name DECLINED, and a wrong security code', async ({ page }) => {
    await openHarness(page);
    await enterCard(page, { number: '5555 3412 4444 1115', holder: 'DECLINED' });
    await page.locator('.adyen-checkout__button--pay').click();
    await expect(page.getByTestId('result')).toHaveText('Refused');
    expect((await log(page)).find((e) => e.kind === 'payments')!.data).toMatchObject({ resultCode: 'Refused', refusalReasonCode: '2' });

    await openHarness(page);
    await enterCard(page, { number: '3700 0000 0000 002', cvc: '1234' });
    await page.locator('.adyen-checkout__button--pay').click();
    await expect(page.getByTestId('result')).toHaveText('Refused');
    expect((await log(page)).find((e) => e.kind === 'payments')!.data).toMatchObject({ refusalReasonCode: '24' });
  });

  test('the frames validate like Adyen: Luhn, past expiry, incomplete security code', async ({ page }) => {
    await openHarness(page);
    await securedField(page, 'encryptedCardNumber').pressSequentially('4111 1111 1111 1112');
    await expect(page.locator('.adyen-checkout__field--cardNumber .adyen-checkout-contextual-text--error')).toBeVisible();
    await securedField(page, 'encryptedExpiryDate').pressSequentially('0120');
    await expect(page.locator('.adyen-checkout__field--expiryDate .adyen-checkout-contextual-text--error')).toBeVisible();
    await securedField(page, 'encryptedSecurityCode').pressSequentially('73');
    await securedField(page, 'encryptedCardNumber').click();
    await expect(page.locator('.adyen-checkout__field--securityCode .adyen-checkout-contextual-text--error')).toBeVisible();
    await page.locator('.adyen-checkout__button--pay').click();
    // Nothing is submitted while a field is invalid.
    expect((await log(page)).some((e) => e.kind === 'submit')).toBe(false);
  });

  test('IdentifyShopper: the 3-D Secure Method runs in adyen-web\'s hidden iframe, then the challenge (or none)', async ({ page }) => {
    const outside = await openHarness(page, '?flow=fingerprint');
    await enterCard(page, { number: '4917 6100 0000 0000' });
    await page.locator('.adyen-checkout__button--pay').click();
    const acs = page.frameLocator('iframe[name="threeDSIframe"]');
    await acs.getByLabel('Password').fill('password');
    await acs.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByTestId('result')).toHaveText('Authorised');
    expect((await log(page)).find((e) => e.kind === 'payments')!.data).toMatchObject({ resultCode: 'IdentifyShopper', action: { type: 'threeDS2', subtype: 'fingerprint' } });

    await openHarness(page, '?flow=fingerprint');
    await enterCard(page, { number: '5201 2815 0512 9736' });
    await page.locator('.adyen-checkout__button--pay').click();
    await expect(page.getByTestId('result')).toHaveText('Authorised');
    const entries = await log(page);
    expect(entries.find((e) => e.kind === 'payments')!.data).toMatchObject({ resultCode: 'IdentifyShopper' });
    expect(Object.keys((entries.find((e) => e.kind === 'details')!.data as { details: object }).details)).toEqual(['threeDSResult']);
    expect(outside).toEqual([]);
  });

  test('the redirect flow still works: the challenge page returns with redirectResult', async ({ page }) => {
    await openHarness(page, '?flow=redirect');
    await enterCard(page, { number: '4917 6100 0000 0000' });
    await page.locator('.adyen-checkout__button--pay').click();
    await page.getByLabel('Password').fill('password');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByTestId('returned')).toBeVisible();
    const redirectResult = new URL(page.url()).searchParams.get('redirectResult');
    expect(redirectResult).toBeTruthy();
    const answer = await page.request.post(`${SANDBOX}/__harness/api/payments/details`, { data: { details: { redirectResult } } });
    expect(await answer.json()).toMatchObject({ resultCode: 'Authorised' });
  });
});
