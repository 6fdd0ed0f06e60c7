/** Orders written straight into D1 for the documents tests (their documents are what is tested). */
import { env } from 'cloudflare:workers';
import { dbFor } from '../../worker/db/client';
import { orderLines, orders } from '../../worker/db/schema';

let sequence = 0;
const ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

export const db = () => dbFor(env.DB);

export function newOrderNumber(channel = 'ES'): string {
  const n = ++sequence + Math.floor(Math.random() * 1_000_000) * 100;
  let suffix = '';
  for (let i = 0, v = n; i < 6; i++, v = Math.floor(v / 32)) suffix = ALPHABET[v % 32] + suffix;
  return `${channel}-261101-${suffix}`;
}

export const BILLING = {
  id: 1,
  userId: 0,
  billingType: 'company',
  companyName: 'Talleres Ruiz S.L.',
  name: 'Marta',
  surname: 'Ruiz',
  address: 'Calle Mayor',
  streetNumber: '5',
  city: 'Murcia',
  postalCode: '30001',
  provinceId: 30,
  countryIso: 'ES',
  nif: 'B12345674',
};

export interface OrderFixture {
  userId: number;
  channel?: string;
  language?: string;
  frontOrder?: boolean;
  lines?: { name: string; qty: number; unitPrice: number }[];
  shippingCost?: number;
  discount?: number;
  billing?: Record<string, unknown> | null;
  paid?: boolean;
  sellerKind?: 'own' | 'marketplace' | 'dropshipping';
  sellerId?: number;
  createdAt?: number;
}

/** Inserts a placed (and by default paid) order with its lines; returns its number and line ids. */
export async function insertOrder(f: OrderFixture): Promise<{ orderNumber: string; lineIds: number[] }> {
  const channel = f.channel ?? 'ES';
  const orderNumber = newOrderNumber(channel);
  const lines = f.lines ?? [{ name: 'Auriculares Sonora X2', qty: 1, unitPrice: 12_100 }];
  const articles = lines.reduce((sum, l) => sum + l.qty * l.unitPrice, 0);
  const at = f.createdAt ?? Date.UTC(2026, 10, 2, 10);
  const shipping = f.shippingCost ?? 0;
  const discount = f.discount ?? 0;
  await db()
    .insert(orders)
    .values({
      orderNumber,
      checkoutKey: `test-${orderNumber}`,
      orderKey: f.sellerKind === 'marketplace' ? `marketplace-${f.sellerId}` : 'own-0',
      userId: f.userId,
      channel,
      language: f.language ?? 'es_ES',
      state: f.paid === false ? 'awaiting_payment' : 'confirmed',
      sellerKind: f.sellerKind ?? 'own',
      sellerId: f.sellerId ?? 0,
      paymentMethod: 'adyen',
      shippingType: 1,
      shippingAddress: { name: 'Ana', surname: 'García', address: 'Calle de Alcalá', streetNumber: '42', city: 'Madrid', postalCode: '28014', countryIso: 'ES' },
      billingAddress: f.billing === undefined ? null : f.billing,
      articlesSubtotal: articles,
      shippingCost: shipping,
      discount,
      total: articles + shipping - discount,
      createdAt: at,
      updatedAt: at,
      paidAt: f.paid === false ? null : at,
      frontOrder: f.frontOrder ?? false,
    });
  const inserted = await db()
    .insert(orderLines)
    .values(lines.map((l, i) => ({ orderNumber, articleId: 1000 + i, offerId: 1, name: l.name, qty: l.qty, unitPrice: l.unitPrice, totalPrice: l.qty * l.unitPrice, stockTaken: false })))
    .returning({ id: orderLines.id });
  return { orderNumber, lineIds: inserted.map((r) => r.id) };
}
