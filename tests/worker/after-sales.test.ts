/**
 * After-sales cases through the real Worker (worker/api/after-sales.ts, worker/after-sales/):
 * opening a case on a collected order, files (type by bytes, size and count), who may read a
 * file, staff replies moving the state and e-mailing the customer, closed cases.
 */
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { replyAsStaff } from '../../worker/after-sales/cases';
import { dbFor } from '../../worker/db/client';
import { transitionOrder } from '../../worker/orders/transitions';
import { signUp, TestBrowser, waitForMail } from './browser';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]);
const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
const HTML_AS_PNG = new TextEncoder().encode('<!doctype html><script>alert(1)</script>');
const SVG = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>');
const CASES = '/api/user/after-sales/cases';

const MILANO = { name: 'Giulia', surname: 'Rossi', address: 'Via Roma', streetNumber: '10', city: 'Milano', postalCode: '20121', countryIso: 'IT', phone: '3123456789' };

const inStock = async (channel: string) =>
  (await env.DB.prepare('SELECT article_id FROM offers WHERE channel = ? AND seller_id = 0 AND availability_code <= 3 AND stock > 20 ORDER BY article_id LIMIT 1').bind(channel).first<number>('article_id'))!;
let articleId = 0;
let italianArticleId = 0;
beforeAll(async () => {
  articleId = await inStock('ES');
  italianArticleId = await inStock('IT');
});

/** An order on the Italian store paid by bank transfer, delivered to Milan by staff. */
async function deliveredItalianOrder(browser: TestBrowser): Promise<{ orderNumber: string; lineId: number }> {
  const cartId = (await browser.api<{ idCart: string }>('POST', '/api/users/info', {})).data.idCart;
  expect((await browser.api('POST', `/api/orders/${cartId}/cart/articles`, { articles: [{ idArticle: italianArticleId, qty: 1 }] })).status).toBe(200);
  const provinceId = (await env.DB.prepare("SELECT p.id FROM provinces p JOIN countries c ON c.id = p.country_id WHERE c.iso = 'IT' AND p.code = 'MI'").first<number>('id'))!;
  const address = (await browser.api<{ id: number }>('POST', '/api/user/addresses/shipping', { ...MILANO, provinceId })).data.id;
  const placed = await browser.api<{ orders: { orderNumber: string }[] }>('POST', `/api/checkout/orders/${cartId}/place`, { shippingType: 1, shippingAddressId: address, paymentMethod: 'transferencia', conditionsAccepted: true });
  expect(placed.status).toBe(201);
  const orderNumber = placed.data.orders[0]!.orderNumber;
  for (const event of ['payment_received', 'prepare', 'ship', 'deliver'] as const) await transitionOrder(dbFor(env.DB), { orderNumber, event, now: new Date(), actor: { kind: 'staff' }, ...(event === 'ship' ? { trackingNumber: 'IT123' } : {}) });
  const lineId = (await env.DB.prepare('SELECT id FROM order_lines WHERE order_number = ? ORDER BY id LIMIT 1').bind(orderNumber).first<number>('id'))!;
  return { orderNumber, lineId };
}

/** An order paid at the shop (confirmed at once), moved by staff up to `until`. */
async function placeOrder(browser: TestBrowser, until: 'confirmed' | 'collected' = 'collected'): Promise<{ orderNumber: string; lineId: number }> {
  const info = await browser.api<{ idCart: string }>('POST', '/api/users/info', {});
  const cartId = info.data.idCart;
  expect((await browser.api('POST', `/api/orders/${cartId}/cart/articles`, { articles: [{ idArticle: articleId, qty: 1 }] })).status).toBe(200);
  const placed = await browser.api<{ orders: { orderNumber: string }[] }>('POST', `/api/checkout/orders/${cartId}/place`, { shippingType: 3, shopId: 30, paymentMethod: 'payinshop', conditionsAccepted: true });
  expect([200, 201]).toContain(placed.status);
  const orderNumber = placed.data.orders[0]!.orderNumber;
  if (until === 'collected') {
    for (const event of ['prepare', 'ready_for_pickup', 'collect'] as const) await transitionOrder(dbFor(env.DB), { orderNumber, event, now: new Date(), actor: { kind: 'staff' } });
  }
  const lineId = (await env.DB.prepare('SELECT id FROM order_lines WHERE order_number = ? ORDER BY id LIMIT 1').bind(orderNumber).first<number>('id'))!;
  return { orderNumber, lineId };
}

function caseForm(fields: Record<string, string | number>, files: { bytes: Uint8Array; name: string; type?: string }[] = []): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, String(value));
  for (const file of files) form.append('files', new File([file.bytes as Uint8Array<ArrayBuffer>], file.name, { type: file.type ?? 'image/png' }));
  return form;
}

async function postForm(browser: TestBrowser, path: string, form: FormData, headers: Record<string, string> = {}) {
  const response = await browser.fetch(path, { method: 'POST', body: form, headers });
  const type = response.headers.get('Content-Type') ?? '';
  if (!type.includes('json')) return { status: response.status, location: response.headers.get('Location'), data: null, error: null };
  const envelope = (await response.json()) as { data: Record<string, unknown> | null; err: { message: string } | null };
  return { status: response.status, location: null, data: envelope.data, error: envelope.err ? (JSON.parse(envelope.err.message) as { code: string | number }) : null };
}

const caseCount = async (userEmail: string) =>
  (await env.DB.prepare('SELECT count(*) AS n FROM after_sales_cases WHERE user_id = (SELECT id FROM users WHERE email = ?)').bind(userEmail).first<number>('n'))!;
const fileCount = async () => (await env.FILES.list({ prefix: 'after-sales/' })).objects.length;

interface Detail {
  id: number;
  state: string;
  orderNumber: string;
  messages: { author: string; body: string; attachments: { id: number; fileName: string; contentType: string }[] }[];
}

async function openCase(browser: TestBrowser, order: { orderNumber: string; lineId: number }, extra: Record<string, unknown> = {}) {
  const opened = await browser.api<{ id: number; path: string }>('POST', CASES, { orderNumber: order.orderNumber, orderLineId: order.lineId, kind: 'fault', subject: 'Screen stays black', body: 'It does not start.', ...extra });
  expect(opened.status).toBe(200);
  return opened.data.id;
}

describe('opening a case', () => {
  it('opens a case on a line of a collected order, lists it and shows its first message', async () => {
    const alice = new TestBrowser();
    await signUp(alice);
    const order = await placeOrder(alice);
    const id = await openCase(alice, order);
    const list = await alice.api<{ id: number; state: string; orderNumber: string; articleName: string }[]>('GET', CASES);
    expect(list.status).toBe(200);
    expect(list.data).toEqual([expect.objectContaining({ id, state: 'open', orderNumber: order.orderNumber, kind: 'fault', subject: 'Screen stays black' })]);
    expect(list.data[0]!.articleName).not.toBe('');
    const detail = await alice.api<Detail>('GET', `${CASES}/${id}`);
    expect(detail.data.messages).toEqual([expect.objectContaining({ author: 'customer', body: 'It does not start.', attachments: [] })]);
  });

  it('refuses an order not delivered or collected yet (409), someone else\'s order and a line not on the order (404)', async () => {
    const alice = new TestBrowser();
    const bob = new TestBrowser();
    const aliceEmail = await signUp(alice);
    await signUp(bob);
    const confirmed = await placeOrder(alice, 'confirmed');
    const notYet = await alice.api('POST', CASES, { orderNumber: confirmed.orderNumber, orderLineId: confirmed.lineId, kind: 'damaged', subject: 'Box crushed', body: 'Look.' });
    expect(notYet.status).toBe(409);
    expect(notYet.error?.code).toBe('CASE_NOT_ALLOWED');
    const collected = await placeOrder(alice);
    const bobs = await bob.api('POST', CASES, { orderNumber: collected.orderNumber, orderLineId: collected.lineId, kind: 'fault', subject: 'Mine?', body: 'No.' });
    expect(bobs.status).toBe(404);
    const otherLine = await alice.api('POST', CASES, { orderNumber: collected.orderNumber, orderLineId: confirmed.lineId, kind: 'fault', subject: 'Wrong line', body: 'x' });
    expect(otherLine.status).toBe(404);
    const badKind = await alice.api('POST', CASES, { orderNumber: collected.orderNumber, orderLineId: collected.lineId, kind: 'boredom', subject: 'x', body: 'x' });
    expect(badKind.status).toBe(400);
    const noSubject = await alice.api('POST', CASES, { orderNumber: collected.orderNumber, orderLineId: collected.lineId, kind: 'fault', subject: '  ', body: 'x' });
    expect(noSubject.status).toBe(400);
    expect(await caseCount(aliceEmail)).toBe(0);
  });
});

describe('attachments', () => {
  it('takes a photo and a PDF by their bytes and serves them only with their own type, disposition and nosniff', async () => {
    const alice = new TestBrowser();
    await signUp(alice);
    const order = await placeOrder(alice);
    const form = caseForm(
      { orderNumber: order.orderNumber, orderLineId: order.lineId, kind: 'damaged', subject: 'Cracked', body: 'See the photo.' },
      [
        { bytes: PNG, name: 'photo.png' },
        // The browser's type is not believed: the bytes say PDF.
        { bytes: PDF, name: 'receipt.png', type: 'image/png' },
      ],
    );
    const opened = await postForm(alice, CASES, form);
    expect(opened.status).toBe(200);
    const id = opened.data!['id'] as number;
    const detail = await alice.api<Detail>('GET', `${CASES}/${id}`);
    const [photo, receipt] = detail.data.messages[0]!.attachments;
    expect(photo).toEqual(expect.objectContaining({ fileName: 'photo.png', contentType: 'image/png' }));
    expect(receipt).toEqual(expect.objectContaining({ fileName: 'receipt.pdf', contentType: 'application/pdf' }));
    const image = await alice.fetch(`${CASES}/${id}/attachments/${photo!.id}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('Content-Type')).toBe('image/png');
    expect(image.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(image.headers.get('Content-Disposition')).toMatch(/^inline; filename="photo\.png"/);
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(PNG);
    const pdf = await alice.fetch(`${CASES}/${id}/attachments/${receipt!.id}`);
    expect(pdf.headers.get('Content-Type')).toBe('application/pdf');
    expect(pdf.headers.get('Content-Disposition')).toMatch(/^attachment; filename="receipt\.pdf"/);
    await pdf.arrayBuffer();
  });

  it('refuses HTML or SVG named like a photo (attachmentType), and stores nothing', async () => {
    const alice = new TestBrowser();
    const email = await signUp(alice);
    const order = await placeOrder(alice);
    const files = await fileCount();
    for (const bad of [
      { bytes: HTML_AS_PNG, name: 'photo.png', type: 'image/png' },
      { bytes: SVG, name: 'drawing.svg', type: 'image/svg+xml' },
      { bytes: new Uint8Array(0), name: 'empty.png', type: 'image/png' },
    ]) {
      const answer = await postForm(alice, CASES, caseForm({ orderNumber: order.orderNumber, orderLineId: order.lineId, kind: 'fault', subject: 'x', body: 'y' }, [{ bytes: PNG, name: 'ok.png' }, bad]));
      expect(answer.status, bad.name).toBe(400);
      expect(answer.error?.code).toBe('ATTACHMENT_TYPE');
    }
    expect(await caseCount(email)).toBe(0);
    expect(await fileCount()).toBe(files);
  });

  it('refuses a file over 5 MB and more than 5 files (attachmentTooLarge)', async () => {
    const alice = new TestBrowser();
    const email = await signUp(alice);
    const order = await placeOrder(alice);
    const fields = { orderNumber: order.orderNumber, orderLineId: order.lineId, kind: 'fault', subject: 'x', body: 'y' };
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(PNG);
    const tooBig = await postForm(alice, CASES, caseForm(fields, [{ bytes: big, name: 'huge.png' }]));
    expect(tooBig.status).toBe(413);
    expect(tooBig.error?.code).toBe('ATTACHMENT_TOO_LARGE');
    const six = await postForm(alice, CASES, caseForm(fields, Array.from({ length: 6 }, (_, i) => ({ bytes: PNG, name: `p${i}.png` }))));
    expect(six.status).toBe(413);
    expect(six.error?.code).toBe('ATTACHMENT_TOO_LARGE');
    expect(await caseCount(email)).toBe(0);
    const five = await postForm(alice, CASES, caseForm(fields, Array.from({ length: 5 }, (_, i) => ({ bytes: PNG, name: `p${i}.png` }))));
    expect(five.status).toBe(200);
  });

  it('someone else\'s case and its files are a 404 on every call; staff may read the files', async () => {
    const alice = new TestBrowser();
    const bob = new TestBrowser();
    await signUp(alice);
    const bobEmail = await signUp(bob);
    const order = await placeOrder(alice);
    const opened = await postForm(alice, CASES, caseForm({ orderNumber: order.orderNumber, orderLineId: order.lineId, kind: 'damaged', subject: 'Cracked', body: 'Photo.' }, [{ bytes: PNG, name: 'photo.png' }]));
    const id = opened.data!['id'] as number;
    const before = await alice.api<Detail>('GET', `${CASES}/${id}`);
    const fileId = before.data.messages[0]!.attachments[0]!.id;
    expect((await bob.api('GET', `${CASES}/${id}`)).status).toBe(404);
    expect((await bob.fetch(`${CASES}/${id}/attachments/${fileId}`)).status).toBe(404);
    expect((await bob.api('POST', `${CASES}/${id}/messages`, { body: 'Hi' })).status).toBe(404);
    expect((await postForm(bob, `${CASES}/${id}/messages`, caseForm({ body: 'Hi' }, [{ bytes: PNG, name: 'x.png' }]))).status).toBe(404);
    expect((await bob.api('POST', `${CASES}/${id}/close`)).status).toBe(404);
    expect((await bob.api<unknown[]>('GET', CASES)).data).toEqual([]);
    // Bob's own case id cannot reach Alice's file either.
    const bobsOrder = await placeOrder(bob);
    const bobsCase = await openCase(bob, bobsOrder);
    expect((await bob.fetch(`${CASES}/${bobsCase}/attachments/${fileId}`)).status).toBe(404);
    expect((await alice.api<Detail>('GET', `${CASES}/${id}`)).data).toEqual(before.data);
    await env.DB.prepare(`UPDATE users SET roles = '["customer","staff"]' WHERE email = ?`).bind(bobEmail).run();
    const asStaff = await bob.fetch(`${CASES}/${id}/attachments/${fileId}`);
    expect(asStaff.status).toBe(200);
    expect(new Uint8Array(await asStaff.arrayBuffer())).toEqual(PNG);
  });
});

describe('the conversation', () => {
  it('a staff reply appears on the case, moves it to awaiting the customer and e-mails the customer in their language', async () => {
    const alice = new TestBrowser('http://it.localhost');
    const email = await signUp(alice);
    const order = await deliveredItalianOrder(alice);
    const id = await openCase(alice, order);
    const deps = { db: dbFor(env.DB), env, now: new Date() };
    await replyAsStaff(deps, { caseId: id, staffUserId: 1, body: 'Please send us a photo of the serial number.', now: new Date(), requestUrl: new URL('http://es.localhost/admin/cases') });
    const detail = await alice.api<Detail>('GET', `${CASES}/${id}`);
    expect(detail.data.state).toBe('awaiting_customer');
    expect(detail.data.messages.map((m) => [m.author, m.body])).toEqual([
      ['customer', 'It does not start.'],
      ['staff', 'Please send us a photo of the serial number.'],
    ]);
    // In Italian, with the reply and a link to the case on the Italian store.
    await waitForMail(email, new RegExp(`^Please send us a photo of the serial number\\.$`, 'm'));
    const [link] = await waitForMail(email, new RegExp(`http://it\\.localhost/utenti/pannello/caso-post-vendita/${id}$`, 'm'));
    expect(link).toBeTruthy();
    const subject = await env.DB.prepare('SELECT subject FROM dev_outbox WHERE recipient = ? ORDER BY created_at DESC LIMIT 1').bind(email).first<string>('subject');
    expect(subject).toBe(`Abbiamo risposto alla tua pratica ${id}: Screen stays black`);
    // The customer answers with a file: back to the store.
    const answer = await postForm(alice, `${CASES}/${id}/messages`, caseForm({ body: 'Here it is.' }, [{ bytes: PNG, name: 'serial.png' }]));
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual(expect.objectContaining({ state: 'awaiting_store' }));
    const after = await alice.api<Detail>('GET', `${CASES}/${id}`);
    expect(after.data.messages.at(-1)!.attachments).toEqual([expect.objectContaining({ fileName: 'serial.png', contentType: 'image/png' })]);
  });

  it('staff resolve a case, a customer message reopens it, a state change alone writes no message', async () => {
    const alice = new TestBrowser();
    await signUp(alice);
    const id = await openCase(alice, await placeOrder(alice));
    const deps = { db: dbFor(env.DB), env, now: new Date() };
    await replyAsStaff(deps, { caseId: id, staffUserId: 1, body: 'We are sending a new one.', state: 'resolved', now: new Date() });
    expect((await alice.api<Detail>('GET', `${CASES}/${id}`)).data.state).toBe('resolved');
    // "open" is where a case starts, never a state staff move it to.
    await expect(replyAsStaff(deps, { caseId: id, staffUserId: 1, body: '', state: 'open', now: new Date() })).rejects.toMatchObject({ entry: { code: 'CASE_TRANSITION_NOT_ALLOWED' } });
    const again = await alice.api<{ state: string }>('POST', `${CASES}/${id}/messages`, { body: 'It has not arrived.' });
    expect(again.data.state).toBe('awaiting_store');
    await replyAsStaff(deps, { caseId: id, staffUserId: 1, body: '', state: 'awaiting_store', now: new Date() });
    const detail = await alice.api<Detail>('GET', `${CASES}/${id}`);
    expect(detail.data.messages).toHaveLength(3);
  });

  it('a closed case refuses messages, replies and closing again', async () => {
    const alice = new TestBrowser();
    await signUp(alice);
    const id = await openCase(alice, await placeOrder(alice));
    const closed = await alice.api<{ state: string }>('POST', `${CASES}/${id}/close`);
    expect(closed.status).toBe(200);
    expect(closed.data.state).toBe('closed');
    const files = await fileCount();
    const message = await postForm(alice, `${CASES}/${id}/messages`, caseForm({ body: 'One more thing' }, [{ bytes: PNG, name: 'x.png' }]));
    expect(message.status).toBe(409);
    expect(message.error?.code).toBe('CASE_CLOSED');
    expect(await fileCount()).toBe(files);
    expect((await alice.api('POST', `${CASES}/${id}/close`)).error?.code).toBe('CASE_CLOSED');
    await expect(replyAsStaff({ db: dbFor(env.DB), env, now: new Date() }, { caseId: id, staffUserId: 1, body: 'Hello?', now: new Date() })).rejects.toMatchObject({ entry: { code: 'CASE_CLOSED' } });
    expect((await alice.api<Detail>('GET', `${CASES}/${id}`)).data.messages).toHaveLength(1);
  });

  it('messages racing each other and a close: every accepted message is kept, no refused one lands', async () => {
    const alice = new TestBrowser();
    await signUp(alice);
    const id = await openCase(alice, await placeOrder(alice));
    const deps = { db: dbFor(env.DB), env, now: new Date() };
    const answers = await Promise.all([
      alice.api('POST', `${CASES}/${id}/messages`, { body: 'first' }),
      alice.api('POST', `${CASES}/${id}/messages`, { body: 'second' }),
      replyAsStaff(deps, { caseId: id, staffUserId: 1, body: 'staff', now: new Date() }).then(() => ({ status: 200 }), (error: { entry: { status: number } }) => ({ status: error.entry.status })),
      alice.api('POST', `${CASES}/${id}/close`),
      alice.api('POST', `${CASES}/${id}/messages`, { body: 'third' }),
    ]);
    expect(answers[3]!.status).toBe(200);
    const accepted = answers.filter((answer, index) => index !== 3 && answer.status === 200).length;
    for (const answer of answers) expect([200, 409]).toContain(answer.status);
    const detail = await alice.api<Detail>('GET', `${CASES}/${id}`);
    expect(detail.data.state).toBe('closed');
    expect(detail.data.messages).toHaveLength(1 + accepted);
  });

  it('a form without script gets the case page, or its form back with the error code', async () => {
    const alice = new TestBrowser();
    await signUp(alice);
    const order = await placeOrder(alice);
    const opened = await postForm(alice, CASES, caseForm({ orderNumber: order.orderNumber, orderLineId: order.lineId, kind: 'missing_part', subject: 'No cable', body: 'The cable is missing.', respond: 'page' }));
    expect(opened.status).toBe(303);
    const id = Number(/\/caso-postventa\/(\d+)$/.exec(opened.location ?? '')?.[1]);
    expect(id).toBeGreaterThan(0);
    const refused = await postForm(alice, `${CASES}/${id}/messages`, caseForm({ body: 'x', respond: 'page' }, [{ bytes: SVG, name: 'a.svg' }]));
    expect(refused.status).toBe(303);
    expect(refused.location).toBe(`/usuarios/panel/caso-postventa/${id}?error=ATTACHMENT_TYPE`);
    // A body that cannot be read says nothing of `respond`: a browser's navigation (it asks for HTML) still gets a page.
    const unreadable = await postForm(alice, `${CASES}/${id}/messages`, caseForm({ body: '   ' }), { Accept: 'text/html,application/xhtml+xml' });
    expect(unreadable.status).toBe(303);
    expect(unreadable.location).toBe(`/usuarios/panel/caso-postventa/${id}?error=INVALID_REQUEST`);
    const page = await (await alice.fetch(unreadable.location!)).text();
    expect(page).toContain('La solicitud no es válida.');
    // English pages come back in English: the form says which language it was shown in.
    const english = await postForm(alice, `${CASES}/${id}/messages`, caseForm({ body: 'More', respond: 'page', lang: 'en_EN' }));
    expect(english.location).toBe(`/en/account/after-sales-case/${id}`);
  });
});

describe('the account screens', () => {
  it('the history lists the cases and, for a delivered order, shows the form to open one', async () => {
    const alice = new TestBrowser();
    await signUp(alice);
    const order = await placeOrder(alice);
    const empty = await (await alice.fetch(`/usuarios/panel/historial-postventa?order=${order.orderNumber}`)).text();
    expect(empty).toContain("data-no-cases");
    expect(empty).toMatch(/<form[^>]*action="\/api\/user\/after-sales\/cases"[^>]*enctype="multipart\/form-data"/i);
    expect(empty).toContain(`name="orderLineId"`);
    expect(empty).toContain(`value="${order.lineId}"`);
    const id = await openCase(alice, order);
    const history = await (await alice.fetch('/usuarios/panel/historial-postventa')).text();
    expect(history).toContain(`href="/usuarios/panel/caso-postventa/${id}"`);
    expect(history).toContain('data-case-state="open"');
    const pending = await placeOrder(alice, 'confirmed');
    const notYet = await (await alice.fetch(`/usuarios/panel/historial-postventa?order=${pending.orderNumber}`)).text();
    expect(notYet).not.toContain('name="orderLineId"');
    expect(notYet).toContain('Podrás abrir un caso cuando el pedido se haya entregado o recogido.');
  });

  it('the case page shows the conversation with thumbnails and the reply form; someone else\'s case is the 404 page', async () => {
    const alice = new TestBrowser();
    const bob = new TestBrowser();
    await signUp(alice);
    await signUp(bob);
    const order = await placeOrder(alice);
    const opened = await postForm(alice, CASES, caseForm({ orderNumber: order.orderNumber, orderLineId: order.lineId, kind: 'damaged', subject: 'Cracked', body: 'Photo.' }, [{ bytes: PNG, name: 'crack.png' }]));
    const id = opened.data!['id'] as number;
    await replyAsStaff({ db: dbFor(env.DB), env, now: new Date() }, { caseId: id, staffUserId: 1, body: 'We will replace it.', now: new Date() });
    const response = await alice.fetch(`/usuarios/panel/caso-postventa/${id}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('We will replace it.');
    expect(html).toContain('data-message-author="staff"');
    expect(html).toMatch(new RegExp(`<img[^>]*src="/api/user/after-sales/cases/${id}/attachments/\\d+"[^>]*alt="Foto que adjuntaste: crack.png"`));
    expect(html).toContain('data-case-state="awaiting_customer"');
    expect(html).toContain('data-case-reply-form');
    expect((await bob.fetch(`/usuarios/panel/caso-postventa/${id}`)).status).toBe(404);
    await alice.api('POST', `${CASES}/${id}/close`);
    const closed = await (await alice.fetch(`/usuarios/panel/caso-postventa/${id}`)).text();
    expect(closed).toContain('data-case-closed');
    expect(closed).not.toContain('data-case-reply-form');
  });
});
