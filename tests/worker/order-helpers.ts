// Orders placed straight through placeOrders (worker/orders/place.ts), without a cart: a shopper and one line.
import { env } from 'cloudflare:workers';
import type { OrderLineInput, PlaceInput } from '../../worker/orders/place';

/** A new shopper on ES; its id. */
export async function newUser(): Promise<number> {
  const email = `orders.${crypto.randomUUID()}@example.com`;
  const row = await env.DB.prepare("INSERT INTO users (hash_id, email, password_hash, channel, language, cart_id, created_at) VALUES (?, ?, 'x', 'ES', 'es_ES', ?, ?) RETURNING id")
    .bind(crypto.randomUUID(), email, crypto.randomUUID(), Date.now())
    .first<number>('id');
  return row!;
}

/** One order of our own on ES, paid by transfer, with one line (and a 4.99 € shipping). */
export function placeInput(userId: number, line: Pick<OrderLineInput, 'articleId' | 'offerId' | 'qty' | 'unitPrice' | 'availabilityCode'>, checkoutKey: string, extra: Partial<PlaceInput> = {}): PlaceInput {
  return {
    userId,
    channel: 'ES',
    language: 'es_ES',
    checkoutKey,
    paymentMethod: 'transferencia',
    shippingType: 1,
    shopId: null,
    shippingAddress: { name: 'Ana' },
    billingAddress: null,
    giftCard: null,
    redemptions: [],
    groups: [{ orderKey: 'own-0', sellerKind: 'own', sellerId: 0, shippingCost: 499, discount: 0, giftCardAmount: 0, lines: [{ name: 'Test', ...line }] }],
    now: new Date(),
    ...extra,
  };
}
