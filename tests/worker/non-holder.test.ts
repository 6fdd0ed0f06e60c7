/**
 * Returns by someone who is not the invoice holder: the request and its codes (5101, 1818, 1819),
 * the holder's e-mail and link, the status call, the holder's answer (once, only by the holder,
 * before the expiry) and the return it makes.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { href } from '../../client/routes';
import { DEFAULT_CHANNELS } from '../../worker/channel/channels';
import { createDb } from '../../worker/db/client';
import { ensureOrderDocument } from '../../worker/documents/issue';
import { transitionOrder } from '../../worker/orders/transitions';
import { createReturn } from '../../worker/returns/returns';
import { add, checkoutOffers, shopper } from './checkout-helpers';
import { mailCount, signUp, TestBrowser, waitForMail } from './browser';

const db = createDb(env.DB);
const REQUEST = '/api/users/rma/non-holder';
const ANSWER = '/api/users/rma/non-holder/answer';
const ITEMS = '/api/users/rma/non-holder/items';
const status = (invoice: string, article: number | string) => `/api/users/rma/user/rma/authorization/${invoice}/${article}`;

let offerIndex = 0;

interface Sale {
  holder: TestBrowser;
  holderEmail: string;
  holderId: number;
  orderNumber: string;
  invoice: string;
  /** The invoice's printed total, cents. */
  total: number;
  articleId: number;
  /** An article of the catalogue that is not on this invoice. */
  otherArticleId: number;
}

async function userIdOf(email: string): Promise<number> {
  return (await env.DB.prepare('SELECT id FROM users WHERE email = ?').bind(email).first<number>('id'))!;
}

/** A delivered, paid order of a new holder with its invoice issued; two units of one article. */
async function deliveredSale(): Promise<Sale> {
  const { browser, cartId, address } = await shopper();
  const { own } = await checkoutOffers();
  const offer = own[offerIndex++ % own.length]!;
  const other = own[(offerIndex + 1) % own.length]!;
  await add(browser, cartId, offer, 2);
  const placed = await browser.api<{ orders: { orderNumber: string }[] }>('POST', `/api/checkout/orders/${cartId}/place`, { shippingType: 1, shippingAddressId: address, paymentMethod: 'transferencia', conditionsAccepted: true });
  expect(placed.status, JSON.stringify(placed.error)).toBe(201);
  const orderNumber = placed.data.orders[0]!.orderNumber;
  const now = new Date();
  for (const event of ['payment_received', 'prepare', 'ship', 'deliver'] as const) await transitionOrder(db, { orderNumber, event, now, actor: { kind: 'staff' } });
  const document = await ensureOrderDocument(db, orderNumber, now);
  expect(document?.code).toBeTruthy();
  const holderEmail = (await browser.api<{ email: string }>('POST', '/api/users/info')).data.email;
  return { holder: browser, holderEmail, holderId: await userIdOf(holderEmail), orderNumber, invoice: document!.code, total: document!.total, articleId: offer.article_id, otherArticleId: other.article_id };
}

async function person(origin?: string): Promise<{ browser: TestBrowser; email: string; id: number }> {
  const browser = new TestBrowser(origin);
  const email = await signUp(browser);
  return { browser, email, id: await userIdOf(email) };
}

const authorizationCount = async () => (await env.DB.prepare('SELECT count(*) AS n FROM return_authorizations').first<number>('n'))!;

/** Asks as `requester` and reads the holder's link from the e-mail. */
async function askHolder(sale: Sale, requester: TestBrowser, qty = 1) {
  const since = Date.now();
  const asked = await requester.api('POST', REQUEST, { invoice: sale.invoice, article: sale.articleId, qty, reason: 'changed_mind' });
  expect(asked.status, JSON.stringify(asked.error)).toBe(201);
  const [link, token] = await waitForMail(sale.holderEmail, /https?:\/\/[^/\s]+(\/\S*\/authorize\/[^\s?]+\?token=([A-Za-z0-9_-]{22}))/, since).then((m) => [m[1]!, m[2]!]);
  return { link: link!, token: token! };
}

describe('a return asked by someone who is not the invoice holder', () => {
  it('asks the holder by e-mail in the holder\'s language, with a link to the authorisation page of that invoice and article', async () => {
    const sale = await deliveredSale();
    await env.DB.prepare("UPDATE users SET language = 'en_EN' WHERE id = ?").bind(sale.holderId).run();
    const requester = await person();
    const { link, token } = await askHolder(sale, requester.browser);
    expect(link).toContain(`/authorize/${sale.invoice}/${sale.articleId}?token=`);
    const [mail] = await waitForMail(sale.holderEmail, /^.+ asks to return 1 × .+\.$/m);
    expect(mail).toContain(requester.email);
    const row = await env.DB.prepare('SELECT token_hash, state, holder_user_id, requester_user_id, qty, reason, expires_at - created_at AS ttl FROM return_authorizations WHERE requester_user_id = ?').bind(requester.id).first<Record<string, unknown>>();
    expect(row).toMatchObject({ state: 'pending', holder_user_id: sale.holderId, requester_user_id: requester.id, qty: 1, reason: 'changed_mind', ttl: 7 * 24 * 60 * 60 * 1000 });
    // Only the digest is stored.
    expect(row!.token_hash).not.toBe(token);
  });

  it('lists the invoice\'s items, names and units only, to whoever gives its code and printed total', async () => {
    const sale = await deliveredSale();
    const requester = await person();
    const euros = (sale.total / 100).toFixed(2).replace('.', ',');
    const items = await requester.browser.api<{ invoice: string; items: Record<string, unknown>[] }>('POST', ITEMS, { invoice: sale.invoice.toLowerCase(), total: `${euros} €` });
    expect(items.status, JSON.stringify(items.error)).toBe(200);
    expect(items.data.invoice).toBe(sale.invoice);
    expect(items.data.items).toEqual([{ article: sale.articleId, name: expect.any(String), qty: 2 }]);
    // A wrong total reads like an unknown invoice; another store's invoice is 1819; the holder is sent to their returns.
    const wrong = await requester.browser.api('POST', ITEMS, { invoice: sale.invoice, total: String(sale.total / 100 + 1) });
    expect([wrong.status, wrong.error?.code, wrong.data]).toEqual([404, 5101, null]);
    expect((await requester.browser.api('POST', ITEMS, { invoice: 'ES-F-2026-999999', total: euros })).error?.code).toBe(5101);
    expect((await (await person('http://pt.localhost')).browser.api('POST', ITEMS, { invoice: sale.invoice, total: euros })).error?.code).toBe(1819);
    expect((await sale.holder.api('POST', ITEMS, { invoice: sale.invoice, total: euros })).error?.code).toBe('OWN_INVOICE');
    const notAnAmount = await requester.browser.api('POST', ITEMS, { invoice: sale.invoice, total: 'lots' });
    expect([notAnAmount.status, (notAnAmount.error?.details as { issues: { path: string }[] }).issues[0]!.path]).toEqual([400, 'total']);
    expect((await new TestBrowser().api('POST', ITEMS, { invoice: sale.invoice, total: euros })).status).toBe(401);
  });

  it('answers 5101 for an unknown invoice, 1818 for an article not on it, 1819 for another store\'s invoice; nothing is written', async () => {
    const sale = await deliveredSale();
    const requester = await person();
    const before = await authorizationCount();
    const unknown = await requester.browser.api('POST', REQUEST, { invoice: 'ES-F-2026-999999', article: sale.articleId, qty: 1, reason: 'changed_mind' });
    expect([unknown.status, unknown.error?.code]).toEqual([404, 5101]);
    const notOnIt = await requester.browser.api('POST', REQUEST, { invoice: sale.invoice, article: sale.otherArticleId, qty: 1, reason: 'changed_mind' });
    expect([notOnIt.status, notOnIt.error?.code]).toEqual([404, 1818]);
    const portugal = await person('http://pt.localhost');
    const otherStore = await portugal.browser.api('POST', REQUEST, { invoice: sale.invoice, article: sale.articleId, qty: 1, reason: 'changed_mind' });
    expect([otherStore.status, otherStore.error?.code]).toEqual([404, 1819]);
    for (const [path, code] of [
      [status('ES-F-2026-999999', sale.articleId), 5101],
      [status(sale.invoice, sale.otherArticleId), 1818],
    ] as const) {
      const answer = await requester.browser.api('GET', path);
      expect([answer.status, answer.error?.code]).toEqual([404, code]);
    }
    expect((await portugal.browser.api('GET', status(sale.invoice, sale.articleId))).error?.code).toBe(1819);
    expect(await authorizationCount()).toBe(before);
  });

  it('refuses bad input, the holder asking themselves, more units than bought, a second open request and an anonymous caller', async () => {
    const sale = await deliveredSale();
    const requester = await person();
    const before = await authorizationCount();
    for (const body of [{ invoice: 'nope', article: sale.articleId, qty: 1, reason: 'changed_mind' }, { invoice: sale.invoice, article: sale.articleId, qty: 0, reason: 'changed_mind' }, { invoice: sale.invoice, article: sale.articleId, qty: 1, reason: 'because' }]) {
      expect((await requester.browser.api('POST', REQUEST, body)).status).toBe(400);
    }
    expect((await sale.holder.api('POST', REQUEST, { invoice: sale.invoice, article: sale.articleId, qty: 1, reason: 'changed_mind' })).error?.code).toBe('OWN_INVOICE');
    expect((await requester.browser.api('POST', REQUEST, { invoice: sale.invoice, article: sale.articleId, qty: 3, reason: 'changed_mind' })).error?.code).toBe(23052);
    expect((await new TestBrowser().api('POST', REQUEST, { invoice: sale.invoice, article: sale.articleId, qty: 1, reason: 'changed_mind' })).status).toBe(401);
    expect(await authorizationCount()).toBe(before);
    await askHolder(sale, requester.browser);
    const mails = await mailCount(sale.holderEmail);
    const again = await requester.browser.api('POST', REQUEST, { invoice: sale.invoice, article: sale.articleId, qty: 1, reason: 'changed_mind' });
    expect([again.status, again.error?.code]).toEqual([409, 'AUTHORIZATION_PENDING']);
    expect(await authorizationCount()).toBe(before + 1);
    expect(await mailCount(sale.holderEmail)).toBe(mails);
  });

  it('the status call shows the request to the requester and the holder, and nothing to anyone else', async () => {
    const sale = await deliveredSale();
    const requester = await person();
    const stranger = await person();
    expect((await requester.browser.api('GET', status(sale.invoice, sale.articleId))).data).toMatchObject({ status: 'none', role: null });
    await askHolder(sale, requester.browser, 2);
    expect((await requester.browser.api('GET', status(sale.invoice, sale.articleId))).data).toMatchObject({ invoice: sale.invoice, article: sale.articleId, status: 'pending', role: 'requester', qty: 2 });
    expect((await sale.holder.api('GET', status(sale.invoice, sale.articleId))).data).toMatchObject({ status: 'pending', role: 'holder', qty: 2 });
    expect((await stranger.browser.api('GET', status(sale.invoice, sale.articleId))).data).toMatchObject({ status: 'none', role: null, qty: null });
  });

  it('the authorisation page is the holder\'s only: anyone else gets the 404 page; a wrong token is an invalid link', async () => {
    const sale = await deliveredSale();
    const requester = await person();
    const { link } = await askHolder(sale, requester.browser);
    const holderPage = await sale.holder.fetch(link);
    expect(holderPage.status).toBe(200);
    const html = await holderPage.text();
    expect(html).toContain(requester.email);
    expect(html).toContain('data-island="non-holder-answer"');
    expect((await requester.browser.fetch(link)).status).toBe(404);
    expect((await (await person()).browser.fetch(link)).status).toBe(404);
    const forged = await sale.holder.fetch(link.replace(/token=.*/, 'token=AAAAAAAAAAAAAAAAAAAAAA'));
    expect(forged.status).toBe(200);
    expect(await forged.text()).toContain('data-authorization="invalid"');
    // Anonymous: the sign-in page first.
    expect((await new TestBrowser().fetch(link)).status).toBe(302);
  });

  it('only the holder may answer; authorising makes the holder\'s return once, and a replay is refused', async () => {
    const sale = await deliveredSale();
    const requester = await person();
    const { token, link } = await askHolder(sale, requester.browser);
    const returnsBefore = (await env.DB.prepare('SELECT count(*) AS n FROM returns WHERE order_number = ?').bind(sale.orderNumber).first<number>('n'))!;
    const byRequester = await requester.browser.api('POST', ANSWER, { token, decision: 'authorise' });
    expect(byRequester.status).toBe(404);
    expect(byRequester.data).toBeNull();
    const since = Date.now();
    const answer = await sale.holder.api<{ state: string; returnId: number }>('POST', ANSWER, { token, decision: 'authorise', refundMethod: 'balance' });
    expect(answer.status, JSON.stringify(answer.error)).toBe(200);
    expect(answer.data.state).toBe('authorised');
    const made = await env.DB.prepare('SELECT id, user_id, origin, requested_by, refund_method FROM returns WHERE order_number = ?').bind(sale.orderNumber).all<Record<string, unknown>>();
    expect(made.results).toHaveLength(returnsBefore + 1);
    expect(made.results.at(-1)).toMatchObject({ id: answer.data.returnId, user_id: sale.holderId, origin: 'non_holder', requested_by: requester.email, refund_method: 'balance' });
    await waitForMail(requester.email, /ha autorizado la devolución/, since);
    const replay = await sale.holder.api('POST', ANSWER, { token, decision: 'refuse' });
    expect([replay.status, replay.error?.code]).toEqual([409, 'AUTHORIZATION_ANSWERED']);
    expect((await env.DB.prepare('SELECT count(*) AS n FROM returns WHERE order_number = ?').bind(sale.orderNumber).first<number>('n'))!).toBe(returnsBefore + 1);
    expect(await (await sale.holder.fetch(link)).text()).toContain('data-authorization="authorised"');
    expect((await requester.browser.api('GET', status(sale.invoice, sale.articleId))).data).toMatchObject({ status: 'authorised', returnId: null });
    expect((await sale.holder.api('GET', status(sale.invoice, sale.articleId))).data).toMatchObject({ status: 'authorised', returnId: answer.data.returnId });
  });

  it('when the return itself is refused at authorisation (the units went back meanwhile), the request stays open and nothing is made', async () => {
    const sale = await deliveredSale();
    const { token } = await askHolder(sale, (await person()).browser, 2);
    // The holder returns both units themselves in the meantime.
    const line = (await env.DB.prepare('SELECT id FROM order_lines WHERE order_number = ?').bind(sale.orderNumber).first<number>('id'))!;
    await createReturn({ db, env, now: new Date() }, { userId: sale.holderId, orderNumber: sale.orderNumber, lines: [{ orderLineId: line, qty: 2 }], reason: 'changed_mind', refundMethod: 'original', now: new Date() });
    const answer = await sale.holder.api('POST', ANSWER, { token, decision: 'authorise' });
    expect([answer.status, answer.error?.code]).toEqual([409, 23052]);
    expect(await env.DB.prepare("SELECT state, return_id FROM return_authorizations WHERE token_hash IS NOT NULL AND document_id = (SELECT id FROM documents WHERE code = ?)").bind(sale.invoice).first()).toEqual({ state: 'pending', return_id: null });
    expect((await env.DB.prepare("SELECT count(*) AS n FROM returns WHERE order_number = ? AND origin = 'non_holder'").bind(sale.orderNumber).first<number>('n'))!).toBe(0);
    // The holder can still refuse it.
    expect((await sale.holder.api('POST', ANSWER, { token, decision: 'refuse' })).status).toBe(200);
  });

  it('two answers racing: one wins, one return', async () => {
    const sale = await deliveredSale();
    const { token } = await askHolder(sale, (await person()).browser);
    const answers = await Promise.all([sale.holder.api('POST', ANSWER, { token, decision: 'authorise' }), sale.holder.api('POST', ANSWER, { token, decision: 'authorise' })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect((await env.DB.prepare('SELECT count(*) AS n FROM returns WHERE order_number = ?').bind(sale.orderNumber).first<number>('n'))!).toBe(1);
  });

  it('refusing makes no return and tells the requester; the requester may then ask again', async () => {
    const sale = await deliveredSale();
    const requester = await person();
    const { token } = await askHolder(sale, requester.browser);
    const since = Date.now();
    expect((await sale.holder.api('POST', ANSWER, { token, decision: 'refuse' })).data).toMatchObject({ state: 'refused', returnId: null });
    await waitForMail(requester.email, /ha rechazado la devolución/, since);
    expect((await env.DB.prepare('SELECT count(*) AS n FROM returns WHERE order_number = ?').bind(sale.orderNumber).first<number>('n'))!).toBe(0);
    expect((await sale.holder.api('POST', ANSWER, { token, decision: 'authorise' })).error?.code).toBe('AUTHORIZATION_ANSWERED');
    await askHolder(sale, requester.browser);
  });

  it('an expired link cannot be answered, reads as expired, and a new request may be made', async () => {
    const sale = await deliveredSale();
    const requester = await person();
    const { token, link } = await askHolder(sale, requester.browser);
    await env.DB.prepare('UPDATE return_authorizations SET expires_at = ? WHERE requester_user_id = ?').bind(Date.now() - 1, requester.id).run();
    const late = await sale.holder.api('POST', ANSWER, { token, decision: 'authorise' });
    expect([late.status, late.error?.code]).toEqual([400, 'INVALID_LINK']);
    expect(await (await sale.holder.fetch(link)).text()).toContain('data-authorization="invalid"');
    expect((await requester.browser.api('GET', status(sale.invoice, sale.articleId))).data).toMatchObject({ status: 'expired' });
    expect((await env.DB.prepare("SELECT state FROM return_authorizations WHERE requester_user_id = ?").bind(requester.id).first<string>('state'))).toBe('pending');
    await askHolder(sale, requester.browser);
  });

  it('a malformed or unknown token is an invalid link', async () => {
    const holder = await person();
    for (const token of ['AAAAAAAAAAAAAAAAAAAAAA', 'x'.repeat(22)]) {
      const answer = await holder.browser.api('POST', ANSWER, { token, decision: 'refuse' });
      expect([answer.status, answer.error?.code]).toEqual([400, 'INVALID_LINK']);
    }
    expect((await holder.browser.api('POST', ANSWER, { token: 'short', decision: 'refuse' })).status).toBe(400);
  });

  it('the request screen lists the person\'s own requests with their state', async () => {
    const sale = await deliveredSale();
    const requester = await person();
    await askHolder(sale, requester.browser);
    const screen = await requester.browser.fetch('/usuarios/panel/rma-no-titular');
    expect(screen.status).toBe(200);
    const html = await screen.text();
    expect(html).toContain('data-island="non-holder-request"');
    expect(html).toContain(sale.invoice);
    expect(html).toContain('data-request-status="pending"');
    expect(await (await sale.holder.fetch('/usuarios/panel/rma-no-titular')).text()).not.toContain('data-request-status');
  });

  it('the screens speak the store\'s languages', async () => {
    const french = await person('http://fr.localhost');
    const screen = await french.browser.fetch(href('accountReturnNonHolder', 'fr_FR', DEFAULT_CHANNELS.FR));
    expect(screen.status).toBe(200);
    const html = await screen.text();
    expect(html).toContain('Retourner un article de la facture de quelqu’un d’autre');
    expect(html).toContain('Numéro de facture');
  });
});
