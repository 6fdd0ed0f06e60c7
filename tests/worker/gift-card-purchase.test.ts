/**
 * Buying gift cards (docs/account.md "Gift cards"): the seeded gift-card articles, adding cards
 * for someone to the basket (`POST /api/giftcards/purchase`, JSON and the form without script),
 * paying by card, one card per unit issued once (twice run, racing runs), each card e-mailed
 * once (the request's background, the sweep), the buyer told in the inbox, the code accepted by
 * the validation and spent at another customer's checkout, and a gift card refused as payment
 * for gift cards. The PT store, in Portuguese.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { dbFor } from '../../worker/db/client';
import { GIFT_CARDS } from '../../worker/domain/content/gift-cards';
import { issueGiftCards } from '../../worker/gift-cards/issue';
import { giftCardExpiry } from '../../worker/gift-cards/rules';
import { giftCardMessage, sendGiftCards } from '../../worker/gift-cards/send';
import { afterOrderPaid, paidOrder } from '../../worker/orders/fulfil';
import type { EmailMessage, EmailSender } from '../../worker/email/provider';
import { mailCount, newEmail, signUp, TestBrowser, waitForMail } from './browser';
import { insertOrder } from './documents-fixtures';
import { host } from './helpers';
import { card, payData, VISA } from './payments-helpers';

const db = dbFor(env.DB);
const PT = host('PT');

interface CartLine {
  idLine: number;
  idArticle: number;
  qty: number;
  unitPrice: number;
  giftCard?: { recipientName: string; recipientEmail: string; message: string; senderName: string } | null;
}
interface CartView {
  articles: CartLine[];
  units: number;
}
interface GiftCardRow {
  code: string;
  balance: number;
  initial_amount: number;
  expires_at: number;
  order_number: string;
  order_line_id: number;
  unit_index: number;
  buyer_user_id: number;
  recipient_name: string;
  recipient_email: string;
  message: string;
  sent_at: number | null;
}

const details = (recipientEmail = newEmail('recipient')) => ({ recipientName: 'Maria Silva', recipientEmail, message: 'Feliz aniversário!', senderName: 'João' });

const ADDRESSES = {
  PT: { name: 'João', surname: 'Santos', address: 'Rua Augusta', streetNumber: '1', city: 'Lisboa', postalCode: '1100-048', countryIso: 'PT', phone: '912345678', province: '11' },
  ES: { name: 'Ana', surname: 'García', address: 'Calle de Alcalá', streetNumber: '42', city: 'Madrid', postalCode: '28014', countryIso: 'ES', phone: '612345678', province: '28' },
};

/** A signed-up customer of the PT (or ES) store with a home address there (the invoice goes to it). */
async function customer(channel: 'PT' | 'ES' = 'PT') {
  const browser = new TestBrowser(host(channel));
  const email = await signUp(browser);
  const userId = (await env.DB.prepare('SELECT id FROM users WHERE email = ?').bind(email).first<number>('id'))!;
  const cartId = (await browser.api<{ idCart: string }>('POST', '/api/users/info')).data.idCart;
  const { province, ...address } = ADDRESSES[channel];
  const provinceId = await env.DB.prepare('SELECT p.id FROM provinces p JOIN countries c ON c.id = p.country_id WHERE c.iso = ? AND p.code = ?').bind(channel, province).first<number>('id');
  const created = await browser.api<{ id: number }>('POST', '/api/user/addresses/shipping', { ...address, ...(provinceId ? { provinceId } : {}) });
  expect(created.status, JSON.stringify(created.error)).toBe(201);
  return { browser, email, userId, cartId, addressId: created.data.id };
}

async function cartOf(browser: TestBrowser, cartId: string) {
  return (await browser.api<CartView>('GET', `/api/checkout/orders/${cartId}/cart`)).data;
}

async function cardsOf(orderNumber: string): Promise<GiftCardRow[]> {
  return (await env.DB.prepare('SELECT * FROM gift_cards WHERE order_number = ? ORDER BY order_line_id, unit_index').bind(orderNumber).all<GiftCardRow>()).results;
}

async function giftCardArticle(amount: number): Promise<number> {
  return (await env.DB.prepare('SELECT article_id FROM gift_card_articles WHERE amount = ?').bind(amount).first<number>('article_id'))!;
}

/** A counting sender (the provider's answer without the sandbox). */
function recordingSender(): EmailSender & { sent: EmailMessage[] } {
  const sent: EmailMessage[] = [];
  return {
    sent,
    async send(message) {
      sent.push(message);
      return { id: `m${sent.length}` };
    },
  };
}

/** A paid order of gift cards inserted directly (no gateway), as the fulfilment reads it. */
async function paidGiftCardOrder(userId: number, lines: { amount: number; qty: number; details: Record<string, string> | null }[], paidAt = Date.UTC(2026, 10, 3, 10)) {
  const order = await insertOrder({ userId, channel: 'PT', language: 'pt_PT', lines: lines.map((l) => ({ name: `Cartão-presente Ampora ${l.amount / 100} €`, qty: l.qty, unitPrice: l.amount })), createdAt: paidAt });
  await env.DB.batch(
    await Promise.all(
      order.lineIds.map(async (id, i) => env.DB.prepare('UPDATE order_lines SET article_id = ?, details = ? WHERE id = ?').bind(await giftCardArticle(lines[i]!.amount), lines[i]!.details ? JSON.stringify(lines[i]!.details) : null, id)),
    ),
  );
  return order;
}

describe('the gift-card articles', () => {
  it('are one digital article per amount of the page, sold by the store on every channel at face value, in no menu category', async () => {
    const rows = (await env.DB.prepare("SELECT g.amount, a.type, a.category_id, (SELECT count(*) FROM categories c WHERE c.id = a.category_id) AS categories, (SELECT group_concat(o.channel || ':' || o.price || ':' || o.seller_id, ',') FROM offers o WHERE o.article_id = a.id) AS offers FROM gift_card_articles g JOIN articles a ON a.id = g.article_id ORDER BY g.amount").all<{ amount: number; type: string; categories: number; offers: string }>()).results;
    expect(rows.map((r) => r.amount)).toEqual([...GIFT_CARDS.amounts]);
    for (const row of rows) {
      expect(row.type).toBe('digital');
      expect(row.categories).toBe(0);
      expect(row.offers.split(',').sort()).toEqual(['DE', 'ES', 'FR', 'IT', 'PT'].map((ch) => `${ch}:${row.amount}:0`));
    }
  });
});

describe('POST /api/giftcards/purchase', () => {
  it('adds the cards as a line of their own per recipient, shown with the recipient', async () => {
    const { browser, cartId } = await customer();
    const first = details();
    const added = await browser.api<CartView>('POST', '/api/giftcards/purchase', { amount: 5_000, qty: 2, ...first });
    expect(added.status, JSON.stringify(added.error)).toBe(201);
    const second = { ...details(), recipientName: 'Rui Costa', message: '' };
    expect((await browser.api('POST', '/api/giftcards/purchase', { amount: 5_000, qty: 1, ...second })).status).toBe(201);
    const cart = await cartOf(browser, cartId);
    expect(cart.articles.map((a) => [a.qty, a.unitPrice, a.giftCard?.recipientName])).toEqual([
      [2, 5_000, 'Maria Silva'],
      [1, 5_000, 'Rui Costa'],
    ]);
    expect(cart.articles[0]!.giftCard).toEqual({ ...first, recipientEmail: first.recipientEmail.toLowerCase() });
    expect(cart.units).toBe(3);
  });

  it.each([
    ['a bad e-mail', { recipientEmail: 'maria@' }, 'recipientEmail'],
    ['no recipient name', { recipientName: ' ' }, 'recipientName'],
    ['a message over 300 characters', { message: 'x'.repeat(301) }, 'message'],
    ['no sender', { senderName: '' }, 'senderName'],
    ['an amount not on sale', { amount: 3_000 }, 'amount'],
    ['no cards', { qty: 0 }, 'qty'],
    ['eleven cards', { qty: 11 }, 'qty'],
  ])('refuses %s with 400, the basket unchanged', async (_, change, field) => {
    const { browser, cartId } = await customer();
    const refused = await browser.api('POST', '/api/giftcards/purchase', { amount: 2_500, qty: 1, ...details(), ...change });
    expect(refused.status).toBe(400);
    expect(refused.error?.code).toBe('INVALID_REQUEST');
    expect((refused.error?.details as { issues: { path: string }[] }).issues.map((i) => i.path)).toContain(field);
    expect((await cartOf(browser, cartId)).articles).toEqual([]);
  });

  it('takes ten cards, and an anonymous visitor’s cards join the account with their recipient at sign-in', async () => {
    const visitor = new TestBrowser(PT);
    const recipient = details();
    expect((await visitor.api('POST', '/api/giftcards/purchase', { amount: 2_500, qty: 10, ...recipient })).status).toBe(201);
    await signUp(visitor);
    const cartId = (await visitor.api<{ idCart: string }>('POST', '/api/users/info')).data.idCart;
    const cart = await cartOf(visitor, cartId);
    expect(cart.articles.map((a) => [a.qty, a.giftCard?.recipientEmail])).toEqual([[10, recipient.recipientEmail.toLowerCase()]]);
  });

  it('works as a form without script: on to the basket, or back to the page naming the fields', async () => {
    const { browser, cartId } = await customer();
    const form = (fields: Record<string, string>) => browser.fetch('/api/giftcards/purchase', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ respond: 'page', lang: 'pt_PT', amount: '10000', qty: '1', ...details(), ...fields }).toString() });
    const done = await form({});
    expect(done.status).toBe(303);
    expect(done.headers.get('Location')).toBe('/cart/shopping_basket');
    const refused = await form({ recipientEmail: 'nope', qty: '12' });
    expect(refused.status).toBe(303);
    const back = new URL(refused.headers.get('Location')!, PT);
    expect(back.pathname).toBe('/cartoes-presente');
    expect(back.searchParams.get('fields')?.split(',').sort()).toEqual(['qty', 'recipientEmail']);
    expect(back.search).not.toContain('nope');
    expect((await cartOf(browser, cartId)).articles.map((a) => a.unitPrice)).toEqual([10_000]);
    const page = await browser.fetch(back.pathname + back.search);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('aria-invalid="true"');
  });
});

describe('the gift cards page', () => {
  it('keeps the information and has the purchase form, in Portuguese on /cartoes-presente', async () => {
    const response = await new TestBrowser(PT).fetch('/cartoes-presente');
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(html).toContain('data-island="gift-card-purchase"');
    const form = html.match(/<form id="gift-card-purchase"[^>]*>/)?.[0] ?? '';
    expect(form).toContain('action="/api/giftcards/purchase"');
    expect(form).toContain('method="post"');
    for (const amount of GIFT_CARDS.amounts) expect(html).toContain(`name="amount" value="${amount}"`);
    expect(html).toContain('id="gift-validity-title"');
    expect(html).toContain('lang="pt');
  });
});

describe('a paid order of gift cards', () => {
  it('issues one card per unit through the real checkout and card payment, e-mails each once, and tells the buyer', async () => {
    const { browser, cartId, userId, addressId } = await customer();
    const recipient = details();
    expect((await browser.api('POST', '/api/giftcards/purchase', { amount: 5_000, qty: 2, ...recipient })).status).toBe(201);
    const placed = await browser.api<{ orders: { orderNumber: string; total: number }[]; payment: { orderId: string } }>('POST', `/api/checkout/orders/${cartId}/place`, { shippingType: 1, shippingAddressId: addressId, paymentMethod: 'adyen', conditionsAccepted: true });
    expect(placed.status, JSON.stringify(placed.error)).toBe(201);
    expect(placed.data.orders.map((o) => o.total)).toEqual([10_000]);
    const paid = await payData(browser, placed.data.payment.orderId, { paymentMethod: card(VISA) });
    expect(paid.data).toMatchObject({ paymentResult: 'PROCESSED' });
    const orderNumber = placed.data.orders[0]!.orderNumber;

    const cards = await cardsOf(orderNumber);
    expect(cards).toHaveLength(2);
    const order = (await paidOrder(db, orderNumber))!;
    for (const [i, c] of cards.entries()) {
      expect(c).toMatchObject({ balance: 5_000, initial_amount: 5_000, unit_index: i, buyer_user_id: userId, recipient_name: 'Maria Silva', recipient_email: recipient.recipientEmail.toLowerCase(), message: 'Feliz aniversário!' });
      expect(c.code).toMatch(/^[A-Z0-9]{16}$/);
      expect(c.expires_at).toBe(giftCardExpiry(order.paidAt));
    }
    // The background of the payment request sends both, in Portuguese.
    const to = recipient.recipientEmail.toLowerCase();
    for (const c of cards) await waitForMail(to, new RegExp(c.code.match(/.{4}/g)!.join('-')));
    await waitForMail(to, /Feliz aniversário!/);
    await waitForMail(to, /cartão-presente/i);
    // Paid again (a replayed event) and the sweep: nothing more issued or sent.
    await afterOrderPaid(db, orderNumber, new Date());
    await sendGiftCards(db, recordingSender(), { now: new Date() });
    expect(await cardsOf(orderNumber)).toHaveLength(2);
    expect(await mailCount(to)).toBe(2);
    const told = await env.DB.prepare("SELECT ref, params FROM inbox_messages WHERE user_id = ? AND kind = 'giftcard.sent'").bind(userId).all<{ ref: string; params: string }>();
    expect(told.results).toHaveLength(1);
    expect(JSON.parse(told.results[0]!.params)).toMatchObject({ orderNumber, recipientName: 'Maria Silva', amount: 5_000 });
  });

  it('refuses to be paid on delivery, by instalments or by transfer (electronic delivery), and keeps the card', async () => {
    const { browser, cartId, addressId } = await customer();
    expect((await browser.api('POST', '/api/giftcards/purchase', { amount: 2_500, qty: 1, ...details() })).status).toBe(201);
    for (const method of ['contrareembolso', 'multibanco', 'transferencia', 'oney']) {
      const refused = await browser.api('POST', `/api/checkout/orders/${cartId}/place`, { shippingType: 1, shippingAddressId: addressId, paymentMethod: method, conditionsAccepted: true });
      expect(refused.status, method).toBeGreaterThanOrEqual(400);
      expect(refused.status, method).toBeLessThan(500);
    }
    expect((await cartOf(browser, cartId)).articles).toHaveLength(1);
  });

  it('issues once when the step runs twice or ten runs race, with one card per unit and line', async () => {
    const { userId } = await customer();
    const { orderNumber, lineIds } = await paidGiftCardOrder(userId, [
      { amount: 2_500, qty: 3, details: details() },
      { amount: 20_000, qty: 1, details: null },
    ]);
    const order = (await paidOrder(db, orderNumber))!;
    await issueGiftCards(db, order, new Date());
    await issueGiftCards(db, order, new Date());
    await Promise.all(Array.from({ length: 10 }, () => issueGiftCards(db, order, new Date())));
    const cards = await cardsOf(orderNumber);
    expect(cards.map((c) => [c.order_line_id, c.unit_index, c.balance])).toEqual([
      [lineIds[0], 0, 2_500],
      [lineIds[0], 1, 2_500],
      [lineIds[0], 2, 2_500],
      [lineIds[1], 0, 20_000],
    ]);
    expect(new Set(cards.map((c) => c.code)).size).toBe(4);
    // A line added without a recipient: the card goes to the buyer.
    const buyer = (await env.DB.prepare('SELECT email FROM users WHERE id = ?').bind(userId).first<string>('email'))!;
    expect(cards[3]!.recipient_email).toBe(buyer);
  });

  it('leaves the order unfulfilled when a code collides, and the next run completes it', async () => {
    const { userId } = await customer();
    const { orderNumber } = await paidGiftCardOrder(userId, [{ amount: 2_500, qty: 2, details: details() }]);
    const order = (await paidOrder(db, orderNumber))!;
    await expect(issueGiftCards(db, order, new Date(), () => 'SAMECODESAMECODE')).rejects.toThrow(/1 of 2/);
    await issueGiftCards(db, order, new Date());
    expect(await cardsOf(orderNumber)).toHaveLength(2);
    await env.DB.prepare("DELETE FROM gift_cards WHERE code = 'SAMECODESAMECODE'").run();
  });

  it('sends each card once, even with sends racing, and gives a failed delivery back to the sweep', async () => {
    const { userId } = await customer();
    const recipient = details();
    const { orderNumber } = await paidGiftCardOrder(userId, [{ amount: 10_000, qty: 3, details: recipient }]);
    await issueGiftCards(db, (await paidOrder(db, orderNumber))!, new Date());
    const failing: EmailSender = {
      async send() {
        throw new Error('provider down');
      },
    };
    expect(await sendGiftCards(db, failing, { now: new Date(), orderNumbers: [orderNumber] })).toEqual([]);
    expect((await cardsOf(orderNumber)).every((c) => c.sent_at === null)).toBe(true);
    const sender = recordingSender();
    const runs = await Promise.all(Array.from({ length: 5 }, () => sendGiftCards(db, sender, { now: new Date(), orderNumbers: [orderNumber] })));
    expect(runs.flat()).toHaveLength(3);
    expect(sender.sent.map((m) => m.to)).toEqual(Array(3).fill(recipient.recipientEmail.toLowerCase()));
    expect(new Set(sender.sent.map((m) => m.idempotencyKey)).size).toBe(3);
    expect(await sendGiftCards(db, sender, { now: new Date(), orderNumbers: [orderNumber] })).toEqual([]);
    expect(sender.sent).toHaveLength(3);
    expect((await cardsOf(orderNumber)).every((c) => c.sent_at !== null)).toBe(true);
    // In the order's language, with the code, amount, expiry, message and the how-to.
    const mail = sender.sent[0]!;
    expect(mail.subject).toBe('João enviou-lhe um cartão-presente Ampora');
    expect(mail.text).toContain('100,00');
    expect(mail.text).toContain('Feliz aniversário!');
  });
});

describe('spending a bought card', () => {
  it('is accepted by the validation and lowers its balance at another customer’s checkout', async () => {
    const { userId } = await customer();
    const { orderNumber } = await paidGiftCardOrder(userId, [{ amount: 2_500, qty: 1, details: details() }]);
    await issueGiftCards(db, (await paidOrder(db, orderNumber))!, new Date());
    const [bought] = await cardsOf(orderNumber);
    const other = await customer('ES');
    const checked = await other.browser.api<{ code: string; balance: number }>('POST', `/api/giftcards/validate?code=${bought!.code.match(/.{4}/g)!.join('-')}`);
    expect(checked.status).toBe(200);
    expect(checked.data).toMatchObject({ code: bought!.code, balance: 2_500 });

    const offer = (await env.DB.prepare("SELECT o.id, o.article_id, o.price FROM offers o JOIN articles a ON a.id = o.article_id WHERE o.channel = 'ES' AND o.seller_id = 0 AND a.type = 'digital' AND o.availability_code <= 3 AND o.stock > 0 AND o.price > 2500 AND a.id NOT IN (SELECT article_id FROM gift_card_articles) ORDER BY o.id LIMIT 1").first<{ id: number; article_id: number; price: number }>())!;
    expect((await other.browser.api('POST', `/api/orders/${other.cartId}/cart/articles`, { articles: [{ idArticle: offer.article_id, idOffer: offer.id, qty: 1 }] })).status).toBe(200);
    const placed = await other.browser.api<{ orders: { total: number }[]; totals: { totalGiftCardDiscountInCart: number; totalToPay: number } }>('POST', `/api/checkout/orders/${other.cartId}/place`, { shippingType: 1, shippingAddressId: other.addressId, paymentMethod: 'adyen', conditionsAccepted: true, giftCardCode: bought!.code });
    expect(placed.status, JSON.stringify(placed.error)).toBe(201);
    expect(placed.data.totals.totalGiftCardDiscountInCart).toBe(2_500);
    const [after] = await cardsOf(orderNumber);
    expect(after!.balance).toBe(0);
    const spent = await other.browser.api('POST', `/api/giftcards/validate?code=${bought!.code}`);
    expect(spent.error?.code).toBe('GIFT_CARD_EMPTY');
  });

  it('cannot pay for gift cards (409), nothing spent', async () => {
    const { userId } = await customer();
    const { orderNumber } = await paidGiftCardOrder(userId, [{ amount: 5_000, qty: 1, details: details() }]);
    await issueGiftCards(db, (await paidOrder(db, orderNumber))!, new Date());
    const [bought] = await cardsOf(orderNumber);
    const other = await customer();
    expect((await other.browser.api('POST', '/api/giftcards/purchase', { amount: 2_500, qty: 1, ...details() })).status).toBe(201);
    const refused = await other.browser.api('POST', `/api/checkout/orders/${other.cartId}/place`, { shippingType: 1, shippingAddressId: other.addressId, paymentMethod: 'adyen', conditionsAccepted: true, giftCardCode: bought!.code });
    expect(refused.status).toBe(409);
    expect(refused.error?.code).toBe('GIFT_CARD_FOR_GIFT_CARDS');
    expect((await cardsOf(orderNumber))[0]!.balance).toBe(5_000);
    expect((await cartOf(other.browser, other.cartId)).articles).toHaveLength(1);
  });
});

describe('the e-mail', () => {
  it('says who sent it, the amount, the expiry, the message and how to use it, in the order’s language', () => {
    const mail = giftCardMessage({ code: 'ABCDEFGHJKLMNPQR', amount: 5_000, expiresAt: Date.UTC(2028, 10, 3, 10), recipientName: 'Anna', recipientEmail: 'anna@example.de', message: 'Alles Gute!', senderName: 'Jonas', language: 'de_DE', timeZone: 'Europe/Berlin', pageUrl: 'https://www.ampora.de/geschenkkarten' });
    expect(mail.to).toBe('anna@example.de');
    expect(mail.idempotencyKey).toBe('gift-card:ABCDEFGHJKLMNPQR');
    expect(mail.text).toContain('ABCD-EFGH-JKLM-NPQR');
    expect(mail.text).toContain('50,00');
    expect(mail.text).toContain('03.11.2028');
    expect(mail.text).toContain('Alles Gute!');
    expect(mail.text).toContain('https://www.ampora.de/geschenkkarten');
    expect(mail.html).not.toContain('<script');
    const hostile = giftCardMessage({ code: 'ABCDEFGHJKLMNPQR', amount: 5_000, expiresAt: 0, recipientName: '<b>x</b>', recipientEmail: 'a@b.pt', message: '<img src=x onerror=alert(1)>', senderName: 'J', language: 'pt_PT', timeZone: 'Europe/Lisbon', pageUrl: null });
    expect(hostile.html).not.toContain('<img');
    expect(hostile.html).not.toContain('<b>x');
  });
});
