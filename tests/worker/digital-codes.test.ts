/**
 * Digital keys: codes assigned when an order is paid (once, even when 20 payments race), the
 * customer's list (`GET /api/digital-codes/user-codes`, paged by 5), revealing a code after its
 * release date (`GET /api/digital-codes/:id/reveal`, clock injected through createApp), someone
 * else's code answering 404, a cancelled order's codes voided, and the two account screens.
 */
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../worker/app';
import { dbFor } from '../../worker/db/client';
import { assignDigitalCodes } from '../../worker/digital/codes';
import { afterOrderPaid, paidOrder } from '../../worker/orders/fulfil';
import { cancelOrder } from '../../worker/orders/transitions';
import { signUp, TestBrowser } from './browser';
import { MADRID } from './checkout-helpers';
import { insertOrder } from './documents-fixtures';
import { card, payData, VISA } from './payments-helpers';
import { host } from './helpers';

const db = dbFor(env.DB);
const RELEASE = Date.UTC(2027, 2, 15);
let nextArticle = 990_000;

interface Code {
  idCode: number;
  articleId: number;
  articleName: string;
  orderNumber: string;
  codePlatform: string;
  codeGuideUrl: string | null;
  code: string | null;
  status: string;
  canRevealCode: boolean;
  releaseDate: string | null;
}
interface CodesPage {
  items: Code[];
  total: number;
  page: number;
  pageSize: number;
}

async function customer(): Promise<{ browser: TestBrowser; userId: number }> {
  const browser = new TestBrowser();
  const email = await signUp(browser);
  return { browser, userId: (await env.DB.prepare('SELECT id FROM users WHERE email = ?').bind(email).first<number>('id'))! };
}

/** A digital article of its own (an id no seeded article has) with `codes` FREE codes and 2 RESERVE ones. */
async function digitalArticle(codes: number, releaseAt: number | null = null): Promise<number> {
  const articleId = ++nextArticle;
  const statements = [env.DB.prepare("INSERT INTO digital_articles (article_id, platform, guide_url, release_at) VALUES (?, 'Steam', 'https://help.steampowered.com/faqs/view/2A12-9D79-C3D7-F870', ?)").bind(articleId, releaseAt)];
  for (let i = 0; i < codes; i++) statements.push(env.DB.prepare("INSERT INTO digital_codes (article_id, code, status, created_at) VALUES (?, ?, 'FREE', 0)").bind(articleId, `T${articleId}-${String(i).padStart(5, '0')}`));
  for (let i = 0; i < 2; i++) statements.push(env.DB.prepare("INSERT INTO digital_codes (article_id, code, status, created_at) VALUES (?, ?, 'RESERVE', 0)").bind(articleId, `R${articleId}-${i}`));
  await env.DB.batch(statements);
  return articleId;
}

/** A paid order of `userId` with one line per entry (article, qty); answers its number and line ids. */
async function paidOrderOf(userId: number, lines: { articleId: number; qty: number }[], paidAt = Date.UTC(2026, 10, 2, 10)) {
  const order = await insertOrder({ userId, lines: lines.map((l, i) => ({ name: `Juego digital ${l.articleId}-${i}`, qty: l.qty, unitPrice: 2_999 })), createdAt: paidAt });
  await env.DB.batch(order.lineIds.map((id, i) => env.DB.prepare('UPDATE order_lines SET article_id = ? WHERE id = ?').bind(lines[i]!.articleId, id)));
  return order;
}

async function codesOf(where: string, ...binds: unknown[]) {
  return (await env.DB.prepare(`SELECT id, code, status, user_id, order_number, order_line_id, revealed_at FROM digital_codes WHERE ${where} ORDER BY id`).bind(...binds).all<{ id: number; code: string; status: string; user_id: number | null; order_number: string | null; order_line_id: number | null; revealed_at: number | null }>()).results;
}

/** A call through the app with the clock at `now`, as `browser` (its session cookie). */
async function apiAt<T>(browser: TestBrowser, now: Date, path: string) {
  const headers = new Headers({ Cookie: [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ') });
  const response = await createApp({ now: () => now }).fetch(new Request(host('ES') + path, { headers }), env);
  const body = (await response.json()) as { data: T; err: { message: string } | null };
  return { status: response.status, data: body.data, error: body.err ? (JSON.parse(body.err.message) as { code: string | number; message: string }) : null };
}

async function pageAs(browser: TestBrowser, now: Date, path: string) {
  const headers = new Headers({ Cookie: [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ') });
  const response = await createApp({ now: () => now }).fetch(new Request(host('ES') + path, { headers }), env);
  return { status: response.status, html: await response.text() };
}

describe('assigning codes when an order is paid', () => {
  it('gives each unit of a digital line one FREE code, tells the customer once, and a re-run assigns nothing', async () => {
    const { userId } = await customer();
    const articleId = await digitalArticle(5);
    const { orderNumber, lineIds } = await paidOrderOf(userId, [{ articleId, qty: 3 }]);
    await afterOrderPaid(db, orderNumber, new Date(Date.UTC(2026, 10, 2, 11)));
    const assigned = await codesOf('article_id = ? AND status = ?', articleId, 'ASSIGNED');
    expect(assigned.map((c) => c.code)).toEqual([`T${articleId}-00000`, `T${articleId}-00001`, `T${articleId}-00002`]);
    expect(assigned.every((c) => c.user_id === userId && c.order_number === orderNumber && c.order_line_id === lineIds[0])).toBe(true);
    const order = (await paidOrder(db, orderNumber))!;
    await assignDigitalCodes(db, order, new Date());
    await assignDigitalCodes(db, order, new Date());
    expect(await codesOf('article_id = ? AND status = ?', articleId, 'ASSIGNED')).toEqual(assigned);
    expect(await codesOf('article_id = ? AND status = ?', articleId, 'RESERVE')).toHaveLength(2);
    const inbox = await env.DB.prepare("SELECT ref, params FROM inbox_messages WHERE user_id = ? AND kind = 'digital.codes'").bind(userId).all<{ ref: string; params: string }>();
    expect(inbox.results).toHaveLength(1);
    expect(inbox.results[0]!.ref).toBe(String(lineIds[0]));
    expect(JSON.parse(inbox.results[0]!.params)).toMatchObject({ orderNumber, articleName: `Juego digital ${articleId}-0` });
    expect((await env.DB.prepare('SELECT fulfilled_at FROM orders WHERE order_number = ?').bind(orderNumber).first<number | null>('fulfilled_at'))).not.toBeNull();
  });

  it('leaves lines of articles that are not digital alone', async () => {
    const { userId } = await customer();
    const articleId = await digitalArticle(2);
    const { orderNumber } = await paidOrderOf(userId, [{ articleId: 1, qty: 1 }, { articleId, qty: 1 }]);
    await afterOrderPaid(db, orderNumber, new Date());
    expect(await codesOf('order_number = ?', orderNumber)).toHaveLength(1);
  });

  it('20 orders paid at once with 20 codes: each line gets exactly its quantity, no code twice, a re-run assigns nothing', async () => {
    const articleId = await digitalArticle(20);
    const { userId } = await customer();
    // 10 orders of 1 unit and 5 of 2: 20 units for 20 codes.
    const orders = await Promise.all(Array.from({ length: 15 }, (_, i) => paidOrderOf(userId, [{ articleId, qty: i < 10 ? 1 : 2 }])));
    await Promise.all(orders.map((o) => afterOrderPaid(db, o.orderNumber, new Date())));
    const assigned = await codesOf('article_id = ? AND status = ?', articleId, 'ASSIGNED');
    expect(assigned).toHaveLength(20);
    expect(new Set(assigned.map((c) => c.id)).size).toBe(20);
    orders.forEach((o, i) => expect(assigned.filter((c) => c.order_line_id === o.lineIds[0]), o.orderNumber).toHaveLength(i < 10 ? 1 : 2));
    expect(await codesOf('article_id = ? AND status = ?', articleId, 'FREE')).toEqual([]);
    // Paid again (a retried webhook, the sweep) at once: nothing new, nothing moved.
    await Promise.all(orders.map(async (o) => assignDigitalCodes(db, (await paidOrder(db, o.orderNumber))!, new Date())));
    expect(await codesOf('article_id = ? AND status = ?', articleId, 'ASSIGNED')).toEqual(assigned);
  });

  it('20 orders racing for 12 codes: no code twice, the short orders stay unfulfilled and get theirs when codes are loaded', async () => {
    const articleId = await digitalArticle(12);
    const { userId } = await customer();
    const orders = await Promise.all(Array.from({ length: 20 }, () => paidOrderOf(userId, [{ articleId, qty: 1 }])));
    await Promise.all(orders.map((o) => afterOrderPaid(db, o.orderNumber, new Date())));
    const assigned = await codesOf('article_id = ? AND status = ?', articleId, 'ASSIGNED');
    expect(assigned).toHaveLength(12);
    expect(new Set(assigned.map((c) => c.order_line_id)).size).toBe(12);
    const unfulfilled = (await env.DB.prepare(`SELECT count(*) AS n FROM orders WHERE fulfilled_at IS NULL AND order_number IN (${orders.map(() => '?').join(',')})`).bind(...orders.map((o) => o.orderNumber)).first<number>('n'))!;
    expect(unfulfilled).toBe(8);
    // The reserve is never sold.
    expect(await codesOf('article_id = ? AND status = ?', articleId, 'RESERVE')).toHaveLength(2);
    // Operations load 10 more codes; the sweep's re-run gives the 8 waiting lines one each.
    await env.DB.batch(Array.from({ length: 10 }, (_, i) => env.DB.prepare("INSERT INTO digital_codes (article_id, code, status, created_at) VALUES (?, ?, 'FREE', 0)").bind(articleId, `L${articleId}-${i}`)));
    await Promise.all(orders.map((o) => afterOrderPaid(db, o.orderNumber, new Date())));
    const after = await codesOf('article_id = ? AND status = ?', articleId, 'ASSIGNED');
    expect(after).toHaveLength(20);
    expect(new Set(after.map((c) => c.order_line_id)).size).toBe(20);
    expect(await codesOf('article_id = ? AND status = ?', articleId, 'FREE')).toHaveLength(2);
  });

  it('a line short of codes keeps what it got and throws, so the order is not marked fulfilled', async () => {
    const { userId } = await customer();
    const articleId = await digitalArticle(1);
    const { orderNumber, lineIds } = await paidOrderOf(userId, [{ articleId, qty: 3 }]);
    await expect(assignDigitalCodes(db, (await paidOrder(db, orderNumber))!, new Date())).rejects.toThrow(/waiting for codes/);
    expect(await codesOf('order_line_id = ?', lineIds[0])).toHaveLength(1);
    const told = await env.DB.prepare("SELECT count(*) AS n FROM inbox_messages WHERE user_id = ? AND kind = 'digital.codes'").bind(userId).first<number>('n');
    expect(told).toBe(0);
  });
});

describe('GET /api/digital-codes/user-codes', () => {
  it('needs a session', async () => {
    const anonymous = await new TestBrowser().api('GET', '/api/digital-codes/user-codes');
    expect(anonymous.status).toBe(401);
  });

  it('pages the customer\'s codes 5 at a time, newest first, the code hidden until revealed', async () => {
    const { browser, userId } = await customer();
    const older = await digitalArticle(3);
    const newer = await digitalArticle(4, RELEASE);
    const first = await paidOrderOf(userId, [{ articleId: older, qty: 3 }], Date.UTC(2026, 10, 2));
    const second = await paidOrderOf(userId, [{ articleId: newer, qty: 4 }], Date.UTC(2026, 10, 3));
    await afterOrderPaid(db, first.orderNumber, new Date(Date.UTC(2026, 10, 2)));
    await afterOrderPaid(db, second.orderNumber, new Date(Date.UTC(2026, 10, 3)));
    const now = new Date(Date.UTC(2026, 10, 25));
    const page1 = await apiAt<CodesPage>(browser, now, '/api/digital-codes/user-codes');
    expect(page1.status).toBe(200);
    expect(page1.data).toMatchObject({ total: 7, page: 1, pageSize: 5 });
    expect(page1.data.items).toHaveLength(5);
    expect(page1.data.items.slice(0, 4).map((c) => c.articleId)).toEqual([newer, newer, newer, newer]);
    expect(page1.data.items[0]).toMatchObject({ codePlatform: 'Steam', code: null, status: 'ASSIGNED', canRevealCode: false, releaseDate: new Date(RELEASE).toISOString(), orderNumber: second.orderNumber });
    expect(page1.data.items[4]).toMatchObject({ articleId: older, canRevealCode: true, releaseDate: null, code: null });
    const page2 = await apiAt<CodesPage>(browser, now, '/api/digital-codes/user-codes?page=2&page-size=5');
    expect(page2.data.items.map((c) => c.articleId)).toEqual([older, older]);
    const small = await apiAt<CodesPage>(browser, now, '/api/digital-codes/user-codes?page=3&page-size=2');
    expect(small.data).toMatchObject({ total: 7, page: 3, pageSize: 2 });
    expect(small.data.items).toHaveLength(2);
    expect((await apiAt<CodesPage>(browser, now, '/api/digital-codes/user-codes?page=9')).data.items).toEqual([]);
  });

  it.each(['page-size=6', 'page-size=0', 'page-size=x', 'page=0', 'page=-1', 'page=1.5'])('refuses %s with a 400 envelope', async (query) => {
    const { browser } = await customer();
    const answer = await browser.api('GET', `/api/digital-codes/user-codes?${query}`);
    expect(answer.status).toBe(400);
    expect(answer.data).toBeNull();
    expect(answer.error?.code).toBe('INVALID_REQUEST');
  });
});

describe('GET /api/digital-codes/:id/reveal', () => {
  let owner: { browser: TestBrowser; userId: number };
  let presaleCode: number;
  let releasedCode: number;
  beforeAll(async () => {
    owner = await customer();
    const presale = await digitalArticle(1, RELEASE);
    const released = await digitalArticle(1);
    const { orderNumber } = await paidOrderOf(owner.userId, [{ articleId: presale, qty: 1 }, { articleId: released, qty: 1 }]);
    await afterOrderPaid(db, orderNumber, new Date());
    presaleCode = (await codesOf('article_id = ?', presale)).find((c) => c.status === 'ASSIGNED')!.id;
    releasedCode = (await codesOf('article_id = ?', released)).find((c) => c.status === 'ASSIGNED')!.id;
  });

  it('refuses a presale before its release date with a 409 and changes nothing', async () => {
    const before = await apiAt(owner.browser, new Date(RELEASE - 1), `/api/digital-codes/${presaleCode}/reveal`);
    expect(before.status).toBe(409);
    expect(before.data).toBeNull();
    expect(before.error?.code).toBe('DIGITAL_CODE_NOT_RELEASED');
    expect((await codesOf('id = ?', presaleCode))[0]).toMatchObject({ status: 'ASSIGNED', revealed_at: null });
  });

  it('reveals it from the release date on: FINISHED once, the same code after', async () => {
    const at = new Date(RELEASE);
    const revealed = await apiAt<Code>(owner.browser, at, `/api/digital-codes/${presaleCode}/reveal`);
    expect(revealed.status).toBe(200);
    const stored = (await codesOf('id = ?', presaleCode))[0]!;
    expect(revealed.data).toMatchObject({ idCode: presaleCode, code: stored.code, status: 'FINISHED', canRevealCode: true });
    expect(stored).toMatchObject({ status: 'FINISHED', revealed_at: RELEASE });
    const again = await apiAt<Code>(owner.browser, new Date(RELEASE + 86_400_000), `/api/digital-codes/${presaleCode}/reveal`);
    expect(again.data.code).toBe(stored.code);
    expect((await codesOf('id = ?', presaleCode))[0]!.revealed_at).toBe(RELEASE);
    // The list now shows the revealed code.
    const list = await apiAt<CodesPage>(owner.browser, at, '/api/digital-codes/user-codes');
    expect(list.data.items.find((c) => c.idCode === presaleCode)!.code).toBe(stored.code);
  });

  it('reveals a code of an article already out at once', async () => {
    const revealed = await owner.browser.api<Code>('GET', `/api/digital-codes/${releasedCode}/reveal`);
    expect(revealed.status).toBe(200);
    expect(revealed.data.code).toMatch(/^T\d+-00000$/);
  });

  it('answers someone else\'s code, a free code and an unknown id with 404, and changes nothing', async () => {
    const other = await customer();
    const articleId = await digitalArticle(2);
    const { orderNumber } = await paidOrderOf(other.userId, [{ articleId, qty: 1 }]);
    await afterOrderPaid(db, orderNumber, new Date());
    const [theirs, free] = await codesOf('article_id = ?', articleId);
    for (const id of [theirs!.id, free!.id, 999_999_999]) {
      const attempt = await owner.browser.api('GET', `/api/digital-codes/${id}/reveal`);
      expect(attempt.status, String(id)).toBe(404);
      expect(attempt.data).toBeNull();
    }
    expect((await codesOf('id = ?', theirs!.id))[0]).toMatchObject({ status: 'ASSIGNED', revealed_at: null });
    expect((await codesOf('id = ?', free!.id))[0]).toMatchObject({ status: 'FREE', user_id: null });
  });

  it.each(['0', '-3', 'abc', '1.5'])('refuses the id %s with a 400', async (id) => {
    expect((await owner.browser.api('GET', `/api/digital-codes/${id}/reveal`)).status).toBe(400);
  });

  it('needs a session', async () => {
    expect((await new TestBrowser().api('GET', `/api/digital-codes/${releasedCode}/reveal`)).status).toBe(401);
  });
});

describe('cancelling an order', () => {
  it('voids its codes not yet revealed (409 on reveal), keeps a revealed one', async () => {
    const { browser, userId } = await customer();
    const articleId = await digitalArticle(3);
    const { orderNumber } = await paidOrderOf(userId, [{ articleId, qty: 2 }]);
    await afterOrderPaid(db, orderNumber, new Date());
    const [seen, unseen] = await codesOf('order_number = ?', orderNumber);
    expect((await browser.api('GET', `/api/digital-codes/${seen!.id}/reveal`)).status).toBe(200);
    await cancelOrder({ db, env, now: new Date() }, { orderNumber, userId, now: new Date() });
    expect((await codesOf('order_number = ?', orderNumber)).map((c) => c.status)).toEqual(['FINISHED', 'DELETED']);
    const voided = await browser.api('GET', `/api/digital-codes/${unseen!.id}/reveal`);
    expect(voided.status).toBe(409);
    expect(voided.error?.code).toBe('DIGITAL_CODE_VOIDED');
    const list = await browser.api<CodesPage>('GET', '/api/digital-codes/user-codes');
    // Assigned together: the later id first.
    expect(list.data.items.map((c) => [c.idCode, c.status, c.code === null])).toEqual([
      [unseen!.id, 'DELETED', true],
      [seen!.id, 'FINISHED', false],
    ]);
  });
});

describe('a card payment of a digital article', () => {
  it('delivers its code through the real checkout and payment', async () => {
    const { browser } = await customer();
    const articleId = (await env.DB.prepare("SELECT d.article_id FROM digital_articles d JOIN offers o ON o.article_id = d.article_id AND o.channel = 'ES' AND o.seller_id = 0 WHERE d.release_at IS NULL ORDER BY d.article_id LIMIT 1").first<number>('article_id'))!;
    const offerId = (await env.DB.prepare("SELECT id FROM offers WHERE article_id = ? AND channel = 'ES' AND seller_id = 0").bind(articleId).first<number>('id'))!;
    const cartId = (await browser.api<{ idCart: string }>('POST', '/api/users/info')).data.idCart;
    expect((await browser.api('POST', `/api/orders/${cartId}/cart/articles`, { articles: [{ idArticle: articleId, idOffer: offerId, qty: 2 }] })).status).toBe(200);
    const address = (await browser.api<{ id: number }>('POST', '/api/user/addresses/shipping', MADRID)).data.id;
    const placed = await browser.api<{ payment: { orderId: string } }>('POST', `/api/checkout/orders/${cartId}/place`, { shippingType: 1, shippingAddressId: address, paymentMethod: 'adyen', conditionsAccepted: true });
    expect(placed.status, JSON.stringify(placed.error)).toBe(201);
    const paid = await payData(browser, placed.data.payment.orderId, { paymentMethod: card(VISA) });
    expect(paid.data).toMatchObject({ paymentResult: 'PROCESSED' });
    const list = await browser.api<CodesPage>('GET', '/api/digital-codes/user-codes');
    expect(list.data.total).toBe(2);
    expect(list.data.items.every((c) => c.articleId === articleId && c.orderNumber === placed.data.payment.orderId && c.code === null)).toBe(true);
  });
});

describe('the account screens', () => {
  it('lists the keys with the presale date and a reveal form, then shows a revealed key', async () => {
    const { browser, userId } = await customer();
    const presale = await digitalArticle(1, RELEASE);
    const { orderNumber } = await paidOrderOf(userId, [{ articleId: presale, qty: 1 }]);
    await afterOrderPaid(db, orderNumber, new Date());
    const [code] = await codesOf('order_number = ?', orderNumber);
    const before = await pageAs(browser, new Date(Date.UTC(2026, 10, 25)), '/usuarios/panel/mis-claves');
    expect(before.status).toBe(200);
    expect(before.html).toContain('15/03/2027');
    expect(before.html).toContain(orderNumber);
    expect(before.html).not.toContain(code!.code);
    expect(before.html).not.toContain(`name="reveal" value="${code!.id}"`);
    // Without script, the reveal form asks the same page for `?reveal=<id>`.
    const after = await pageAs(browser, new Date(RELEASE + 1), '/usuarios/panel/mis-claves');
    expect(after.html).toContain(`name="reveal" value="${code!.id}"`);
    const revealed = await pageAs(browser, new Date(RELEASE + 1), `/usuarios/panel/mis-claves?reveal=${code!.id}`);
    expect(revealed.status).toBe(200);
    expect(revealed.html).toContain(code!.code);
    expect((await codesOf('id = ?', code!.id))[0]!.status).toBe('FINISHED');
  });

  it('shows an empty state, and the digital products grouped by article', async () => {
    const { browser, userId } = await customer();
    const empty = await pageAs(browser, new Date(), '/usuarios/panel/mis-claves');
    expect(empty.status).toBe(200);
    expect(empty.html).toContain('data-empty');
    const articleId = await digitalArticle(3);
    const { orderNumber } = await paidOrderOf(userId, [{ articleId, qty: 2 }]);
    await afterOrderPaid(db, orderNumber, new Date());
    const products = await pageAs(browser, new Date(), '/usuarios/panel/productos-digitales');
    expect(products.status).toBe(200);
    expect(products.html).toContain(`Juego digital ${articleId}-0`);
    expect(products.html.match(/data-digital-product=/g)).toHaveLength(1);
  });

  it('sends a visitor without a session to sign in', async () => {
    const anonymous = await pageAs(new TestBrowser(), new Date(), '/usuarios/panel/mis-claves');
    expect([302, 303]).toContain(anonymous.status);
  });
});
