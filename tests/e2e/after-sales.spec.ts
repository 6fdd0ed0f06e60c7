// After-sales cases end to end, in Italian (issue 13): a shopper on the Italian store buys by bank
// transfer; staff, in their own browser, mark it paid and prepare, ship and deliver it from the
// back-office; the shopper opens a case on the delivered order with a photo; staff answer from the
// back-office's case page; the shopper reads the answer (and the photo) on the case page and gets
// the e-mail in Italian; then, without script, answers with another photo and closes the case.
import { expect, test, type Page } from '@playwright/test';
import { crc32, deflateSync } from 'node:zlib';
import { addShippingAddress, islandReady, mailMatch, newEmail, signUpAndConfirm } from './fixtures/account';
import { expectAccessible } from './fixtures/a11y';
import { addOwnProduct, placeByTransfer } from './fixtures/checkout';
import { channelUrl } from './fixtures/store';
import { signInAsStaff } from './fixtures/staff';

const PASSWORD = 'correct horse battery';
/** The demo staff member (scripts/seed/demo-accounts.ts). */
const MILANO = { name: 'Giulia', surname: 'Rossi', street: 'Via Roma', number: '10', postalCode: '20121', city: 'Milano', province: 'Milano', phone: '312 345 6789' };
const REPLY = 'Ci dispiace: le spediamo un ricambio entro tre giorni lavorativi.';

/** A small real PNG (a 24×16 red-to-blue gradient), made here so the test needs no binary fixture. */
function gradientPng(width = 24, height = 16): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) rows.set([Math.round((255 * x) / width), 40, Math.round((255 * y) / height)], y * (width * 3 + 1) + 1 + x * 3);
  }
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

test('Italy: a delivered order, a case with a photo, the staff reply on the case page and by e-mail', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const origin = channelUrl('it', '');
  const email = newEmail('assistenza');
  let orderNumber = '';
  let caseId = 0;
  let staff: Page | undefined;

  await test.step('a new shopper buys one article by bank transfer', async () => {
    await signUpAndConfirm(page, origin, email, PASSWORD);
    await page.goto(`${origin}/utenti/pannello/indirizzi`);
    await addShippingAddress(page, MILANO);
    await addOwnProduct(page, origin, '/cerca');
    orderNumber = await placeByTransfer(page, origin);
  });

  await test.step('before delivery the case form is not offered', async () => {
    await page.goto(`${origin}/utenti/pannello/storico-post-vendita?order=${encodeURIComponent(orderNumber)}`);
    await expect(page.getByText("Potrai aprire una pratica quando l'ordine sarà stato consegnato o ritirato.")).toBeVisible();
    await expect(page.locator('[data-island="case-open-form"]')).toHaveCount(0);
  });

  await test.step('staff mark the transfer received, then prepare, ship and deliver the order', async () => {
    staff = await signInAsStaff(browser, channelUrl('es', ''));
    const desk = staff;
    await desk.goto(`${channelUrl('es', '')}/admin/orders/${orderNumber}`);
    for (const [event, state] of [
      ['payment_received', 'confirmed'],
      ['prepare', 'preparing'],
      ['ship', 'shipped'],
      ['deliver', 'delivered'],
    ] as const) {
      const actions = await islandReady(desk, 'admin-order-actions');
      if (event === 'ship') await desk.locator('#admin-tracking').fill('BRT-2026112503');
      await actions.locator(`button[data-event="${event}"]`).click();
      await expect(desk.locator('.admin-card[data-order-state]')).toHaveAttribute('data-order-state', state, { timeout: 15_000 });
    }
  });

  await test.step('the shopper opens a case on the delivered order with a photo', async () => {
    await page.goto(`${origin}/utenti/pannello/storico-post-vendita?order=${encodeURIComponent(orderNumber)}`);
    await expect(page.getByRole('heading', { name: `Apri una pratica per l'ordine ${orderNumber}` })).toBeVisible();
    await expectAccessible(page, 'after-sales history with the form to open a case');
    const form = await islandReady(page, 'case-open-form');
    await form.getByLabel('È arrivato danneggiato').check();
    await form.getByLabel('Oggetto').fill('Schermo graffiato');
    await form.getByLabel('Raccontaci cosa è successo').fill("Lo schermo è arrivato con un graffio nell'angolo in alto a destra.");
    await form.getByLabel('Foto o documenti (facoltativo)').setInputFiles({ name: 'graffio.png', mimeType: 'image/png', buffer: gradientPng() });
    await form.getByRole('button', { name: 'Apri la pratica' }).click();
    await page.waitForURL(/\/utenti\/pannello\/caso-post-vendita\/\d+$/, { timeout: 30_000 });
    caseId = Number(/(\d+)$/.exec(new URL(page.url()).pathname)![1]);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(`Pratica ${caseId}: Schermo graffiato`);
    await expect(page.locator('[data-case-state]').first()).toHaveAttribute('data-case-state', 'open');
    const photo = page.getByRole('img', { name: 'Foto che hai allegato: graffio.png' });
    await expect(photo).toBeVisible();
    // The thumbnail really loads (served to its owner, as a PNG).
    await expect.poll(() => photo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(24);
  });

  await test.step('staff answer from the back-office case page', async () => {
    const desk = staff!;
    await desk.goto(`${channelUrl('es', '')}/admin/cases/${caseId}`);
    const reply = await islandReady(desk, 'admin-case-reply');
    await desk.locator('#admin-reply-body').fill(REPLY);
    await reply.locator('button[type="submit"]').click();
    await expect(desk.getByText(REPLY)).toBeVisible({ timeout: 15_000 });
  });

  await test.step('the shopper reads the answer on the case page, which waits for them now, and by e-mail in Italian', async () => {
    await page.reload();
    await expect(page.locator('[data-message-author="staff"]')).toContainText(REPLY);
    await expect(page.locator('[data-message-author="staff"]')).toContainText('Assistenza post-vendita Ampora');
    await expect(page.locator('[data-case-state]').first()).toHaveAttribute('data-case-state', 'awaiting_customer');
    await expect(page.locator('[data-case-state]').first()).toHaveText('In attesa della tua risposta');
    await mailMatch(page, origin, email, new RegExp(`Il nostro servizio di assistenza ha risposto alla tua pratica ${caseId}`));
    await expectAccessible(page, 'after-sales case page');
  });

  await test.step('without script, the shopper answers with another photo, then closes the case', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
    const plain = await context.newPage();
    await plain.goto(`${origin}/utenti/pannello/caso-post-vendita/${caseId}`);
    await plain.getByLabel('Il tuo messaggio').fill('Ecco un altro scatto del graffio.');
    await plain.getByLabel('Foto o documenti (facoltativo)').setInputFiles({ name: 'graffio-2.png', mimeType: 'image/png', buffer: gradientPng(16, 16) });
    await plain.getByRole('button', { name: 'Invia' }).click();
    await plain.waitForURL(`${origin}/utenti/pannello/caso-post-vendita/${caseId}`);
    await expect(plain.locator('[data-message-author="customer"]')).toHaveCount(2);
    await expect(plain.getByRole('img', { name: 'Foto che hai allegato: graffio-2.png' })).toBeVisible();
    await expect(plain.locator('[data-case-state]').first()).toHaveAttribute('data-case-state', 'awaiting_store');
    await plain.getByRole('button', { name: 'Chiudi la pratica' }).click();
    await plain.waitForURL(`${origin}/utenti/pannello/caso-post-vendita/${caseId}`);
    await expect(plain.locator('[data-case-closed]')).toBeVisible();
    await expect(plain.locator('[data-case-state]').first()).toHaveAttribute('data-case-state', 'closed');
    await expect(plain.getByLabel('Il tuo messaggio')).toHaveCount(0);
    await context.close();
  });

  await test.step('the history lists the case with its state', async () => {
    await page.goto(`${origin}/utenti/pannello/storico-post-vendita`);
    const row = page.locator(`tr[data-case-id="${caseId}"]`);
    await expect(row).toContainText('Schermo graffiato');
    await expect(row.locator('[data-case-state]')).toHaveAttribute('data-case-state', 'closed');
    await expect(row.locator('[data-case-state]')).toHaveText('Chiuso');
  });
});
