// Tax documents (issue 13): a shopper pays an order by card and finds its invoice on the
// documents screen; the link downloads a PDF that names the customer, the article and the total.
import { expect, test } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { inflateSync } from 'node:zlib';
import { addShippingAddress, newEmail, signUpAndConfirm } from './fixtures/account';
import { expectAccessible } from './fixtures/a11y';
import { addOwnProduct } from './fixtures/checkout';
import { enterCard, pay, placeWithCard } from './fixtures/payments';
import { channelUrl } from './fixtures/store';

// The card sandbox's pages are served over HTTPS with a throwaway self-signed certificate.
test.use({ ignoreHTTPSErrors: true });

const winAnsi = new TextDecoder('windows-1252');
const normalize = (text: string) => text.replace(/[\u00a0\u202f\s]+/g, ' ').trim();

/** The strings a pdf-lib PDF draws (hex `<…> Tj` in its inflated content streams), as WinAnsi text. */
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
    for (const hex of body.toString('latin1').matchAll(/<([0-9A-Fa-f]*)> Tj/g)) pieces.push(winAnsi.decode(Buffer.from(hex[1]!, 'hex')));
  }
  return normalize(pieces.join(' '));
}

test('a paid order: its invoice on the documents screen, downloaded as a PDF', async ({ page }) => {
  test.setTimeout(180_000);
  const origin = channelUrl('es', '');
  await signUpAndConfirm(page, origin, newEmail('documents'), 'correct horse battery');
  await page.goto(`${origin}/usuarios/panel/direcciones`);
  await addShippingAddress(page, { name: 'Irene', surname: 'Soler', street: 'Calle Mayor', number: '7', postalCode: '28013', city: 'Madrid', province: 'Madrid', phone: '612 345 678' });
  const articleName = await addOwnProduct(page, origin);
  await placeWithCard(page, origin, '#payment-adyen');
  await enterCard(page, { number: '5201 2815 0512 9736', holder: 'Irene Soler', holderLabel: 'Titular de la tarjeta' });
  await pay(page);
  await page.waitForURL(/\/cart\/ok\?orderId=ES-/, { timeout: 30_000 });
  const orderNumber = new URL(page.url()).searchParams.get('orderId')!;
  await expect(page.locator('.payment-status')).toHaveAttribute('data-payment', 'paid');

  await page.goto(`${origin}/usuarios/panel/mis-documentos`);
  const row = page.locator('tr[data-document-type="invoice"]').filter({ hasText: orderNumber });
  await expect(row).toHaveCount(1);
  const code = (await row.locator('a[data-download]').getAttribute('data-download'))!;
  expect(code).toMatch(/^ES-F-\d{4}-\d{6}$/);
  const total = Number(await row.locator('[data-total-cents]').getAttribute('data-total-cents'));
  await expectAccessible(page, 'documents screen');

  // By keyboard: focus the link and press Enter; the browser saves the PDF under the document's code.
  await row.locator('a[data-download]').focus();
  const [saved] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  expect(saved.suggestedFilename()).toBe(`${code}.pdf`);
  const bytes = await readFile((await saved.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const text = pdfText(bytes);
  expect(text).toContain('Irene Soler');
  expect(text).toContain(normalize(articleName).slice(0, 30));
  expect(text).toContain(normalize(new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR' }).format(total / 100)));
  expect(text).toContain(code);
});
