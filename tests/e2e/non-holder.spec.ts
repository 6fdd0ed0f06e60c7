/**
 * A return asked by someone who is not the invoice holder, end to end in Spanish: the holder
 * buys and staff hand the order over in the shop; a second person, who has the goods and the
 * invoice, finds its items by the invoice's code and total and asks; the holder reads the
 * e-mail in the development outbox, opens the link signed in and authorises; the requester is
 * told and sees the request authorised.
 */
import { expect, test, type Page } from '@playwright/test';
import { islandReady, mailMatch, newEmail, signUpAndConfirm } from './fixtures/account';
import { expectAccessible } from './fixtures/a11y';
import { addOwnProduct } from './fixtures/checkout';
import { E2E_PORT } from './playwright.config';
import { STAFF } from './fixtures/staff';

const ORIGIN = `http://es.localhost:${E2E_PORT}`;
const PASSWORD = 'correct horse battery';

/** A JSON call from the page (its cookies, its origin), answering the §7 envelope's data. */
async function call<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const answer = await page.evaluate(
    async ([m, p, b]) => {
      const response = await fetch(p as string, { method: m as string, headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: b === undefined ? undefined : JSON.stringify(b) });
      return { status: response.status, envelope: (await response.json()) as { ok: boolean; data: unknown; err: unknown } };
    },
    [method, path, body] as const,
  );
  expect(answer.envelope.ok, `${method} ${path}: ${JSON.stringify(answer.envelope.err)}`).toBe(true);
  return answer.envelope.data as T;
}

test('a non-holder\'s return is authorised by the invoice holder through the e-mailed link', async ({ page: holder, browser }) => {
  test.setTimeout(120_000);
  // The holder buys a product, collected in the Madrid shop and paid by transfer.
  const holderEmail = newEmail('holder');
  await signUpAndConfirm(holder, ORIGIN, holderEmail, PASSWORD);
  const product = await addOwnProduct(holder, ORIGIN);
  const info = await call<{ idCart: string }>(holder, 'POST', '/api/users/info', {});
  const placed = await call<{ orders: { orderNumber: string }[] }>(holder, 'POST', `/api/checkout/orders/${info.idCart}/place`, { shippingType: 3, shopId: 30, paymentMethod: 'transferencia', conditionsAccepted: true });
  const orderNumber = placed.orders[0]!.orderNumber;

  // Staff record the transfer and hand the order over in the shop.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await staff.goto(`${ORIGIN}/`);
  await call(staff, 'POST', '/api/users/login', STAFF);
  for (const event of ['payment_received', 'prepare', 'ready_for_pickup', 'collect']) await call(staff, 'POST', `/api/admin/orders/${orderNumber}/events`, { event });
  await staffContext.close();

  // The paid order has its invoice: the paper the requester holds.
  const { documents } = await call<{ documents: { code: string; orderNumber: string; total: number; docType: string }[] }>(holder, 'GET', '/api/user/documents');
  const invoice = documents.find((d) => d.orderNumber === orderNumber && ['invoice', 'ticket'].includes(d.docType))!;
  expect(invoice).toBeTruthy();

  // Someone else, with the goods and the invoice, asks.
  const requesterContext = await browser.newContext();
  const requester = await requesterContext.newPage();
  const requesterEmail = newEmail('requester');
  await signUpAndConfirm(requester, ORIGIN, requesterEmail, PASSWORD);
  await requester.goto(`${ORIGIN}/usuarios/panel/rma-no-titular`);
  await expect(requester.getByRole('heading', { level: 1 })).toHaveText('Devolver un artículo de la factura de otra persona');
  const form = await islandReady(requester, 'non-holder-request');
  await requester.getByLabel('Número de factura').fill(invoice.code);
  await requester.getByLabel('Total de la factura').fill(`${(invoice.total / 100).toFixed(2).replace('.', ',')} €`);
  await form.getByRole('button', { name: 'Buscar los artículos' }).click();
  await requester.getByRole('radio', { name: new RegExp(product.slice(0, 20).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).check();
  await requester.getByLabel('Motivo').selectOption({ label: 'No quiero quedármelo' });
  await expectAccessible(requester, 'non-holder request, items of the invoice');
  await form.getByRole('button', { name: 'Pedírselo al titular de la factura' }).click();
  await expect(requester.locator('[data-request-sent]')).toContainText(invoice.code);

  // The holder reads the e-mail and opens the link, signed in.
  const [link] = await mailMatch(holder, ORIGIN, holderEmail, /http:\/\/\S+\/authorize\/\S+\?token=[A-Za-z0-9_-]{22}/);
  await holder.goto(link);
  await expect(holder.locator('[data-requester]')).toHaveText(requesterEmail);
  await expect(holder.locator('.account-card')).toContainText(product);
  const answer = await islandReady(holder, 'non-holder-answer');
  await expectAccessible(holder, 'holder authorisation page');
  await holder.getByLabel('Mi saldo de Ampora').check();
  await answer.getByRole('button', { name: 'Autorizar la devolución' }).click();
  await expect(holder.locator('[data-answered="authorised"]')).toBeVisible();

  // The requester is told, and the request shows as authorised.
  await mailMatch(requester, ORIGIN, requesterEmail, /ha autorizado la devolución/);
  await requester.reload();
  await expect(requester.locator('[data-request-status="authorised"]')).toContainText(invoice.code);
  // The link cannot be answered twice.
  await holder.reload();
  await expect(holder.locator('[data-authorization="authorised"]')).toBeVisible();
  await requesterContext.close();
});
