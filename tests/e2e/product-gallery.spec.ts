// The product gallery: loading priorities, thumbnails and zoom by keyboard, swipe (scroll of the
// strip), and the same gallery with JavaScript off (anchors and the :target lightbox).
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './fixtures/a11y';
import { channelUrl } from './fixtures/store';

const PHONE = { width: 412, height: 915 };
const DESKTOP = { width: 1366, height: 768 };

/** A laptop's page (laptops have four views: front, side, connectors, in use). */
async function laptopPath(page: Page): Promise<string> {
  // Read as a navigation, so the channel host resolves in the browser (and without JavaScript too).
  const response = await page.goto(channelUrl('es', '/api/catalogue/listing?query=port%C3%A1til&pageSize=40'));
  const { data } = (await response!.json()) as { data: { items: { slug: string; imageKey: string }[] } };
  const laptop = data.items.find((item) => item.imageKey.startsWith('laptop-'));
  expect(laptop, 'a laptop in the catalogue').toBeDefined();
  return `/${laptop!.slug}`;
}

const gallery = (page: Page) => page.locator('.gallery');
const slides = (page: Page) => page.locator('.gallery__slide');
const thumbs = (page: Page) => page.locator('.gallery__thumbs a');
const scrollLeft = (page: Page) => page.locator('.gallery__track').evaluate((track) => Math.round(track.scrollLeft / track.clientWidth));

for (const [device, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
  test.describe(`gallery on a ${device}`, () => {
    test.use({ viewport });

    test('prioritises the first image, lazy-loads the others, and works by keyboard', async ({ page }) => {
      await page.goto(channelUrl('es', await laptopPath(page)));
      await expect(slides(page)).toHaveCount(4);
      const first = slides(page).first().locator('img');
      await expect(first).toHaveAttribute('fetchpriority', 'high');
      await expect(first).toHaveAttribute('loading', 'eager');
      await expect(first).toHaveAttribute('srcset', /44w.*140w.*300w.*530w/);
      for (const img of await slides(page).locator('img').all()) {
        await expect(img).toHaveAttribute('width', '530');
        await expect(img).toHaveAttribute('height', '530');
      }
      for (const img of (await page.locator('.gallery img').all()).slice(1)) {
        await expect(img).toHaveAttribute('loading', 'lazy');
        await expect(img).not.toHaveAttribute('fetchpriority');
      }
      // Nothing hydrated before the visitor touches the gallery.
      await page.waitForLoadState('load');
      await expect(page.locator('[data-island="product-gallery"]')).not.toHaveAttribute('data-hydrated');

      // Focus (keyboard) hydrates the island; Enter on a thumbnail shows its view without moving the page.
      await thumbs(page).first().focus();
      await expect(page.locator('[data-island="product-gallery"]')).toHaveAttribute('data-hydrated', 'true');
      await page.keyboard.press('Tab');
      await expect(thumbs(page).nth(1)).toBeFocused();
      const pageScroll = await page.evaluate(() => window.scrollY);
      await page.keyboard.press('Enter');
      await expect.poll(() => scrollLeft(page)).toBe(1);
      await expect(thumbs(page).nth(1)).toHaveAttribute('aria-current', 'true');
      await expect(thumbs(page).first()).not.toHaveAttribute('aria-current');
      expect(await page.evaluate(() => window.scrollY)).toBe(pageScroll);

      // Zoom by keyboard: Enter on the shown image opens the modal dialog with that view.
      const zoomLink = slides(page).nth(1).locator('a');
      await zoomLink.focus();
      await page.keyboard.press('Enter');
      const dialog = page.locator('dialog.gallery__dialog');
      await expect(dialog).toBeVisible();
      await expect(dialog.locator('.gallery__stage img')).toHaveAttribute('alt', /, vista lateral$/);
      await expect(dialog.locator('.gallery__stage img')).toHaveAttribute('src', /\/images\/large\/laptop-\d+\/side\.svg/);
      await expectAccessible(page, `gallery zoom open (${device})`);
      await page.keyboard.press('ArrowRight');
      await expect(dialog.locator('.gallery__stage img')).toHaveAttribute('src', /\/ports\.svg/);
      await expect(dialog.getByText('3 de 4')).toBeVisible();
      await dialog.getByRole('button', { name: 'Acercar' }).click();
      await expect(dialog.getByRole('button', { name: 'Acercar' })).toHaveAttribute('aria-pressed', 'true');
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      // Back on the page: the strip shows the view last looked at, and focus is on it.
      await expect.poll(() => scrollLeft(page)).toBe(2);
      await expect(slides(page).nth(2).locator('a')).toBeFocused();
      await expect(thumbs(page).nth(2)).toHaveAttribute('aria-current', 'true');

      // Arrow keys on the strip move from view to view.
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => scrollLeft(page)).toBe(3);
      await expect(slides(page).nth(3).locator('a')).toBeFocused();
      await expectAccessible(page, `gallery (${device})`);
    });

    test('a swipe (a scroll of the strip) moves the current thumbnail', async ({ page }) => {
      await page.goto(channelUrl('es', await laptopPath(page)));
      const track = page.locator('.gallery__track');
      await track.hover();
      await expect(page.locator('[data-island="product-gallery"]')).toHaveAttribute('data-hydrated', 'true');
      await track.evaluate((element) => element.scrollTo({ left: element.clientWidth * 3, behavior: 'instant' }));
      await expect(thumbs(page).nth(3)).toHaveAttribute('aria-current', 'true');
      // Scroll snapping keeps whole views: a half swipe settles on a view.
      await track.evaluate((element) => element.scrollTo({ left: element.clientWidth * 1.4, behavior: 'instant' }));
      await expect.poll(() => track.evaluate((element) => element.scrollLeft % element.clientWidth)).toBe(0);
    });
  });
}

test.describe('gallery without JavaScript', () => {
  test.use({ javaScriptEnabled: false, viewport: PHONE });

  test('thumbnails lead to each view and the zoom is a :target lightbox', async ({ page }) => {
    await page.goto(channelUrl('es', await laptopPath(page)));
    await thumbs(page).nth(1).click();
    await expect(page).toHaveURL(/#gallery-side$/);
    await expect.poll(() => scrollLeft(page)).toBe(1);
    await expect(thumbs(page).nth(1)).toHaveCSS('border-top-color', await thumbs(page).nth(1).evaluate(() => getComputedStyle(document.querySelector('.gallery__thumbs a[aria-current]')!).borderTopColor));

    const lightbox = page.locator('#zoom-side');
    await expect(lightbox).toBeHidden();
    await slides(page).nth(1).locator('a').click();
    await expect(page).toHaveURL(/#zoom-side$/);
    await expect(lightbox).toBeVisible();
    await expect(lightbox.locator('img')).toHaveAttribute('alt', /, vista lateral$/);
    await lightbox.getByRole('link', { name: 'Cerrar' }).click();
    await expect(lightbox).toBeHidden();
    await expect(gallery(page)).toBeVisible();
  });
});
