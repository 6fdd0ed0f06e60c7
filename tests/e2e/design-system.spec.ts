/**
 * The design system's component sheet (docs/design-system.md) in a browser: in Spanish and in
 * English, on a phone (412 px) and a desktop (1366 px), in the light and the dark scheme — axe
 * and our accessibility checks with nothing to report, no sideways scroll, and a full-page
 * screenshot in test-results/screens/ to be looked at. Then the drawer without JavaScript.
 */
import { expect, test } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { expectAccessible } from './fixtures/a11y';
import { channelUrl } from './fixtures/store';

const SHOTS = fileURLToPath(new URL('../../test-results/screens/', import.meta.url));
const PAGES = [
  { lang: 'es', path: '/sistema-de-diseno', title: 'Sistema de diseño' },
  { lang: 'en', path: '/en/design-system', title: 'Design system' },
] as const;
const VIEWPORTS = [
  { width: 412, height: 915 },
  { width: 1366, height: 768 },
] as const;

for (const { lang, path, title } of PAGES) {
  for (const viewport of VIEWPORTS) {
    test(`design system, ${lang}, ${viewport.width} px: accessible in light and dark, no sideways scroll`, async ({ page }) => {
      await page.setViewportSize(viewport);
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        const response = await page.goto(channelUrl('es', path));
        expect(response?.status()).toBe(200);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
        // The page follows the system scheme; the two theme boxes keep theirs whatever it is.
        const background = (selector: string) => page.locator(selector).first().evaluate((element) => getComputedStyle(element).backgroundColor);
        expect(await background('html')).toBe(colorScheme === 'dark' ? 'rgb(15, 18, 23)' : 'rgb(255, 255, 255)');
        expect(await background('.theme-light')).toBe('rgb(255, 255, 255)');
        expect(await background('.theme-dark')).toBe('rgb(15, 18, 23)');
        await expectAccessible(page, `${lang} ${viewport.width} ${colorScheme}`);
        const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(sideways, 'sideways scroll').toBeLessThanOrEqual(0);
        await page.screenshot({ path: `${SHOTS}${lang}-${viewport.width}-design-system-${colorScheme}.png`, fullPage: true, animations: 'disabled' });
      }
    });
  }
}

test('buttons and fields keep a 44 px touch target on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 915 });
  await page.goto(channelUrl('es', '/en/design-system'));
  const heights = await page
    .locator('.design-system .button, .design-system .field input[type="text"], .design-system .field select, .design-system .field--check label')
    .evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().height));
  expect(heights.length).toBeGreaterThan(20);
  for (const height of heights) expect(height).toBeGreaterThanOrEqual(44);
});

test('the drawer open is accessible, in dark too', async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 915 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto(channelUrl('es', '/en/design-system'));
  await page.locator('details.drawer summary').click();
  await expect(page.locator('.drawer__panel')).toBeVisible();
  await expectAccessible(page, 'drawer open');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the drawer opens from its summary, full height on a phone, and a tap outside closes it', async ({ page }) => {
    await page.setViewportSize({ width: 412, height: 915 });
    await page.goto(channelUrl('es', '/en/design-system'));
    const drawer = page.locator('details.drawer');
    const panel = drawer.locator('.drawer__panel');
    await expect(panel).toBeHidden();
    await drawer.locator('summary').click();
    await expect(panel).toBeVisible();
    // Once slid in: at the left edge, the full height of the screen.
    await expect.poll(async () => (await panel.boundingBox())?.x).toBe(0);
    expect((await panel.boundingBox())!.height).toBe(915);
    await expect(panel.getByRole('link', { name: 'Computers' })).toBeInViewport();
    // The backdrop to the right of the panel belongs to the summary: a tap there closes the drawer.
    await page.mouse.click(400, 450);
    await expect(panel).toBeHidden();
  });
});
