// Reviews in Spain (issue 15), end to end in Spanish: a new customer buys an article by bank
// transfer and staff mark it paid (from then on it counts as bought); the customer writes a
// review with a photo — waiting for moderation, since it has media — from the account's "to
// review" list; staff approve it in /admin/ugc; the product page shows the new count and average,
// and the reviews page shows the review with its photo.
import { expect, test, type Page } from '@playwright/test';
import { crc32, deflateSync } from 'node:zlib';
import { addShippingAddress, islandReady, newEmail, signUpAndConfirm } from './fixtures/account';
import { expectAccessible } from './fixtures/a11y';
import { addOwnProduct, placeByTransfer } from './fixtures/checkout';
import { channelUrl } from './fixtures/store';
import { signInAsStaff } from './fixtures/staff';

const PASSWORD = 'correct horse battery';

/** A real PNG (a 160 × 120 two-colour picture), built here so the test needs no file on disk. */
function png(width = 160, height = 120): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) row.set(x < width / 2 ? [0x1f, 0x6f, 0xb2] : [0xf2, 0xb0, 0x3c], 1 + x * 3);
    rows.push(row);
  }
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))]);
}

type Summary = { count: number; stars: number };
/** The article's published reviews as the reviews API counts them (asked from the page: *.localhost resolves in the browser). */
async function summaryOf(page: Page, articleId: number): Promise<Summary> {
  return page.evaluate(async (id) => {
    const answer = (await (await fetch(`/api/ugc/reviews?articleId=${id}`, { headers: { Accept: 'application/json' } })).json()) as { data: { summary: Summary } };
    return answer.data.summary;
  }, articleId);
}

test('Spain: a buyer reviews with a photo, staff approve it, the product page and the reviews page show it', async ({ page, browser }) => {
  test.setTimeout(300_000);
  const origin = channelUrl('es', '');
  const nick = `Lector${Date.now().toString(36)}`;
  let orderNumber = '';
  let productPath = '';
  let articleId = 0;
  let reviewId = 0;
  let mediaId = '';
  let before: Summary = { count: 0, stars: 0 };
  const title = 'Muy buena compra';
  const body = 'Llegó bien embalado y funciona como esperaba. Lo uso a diario y estoy contento.';

  await test.step('a new customer buys an article by bank transfer and staff mark the payment received', async () => {
    await signUpAndConfirm(page, origin, newEmail('reviews-es'), PASSWORD);
    await page.goto(`${origin}/usuarios/panel/direcciones`);
    await addShippingAddress(page, { name: 'Marta', surname: 'Ruiz', street: 'Calle del Prado', number: '12', postalCode: '28014', city: 'Madrid', province: 'Madrid', phone: '612 345 678' });
    await addOwnProduct(page, origin);
    productPath = new URL(page.url()).pathname;
    orderNumber = await placeByTransfer(page, origin);
    // Not paid yet: nothing to review.
    await page.goto(`${origin}/usuarios/panel/opiniones`);
    await expect(page.locator('.account-reviews__pending a[href^="/opinion-productos/"]')).toHaveCount(0);
    const staff = await signInAsStaff(browser, origin);
    await staff.goto(`${origin}/admin/orders/${orderNumber}`);
    const actions = await islandReady(staff, 'admin-order-actions');
    await actions.locator('button[data-event="payment_received"]').click();
    await expect(staff.locator('.admin-card[data-order-state]')).toHaveAttribute('data-order-state', 'confirmed', { timeout: 15_000 });
    await staff.context().close();
  });

  await test.step('the article is now "to review" in the account; its link opens the write page', async () => {
    await page.goto(`${origin}/usuarios/panel/opiniones`);
    await expect(page.getByRole('heading', { name: 'Pendientes de opinar' })).toBeVisible();
    const write = page.locator('.account-reviews__pending a[href^="/opinion-productos/"]');
    await expect(write).toHaveCount(1);
    await expect(write).toHaveAccessibleName(/^Escribir una opinión sobre /);
    articleId = Number((await write.getAttribute('href'))!.split('/').pop());
    before = await summaryOf(page, articleId);
    await write.click();
    await expect(page).toHaveURL(`${origin}/opinion-productos/${articleId}`);
    await expect(page.locator('h1')).toContainText('Tu opinión sobre');
    await expect(page.getByText('Compraste este producto')).toBeVisible();
  });

  await test.step('without a nick, the form asks for one first', async () => {
    const island = await islandReady(page, 'review-form');
    await island.getByLabel('Alias').fill('ab');
    await island.getByRole('button', { name: 'Guardar alias' }).click();
    await expect(island.locator('#review-nick-error')).toBeVisible();
    await expect(island.getByLabel('Alias')).toBeFocused();
    await island.getByLabel('Alias').fill(nick);
    await island.getByRole('button', { name: 'Guardar alias' }).click();
    await expect(island.getByRole('group', { name: 'Tu valoración' })).toBeVisible();
    await expectAccessible(page, 'review write page (form)');
  });

  await test.step('errors are focused and in Spanish; then four stars, a title, a text and a photo are sent', async () => {
    const island = page.locator('[data-island="review-form"]');
    await island.getByRole('button', { name: 'Publicar opinión' }).click();
    await expect(island.getByRole('radio', { name: '1 estrella' })).toBeFocused();
    await expect(island.getByText('Elige de 1 a 5 estrellas.')).toBeVisible();
    await island.getByRole('radio', { name: '4 estrellas' }).check();
    await island.getByLabel('Título').fill(title);
    await island.getByLabel('Tu opinión').fill(body);
    await expect(island.locator('#review-body-count')).toHaveText(`${[...body].length} de 3000 caracteres`);
    await island.locator('input[type="file"]').setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: png() });
    await expect(island.locator('input[type="hidden"][name="mediaIds"]')).toHaveCount(1, { timeout: 15_000 });
    mediaId = (await island.locator('input[type="hidden"][name="mediaIds"]').getAttribute('value'))!;
    await island.getByRole('button', { name: 'Publicar opinión' }).click();
    await expect(page.getByRole('heading', { name: '¡Gracias por tu opinión!' })).toBeFocused();
    await expect(page.getByText('Está pendiente de moderación')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Mis opiniones' }).last()).toHaveAttribute('href', '/usuarios/panel/opiniones');
    // Analytics receive the score divided by 2: four stars are stored as 8 and sent as 4.
    const events = await page.evaluate(() => (window as unknown as { dataLayer?: Record<string, unknown>[] }).dataLayer ?? []);
    expect(events).toContainEqual(expect.objectContaining({ event: 'review_submitted', articleId, score: 4, published: false, withMedia: true }));
    const mine = await page.evaluate(async () => ((await (await fetch('/api/ugc/reviews/mine')).json()) as { data: { items: { id: number; articleId: number; state: string; media: { id: string }[] }[] } }).data.items);
    const review = mine.find((item) => item.articleId === articleId)!;
    expect(review).toMatchObject({ state: 'PENDING_REVIEW', media: [{ id: mediaId }] });
    reviewId = review.id;
    // Waiting: the account says so, and the article left the "to review" list.
    await page.goto(`${origin}/usuarios/panel/opiniones`);
    await expect(page.locator('.account-review__state--waiting').first()).toContainText('Pendiente de moderación');
    await expect(page.locator('.account-reviews__pending a[href^="/opinion-productos/"]')).toHaveCount(0);
    expect(await summaryOf(page, articleId)).toEqual(before);
  });

  await test.step('staff approve it in the back-office', async () => {
    const staff = await signInAsStaff(browser, origin);
    const item = staff.locator(`#ugc-item-review-${reviewId}`);
    // The queue is oldest first, 20 a page: look for it page by page.
    for (let queuePage = 1; queuePage <= 10; queuePage++) {
      await staff.goto(`${origin}/admin/ugc?kind=review&page=${queuePage}`);
      if ((await item.count()) > 0 || (await staff.locator('[data-ugc-kind="review"]').count()) === 0) break;
    }
    await expect(item).toBeVisible();
    await expect(item.locator(`img[src*="${mediaId}"]`).first()).toBeVisible();
    const actions = await islandReady(staff, 'admin-ugc-actions', `#ugc-item-review-${reviewId}`);
    await actions.locator('button[data-action="approve"]').click();
    await expect(item).toHaveCount(0, { timeout: 15_000 });
    await staff.context().close();
  });

  await test.step('the product page shows the new count and average; the reviews page shows the review and its photo', async () => {
    const after = await summaryOf(page, articleId);
    expect(after.count).toBe(before.count + 1);
    await page.goto(`${origin}${productPath}`);
    const count = page.locator('#reviews .reviews-summary__count');
    await expect(count).toContainText(`${after.stars.toFixed(1)} de 5`);
    await expect(count).toContainText(after.count === 1 ? '1 opinión' : `${after.count} opiniones`);
    await page.goto(`${origin}/opiniones${productPath}`);
    const card = page.locator('.review-card', { hasText: title });
    await expect(card).toBeVisible();
    await expect(card).toContainText(nick);
    await expect(card).toContainText(body);
    const photo = card.locator(`img[src*="${mediaId}"]`).first();
    await expect(photo).toBeVisible();
    await expect.poll(() => photo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  });
});
