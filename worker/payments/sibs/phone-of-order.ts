/** The order's phone (billing, else shipping) when it is a Portuguese mobile: MB WAY's field is prefilled with it. */
import { portugueseMobile } from './phone';

export async function orderMobile(db: D1Database, orderNumber: string): Promise<string | undefined> {
  const row = await db.prepare('SELECT shipping_address, billing_address FROM orders WHERE order_number = ?').bind(orderNumber).first<{ shipping_address: string; billing_address: string | null }>();
  if (!row) return undefined;
  for (const json of [row.billing_address, row.shipping_address]) {
    if (!json) continue;
    const address = JSON.parse(json) as Record<string, unknown>;
    const phone = typeof address['phone'] === 'string' ? portugueseMobile(address['phone']) : undefined;
    if (phone) return phone;
  }
  return undefined;
}
