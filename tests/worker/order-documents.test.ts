/**
 * The documents rendered from an order at request time (docs/invoicing.md): the proforma invoice
 * of an order awaiting payment and the order summary of any order, through the account's download
 * address, owner only, in the customer's language, and never written to `documents`.
 */
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { documents } from '../../worker/db/schema';
import { BANK_ACCOUNTS } from '../../worker/orders/bank-accounts';
import { signUp, TestBrowser } from './browser';
import { db, insertOrder } from './documents-fixtures';
import { pdfStrings } from './pdf';

const pdfText = async (bytes: ArrayBuffer) => (await pdfStrings(bytes)).join('\n');

async function signedInWithId() {
  const browser = new TestBrowser();
  const email = await signUp(browser);
  const id = (await env.DB.prepare('SELECT id FROM users WHERE email = ?').bind(email).first<number>('id'))!;
  return { browser, id };
}

const LINES = [{ name: 'Altavoz Órbita Mini', qty: 2, unitPrice: 4_950 }];

/** An order of `userId` awaiting a bank transfer: 2 × 49,50 + 3,99 = 102,99 €. */
async function transferOrder(userId: number) {
  const { orderNumber } = await insertOrder({ userId, paid: false, lines: LINES, shippingCost: 399 });
  await env.DB.prepare("UPDATE orders SET payment_method = 'transferencia' WHERE order_number = ?").bind(orderNumber).run();
  return orderNumber;
}

const storedDocuments = async (orderNumber: string) => db().select().from(documents).where(eq(documents.orderNumber, orderNumber));

async function expectNotFoundPage(browser: TestBrowser, path: string) {
  const refused = await browser.fetch(path);
  expect(refused.status, path).toBe(404);
  expect(refused.headers.get('Content-Type'), path).toMatch(/text\/html/);
}

describe('proforma invoice and order summary', () => {
  it('renders the proforma of an order awaiting a transfer, with the bank accounts and the order number as reference, and stores nothing', async () => {
    const alice = await signedInWithId();
    const orderNumber = await transferOrder(alice.id);
    const response = await alice.browser.fetch(`/usuarios/panel/pedido/${orderNumber}/descargar/proforma`);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('application/pdf');
    expect(response.headers.get('Content-Disposition')).toBe(`attachment; filename="proforma-${orderNumber}.pdf"`);
    const spanish = await pdfText(await response.arrayBuffer());
    expect(spanish).toContain('Factura proforma');
    expect(spanish).toContain(orderNumber);
    expect(spanish).toContain('Altavoz Órbita Mini');
    expect(spanish).toContain('102,99');
    expect(spanish).toContain('Ampora Retail S.L.');
    for (const account of BANK_ACCOUNTS) expect(spanish).toContain(account.iban);
    expect(spanish).toContain('Este documento no es una factura');
    expect(spanish).toContain(`Concepto de la transferencia: ${orderNumber}`);
    // No fiscal number, no chain.
    expect(spanish).not.toMatch(/ES-[A-Z]+-\d{4}-\d{6}/);
    expect(spanish).not.toContain('Hash');
    const english = await pdfText(await (await alice.browser.fetch(`/en/account/order/${orderNumber}/download/proforma`)).arrayBuffer());
    expect(english).toContain('Proforma invoice');
    expect(english).toContain('This is not a tax invoice');
    expect(english).toContain(`Transfer reference: ${orderNumber}`);
    expect(english).toContain('Total (VAT included)');
    expect(await storedDocuments(orderNumber)).toHaveLength(0);
  });

  it('offers no proforma once the order is paid or cancelled (the 404 page), and links it on the order only while unpaid', async () => {
    const alice = await signedInWithId();
    const unpaid = await transferOrder(alice.id);
    const paid = (await insertOrder({ userId: alice.id, lines: LINES })).orderNumber;
    const cancelled = await transferOrder(alice.id);
    await env.DB.prepare("UPDATE orders SET state = 'cancelled' WHERE order_number = ?").bind(cancelled).run();
    await expectNotFoundPage(alice.browser, `/usuarios/panel/pedido/${paid}/descargar/proforma`);
    await expectNotFoundPage(alice.browser, `/usuarios/panel/pedido/${cancelled}/descargar/proforma`);
    // The order summary stays for both.
    for (const number of [paid, cancelled]) expect((await alice.browser.fetch(`/usuarios/panel/pedido/${number}/descargar/order`)).status).toBe(200);
    const proformaLink = (number: string) => `href="/usuarios/panel/pedido/${number}/descargar/proforma"`;
    const summaryLink = (number: string) => `href="/usuarios/panel/pedido/${number}/descargar/order"`;
    const unpaidPage = await (await alice.browser.fetch(`/usuarios/panel/order-detail?order=${unpaid}`)).text();
    expect(unpaidPage).toContain(proformaLink(unpaid));
    expect(unpaidPage).toContain(summaryLink(unpaid));
    const paidPage = await (await alice.browser.fetch(`/usuarios/panel/order-detail?order=${paid}`)).text();
    expect(paidPage).not.toContain(proformaLink(paid));
    expect(paidPage).toContain(summaryLink(paid));
  });

  it('renders the order summary of a paid order with its date, lines, totals, address, payment and state, not as a tax document', async () => {
    const alice = await signedInWithId();
    const { orderNumber } = await insertOrder({ userId: alice.id, lines: LINES, shippingCost: 399, language: 'en_EN' });
    const response = await alice.browser.fetch(`/en/account/order/${orderNumber}/download/order`);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Disposition')).toBe(`attachment; filename="order-${orderNumber}.pdf"`);
    const text = await pdfText(await response.arrayBuffer());
    expect(text).toContain('Order summary');
    expect(text).toContain('This order summary is not a tax invoice.');
    expect(text).toContain(orderNumber);
    expect(text).toContain('Altavoz Órbita Mini');
    expect(text).toContain('€102.99');
    expect(text).toContain('State: Confirmed');
    expect(text).toContain('Payment method: Credit or debit card');
    expect(text).toContain('Calle de Alcalá');
    expect(text).not.toContain('Hash');
    expect(await storedDocuments(orderNumber)).toHaveLength(0);
  });

  it("refuses another user's order and an unknown one with the 404 page; signed out goes to the login page", async () => {
    const alice = await signedInWithId();
    const bob = await signedInWithId();
    const orderNumber = await transferOrder(alice.id);
    for (const type of ['proforma', 'order']) {
      const path = `/usuarios/panel/pedido/${orderNumber}/descargar/${type}`;
      await expectNotFoundPage(bob.browser, path);
      await expectNotFoundPage(alice.browser, `/usuarios/panel/pedido/ES-261101-ZZZZZZ/descargar/${type}`);
      expect((await new TestBrowser().fetch(path)).status).toBe(302);
    }
  });
});
