/**
 * Tax documents (docs/after-sales.md "Documents", docs/invoicing.md): numbering without gaps under
 * concurrency, the hash chain end to end, credit notes per refund, the PDF download, the account
 * calls and their ownership.
 */
import { env } from 'cloudflare:workers';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { documents } from '../../worker/db/schema';
import { chainHash, firstBrokenLink, issueDateText, zonedTimestamp } from '../../worker/domain/documents/chain';
import { localDate } from '../../worker/domain/documents/numbering';
import { ensureOrderDocument, issueCreditNote, issueMissingDocuments, type DocumentLine } from '../../worker/documents/issue';
import { signUp, TestBrowser } from './browser';
import { BILLING, db, insertOrder } from './documents-fixtures';
import { pdfContent, pdfStrings } from './pdf';

const MADRID_BILLING = { name: 'Ana', surname: 'García López', address: 'Calle de Alcalá', streetNumber: '42', city: 'Madrid', postalCode: '28014', provinceId: 28, countryIso: 'ES', billingType: 'individual', nif: '12345678Z', cellPhone: '612345678' };

const NOW = new Date(Date.UTC(2026, 10, 2, 12));
let userSeq = 900_000_000;
const someUser = () => ++userSeq;

async function seriesOf(channel: string, series: string) {
  return db().select().from(documents).where(and(eq(documents.channel, channel), eq(documents.series, series))).orderBy(asc(documents.id));
}

describe('issuing order documents', () => {
  it('numbers parallel issuance 1..n in a series, with no gap and no duplicate, and the chain verifies', async () => {
    const userId = someUser();
    const placed = await Promise.all(Array.from({ length: 12 }, () => insertOrder({ userId, channel: 'IT', language: 'it_IT' })));
    const issued = await Promise.all(placed.map((o) => ensureOrderDocument(db(), o.orderNumber, NOW)));
    expect(issued.every((d) => d?.docType === 'invoice')).toBe(true);
    const rows = await seriesOf('IT', 'F');
    expect(rows.map((r) => r.number)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(new Set(rows.map((r) => r.orderNumber)).size).toBe(12);
    expect(rows[0]!.code).toBe('IT-F-2026-000001');
    // The chain end to end: each record names the previous hash and hashes to its own.
    const date = issueDateText(localDate('IT', NOW));
    const records = rows.map((r) => ({
      issuerTaxId: (r.seller as { taxId: string }).taxId,
      code: r.code,
      issueDate: date,
      typeCode: 'F1',
      vat: r.vatTotal,
      total: r.total,
      previousHash: r.previousHash,
      generatedAt: zonedTimestamp(new Date(r.issuedAt), 'Europe/Rome'),
      hash: r.hash,
    }));
    expect(await firstBrokenLink(records)).toBe(-1);
    // Tampering with one total breaks the chain from there.
    const tampered = records.map((r, i) => (i === 5 ? { ...r, total: r.total + 1 } : r));
    expect(await firstBrokenLink(tampered)).toBe(5);
  });

  it('issues once per order however many times it is asked, and nothing before payment', async () => {
    const userId = someUser();
    const unpaid = await insertOrder({ userId, paid: false });
    expect(await ensureOrderDocument(db(), unpaid.orderNumber, NOW)).toBeUndefined();
    const { orderNumber } = await insertOrder({ userId, shippingCost: 499, discount: 1000, billing: BILLING });
    const [a, b, c] = await Promise.all([ensureOrderDocument(db(), orderNumber, NOW), ensureOrderDocument(db(), orderNumber, NOW), ensureOrderDocument(db(), orderNumber, NOW)]);
    expect(a!.id).toBe(b!.id);
    expect(a!.id).toBe(c!.id);
    expect(await db().select().from(documents).where(eq(documents.orderNumber, orderNumber))).toHaveLength(1);
    // Online order: a full invoice with the billing buyer; VAT per rate adds up to the total.
    expect(a!.docType).toBe('invoice');
    expect(a!.buyer).toMatchObject({ name: 'Talleres Ruiz S.L.', taxId: 'B12345674' });
    expect(a!.total).toBe(12_100 + 499 - 1000);
    expect(a!.taxableTotal + a!.vatTotal).toBe(a!.total);
    expect((a!.lines as unknown as DocumentLine[]).map((l) => l.kind)).toEqual(['article', 'shipping', 'discount']);
  });

  it('gives a front order up to 400 € a simplified ticket in its own series, and a bigger one an invoice', async () => {
    const userId = someUser();
    const small = await insertOrder({ userId, frontOrder: true, lines: [{ name: 'Cable USB-C', qty: 2, unitPrice: 20_000 }] });
    const big = await insertOrder({ userId, frontOrder: true, lines: [{ name: 'Portátil Nimbus 14', qty: 1, unitPrice: 40_001 }] });
    const ticket = await ensureOrderDocument(db(), small.orderNumber, NOW);
    const invoice = await ensureOrderDocument(db(), big.orderNumber, NOW);
    expect(ticket).toMatchObject({ docType: 'ticket', series: 'T' });
    expect(ticket!.code).toMatch(/^ES-T-2026-\d{6}$/);
    expect(invoice).toMatchObject({ docType: 'invoice', series: 'F' });
  });

  it("issues the marketplace seller's own document with its name and tax id", async () => {
    const { orderNumber } = await insertOrder({ userId: someUser(), sellerKind: 'marketplace', sellerId: 5, channel: 'PT', language: 'pt_PT' });
    const doc = await ensureOrderDocument(db(), orderNumber, NOW);
    expect(doc).toMatchObject({ docType: 'marketplace', series: 'M5' });
    expect(doc!.seller).toMatchObject({ name: 'Loja do Gadget', sellerId: 5 });
    expect((doc!.seller as { taxId: string }).taxId).toMatch(/^5\d{8}$/);
    // Portugal: every document carries its ATCUD (series validation code - number).
    expect(doc!.atcud).toMatch(new RegExp(`^[A-Z0-9]{8}-${doc!.number}$`));
  });

  it('issues the documents of paid orders that have none in the scheduled sweep', async () => {
    const userId = someUser();
    const lost = await insertOrder({ userId, channel: 'DE', language: 'de_DE' });
    const unpaid = await insertOrder({ userId, channel: 'DE', language: 'de_DE', paid: false });
    expect(await issueMissingDocuments(db(), NOW)).toBeGreaterThanOrEqual(1);
    expect(await db().select().from(documents).where(eq(documents.orderNumber, lost.orderNumber))).toHaveLength(1);
    expect(await db().select().from(documents).where(eq(documents.orderNumber, unpaid.orderNumber))).toHaveLength(0);
  });
});

describe('credit notes', () => {
  it('rectifies the invoice once per refund, with the returned lines negative, and chains in its own series', async () => {
    const { orderNumber, lineIds } = await insertOrder({
      userId: someUser(),
      shippingCost: 500,
      lines: [
        { name: 'Ratón Vértice', qty: 3, unitPrice: 2_500 },
        { name: 'Teclado Brisa', qty: 1, unitPrice: 6_000 },
      ],
    });
    const invoice = await ensureOrderDocument(db(), orderNumber, NOW);
    const refundId = 700_000 + Math.floor(Math.random() * 100_000);
    const input = { orderNumber, refundId, amount: 5_500, lines: [{ orderLineId: lineIds[0]!, qty: 2 }], now: NOW };
    const [first, second] = await Promise.all([issueCreditNote(db(), input), issueCreditNote(db(), input)]);
    expect(first.id).toBe(second.id);
    expect(first).toMatchObject({ docType: 'corrective', series: 'R', rectifiesId: invoice!.id, refundId, total: -5_500 });
    const lines = first.lines as unknown as DocumentLine[];
    expect(lines[0]).toMatchObject({ kind: 'article', name: 'Ratón Vértice', qty: 2, total: -5_000 });
    expect(lines[1]).toMatchObject({ kind: 'adjustment', total: -500 });
    expect(first.taxableTotal + first.vatTotal).toBe(-5_500);
    // The invoice is untouched.
    const [still] = await db().select().from(documents).where(eq(documents.id, invoice!.id));
    expect(still).toEqual(invoice);
    // Another refund: another credit note, next number, chained to the first.
    const other = await issueCreditNote(db(), { orderNumber, refundId: refundId + 1, amount: 6_000, now: NOW });
    expect(other.previousHash).toBe(first.hash);
    expect(other.number).toBe(first.number + 1);
    expect(await chainHash({ issuerTaxId: 'B30999999', code: other.code, issueDate: issueDateText(localDate('ES', NOW)), typeCode: 'R1', vat: other.vatTotal, total: other.total, previousHash: other.previousHash, generatedAt: zonedTimestamp(NOW, 'Europe/Madrid') })).toBe(other.hash);
  });

  it('refuses a line that is not on the invoice', async () => {
    const { orderNumber } = await insertOrder({ userId: someUser() });
    await expect(issueCreditNote(db(), { orderNumber, refundId: 990_001, amount: 100, lines: [{ orderLineId: 99_999_999, qty: 1 }], now: NOW })).rejects.toMatchObject({ message: '1818' });
  });
});

/** The text a PDF draws: its content streams inflated, the hex strings of Tj operators decoded (WinAnsi ≈ Latin-1). */
const pdfText = async (bytes: ArrayBuffer) => (await pdfStrings(bytes)).join('\n');

/** How many shapes a PDF fills (pdf-lib draws a rectangle as a closed path and `f`): the modules of a QR code. */
const rectangles = async (bytes: ArrayBuffer) => (await pdfContent(bytes)).join('\n').match(/\nh\nf\n/g)?.length ?? 0;

async function signedInWithId() {
  const browser = new TestBrowser();
  const email = await signUp(browser);
  const id = (await env.DB.prepare('SELECT id FROM users WHERE email = ?').bind(email).first<number>('id'))!;
  return { browser, id };
}

describe('the account: documents, PDF download, model 347, conversion', () => {
  it("downloads the owner's invoice as a PDF with the customer's name, a line and the total; others get the 404 page", async () => {
    const alice = await signedInWithId();
    const bob = await signedInWithId();
    const { orderNumber } = await insertOrder({ userId: alice.id, billing: BILLING, lines: [{ name: 'Altavoz Órbita Mini', qty: 2, unitPrice: 4_950 }], shippingCost: 399 });
    const invoice = (await ensureOrderDocument(db(), orderNumber, NOW))!;
    const path = `/usuarios/panel/pedido/${orderNumber}/descargar/invoice`;
    const response = await alice.browser.fetch(path);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('application/pdf');
    expect(response.headers.get('Content-Disposition')).toBe(`attachment; filename="${invoice.code}.pdf"`);
    const bytes = await response.arrayBuffer();
    expect(new TextDecoder('latin1').decode(new Uint8Array(bytes).slice(0, 5))).toBe('%PDF-');
    const text = await pdfText(bytes);
    expect(text).toContain('Talleres Ruiz S.L.');
    expect(text).toContain('B12345674');
    expect(text).toContain('Altavoz Órbita Mini');
    expect(text).toContain(invoice.code);
    // 2 × 49,50 + 3,99 = 102,99 €, in Spanish.
    expect(text).toContain('102,99');
    expect(text).toContain('Factura');
    expect(text).toContain(invoice.hash);
    // In English on the English address.
    const english = await pdfText(await (await alice.browser.fetch(`/en/account/order/${orderNumber}/download/invoice`)).arrayBuffer());
    expect(english).toContain('Invoice');
    expect(english).toContain('Total (VAT included)');
    // Another user, a type the order has not got, an unknown order: the 404 page.
    for (const [browser, other] of [
      [bob.browser, path],
      [alice.browser, `/usuarios/panel/pedido/${orderNumber}/descargar/corrective`],
      [alice.browser, `/usuarios/panel/pedido/${orderNumber}/descargar/nonsense`],
      [alice.browser, `/usuarios/panel/pedido/ES-261101-ZZZZZZ/descargar/invoice`],
      [alice.browser, `${path}?id=abc`],
    ] as const) {
      const refused = await browser.fetch(other);
      expect(refused.status, other).toBe(404);
      expect(refused.headers.get('Content-Type'), other).toMatch(/text\/html/);
    }
    // Signed out: to the login page.
    expect((await new TestBrowser().fetch(path)).status).toBe(302);
  });

  it('prints the QR code and ATCUD on a Portuguese document and picks one credit note with ?id=', async () => {
    const alice = await signedInWithId();
    const { orderNumber } = await insertOrder({ userId: alice.id, channel: 'PT', language: 'pt_PT', lines: [{ name: 'Carregador Rápido', qty: 1, unitPrice: 12_300 }] });
    const invoice = (await ensureOrderDocument(db(), orderNumber, NOW))!;
    const first = await issueCreditNote(db(), { orderNumber, refundId: 880_001 + alice.id, amount: 1_000, now: NOW });
    const second = await issueCreditNote(db(), { orderNumber, refundId: 880_002 + alice.id, amount: 2_000, now: NOW });
    const browser = new TestBrowser('http://pt.localhost');
    browser.cookies.clear();
    for (const [name, value] of alice.browser.cookies) browser.cookies.set(name, value);
    const pdf = await browser.fetch(`/utilizadores/painel/encomenda/${orderNumber}/descarregar/invoice`);
    expect(pdf.status).toBe(200);
    const bytes = await pdf.arrayBuffer();
    const text = await pdfText(bytes);
    expect(text).toContain(`ATCUD: ${invoice.atcud}`);
    expect(text).toContain('Fatura');
    // The QR code is drawn as filled squares (a version 5+ code has hundreds of dark modules); a Spanish invoice has none.
    expect(await rectangles(bytes)).toBeGreaterThan(200);
    const spanish = await insertOrder({ userId: alice.id });
    await ensureOrderDocument(db(), spanish.orderNumber, NOW);
    expect(await rectangles(await (await alice.browser.fetch(`/usuarios/panel/pedido/${spanish.orderNumber}/descargar/invoice`)).arrayBuffer())).toBe(0);
    const picked = await pdfText(await (await browser.fetch(`/utilizadores/painel/encomenda/${orderNumber}/descarregar/corrective?id=${first.id}`)).arrayBuffer());
    expect(picked).toContain(first.code);
    expect(picked).toContain(invoice.code);
    const latest = await pdfText(await (await browser.fetch(`/utilizadores/painel/encomenda/${orderNumber}/descarregar/corrective`)).arrayBuffer());
    expect(latest).toContain(second.code);
  });

  it('lists only the caller\'s documents; one of them by id, or 5101 for another\'s or none', async () => {
    const alice = await signedInWithId();
    const bob = await signedInWithId();
    const { orderNumber } = await insertOrder({ userId: alice.id });
    const invoice = (await ensureOrderDocument(db(), orderNumber, NOW))!;
    const list = await alice.browser.api<{ documents: { id: number; code: string }[] }>('GET', '/api/user/documents');
    expect(list.status).toBe(200);
    expect(list.data.documents.map((d) => d.code)).toEqual([invoice.code]);
    expect((await bob.browser.api<{ documents: unknown[] }>('GET', '/api/user/documents')).data.documents).toEqual([]);
    const one = await alice.browser.api<{ document: { code: string } }>('GET', `/api/user/documents/${invoice.id}`);
    expect(one.data.document.code).toBe(invoice.code);
    for (const id of [invoice.id, 999_999_999]) {
      const refused = await bob.browser.api('GET', `/api/user/documents/${id}`);
      expect(refused.status).toBe(404);
      expect(refused.error?.code).toBe(5101);
    }
    expect((await alice.browser.api('GET', '/api/user/documents/abc')).status).toBe(400);
    expect((await new TestBrowser().api('GET', '/api/user/documents')).status).toBe(401);
  });

  it('sums model 347 per quarter of the Madrid date, credit notes subtracted, Ampora only', async () => {
    const alice = await signedInWithId();
    const at = (month: number, day = 10) => new Date(Date.UTC(2026, month - 1, day, 12));
    const issue = async (month: number, euros: number, extra: Partial<Parameters<typeof insertOrder>[0]> = {}) => {
      const { orderNumber } = await insertOrder({ userId: alice.id, lines: [{ name: 'Monitor', qty: 1, unitPrice: euros * 100 }], ...extra });
      return ensureOrderDocument(db(), orderNumber, at(month));
    };
    const march = await issue(3, 2_000);
    await issue(5, 900);
    await issue(5, 500, { sellerKind: 'marketplace', sellerId: 1 });
    await issue(12, 300);
    await issueCreditNote(db(), { orderNumber: march!.orderNumber, refundId: 770_000 + alice.id, amount: 10_000, now: at(4) });
    // 31 December 23:30 UTC is 1 January in Madrid: next year.
    const { orderNumber: late } = await insertOrder({ userId: alice.id });
    await ensureOrderDocument(db(), late, new Date(Date.UTC(2026, 11, 31, 23, 30)));
    const result = await alice.browser.api<{ year: number; quarters: { quarter: number; total: number }[]; total: number; declarable: boolean }>('GET', '/api/user/model347?year=2026');
    expect(result.status).toBe(200);
    expect(result.data.quarters).toEqual([
      { quarter: 1, total: 200_000 },
      { quarter: 2, total: 80_000 },
      { quarter: 3, total: 0 },
      { quarter: 4, total: 30_000 },
    ]);
    expect(result.data.total).toBe(310_000);
    expect(result.data.declarable).toBe(true);
    expect((await alice.browser.api<{ total: number }>('GET', '/api/user/model347?year=2027')).data.total).toBe(12_100);
    expect((await alice.browser.api('GET', '/api/user/model347?year=1800')).status).toBe(400);
  });

  it('converts a simplified ticket into a nominative invoice once, with a corrective cancelling the ticket', async () => {
    const alice = await signedInWithId();
    const bob = await signedInWithId();
    const withTaxId = (await alice.browser.api<{ id: number }>('POST', '/api/user/addresses/billing', { ...MADRID_BILLING, billingType: 'company', companyName: 'Ruiz Hermanos S.L.', nif: 'B12345674' })).data.id;
    const bobAddress = (await bob.browser.api<{ id: number }>('POST', '/api/user/addresses/billing', MADRID_BILLING)).data.id;
    const { orderNumber } = await insertOrder({ userId: alice.id, frontOrder: true, lines: [{ name: 'Tarjeta microSD 128 GB', qty: 1, unitPrice: 2_495 }] });
    const ticket = (await ensureOrderDocument(db(), orderNumber, NOW))!;
    expect(ticket.docType).toBe('ticket');
    // The documents screen offers the conversion.
    const screen = await alice.browser.fetch('/usuarios/panel/mis-documentos');
    expect(screen.status).toBe(200);
    const html = await screen.text();
    expect(html).toContain(`data-convert="${orderNumber}"`);
    expect(html).toContain(ticket.code);
    // Bob: neither Alice's order nor Alice's address.
    expect((await bob.browser.api('PATCH', `/api/user/orders/${orderNumber}/convert-to-nominative/${bobAddress}`)).status).toBe(404);
    expect((await alice.browser.api('PATCH', `/api/user/orders/${orderNumber}/convert-to-nominative/${bobAddress}`)).status).toBe(404);
    const converted = await alice.browser.api<{ document: { docType: string; code: string; buyer: { name: string; taxId: string }; total: number } }>(
      'PATCH',
      `/api/user/orders/${orderNumber}/convert-to-nominative/${withTaxId}`,
    );
    expect(converted.status).toBe(200);
    expect(converted.data.document).toMatchObject({ docType: 'invoice', buyer: { name: 'Ruiz Hermanos S.L.', taxId: 'B12345674' }, total: 2_495 });
    const all = await db().select().from(documents).where(eq(documents.orderNumber, orderNumber)).orderBy(asc(documents.id));
    expect(all.map((d) => [d.docType, d.total])).toEqual([
      ['ticket', 2_495],
      ['corrective', -2_495],
      ['invoice', 2_495],
    ]);
    expect(all[1]!.rectifiesId).toBe(ticket.id);
    // A second time: nothing left to convert.
    const again = await alice.browser.api('PATCH', `/api/user/orders/${orderNumber}/convert-to-nominative/${withTaxId}`);
    expect(again.status).toBe(409);
    expect(again.error?.code).toBe('DOCUMENT_NOT_CONVERTIBLE');
    expect(await db().select().from(documents).where(eq(documents.orderNumber, orderNumber))).toHaveLength(3);
  });

  it('refuses to convert an invoice, and a ticket to an address without a tax id', async () => {
    const alice = await signedInWithId();
    const noTaxId = (await alice.browser.api<{ id: number }>('POST', '/api/user/addresses/billing', MADRID_BILLING)).data.id;
    await env.DB.prepare("UPDATE billing_addresses SET nif = '' WHERE id = ?").bind(noTaxId).run();
    const withTaxId = (await alice.browser.api<{ id: number }>('POST', '/api/user/addresses/billing', MADRID_BILLING)).data.id;
    const online = await insertOrder({ userId: alice.id });
    await ensureOrderDocument(db(), online.orderNumber, NOW);
    const notTicket = await alice.browser.api('PATCH', `/api/user/orders/${online.orderNumber}/convert-to-nominative/${withTaxId}`);
    expect(notTicket.status).toBe(409);
    expect(notTicket.error?.code).toBe('DOCUMENT_NOT_CONVERTIBLE');
    const front = await insertOrder({ userId: alice.id, frontOrder: true });
    await ensureOrderDocument(db(), front.orderNumber, NOW);
    const needsTaxId = await alice.browser.api('PATCH', `/api/user/orders/${front.orderNumber}/convert-to-nominative/${noTaxId}`);
    expect(needsTaxId.status).toBe(409);
    expect(needsTaxId.error?.code).toBe('NOMINATIVE_NEEDS_TAX_ID');
    expect(await db().select().from(documents).where(eq(documents.orderNumber, front.orderNumber))).toHaveLength(1);
  });

  it('lists documents by year with download links; credit notes and return invoices on their screens', async () => {
    const alice = await signedInWithId();
    const { orderNumber } = await insertOrder({ userId: alice.id });
    const invoice = (await ensureOrderDocument(db(), orderNumber, NOW))!;
    const note = await issueCreditNote(db(), { orderNumber, refundId: 660_000 + alice.id, amount: 500, now: NOW });
    const html = await (await alice.browser.fetch('/usuarios/panel/mis-documentos')).text();
    expect(html).toContain('<h2 id="documents-2026">2026</h2>');
    expect(html).toContain(`href="/usuarios/panel/pedido/${orderNumber}/descargar/invoice?id=${invoice.id}"`);
    expect(html).toContain(`href="/usuarios/panel/pedido/${orderNumber}/descargar/corrective?id=${note.id}"`);
    expect(html).toContain('data-model347="2026"');
    const notes = await (await alice.browser.fetch('/usuarios/panel/abonos')).text();
    expect(notes).toContain(note.code);
    expect(notes).not.toContain(`data-document-id="${invoice.id}"`);
    // Not from a return: the return invoices screen has none.
    const returnsScreen = await (await alice.browser.fetch('/usuarios/panel/facturas-devolucion')).text();
    expect(returnsScreen).toContain('data-documents-empty');
  });
});
