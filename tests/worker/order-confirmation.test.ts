// The order confirmation e-mail (worker/orders/confirmation.ts): one per order, in the order's
// language, with lines, totals, delivery and payment instructions, read from the development
// outbox; and the account overview lists the new orders at once.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../client/i18n/format';
import { createDb } from '../../worker/db/client';
import { emailSender } from '../../worker/email/provider';
import { sendOrderConfirmations } from '../../worker/orders/confirmation';
import { BANK_ACCOUNTS } from '../../worker/orders/bank-accounts';
import { mailCount, signUp, TestBrowser } from './browser';
import { add, checkoutOffers, MADRID, type OfferRow, type Placed } from './checkout-helpers';
import { authorise3d, card, completeChallenge, deliver, orderStates, payData, paymentRows, placeByCard, sandboxNotifications, signedNotification, VISA, VISA_3DS } from './payments-helpers';

let own: OfferRow[] = [];
let marketplace: OfferRow;

beforeAll(async () => {
  ({ own, marketplace } = await checkoutOffers());
});

async function customer(language?: 'en_EN') {
  const browser = new TestBrowser();
  const email = await signUp(browser);
  const headers: Record<string, string> = language ? { 'X-Selected-Language': language } : {};
  const cartId = (await browser.api<{ idCart: string }>('POST', '/api/users/info')).data.idCart;
  const address = (await browser.api<{ id: number }>('POST', '/api/user/addresses/shipping', MADRID)).data.id;
  return { browser, email, cartId, address, headers };
}

interface Mail {
  subject: string;
  text_body: string;
  html_body: string;
}

/** The messages to `to` whose subject names `orderNumber`, waiting (up to ~6 s) for the background send. */
async function confirmationsOf(to: string, orderNumber: string, expected = 1): Promise<Mail[]> {
  let rows: Mail[] = [];
  for (let attempt = 0; attempt < 250; attempt++) {
    rows = (await env.DB.prepare('SELECT subject, text_body, html_body FROM dev_outbox WHERE recipient = ? AND subject LIKE ?').bind(to, `%${orderNumber}%`).all<Mail>()).results;
    if (rows.length >= expected) return rows;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return rows;
}

describe('the order confirmation e-mail', () => {
  it('confirms each order once, in Spanish, with lines, totals, the delivery address and the transfer instructions', async () => {
    const { browser, email, cartId, address } = await customer();
    await add(browser, cartId, own[3]!, 2);
    await add(browser, cartId, marketplace, 1);
    const body = { shippingType: 1, shippingAddressId: address, paymentMethod: 'transferencia', conditionsAccepted: true };
    const placed = await browser.api<Placed>('POST', `/api/checkout/orders/${cartId}/place`, body);
    expect(placed.status).toBe(201);
    expect(placed.data.orders).toHaveLength(2);
    for (const order of placed.data.orders) {
      const [mail, ...more] = await confirmationsOf(email, order.orderNumber);
      expect(more).toEqual([]);
      expect(mail!.subject).toBe(`Tu pedido de Ampora ${order.orderNumber}`);
      const text = mail!.text_body;
      expect(text).toContain(`Total: ${formatMoney(order.total, 'es_ES')}`);
      expect(text).toContain('Dirección de entrega:');
      expect(text).toContain('Ana García');
      expect(text).toContain('Calle de Alcalá 42');
      expect(text).toContain('28014 Madrid');
      expect(text).toContain('Forma de pago: Transferencia bancaria');
      // The transfer: every account, and the order number as the reference.
      expect(text).toContain(`escribe ${order.orderNumber} como concepto`);
      for (const account of BANK_ACCOUNTS) expect(text).toContain(`IBAN ${account.iban}`);
      expect(text).toContain(`/tracking/${order.orderNumber}`);
      expect(mail!.html_body).toContain('<br>');
    }
    const ownOrder = placed.data.orders.find((o) => o.orderKey === 'own-0')!;
    const [ownMail] = await confirmationsOf(email, ownOrder.orderNumber);
    const name = (await env.DB.prepare("SELECT name FROM order_lines WHERE order_number = ?").bind(ownOrder.orderNumber).first<string>('name'))!;
    expect(ownMail!.text_body).toContain(`2 × ${name}: ${formatMoney(own[3]!.price * 2, 'es_ES')}`);
    expect(ownMail!.text_body).toContain(`Artículos: ${formatMoney(own[3]!.price * 2, 'es_ES')}`);

    // Once per order: the same checkout placed again (a retry) and a second attempt to send find them confirmed.
    const sent = await mailCount(email);
    expect((await browser.api<Placed>('POST', `/api/checkout/orders/${cartId}/place`, body)).status).toBeLessThan(500);
    const again = await sendOrderConfirmations(createDb(env.DB), emailSender(env, createDb(env.DB)), {
      userId: (await env.DB.prepare('SELECT user_id FROM orders WHERE order_number = ?').bind(ownOrder.orderNumber).first<number>('user_id'))!,
      orderNumbers: placed.data.orders.map((o) => o.orderNumber),
      now: new Date(),
      timeZone: 'Europe/Madrid',
      trackingUrl: (number) => `http://es.localhost/tracking/${number}`,
    });
    expect(again).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await mailCount(email)).toBe(sent);
  });

  it('writes in the language the order was placed in, and says how to pay otherwise', async () => {
    const { browser, email, cartId, address, headers } = await customer('en_EN');
    await add(browser, cartId, own[4]!, 1);
    const placed = await browser.api<Placed>('POST', `/api/checkout/orders/${cartId}/place`, { shippingType: 1, shippingAddressId: address, paymentMethod: 'contrareembolso', conditionsAccepted: true }, headers);
    expect(placed.status).toBe(201);
    const number = placed.data.orders[0]!.orderNumber;
    const [mail] = await confirmationsOf(email, number);
    expect(mail!.subject).toBe(`Your Ampora order ${number}`);
    expect(mail!.text_body).toContain('Payment: Cash on delivery');
    expect(mail!.text_body).not.toContain('IBAN');
    expect(mail!.text_body).toContain(`Total: ${formatMoney(placed.data.orders[0]!.total, 'en_EN')}`);
  });
});

/** Lets the background sends of the requests made so far finish before counting what they sent. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 500));

describe('the confirmation of an order paid by card', () => {
  it('goes out when the payment is confirmed by the answer, not when the order is placed, and once however often the webhook repeats it', async () => {
    const who = await customer();
    const order = await placeByCard(1, 'adyen', who);
    // Placed and awaiting the card: nothing is confirmed yet (the shopper's card may still be refused).
    expect(await confirmationsOf(who.email, order.reference)).toEqual([]);
    expect(await env.DB.prepare('SELECT confirmation_sent_at FROM orders WHERE order_number = ?').bind(order.reference).first('confirmation_sent_at')).toBeNull();
    const paid = await payData(who.browser, order.reference, { paymentMethod: card(VISA) });
    expect(paid.data.paymentResult).toBe('PROCESSED');
    const [mail, ...more] = await confirmationsOf(who.email, order.reference);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe(`Tu pedido de Ampora ${order.reference}`);
    expect(mail!.text_body).toContain(`/tracking/${order.reference}`);
    // The provider's AUTHORISATION webhook, delivered three times (twice at once), finds the order confirmed.
    const [notification] = await sandboxNotifications(order.reference);
    await Promise.all([deliver(notification), deliver(notification)]);
    await deliver(notification);
    await settle();
    expect(await confirmationsOf(who.email, order.reference)).toHaveLength(1);
  });

  it('goes out once when the webhook confirms the payment before the 3-D Secure answer comes back', async () => {
    const who = await customer();
    const order = await placeByCard(1, 'adyen', who);
    const started = await payData(who.browser, order.reference, { paymentMethod: card(VISA_3DS) });
    expect(started.data.resultCode).toBe('ChallengeShopper');
    const [attempt] = await paymentRows(order.reference);
    const details = await completeChallenge(started.data.action!);
    // The provider's webhook overtakes the shopper's return: it confirms the order and sends the e-mail.
    const webhook = await signedNotification({ pspReference: attempt!.psp_reference!, merchantReference: order.reference, eventCode: 'AUTHORISATION', success: true, value: order.amount });
    expect((await deliver(webhook)).text).toBe('[accepted]');
    expect(await orderStates(order.orderNumbers)).toEqual(['confirmed']);
    expect(await confirmationsOf(who.email, order.reference)).toHaveLength(1);
    const done = await authorise3d(who.browser, order.reference, details);
    expect(done.data.paymentResult).toBe('PROCESSED');
    await deliver(webhook);
    await settle();
    expect(await confirmationsOf(who.email, order.reference)).toHaveLength(1);
  });

  it('does not go out for a refused card, nor when its webhook comes', async () => {
    const who = await customer();
    const order = await placeByCard(1, 'adyen', who);
    const refused = await payData(who.browser, order.reference, { paymentMethod: card(VISA, 'DECLINED') });
    expect(refused.data.paymentResult).toBe('REJECTED_USER');
    for (const notification of await sandboxNotifications(order.reference)) await deliver(notification);
    expect(await orderStates(order.orderNumbers)).toEqual(['awaiting_payment']);
    expect(await confirmationsOf(who.email, order.reference)).toEqual([]);
    expect(await env.DB.prepare('SELECT confirmation_sent_at FROM orders WHERE order_number = ?').bind(order.reference).first('confirmation_sent_at')).toBeNull();
  });
});

describe('the account overview', () => {
  it('lists the latest orders as soon as they are placed, newest first', async () => {
    const { browser, cartId, address } = await customer();
    const before = await (await browser.fetch('/usuarios/panel')).text();
    expect(before).toContain('Todavía no has hecho ningún pedido.');
    await add(browser, cartId, own[2]!, 1);
    const placed = await browser.api<Placed>('POST', `/api/checkout/orders/${cartId}/place`, { shippingType: 1, shippingAddressId: address, paymentMethod: 'transferencia', conditionsAccepted: true });
    expect(placed.status).toBe(201);
    const overview = await browser.fetch('/usuarios/panel');
    expect(overview.headers.get('Cache-Control')).toContain('no-store');
    const html = await overview.text();
    const number = placed.data.orders[0]!.orderNumber;
    expect(html).toContain(`data-order-number="${number}"`);
    // Each one leads to its detail in the account (the public tracking page is for the e-mails).
    expect(html).toContain(`href="/usuarios/panel/order-detail?order=${number}"`);
    expect(html).toContain(formatMoney(placed.data.orders[0]!.total, 'es_ES'));
  });
});
