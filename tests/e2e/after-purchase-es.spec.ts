// After the purchase in Spain (issue 13), end to end: a new shopper buys and pays by card; staff,
// in their own browser, prepare, ship and deliver it from the back-office; the shopper sees the
// order with its invoice (the PDF names the article and the total) and returns one unit to the
// store balance; staff approve, receive and refund it; the shopper finds the credit note and the
// balance grown by the unit's price.
import { expect, test, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { inflateSync } from 'node:zlib';
import { addShippingAddress, islandReady, newEmail, signUpAndConfirm } from './fixtures/account';
import { expectAccessible } from './fixtures/a11y';
import { addOwnProduct } from './fixtures/checkout';
import { enterCard, pay, placeWithCard } from './fixtures/payments';
import { channelUrl } from './fixtures/store';
import { signInAsStaff } from './fixtures/staff';

// The card sandbox's pages are served over HTTPS with a throwaway self-signed certificate.
test.use({ ignoreHTTPSErrors: true });

const PASSWORD = 'correct horse battery';
/** The demo staff member (npm run seed:accounts, scripts/seed/demo-accounts.ts). */

/**
 * The text a PDF draws: every content stream (inflated when Flate-encoded), its strings — hex
 * `<…>` or literal `(…)` — decoded as WinAnsi (windows-1252: € is 0x80), joined with spaces so
 * wrapped lines read on. Enough for the standard fonts pdf-lib draws with.
 */
const winAnsi = new TextDecoder('windows-1252');
function pdfText(bytes: Buffer): string {
  const raw = bytes.toString('latin1');
  const pieces: string[] = [];
  const streams = /<<([^]*?)>>\s*stream\r?\n/g;
  for (let match = streams.exec(raw); match; match = streams.exec(raw)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    let body = bytes.subarray(start, end);
    if (/\/FlateDecode/.test(match[1]!)) {
      try {
        body = inflateSync(body);
      } catch {
        continue;
      }
    }
    const content = body.toString('latin1');
    for (const string of content.matchAll(/<([0-9A-Fa-f\s]*)>\s*Tj|\((?:\\.|[^\\)])*\)\s*Tj/g)) {
      if (string[1] !== undefined) pieces.push(winAnsi.decode(Buffer.from(string[1].replace(/\s/g, ''), 'hex')));
      else pieces.push(winAnsi.decode(Buffer.from(string[0].replace(/\)\s*Tj$/, '').slice(1).replace(/\\([()\\])/g, '$1'), 'latin1')));
    }
  }
  return normalize(pieces.join(' '));
}

const normalize = (text: string) => text.replace(/[\u00a0\u202f\s]+/g, ' ').trim();
const euros = (cents: number) => normalize(new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR' }).format(cents / 100));

/** Staff press the order's (or return's) event button and wait for the page to show the new state. */
async function staffEvent(page: Page, island: 'admin-order-actions' | 'admin-return-actions', event: string, state: string, attribute: 'data-order-state' | 'data-return-state') {
  const actions = await islandReady(page, island);
  await actions.locator(`button[data-event="${event}"]`).click();
  await expect(page.locator(`.admin-card[${attribute}]`)).toHaveAttribute(attribute, state, { timeout: 15_000 });
}

test('Spain: buy and pay by card, invoice PDF, staff ship and deliver, return one unit to the balance, staff refund it, credit note and balance', async ({ page, browser }) => {
  test.setTimeout(300_000);
  const origin = channelUrl('es', '');
  let orderNumber = '';
  let articleName = '';
  let total = 0;
  let unitPrice = 0;
  let staff: Page | undefined;

  await test.step('a new shopper buys one article and pays by card', async () => {
    await signUpAndConfirm(page, origin, newEmail('after-purchase'), PASSWORD);
    await page.goto(`${origin}/usuarios/panel/direcciones`);
    await addShippingAddress(page, { name: 'Lucía', surname: 'Martín', street: 'Calle Mayor', number: '7', postalCode: '28013', city: 'Madrid', province: 'Madrid', phone: '612 345 678' });
    articleName = await addOwnProduct(page, origin);
    await placeWithCard(page, origin, '#payment-adyen');
    await enterCard(page, { number: '5201 2815 0512 9736', holder: 'Lucía Martín', holderLabel: 'Titular de la tarjeta' });
    await pay(page);
    await page.waitForURL(/\/cart\/ok\?orderId=ES-/, { timeout: 30_000 });
    orderNumber = new URL(page.url()).searchParams.get('orderId')!;
    await expect(page.locator('.payment-status')).toHaveAttribute('data-payment', 'paid');
  });

  await test.step('staff find the paid order in the back-office', async () => {
    staff = await signInAsStaff(browser, origin, { ignoreHTTPSErrors: true, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await staff.goto(`${origin}/admin/orders?number=${orderNumber}`);
    const row = staff.locator(`tr[data-order-number="${orderNumber}"]`);
    await expect(row).toHaveAttribute('data-order-state', 'confirmed', { timeout: 15_000 });
    await row.getByRole('link', { name: orderNumber }).click();
    await expect(staff.locator('h1')).toContainText(orderNumber);
    total = Number(await staff.locator('[data-total-cents]').getAttribute('data-total-cents'));
    unitPrice = Number(await staff.locator('tr[data-unit-price-cents]').first().getAttribute('data-unit-price-cents'));
    expect(total).toBeGreaterThan(0);
    expect(unitPrice).toBeGreaterThan(0);
    await expectAccessible(staff, 'back-office order page on a phone');
    // Nothing wider than the phone: wide tables scroll inside their own region.
    expect(await staff.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  });

  await test.step('staff prepare, ship (with a tracking number) and deliver the order', async () => {
    const desk = staff!;
    await desk.goto(`${origin}/admin/orders/${orderNumber}`);
    await staffEvent(desk, 'admin-order-actions', 'prepare', 'preparing', 'data-order-state');
    const actions = await islandReady(desk, 'admin-order-actions');
    await desk.locator('#admin-tracking').fill('SEUR-2026112501');
    await actions.locator('button[data-event="ship"]').click();
    await expect(desk.locator('.admin-card[data-order-state]')).toHaveAttribute('data-order-state', 'shipped', { timeout: 15_000 });
    await expect(desk.locator('[data-tracking-number]')).toHaveText('SEUR-2026112501');
    await staffEvent(desk, 'admin-order-actions', 'deliver', 'delivered', 'data-order-state');
    await expect(desk.locator('[data-event-state="delivered"]')).toHaveCount(1);
  });

  await test.step('the shopper sees the order and downloads its invoice: the PDF names the article and the total', async () => {
    await page.goto(`${origin}/usuarios/panel/pedidos-y-facturas`);
    await expect(page.getByText(orderNumber).first()).toBeVisible();
    const download = page.locator(`a[href*="/pedido/${orderNumber}/descargar/"]`).first();
    await expect(download).toBeVisible();
    // The shopper clicks it: the browser saves the PDF (*.localhost resolves in the browser, not in Node).
    const [saved] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(saved.suggestedFilename()).toMatch(/\.pdf$/);
    const bytes = await readFile((await saved.path())!);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(bytes);
    expect(text).toContain(normalize(articleName).slice(0, 30));
    expect(text).toContain(euros(total));
  });

  await test.step('the shopper returns one unit to the store balance', async () => {
    await page.goto(`${origin}/usuarios/panel/devoluciones?order=${encodeURIComponent(orderNumber)}`);
    const form = await islandReady(page, 'return-form');
    await form.locator('input[id^="return-qty-"]').first().fill('1');
    await form.locator('#return-reason').selectOption({ index: 1 });
    await form.locator('#return-refund-balance').check();
    await form.locator('button[type="submit"]').click();
    await page.waitForURL(/\/usuarios\/panel\/devoluciones\?created=\d+/);
    await expect(page.locator('[data-return-state="requested"]').first()).toBeVisible({ timeout: 15_000 });
  });

  await test.step('staff approve, receive and refund the return', async () => {
    const desk = staff!;
    await desk.goto(`${origin}/admin/orders/${orderNumber}`);
    await desk.locator('a[href^="/admin/returns/"]').first().click();
    await expect(desk.locator('.admin-card[data-return-state]')).toHaveAttribute('data-return-state', 'requested');
    await staffEvent(desk, 'admin-return-actions', 'approve', 'approved', 'data-return-state');
    await staffEvent(desk, 'admin-return-actions', 'receive', 'received', 'data-return-state');
    await staffEvent(desk, 'admin-return-actions', 'refund', 'refunded', 'data-return-state');
  });

  await test.step('the shopper finds the credit note and the balance grown by the unit’s price', async () => {
    await page.goto(`${origin}/usuarios/panel/abonos`);
    const note = page.locator('tr[data-document-id]').filter({ hasText: orderNumber });
    await expect(note).toHaveCount(1);
    expect(Math.abs(Number(await note.locator('[data-total-cents]').getAttribute('data-total-cents')))).toBe(unitPrice);
    await page.goto(`${origin}/usuarios/panel/saldos`);
    await expect(page.locator('[data-balance-cents]')).toHaveAttribute('data-balance-cents', String(unitPrice));
    await expect(page.locator('tr[data-movement-type="RETURNS"]')).toHaveCount(1);
  });

  await staff?.context().close();
});
