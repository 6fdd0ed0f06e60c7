// The home page in a browser: the running campaign's banner in its flag colours (the campaign
// window set through channel configuration, as ops would), the recently-viewed strip after a
// product page, no sideways scroll and no accessibility problems on a phone and a desktop.
import { spawnSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './fixtures/a11y';
import { channelUrl } from './fixtures/store';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const persist = resolve(root, process.env.PERSIST_TO ?? '.wrangler/e2e');
const CONFIG_KEY = 'config:channel:ES';
/** Flag colours unlike any token, so the banner can only have them from the configuration. */
const FLAG = { background: '#3b1f6e', text: '#ffd23f', label: 'Black Friday' };

function kv(args: string[]) {
  const result = spawnSync('npx', ['wrangler', 'kv', 'key', ...args, '--binding', 'CONFIG', '--local', '--persist-to', persist], { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`wrangler kv key ${args[0]} failed: ${result.stderr}`);
}

/** Reloads the home until the campaign banner is there (`present`) or gone: channel configuration is re-read within 30 s. */
async function waitForCampaign(page: Page, present: boolean) {
  await expect
    .poll(
      async () => {
        await page.goto(channelUrl('es', '/en'));
        return page.locator('.banner--campaign').count();
      },
      { timeout: 50_000, intervals: [1_000, 2_000, 3_000] },
    )
    .toBe(present ? 1 : 0);
}

test.describe('home', () => {
  test.describe.configure({ timeout: 120_000 });

  test('shows the running campaign first, in its flag colours, with HTML words over generated art', async ({ page }) => {
    const now = Date.now();
    const campaign = {
      slug: 'black-friday',
      startsAt: new Date(now - 86_400_000).toISOString(),
      endsAt: new Date(now + 86_400_000).toISOString(),
      channels: ['ES'],
      collectionIds: [1, 2, 3, 4, 5],
      flag: FLAG,
    };
    kv(['put', CONFIG_KEY, JSON.stringify({ campaigns: [campaign] })]);
    try {
      await page.setViewportSize({ width: 412, height: 915 });
      await waitForCampaign(page, true);
      const banner = page.locator('.banners__row > li').first();
      await expect(banner).toHaveClass(/banner--campaign/);
      await expect(banner.locator('.banner__art rect').first()).toHaveAttribute('fill', FLAG.background);
      await expect(banner.getByRole('img', { name: 'Black Friday' }).locator('rect')).toHaveAttribute('fill', FLAG.text);
      // The words are HTML, white on the dark flag, and visible in the first screen of a phone.
      const title = banner.getByRole('heading', { name: 'Black Friday: the best prices of the year' });
      await expect(title).toBeInViewport();
      expect(await title.evaluate((element) => getComputedStyle(element).color)).toBe('rgb(255, 255, 255)');
      const box = await banner.boundingBox();
      expect(box!.y + box!.height).toBeLessThanOrEqual(915);
      // The banner leads to its collection.
      await banner.getByRole('link', { name: 'See the deals' }).click();
      await expect(page).toHaveURL(/\/en\/black-friday-laptop-deals$/);
    } finally {
      kv(['delete', CONFIG_KEY]);
    }
    // Back to the defaults (the 2025 campaign is over): the banner goes without a deploy.
    await waitForCampaign(page, false);
  });

  test('shows a product in "Recently viewed" after visiting it, and nothing before', async ({ page }) => {
    await page.setViewportSize({ width: 412, height: 915 });
    await page.goto(channelUrl('es', '/en'));
    const strip = page.locator('[data-recently-viewed-strip]');
    await expect(strip).toBeHidden();
    // Visit a product from the top offers.
    const card = page.locator('#top-offers-title ~ .strip .product-card a').first();
    const name = (await card.locator('h3').textContent())!.trim();
    await card.click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await page.goto(channelUrl('es', '/en'));
    await expect(strip).toBeVisible();
    await strip.scrollIntoViewIfNeeded();
    await expect(strip.locator('.product-card').first()).toContainText(name);
    await expect(strip.locator('.strip__placeholder')).toHaveCount(0);
  });

  for (const viewport of [
    { width: 412, height: 915 },
    { width: 1366, height: 768 },
  ]) {
    test(`fits a ${viewport.width} px screen without sideways scroll and has no accessibility problems`, async ({ page }) => {
      await page.setViewportSize(viewport);
      // A viewed product first, so the strip and its cards are checked too.
      await page.goto(channelUrl('es', '/en'));
      const product = await page.locator('#top-offers-title ~ .strip .product-card a').first().getAttribute('href');
      await page.goto(new URL(product!, page.url()).href);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.goto(channelUrl('es', '/en'));
      const strip = page.locator('[data-recently-viewed-strip]');
      await strip.scrollIntoViewIfNeeded();
      await expect(strip.locator('.product-card').first()).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await expectAccessible(page, `home at ${viewport.width} px`);
      for (const language of ['/', '/en']) {
        await page.goto(channelUrl('es', language));
        await page.screenshot({ path: test.info().outputPath(`home-${viewport.width}${language === '/' ? '-es' : '-en'}.png`), fullPage: true });
      }
    });
  }
});
