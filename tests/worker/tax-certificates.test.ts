/**
 * Tax-exemption certificates (worker/api/tax-certificates.ts, worker/api/admin-tax-certificates.ts,
 * docs/account.md): the multipart upload and each way it is refused (nothing stored), the list,
 * the download (owner or staff), revoking, the staff decisions and their inbox messages, the
 * forms without script, and the invoice a validated certificate turns into a reverse-charge one.
 */
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { documents } from '../../worker/db/schema';
import { ensureOrderDocument } from '../../worker/documents/issue';
import { signUp, TestBrowser, type ApiResult } from './browser';
import { db, insertOrder } from './documents-fixtures';
import { pdfStrings } from './pdf';

const COMPANY = { name: 'Marta', surname: 'Ruiz', companyName: 'Talleres Ruiz S.L.', address: 'Calle Mayor', streetNumber: '5', city: 'Murcia', postalCode: '30001', provinceId: 30, countryIso: 'ES', billingType: 'company', nif: 'B12345674', cellPhone: '612345678' };
const PERSON = { ...COMPANY, companyName: '', billingType: 'individual', nif: '12345678Z' };
const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='), (ch) => ch.charCodeAt(0));
const HTML = new TextEncoder().encode('<!doctype html><script>alert(1)</script>');

interface Certificate {
  id: number;
  nif: string;
  billingAddressId: number;
  state: string;
  uploadedDate: string;
  validatedDate: string | null;
  rejectedDate: string | null;
  revokedDate: string | null;
  certificate: string;
  fileName: string;
  reason: string | null;
}

interface Customer {
  browser: TestBrowser;
  id: number;
  company: number;
}

async function customer(): Promise<Customer> {
  const browser = new TestBrowser();
  const email = await signUp(browser);
  const id = (await env.DB.prepare('SELECT id FROM users WHERE email = ?').bind(email).first<number>('id'))!;
  const company = await browser.api<{ id: number }>('POST', '/api/user/addresses/billing', COMPANY);
  expect(company.status, JSON.stringify(company.error)).toBe(201);
  return { browser, id, company: company.data.id };
}

let staff: TestBrowser;
beforeAll(async () => {
  staff = new TestBrowser();
  const email = await signUp(staff);
  await env.DB.prepare(`UPDATE users SET roles = '["customer","staff"]' WHERE email = ?`).bind(email).run();
});

function form(fields: Record<string, string | undefined>, file?: { bytes: Uint8Array; name: string; type?: string }): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) body.set(name, value);
  if (file) body.set('file', new File([file.bytes as Uint8Array<ArrayBuffer>], file.name, { type: file.type ?? 'application/octet-stream' }));
  return body;
}

async function upload(browser: TestBrowser, body: FormData): Promise<ApiResult<Certificate>> {
  const response = await browser.fetch('/api/user/census-certificates/save', { method: 'POST', body });
  const envelope = (await response.json()) as { data: Certificate; err: { message: string } | null };
  return { status: response.status, headers: response.headers, data: envelope.data, error: envelope.err ? JSON.parse(envelope.err.message) : null };
}

const goodUpload = (who: Customer, file = { bytes: PDF, name: 'certificado censal.pdf' }) => upload(who.browser, form({ billingAddress: String(who.company), nif: 'B12345674' }, file));

const rowsOf = async (userId: number) => (await env.DB.prepare('SELECT id, state FROM tax_certificates WHERE user_id = ? ORDER BY id').bind(userId).all<{ id: number; state: string }>()).results;
const listOf = async (who: Customer) => (await who.browser.api<{ certificates: Certificate[] }>('GET', '/api/user/taxpayerreversalallavailables')).data.certificates;
const fileKeyOf = async (id: number) => (await env.DB.prepare('SELECT file_key FROM tax_certificates WHERE id = ?').bind(id).first<string>('file_key'))!;

describe('uploading a certificate', () => {
  it('stores a pending certificate and its file in R2, lists it and serves the file to its owner and staff only', async () => {
    const alice = await customer();
    const bob = await customer();
    const saved = await goodUpload(alice);
    expect(saved.status, JSON.stringify(saved.error)).toBe(201);
    expect(saved.data).toMatchObject({ nif: 'B12345674', billingAddressId: alice.company, state: 'pending', validatedDate: null, rejectedDate: null, fileName: 'certificado censal.pdf', certificate: `/api/user/tax-certificates/${saved.data.id}/file` });
    const key = await fileKeyOf(saved.data.id);
    expect(key).toMatch(new RegExp(`^certificates/${alice.id}/[0-9a-f-]{36}$`));
    const object = await env.FILES.get(key);
    expect(new Uint8Array(await object!.arrayBuffer())).toEqual(PDF);
    expect(await listOf(alice)).toEqual([saved.data]);
    expect(await listOf(bob)).toEqual([]);

    const own = await alice.browser.fetch(saved.data.certificate);
    expect(own.status).toBe(200);
    expect(own.headers.get('Content-Type')).toBe('application/pdf');
    expect(own.headers.get('Content-Disposition')).toMatch(/^attachment; filename="certificado censal\.pdf"/);
    expect(own.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(new Uint8Array(await own.arrayBuffer())).toEqual(PDF);
    expect((await staff.fetch(saved.data.certificate)).status).toBe(200);
    const other = await bob.browser.api('GET', saved.data.certificate);
    expect(other.status).toBe(404);
    expect((await new TestBrowser().api('GET', saved.data.certificate)).status).toBe(401);
  });

  it('judges the type by the bytes: a PNG named .pdf is kept as a PNG, an HTML page named .png is refused', async () => {
    const alice = await customer();
    const png = await goodUpload(alice, { bytes: PNG, name: 'scan.pdf' });
    expect(png.status).toBe(201);
    expect(png.data.fileName).toBe('scan.png');
    expect((await alice.browser.fetch(png.data.certificate)).headers.get('Content-Type')).toBe('image/png');
    const html = await goodUpload(alice, { bytes: HTML, name: 'certificate.png' });
    expect(html.status).toBe(400);
    expect(html.error?.code).toBe('CERTIFICATE_FILE_TYPE');
    expect(await rowsOf(alice.id)).toHaveLength(1);
  });

  it.each([
    ['billingAddress', { nif: 'B12345674' }, true],
    ['nif', { billingAddress: 'own' }, true],
    ['file', { billingAddress: 'own', nif: 'B12345674' }, false],
  ] as const)('refuses a request without %s (400 naming it), storing nothing', async (field, fields, withFile) => {
    const alice = await customer();
    const values = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v === 'own' ? String(alice.company) : v]));
    const refused = await upload(alice.browser, form(values, withFile ? { bytes: PDF, name: 'c.pdf' } : undefined));
    expect(refused.status).toBe(400);
    expect(refused.error).toMatchObject({ code: 'CERTIFICATE_FIELD_MISSING', details: { field } });
    expect((refused.error?.details as { issues: { path: string }[] }).issues[0]!.path).toBe(field);
    expect(await rowsOf(alice.id)).toEqual([]);
  });

  it('an empty file input is no file', async () => {
    const alice = await customer();
    const refused = await upload(alice.browser, form({ billingAddress: String(alice.company), nif: 'B12345674' }, { bytes: new Uint8Array(), name: '' }));
    expect(refused.error).toMatchObject({ code: 'CERTIFICATE_FIELD_MISSING', details: { field: 'file' } });
  });

  it('refuses a file over 5 MB (413), storing nothing', async () => {
    const alice = await customer();
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(PDF);
    const refused = await goodUpload(alice, { bytes: big, name: 'big.pdf' });
    expect(refused.status).toBe(413);
    expect(refused.error?.code).toBe('CERTIFICATE_FILE_TOO_LARGE');
    // The same from a page without script: back to the screen with the refusal.
    const body = form({ billingAddress: String(alice.company), nif: 'B12345674', respond: 'page' }, { bytes: big, name: 'big.pdf' });
    const page = await alice.browser.fetch('/api/user/census-certificates/save', { method: 'POST', body, headers: { Accept: 'text/html' } });
    expect(page.status).toBe(303);
    expect(page.headers.get('Location')).toBe('/usuarios/panel/mis-documentos?certificateError=CERTIFICATE_FILE_TOO_LARGE#tax-certificates');
    expect(await rowsOf(alice.id)).toEqual([]);
  });

  it("answers 404 for someone else's billing address or none, and refuses a tax id that is not the address's, or an individual's address", async () => {
    const alice = await customer();
    const bob = await customer();
    for (const billingAddress of [String(bob.company), '999999999', 'abc']) {
      const refused = await upload(alice.browser, form({ billingAddress, nif: 'B12345674' }, { bytes: PDF, name: 'c.pdf' }));
      expect(refused.status, billingAddress).toBe(404);
      expect(refused.data).toBeNull();
    }
    const otherId = await upload(alice.browser, form({ billingAddress: String(alice.company), nif: 'A58818501' }, { bytes: PDF, name: 'c.pdf' }));
    expect(otherId.status).toBe(400);
    expect(otherId.error?.code).toBe('CERTIFICATE_TAX_ID_MISMATCH');
    const invalid = await upload(alice.browser, form({ billingAddress: String(alice.company), nif: 'B12345670' }, { bytes: PDF, name: 'c.pdf' }));
    expect(invalid.error?.code).toBe('CERTIFICATE_TAX_ID_INVALID');
    // The same id written another way is the same id.
    expect((await upload(alice.browser, form({ billingAddress: String(alice.company), nif: 'b-1234 5674' }, { bytes: PDF, name: 'c.pdf' }))).status).toBe(201);
    const person = (await alice.browser.api<{ id: number }>('POST', '/api/user/addresses/billing', PERSON)).data.id;
    const individual = await upload(alice.browser, form({ billingAddress: String(person), nif: '12345678Z' }, { bytes: PDF, name: 'c.pdf' }));
    expect(individual.status).toBe(409);
    expect(individual.error?.code).toBe('CERTIFICATE_NEEDS_BUSINESS');
    expect(await rowsOf(alice.id)).toHaveLength(1);
    expect(await rowsOf(bob.id)).toEqual([]);
  });

  it('a form sent without script comes back to the documents screen with the outcome or the refusal', async () => {
    const alice = await customer();
    const done = await alice.browser.fetch('/api/user/census-certificates/save', { method: 'POST', body: form({ billingAddress: String(alice.company), nif: 'B12345674', respond: 'page', lang: 'es_ES' }, { bytes: PDF, name: 'c.pdf' }) });
    expect(done.status).toBe(303);
    expect(done.headers.get('Location')).toBe('/usuarios/panel/mis-documentos?certificate=uploaded#tax-certificates');
    const refused = await alice.browser.fetch('/api/user/census-certificates/save', { method: 'POST', body: form({ billingAddress: String(alice.company), respond: 'page', lang: 'es_ES' }, { bytes: PDF, name: 'c.pdf' }) });
    expect(refused.status).toBe(303);
    expect(refused.headers.get('Location')).toBe('/usuarios/panel/mis-documentos?certificateError=CERTIFICATE_FIELD_MISSING#tax-certificates');
    expect(await rowsOf(alice.id)).toHaveLength(1);
    // The screen lists it, and shows the refusal's message in the page's language.
    const screen = await alice.browser.fetch('/usuarios/panel/mis-documentos?certificateError=CERTIFICATE_FIELD_MISSING');
    const html = await screen.text();
    expect(html).toContain('id="tax-certificates"');
    expect(html).toContain(`data-certificate-id="${(await rowsOf(alice.id))[0]!.id}"`);
    expect(html).toContain('El certificado necesita una dirección de facturación, un NIF y un archivo.');
    // The upload form works without script: a multipart form posting to the API, its fields labelled, the tax id filled in.
    expect(html).toMatch(/<form[^>]*action="\/api\/user\/census-certificates\/save"[^>]*encType="multipart\/form-data"/i);
    expect(html).toContain('<label for="certificate-file">Archivo del certificado</label>');
    expect(html).toMatch(/<input id="certificate-nif"[^>]*name="nif" value="B12345674"/);
    expect(html).toContain('data-certificate-revoke=');
  });

  it('limits uploads per account (10 a day: 429 past it)', async () => {
    const alice = await customer();
    for (let i = 0; i < 10; i++) expect((await goodUpload(alice)).status).toBe(201);
    const refused = await goodUpload(alice);
    expect(refused.status).toBe(429);
    expect(await rowsOf(alice.id)).toHaveLength(10);
  });
});

describe('revoking', () => {
  it('revokes a pending or validated certificate once (409 after), and someone else gets 404 with nothing changed', async () => {
    const alice = await customer();
    const bob = await customer();
    const pending = (await goodUpload(alice)).data;
    const validated = (await goodUpload(alice)).data;
    expect((await staff.api('POST', `/api/admin/tax-certificates/${validated.id}/validate`)).status).toBe(200);
    const before = await listOf(alice);
    for (const id of [pending.id, validated.id]) {
      const theirs = await bob.browser.api('POST', '/api/user/taxpayerreversal/revokeCertificate', { certificateId: id });
      expect(theirs.status).toBe(404);
    }
    expect(await listOf(alice)).toEqual(before);
    for (const id of [pending.id, validated.id]) {
      const revoked = await alice.browser.api<Certificate>('POST', '/api/user/taxpayerreversal/revokeCertificate', { certificateId: id });
      expect(revoked.status).toBe(200);
      expect(revoked.data.state).toBe('revoked');
      expect(revoked.data.revokedDate).not.toBeNull();
      const again = await alice.browser.api('POST', '/api/user/taxpayerreversal/revokeCertificate', { certificateId: id });
      expect(again.status).toBe(409);
      expect(again.error?.code).toBe('CERTIFICATE_STATE');
    }
    expect((await alice.browser.api('POST', '/api/user/taxpayerreversal/revokeCertificate', {})).status).toBe(400);
    // Revoked, the file is still the owner's to download.
    expect((await alice.browser.fetch(pending.certificate)).status).toBe(200);
  });

  it('revokes from a form without script', async () => {
    const alice = await customer();
    const id = (await goodUpload(alice)).data.id;
    const body = new URLSearchParams({ certificateId: String(id), respond: 'page', lang: 'es_ES' });
    const done = await alice.browser.fetch('/api/user/taxpayerreversal/revokeCertificate', { method: 'POST', body, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    expect(done.status).toBe(303);
    expect(done.headers.get('Location')).toBe('/usuarios/panel/mis-documentos?certificate=revoked#tax-certificates');
    expect(await rowsOf(alice.id)).toEqual([{ id, state: 'revoked' }]);
  });
});

describe('staff decisions', () => {
  it('refuses every staff call to a customer (403), changing nothing', async () => {
    const alice = await customer();
    const id = (await goodUpload(alice)).data.id;
    expect((await alice.browser.api('GET', '/api/admin/tax-certificates')).status).toBe(403);
    expect((await alice.browser.api('POST', `/api/admin/tax-certificates/${id}/validate`)).status).toBe(403);
    expect((await alice.browser.api('POST', `/api/admin/tax-certificates/${id}/reject`, { reason: 'Ilegible' })).status).toBe(403);
    expect(await rowsOf(alice.id)).toEqual([{ id, state: 'pending' }]);
  });

  it('lists pending certificates with their file; validates or rejects each once and tells the customer in the inbox', async () => {
    const alice = await customer();
    const first = (await goodUpload(alice)).data;
    const second = (await goodUpload(alice)).data;
    // Oldest first, 20 a page: other tests' certificates wait before these.
    const queued: { id: number; email: string; billing: string; billingNif: string; certificate: string; state: string }[] = [];
    for (let page = 1; ; page++) {
      const queue = await staff.api<{ items: typeof queued; total: number; pageSize: number }>('GET', `/api/admin/tax-certificates?state=pending&page=${page}`);
      expect(queue.status).toBe(200);
      queued.push(...queue.data.items);
      if (page * queue.data.pageSize >= queue.data.total) break;
    }
    expect(queued.every((item) => item.state === 'pending')).toBe(true);
    const mine = queued.filter((item) => item.id === first.id || item.id === second.id);
    expect(mine).toHaveLength(2);
    expect(mine[0]).toMatchObject({ billingNif: 'B12345674', certificate: `/api/user/tax-certificates/${first.id}/file` });
    expect(mine[0]!.billing).toContain('Talleres Ruiz S.L.');
    // The staff screen (the last page holds the newest): the file's link and the actions; a customer gets the 404 page.
    const lastPage = Math.ceil(queued.length / 20);
    const screen = await staff.fetch(`/admin/tax-certificates?page=${lastPage}`);
    expect(screen.status).toBe(200);
    const html = await screen.text();
    expect(html).toContain(`data-certificate-id="${second.id}"`);
    expect(html).toContain(`href="/api/user/tax-certificates/${second.id}/file"`);
    expect(html).toContain('data-island="tax-certificate-review"');
    expect((await alice.browser.fetch('/admin/tax-certificates')).status).toBe(404);

    const validated = await staff.api<Certificate>('POST', `/api/admin/tax-certificates/${first.id}/validate`);
    expect(validated.status).toBe(200);
    expect(validated.data).toMatchObject({ state: 'validated', rejectedDate: null });
    expect(validated.data.validatedDate).not.toBeNull();
    expect((await staff.api('POST', `/api/admin/tax-certificates/${first.id}/reject`, { reason: 'Ilegible' })).status).toBe(409);
    expect((await staff.api('POST', `/api/admin/tax-certificates/${first.id}/validate`)).status).toBe(409);

    expect((await staff.api('POST', `/api/admin/tax-certificates/${second.id}/reject`, {})).status).toBe(400);
    const rejected = await staff.api<Certificate>('POST', `/api/admin/tax-certificates/${second.id}/reject`, { reason: 'El certificado está caducado' });
    expect(rejected.data).toMatchObject({ state: 'rejected', reason: 'El certificado está caducado' });
    expect((await staff.api('POST', '/api/admin/tax-certificates/999999999/validate')).status).toBe(404);

    const inbox = (await env.DB.prepare('SELECT kind, ref, params FROM inbox_messages WHERE user_id = ? ORDER BY id').bind(alice.id).all<{ kind: string; ref: string; params: string }>()).results;
    expect(inbox.map((m) => [m.kind, m.ref, JSON.parse(m.params)])).toEqual([
      ['certificate.validated', String(first.id), { certificateId: first.id, nif: 'B12345674' }],
      ['certificate.rejected', String(second.id), { certificateId: second.id, nif: 'B12345674', reason: 'El certificado está caducado' }],
    ]);
    expect((await listOf(alice)).map((c) => [c.id, c.state])).toEqual([
      [second.id, 'rejected'],
      [first.id, 'validated'],
    ]);
  });

  it('two staff members deciding at once: one decision, the other 409', async () => {
    const alice = await customer();
    const id = (await goodUpload(alice)).data.id;
    const answers = await Promise.all([staff.api('POST', `/api/admin/tax-certificates/${id}/validate`), staff.api('POST', `/api/admin/tax-certificates/${id}/reject`, { reason: 'No corresponde' })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect((await env.DB.prepare("SELECT count(*) AS n FROM inbox_messages WHERE user_id = ? AND kind LIKE 'certificate.%'").bind(alice.id).first<number>('n'))).toBe(1);
  });
});

const pdfText = async (bytes: Uint8Array) => (await pdfStrings(bytes)).join(' ');

describe('invoicing a certified customer', () => {
  const billingOf = async (who: Customer) => ({ ...(await env.DB.prepare('SELECT * FROM billing_addresses WHERE id = ?').bind(who.company).first<Record<string, unknown>>())!, id: who.company, billingType: 'company', companyName: 'Talleres Ruiz S.L.', countryIso: 'ES', nif: 'B12345674' });
  const lines = [{ name: 'Portátil Vega 14', qty: 2, unitPrice: 60_500 }];

  it('issues a reverse-charge invoice (0 % VAT on the amount paid, series S) while a validated certificate covers the billing address, and a normal one otherwise', async () => {
    const alice = await customer();
    const bob = await customer();
    const certificate = (await goodUpload(alice)).data;
    const billing = await billingOf(alice);

    // Pending: a normal invoice with VAT.
    const before = await insertOrder({ userId: alice.id, billing, lines, shippingCost: 500 });
    const normal = (await ensureOrderDocument(db(), before.orderNumber, new Date()))!;
    expect(normal).toMatchObject({ docType: 'invoice', series: 'F', total: 121_500, taxableTotal: 100_413, vatTotal: 21_087 });

    expect((await staff.api('POST', `/api/admin/tax-certificates/${certificate.id}/validate`)).status).toBe(200);
    const { orderNumber } = await insertOrder({ userId: alice.id, billing, lines, shippingCost: 500 });
    const exempt = (await ensureOrderDocument(db(), orderNumber, new Date()))!;
    expect(exempt).toMatchObject({ docType: 'passiveSubject', series: 'S', total: 121_500, taxableTotal: 121_500, vatTotal: 0 });
    expect(exempt.vatBreakdown).toEqual([{ rate: 0, base: 121_500, vat: 0, total: 121_500 }]);
    expect((exempt.lines as { rate: number }[]).every((l) => l.rate === 0)).toBe(true);
    expect(exempt.buyer).toMatchObject({ taxId: 'B12345674', certificateId: certificate.id });
    // Issued once, however often it is asked for.
    expect((await ensureOrderDocument(db(), orderNumber, new Date()))!.id).toBe(exempt.id);
    expect(await db().select().from(documents).where(eq(documents.orderNumber, orderNumber))).toHaveLength(1);
    // The PDF downloads like any document of the account.
    const pdf = await alice.browser.fetch(`/usuarios/panel/pedido/${orderNumber}/descargar/passiveSubject?id=${exempt.id}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('Content-Type')).toBe('application/pdf');
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain('Inversión del sujeto pasivo');
    expect(text).toContain(`certificado de exención ${certificate.id}`);
    const normalPdf = await alice.browser.fetch(`/usuarios/panel/pedido/${before.orderNumber}/descargar/invoice?id=${normal.id}`);
    const normalText = await pdfText(new Uint8Array(await normalPdf.arrayBuffer()));
    expect(normalText).toContain(normal.code);
    expect(normalText).not.toContain('Inversión del sujeto pasivo');

    // Another customer billed to the same company data has no certificate: VAT.
    const bobs = await insertOrder({ userId: bob.id, billing: { ...billing, id: bob.company }, lines });
    expect((await ensureOrderDocument(db(), bobs.orderNumber, new Date()))!.docType).toBe('invoice');

    // Revoked: invoices from then on charge VAT again.
    expect((await alice.browser.api('POST', '/api/user/taxpayerreversal/revokeCertificate', { certificateId: certificate.id })).status).toBe(200);
    const after = await insertOrder({ userId: alice.id, billing, lines });
    expect((await ensureOrderDocument(db(), after.orderNumber, new Date(Date.now() + 1000)))!).toMatchObject({ docType: 'invoice', vatTotal: 21_000 });
  });

  it('a credit note of a reverse-charge invoice is at 0 % too', async () => {
    const alice = await customer();
    const certificate = (await goodUpload(alice)).data;
    await staff.api('POST', `/api/admin/tax-certificates/${certificate.id}/validate`);
    const { orderNumber, lineIds } = await insertOrder({ userId: alice.id, billing: await billingOf(alice), lines });
    await ensureOrderDocument(db(), orderNumber, new Date());
    const { issueCreditNote } = await import('../../worker/documents/issue');
    const note = await issueCreditNote(db(), { orderNumber, refundId: 880_000_000 + alice.id, amount: 60_500, lines: [{ orderLineId: lineIds[0]!, qty: 1 }], now: new Date() });
    expect(note).toMatchObject({ docType: 'corrective', total: -60_500, vatTotal: 0, taxableTotal: -60_500 });
  });
});
