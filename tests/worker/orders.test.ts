import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../worker/db/client';
import { OversoldError, placeOrders, type PlaceInput } from '../../worker/orders/place';
import { newUser, placeInput } from './order-helpers';

const db = createDb(env.DB);

async function stockedOffer(stock: number) {
  const offer = (await env.DB.prepare("SELECT id, article_id, price FROM offers WHERE channel = 'ES' AND seller_id = 0 AND availability_code <= 3 AND stock > 0 ORDER BY id DESC LIMIT 1").first<{ id: number; article_id: number; price: number }>())!;
  await env.DB.prepare('UPDATE offers SET stock = ? WHERE id = ?').bind(stock, offer.id).run();
  return offer;
}

function input(userId: number, offer: { id: number; article_id: number; price: number }, checkoutKey: string, qty = 1): PlaceInput {
  return placeInput(userId, { articleId: offer.article_id, offerId: offer.id, qty, unitPrice: offer.price, availabilityCode: 0 }, checkoutKey);
}

describe('placing orders', () => {
  it('takes the units off the stock, writes the order with its lines and first state, once per cart state', async () => {
    const offer = await stockedOffer(10);
    const userId = await newUser();
    const key = `cart-${crypto.randomUUID()}:1`;
    const first = await placeOrders(db, input(userId, offer, key, 3));
    expect(first.replay).toBe(false);
    expect(first.orders).toMatchObject([{ orderKey: 'own-0', state: 'awaiting_payment', total: offer.price * 3 + 499 }]);
    expect(await env.DB.prepare('SELECT stock FROM offers WHERE id = ?').bind(offer.id).first('stock')).toBe(7);
    const again = await placeOrders(db, input(userId, offer, key, 3));
    expect(again).toEqual({ orders: first.orders, replay: true });
    expect(await env.DB.prepare('SELECT stock FROM offers WHERE id = ?').bind(offer.id).first('stock')).toBe(7);
    expect(await env.DB.prepare('SELECT count(*) AS n FROM user_purchases WHERE user_id = ?').bind(userId).first('n')).toBe(1);
    expect(await env.DB.prepare('SELECT total_purchases FROM users WHERE id = ?').bind(userId).first('total_purchases')).toBe(1);
  });

  it('never oversells: 20 concurrent orders for 5 units sell exactly 5, and the failures write nothing', async () => {
    const offer = await stockedOffer(5);
    const userId = await newUser();
    const results = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => placeOrders(db, input(userId, offer, `race-${crypto.randomUUID()}-${i}:1`))));
    const placed = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(placed).toHaveLength(5);
    expect(refused.every((r) => (r as PromiseRejectedResult).reason instanceof OversoldError)).toBe(true);
    expect(await env.DB.prepare('SELECT stock FROM offers WHERE id = ?').bind(offer.id).first('stock')).toBe(0);
    expect(await env.DB.prepare('SELECT count(*) AS n FROM orders WHERE user_id = ?').bind(userId).first('n')).toBe(5);
    expect(await env.DB.prepare('SELECT count(*) AS n FROM order_lines l JOIN orders o ON o.order_number = l.order_number WHERE o.user_id = ?').bind(userId).first('n')).toBe(5);
  });
});
