// Subscriptions in Germany (issue 16), end to end in German: the demo customer buys a security
// suite sold as a yearly subscription (scripts/seed/subscriptions.ts) by card; "Abonnements"
// shows it "Aktiv" with its next renewal; the Cron Trigger run with a time past the period end
// (wrangler dev's /cdn-cgi/local/scheduled) renews it on the stored card: one renewal, a new
// end date, the payment in its history; then it is cancelled through the confirmation step and
// shows "Gekündigt". Each state of the screen is checked for accessibility.
import { expect, test, type Page } from '@playwright/test';
import { islandReady } from './fixtures/account';
import { expectAccessible } from './fixtures/a11y';
import { enterCard, pay, placeWithCard } from './fixtures/payments';
import { channelUrl, E2E_PORT } from './fixtures/store';

const SCREEN = '/konto/meine-abonnements';
/** The security suites of the demo catalogue renew every 12 months. */
const SUITE_QUERY = 'Norton 360';
const YEAR_MS = 366 * 24 * 60 * 60 * 1000;

async function signIn(page: Page, origin: string) {
  // The demo customer (npm run seed:accounts) and her saved addresses.
  await page.goto(`${origin}/login`);
  const login = await islandReady(page, 'login-form');
  await page.locator('#login-email').fill('ana@ampora.test');
  await page.locator('#login-password').fill('ampora-demo-1');
  await login.locator('button[type="submit"]').click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

/** Opens the search results for the suite until one sold by the store is in stock, and adds it. */
async function addSuite(page: Page, origin: string): Promise<string> {
  await page.goto(`${origin}/suche?query=${encodeURIComponent(SUITE_QUERY)}&seller=own&availability=in-stock`);
  const links = await page.locator('.listing__results .product-card a').evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).href));
  for (const href of links.slice(0, 12)) {
    await page.goto(href);
    const name = (await page.locator('h1').textContent())?.trim() ?? '';
    if (!name.startsWith(SUITE_QUERY) || (await page.locator('.buy-box [data-island="add-to-cart"]').count()) === 0) continue;
    // The product page says it is a subscription and how often it renews.
    await expect(page.locator('.product__subscription')).toHaveText('Abonnement: verlängert sich jedes Jahr über Ihre Karte, bis Sie es kündigen');
    const button = await islandReady(page, 'add-to-cart', '.buy-box');
    // The demo customer's basket may hold articles already: wait for this addition itself.
    const added = page.waitForResponse((response) => response.request().method() === 'POST' && /\/cart\/articles$/.test(new URL(response.url()).pathname));
    await button.locator('button').click();
    expect((await added).ok()).toBe(true);
    await expect(page.locator('[data-basket-count]')).toHaveText(/^[1-9]\d*$/);
    return name;
  }
  throw new Error(`No ${SUITE_QUERY} sold by the store in stock`);
}

function subscriptionOf(page: Page, orderNumber: string) {
  return page.locator('article.subscription').filter({ has: page.getByRole('link', { name: orderNumber }) });
}

test('Germany: a yearly subscription bought by card starts, renews by the scheduled job, and is cancelled', async ({ page, request }) => {
  test.setTimeout(240_000);
  const origin = channelUrl('de', '');
  let orderNumber = '';
  let name = '';
  let firstEnd = 0;

  await test.step('the demo customer buys the suite by card', async () => {
    await signIn(page, origin);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
    name = await addSuite(page, origin);
    await page.goto(`${origin}/cart/shopping_basket`);
    await islandReady(page, 'basket');
    await expect(page.locator('.basket-line__subscription')).toHaveText('Abonnement: verlängert sich jedes Jahr über Ihre Karte, bis Sie es kündigen');
    await placeWithCard(page, origin, '#payment-adyen');
    await enterCard(page, { number: '5201 2815 0512 9736', holder: 'Jonas Müller', holderLabel: 'Name auf der Karte' });
    await pay(page);
    await page.waitForURL(/\/cart\/ok\?orderId=DE-/, { timeout: 30_000 });
    orderNumber = new URL(page.url()).searchParams.get('orderId')!;
  });

  await test.step('"Meine Abonnements" shows it active, with its price, next renewal and card', async () => {
    await page.goto(`${origin}${SCREEN}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Abonnements' })).toBeVisible();
    const item = subscriptionOf(page, orderNumber);
    await expect(item).toHaveCount(1);
    await expect(item.getByRole('heading', { level: 2 })).toHaveText(name);
    await expect(item.locator('.subscription__state')).toHaveText('Aktiv');
    await expect(item).toContainText('pro Jahr');
    await expect(item).toContainText('Nächste Verlängerung');
    await expect(item).toContainText('MC mit Endziffern 9736');
    await expect(item.locator('[data-renewals]')).toHaveText('0');
    firstEnd = Number(await item.locator('[data-next-renewal]').getAttribute('data-next-renewal'));
    expect(firstEnd).toBeGreaterThan(Date.now());
    await expectAccessible(page, 'Meine Abonnements, active');
  });

  await test.step('the scheduled job, run after the period end, renews it on the stored card', async () => {
    // wrangler dev's trigger (miniflare answers it before the Worker, on any host; Node resolves no
    // *.localhost name): `time` is the scheduledTime in milliseconds.
    const triggered = await request.get(`http://localhost:${E2E_PORT}/cdn-cgi/local/scheduled?cron=${encodeURIComponent('*/15 * * * *')}&time=${firstEnd + 60_000}`);
    expect(await triggered.text()).toBe('ok');
    const item = subscriptionOf(page, orderNumber);
    await expect(async () => {
      await page.goto(`${origin}${SCREEN}`);
      await expect(item.locator('[data-renewals]')).toHaveText('1', { timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    const nextEnd = Number(await item.locator('[data-next-renewal]').getAttribute('data-next-renewal'));
    expect(nextEnd).toBeGreaterThan(firstEnd + YEAR_MS - 2 * 24 * 60 * 60 * 1000);
    await expect(item.getByRole('table', { name: 'Verlängerungszahlungen' })).toContainText('Bezahlt');
    await expect(item.locator('.subscription__state')).toHaveText('Aktiv');
    await expectAccessible(page, 'Meine Abonnements, renewed');
  });

  await test.step('cancelled after confirming: "Gekündigt", usable until the end of the paid period', async () => {
    const item = subscriptionOf(page, orderNumber);
    await item.getByRole('link', { name: 'Abonnement kündigen' }).click();
    await expect(item.getByText(/Dieses Abonnement kündigen\?/)).toBeVisible();
    await expectAccessible(page, 'Meine Abonnements, confirming the cancellation');
    await item.getByRole('button', { name: 'Ja, kündigen' }).click();
    await page.waitForURL((url) => url.searchParams.get('done') === 'canceled');
    await expect(page.getByRole('status')).toContainText('Ihr Abonnement wurde gekündigt.');
    await expect(item.locator('.subscription__state')).toContainText('Gekündigt');
    await expect(item).toContainText('Nutzbar bis');
    await expect(item.getByRole('link', { name: 'Abonnement kündigen' })).toHaveCount(0);
    await expectAccessible(page, 'Meine Abonnements, cancelled');
  });
});
