/**
 * The cart modifier (spec §7 `DELETE /api/orders/modifier/{id}`): when a cart is used to change
 * an order already placed, the cart keeps which order and until when the change may be made, as
 * JSON `{"orderNumber": "...", "expiresAt": <epoch ms>}` in the cart's meta. Past that moment the
 * checkout shows the order-modification-expired modal (spec §8), whose actions are to make a new
 * order (the modifier is cleared and the cart stays) or to go to the orders.
 */
export interface CartModifier {
  orderNumber: string;
  expiresAt: number;
}

export function parseModifier(stored: string | null): CartModifier | null {
  if (!stored) return null;
  try {
    const value = JSON.parse(stored) as Partial<CartModifier>;
    return typeof value.orderNumber === 'string' && typeof value.expiresAt === 'number' ? { orderNumber: value.orderNumber, expiresAt: value.expiresAt } : null;
  } catch {
    return null;
  }
}

/** Whether the cart modifies an order whose time for changes has run out. */
export function modifierExpired(stored: string | null, now: Date): boolean {
  const modifier = parseModifier(stored);
  return modifier !== null && now.getTime() >= modifier.expiresAt;
}
