/**
 * The header on a phone (412 × 915) and a desktop (1366 × 768): its height on every page type,
 * the category drawer and the mega-menu by keyboard, pointer and without JavaScript, the store
 * selector, and axe with the drawer or a panel open.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './fixtures/a11y';
import { addOwnProduct } from './fixtures/checkout';
import { channelUrl, StorePage } from './fixtures/store';

const PHONE = { width: 412, height: 915 };
const DESKTOP = { width: 1366, height: 768 };
const MAX_PHONE_HEADER = 140;

async function headerHeight(page: Page): Promise<number> {
  const box = await page.locator('header.site-header').boundingBox();
  return Math.round(box!.height);
}

const menuToggle = (page: Page) => page.locator('.site-header .menu-toggle');
const drawer = (page: Page) => new StorePage(page).categoryMenu();

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('the header stays within 140 px on home, category, product and basket', async ({ page }) => {
    const heights: Record<string, number> = {};
    await page.goto(channelUrl('es', '/en/'));
    heights.home = await headerHeight(page);
    const category = await page.locator('.category-nav__top').first().getAttribute('href');
    await page.goto(channelUrl('es', category!));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    heights.category = await headerHeight(page);
    await addOwnProduct(page, channelUrl('es', ''));
    heights.product = await headerHeight(page);
    await page.goto(channelUrl('es', '/cart/shopping_basket'));
    // The basket count is live in the compact header too.
    await expect(page.locator('.site-header [data-basket-count]')).toHaveText('1');
    heights.basket = await headerHeight(page);
    test.info().annotations.push({ type: 'header-height-phone', description: JSON.stringify(heights) });
    console.log(`header height at 412 × 915: ${JSON.stringify(heights)}`);
    for (const [kind, height] of Object.entries(heights)) expect(height, kind).toBeLessThanOrEqual(MAX_PHONE_HEADER);
  });

  test('the drawer opens with the keyboard, follows a nested category and closes with Escape', async ({ page }) => {
    await page.goto(channelUrl('es', '/en/'));
    const toggle = menuToggle(page);
    await expect(drawer(page)).toBeHidden();
    await toggle.locator('summary').focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('open', '');
    await expect(drawer(page)).toBeVisible();

    // Escape closes it and gives the focus back to the Menu button (JavaScript on).
    await page.keyboard.press('Escape');
    await expect(drawer(page)).toBeHidden();
    await expect(toggle.locator('summary')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(drawer(page)).toBeVisible();

    // Tab: the first top category's link, then its disclosure; Enter shows its children.
    await page.keyboard.press('Tab');
    const top = drawer(page).locator('.category-nav__item').first();
    await expect(top.locator('.category-nav__top')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(top.locator('.category-nav__more > summary')).toBeFocused();
    await page.keyboard.press('Enter');
    const child = top.locator('.category-nav__child > a').first();
    await expect(child).toBeVisible();
    await expectAccessible(page, 'phone: drawer open with a category expanded');

    await page.keyboard.press('Tab');
    await expect(child).toBeFocused();
    const name = (await child.textContent())!.trim();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    expect(await headerHeight(page)).toBeLessThanOrEqual(MAX_PHONE_HEADER);
  });

  test('the store selector lists the five stores and switches language on the same page', async ({ page }) => {
    const store = new StorePage(page);
    await store.open(channelUrl('pt', '/'));
    await page.locator('.site-header .store-picker > summary').click();
    const picker = store.languageSwitcher();
    await expect(picker.locator('[data-store]')).toHaveCount(5);
    await expect(picker.locator('[data-store="PT"] a')).toHaveCount(3);
    await expectAccessible(page, 'phone: store selector open');
    await store.switchLanguage('English');
    await expect(page).toHaveURL(channelUrl('pt', '/en/'));
  });
});

test.describe('on a phone without JavaScript', () => {
  test.use({ viewport: PHONE, javaScriptEnabled: false });

  test('the drawer opens, expands a category and its subcategories, and leads there', async ({ page }) => {
    await page.goto(channelUrl('fr', '/'));
    await menuToggle(page).locator('summary').click();
    await expect(drawer(page)).toBeVisible();
    // A child with its own children: expand both levels and follow a grandchild.
    const item = drawer(page).locator('.category-nav__item').filter({ has: page.locator('.category-nav__grandchildren') }).first();
    await item.locator('.category-nav__more > summary').click();
    const child = item.locator('.category-nav__child').filter({ has: page.locator('.category-nav__sub') }).first();
    const grandchild = child.locator('.category-nav__grandchildren a').first();
    await expect(grandchild).toBeHidden();
    await child.locator('.category-nav__sub > summary').click();
    await expect(grandchild).toBeVisible();
    const name = (await grandchild.textContent())!.trim();
    await grandchild.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    expect(await headerHeight(page)).toBeLessThanOrEqual(MAX_PHONE_HEADER);
    // Closed again by its own button.
    await menuToggle(page).locator('summary').click();
    await menuToggle(page).locator('summary').click();
    await expect(drawer(page)).toBeHidden();
  });

  test('the store selector leads to another store', async ({ page }) => {
    await page.goto(channelUrl('es', '/'));
    await page.locator('.site-header .store-picker > summary').click();
    await new StorePage(page).languageSwitcher().getByRole('link', { name: 'Deutsch (Deutschland)' }).click();
    await expect(page).toHaveURL(/^http:\/\/de\.localhost:\d+\/$/);
  });
});

test.describe('on a desktop', () => {
  test.use({ viewport: DESKTOP });

  test('the category bar stays on one line and a panel opens on hover with children and brands', async ({ page }) => {
    await page.goto(channelUrl('de', '/'));
    const height = await headerHeight(page);
    test.info().annotations.push({ type: 'header-height-desktop', description: String(height) });
    console.log(`header height at 1366 × 768: ${height}`);
    await expect(menuToggle(page)).toBeHidden();
    const tops = page.locator('.category-nav__top');
    const rows = new Set(await tops.evaluateAll((links) => links.map((link) => Math.round(link.getBoundingClientRect().top))));
    expect(rows.size).toBe(1);

    const item = page.locator('.category-nav__item').nth(1);
    const panel = item.locator('.category-nav__panel');
    await expect(panel).toBeHidden();
    await item.locator('.category-nav__top').hover();
    await expect(panel).toBeVisible();
    await expect(panel.locator('.category-nav__child').first()).toBeVisible();
    await expect(panel.locator('.category-nav__brands a').first()).toHaveAttribute('href', /\?brand=/);
    // The pointer moves down into the panel: it stays open, then follows a link.
    const brand = panel.locator('.category-nav__brands a').first();
    await brand.hover();
    await expect(panel).toBeVisible();
    await expectAccessible(page, 'desktop: mega-menu panel open by hover');
    await page.mouse.move(5, DESKTOP.height - 5);
    await expect(panel).toBeHidden();
  });

  test('a panel opens with the keyboard, is walked with Tab and closes with Escape', async ({ page }) => {
    await page.goto(channelUrl('it', '/en/'));
    await page.mouse.move(5, DESKTOP.height - 5);
    const item = page.locator('.category-nav__item').nth(2);
    const disclosure = item.locator('.category-nav__more > summary');
    await item.locator('.category-nav__top').focus();
    await page.keyboard.press('Tab');
    await expect(disclosure).toBeFocused();
    await page.keyboard.press('Enter');
    const panel = item.locator('.category-nav__panel');
    await expect(panel).toBeVisible();
    await expectAccessible(page, 'desktop: mega-menu panel open by keyboard');
    await page.keyboard.press('Tab');
    await expect(panel.locator('a').first()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(disclosure).toBeFocused();
    // Closed panels are out of the tab order: Tab goes on to the next top category.
    await page.keyboard.press('Tab');
    await expect(page.locator('.category-nav__item').nth(3).locator('.category-nav__top')).toBeFocused();
  });
});

test.describe('on a desktop without JavaScript', () => {
  test.use({ viewport: DESKTOP, javaScriptEnabled: false });

  test('a panel opens by hover and by its disclosure, and its links work', async ({ page }) => {
    await page.goto(channelUrl('es', '/en/'));
    const item = page.locator('.category-nav__item').first();
    const panel = item.locator('.category-nav__panel');
    await item.locator('.category-nav__top').hover();
    await expect(panel).toBeVisible();
    await page.mouse.move(5, DESKTOP.height - 5);
    await expect(panel).toBeHidden();
    await item.locator('.category-nav__more > summary').focus();
    await page.keyboard.press('Enter');
    await expect(panel).toBeVisible();
    const child = panel.locator('.category-nav__child > a').first();
    const name = (await child.textContent())!.trim();
    await child.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  });
});
