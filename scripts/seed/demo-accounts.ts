/**
 * The demo customer accounts, promotion campaigns, coupons and gift cards (see
 * scripts/seed/accounts.ts) as SQL statements. Runs in Node and
 * in the Worker's tests alike: WebCrypto only, no Node modules.
 */
import { hashPassword } from '../../worker/identity/password';
import { sqlLiteral } from './sql';

export const DEMO_PASSWORD = 'ampora-demo-1';
/** The demo staff member's password (the back-office, /admin): development only, like every demo account. */
export const STAFF_EMAIL = 'staff@ampora.test';
export const STAFF_PASSWORD = 'ampora-staff-1';

type Row = Record<string, string | number | null>;

function insert(table: string, row: Row): string {
  return `INSERT INTO ${table} (${Object.keys(row).join(', ')}) VALUES (${Object.values(row).map(sqlLiteral).join(', ')});`;
}

const userId = (email: string) => `(SELECT id FROM users WHERE email = ${sqlLiteral(email)})`;

export async function demoAccountStatements(now = Date.now()): Promise<string[]> {
  const emails = ['ana@ampora.test', 'empresa@ampora.test', STAFF_EMAIL];
  const statements = emails.flatMap((email) =>
    ['shipping_addresses', 'billing_addresses', 'user_purchases', 'product_reviews', 'auth_tokens', 'two_factor_challenges'].map((table) => `DELETE FROM ${table} WHERE user_id IN (SELECT id FROM users WHERE email = ${sqlLiteral(email)});`),
  );
  statements.push(`DELETE FROM users WHERE email IN (${emails.map(sqlLiteral).join(', ')});`);
  const base = { channel: 'ES', language: 'es_ES', created_at: now, email_verified_at: now, auth_epoch: 0 };
  statements.push(
    insert('users', { ...base, hash_id: 'demo-ana-0001', email: emails[0]!, password_hash: await hashPassword(DEMO_PASSWORD), nick: 'AnaG', nick_key: 'anag', birthday: '1990-05-24', roles: '["customer"]', is_b2b: 0, is_premium: 0, two_factor_enabled: 0, cart_id: crypto.randomUUID() }),
    insert('users', { ...base, hash_id: 'demo-empresa-0001', email: emails[1]!, password_hash: await hashPassword(DEMO_PASSWORD), nick: 'AmporaPro', nick_key: 'amporapro', birthday: null, roles: '["customer","business","premium"]', is_b2b: 1, is_premium: 1, two_factor_enabled: 1, cart_id: crypto.randomUUID() }),
    insert('users', { ...base, hash_id: 'demo-staff-0001', email: STAFF_EMAIL, password_hash: await hashPassword(STAFF_PASSWORD), nick: 'AmporaStaff', nick_key: 'amporastaff', birthday: null, roles: '["customer","staff"]', is_b2b: 0, is_premium: 0, two_factor_enabled: 0, cart_id: crypto.randomUUID() }),
  );
  const place = { address: 'Calle de Alcalá', street_number: '42', city: 'Madrid', postal_code: '28014', province_id: 28, country_iso: 'ES', created_at: now, updated_at: now };
  statements.push(
    `INSERT INTO shipping_addresses (user_id, name, surname, address, street_number, city, postal_code, province_id, country_iso, phone, is_default, validated, optional_information, created_at, updated_at) SELECT ${userId(emails[0]!)}, 'Ana', 'García López', ${sqlLiteral(place.address)}, '42', 'Madrid', '28014', 28, 'ES', '+34612345678', 1, 1, '3º B', ${now}, ${now};`,
    `INSERT INTO shipping_addresses (user_id, name, surname, address, street_number, city, postal_code, province_id, country_iso, phone, is_default, validated, optional_information, created_at, updated_at) SELECT ${userId(emails[0]!)}, 'Ana', 'García López', 'Gran Vía', '3', 'Murcia', '30001', 30, 'ES', '+34612345678', 0, 1, '', ${now}, ${now};`,
    `INSERT INTO billing_addresses (user_id, billing_type, company_name, name, surname, nif, address, street_number, city, postal_code, province_id, country_iso, cell_phone, is_default, created_at, updated_at) SELECT ${userId(emails[0]!)}, 'individual', '', 'Ana', 'García López', '12345678Z', ${sqlLiteral(place.address)}, '42', 'Madrid', '28014', 28, 'ES', '+34612345678', 1, ${now}, ${now};`,
    `INSERT INTO billing_addresses (user_id, billing_type, company_name, name, surname, nif, address, street_number, city, postal_code, province_id, country_iso, cell_phone, is_default, created_at, updated_at) SELECT ${userId(emails[1]!)}, 'company', 'Ampora Demo SL', 'Luis', 'Pérez', 'B12345674', 'Avenida Libertad', '10', 'Murcia', '30009', 30, 'ES', '+34698765432', 1, ${now}, ${now};`,
    `INSERT INTO user_purchases (user_id, article_id, order_number, purchased_at) SELECT ${userId(emails[0]!)}, id, 'DEMO-0001', ${now - 86_400_000} FROM articles ORDER BY id LIMIT 2;`,
  );
  return statements;
}


const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * Demo promotions and gift cards (replacing earlier demo ones), valid for a year from `now`:
 * - BIENVENIDA10: 10 % off a first purchase, once per customer;
 * - AMPORA5: 5 € off from 50 €, 1,000 uses;
 * - free shipping from 100 € without a code;
 * - gift cards AMPORA2026DEMO01 (50 €) and AMPORA2026DEMO02 (200 €), and AMPORA2025OLD001 (expired).
 */
export function demoPromotionStatements(now = Date.now()): string[] {
  const channels = JSON.stringify(['ES', 'PT', 'FR', 'IT', 'DE']);
  const campaign = (id: number, name: string, couponRequired: boolean, conditions: unknown[], effects: unknown[], perUserLimit = 0, usageLimit = 0) =>
    insert('promotion_campaigns', { id, name, channels, starts_at: now - 86_400_000, ends_at: now + YEAR_MS, priority: id, exclusive: 0, coupon_required: couponRequired ? 1 : 0, conditions: JSON.stringify(conditions), effects: JSON.stringify(effects), usage_limit: usageLimit, usage_counter: 0, per_user_limit: perUserLimit });
  const card = (code: string, amount: number, expiresAt: number) => insert('gift_cards', { code, balance: amount, initial_amount: amount, expires_at: expiresAt, created_at: now });
  return [
    'DELETE FROM coupons WHERE campaign_id IN (1, 2, 3);',
    'DELETE FROM promotion_campaigns WHERE id IN (1, 2, 3);',
    "DELETE FROM gift_cards WHERE code IN ('AMPORA2026DEMO01', 'AMPORA2026DEMO02', 'AMPORA2025OLD001');",
    campaign(1, 'Welcome: 10 % off the first purchase', true, [{ kind: 'firstPurchase' }], [{ kind: 'percentOffCart', percent: 10 }], 1),
    campaign(2, '5 € off from 50 €', true, [{ kind: 'minCartAmount', amount: 5000 }], [{ kind: 'amountOffCart', amount: 500 }], 0, 1000),
    campaign(3, 'Free shipping from 100 €', false, [{ kind: 'minCartAmount', amount: 10_000 }], [{ kind: 'freeShipping' }]),
    insert('coupons', { code: 'BIENVENIDA10', campaign_id: 1, usage_limit: 0, usage_counter: 0 }),
    insert('coupons', { code: 'AMPORA5', campaign_id: 2, usage_limit: 1000, usage_counter: 0 }),
    card('AMPORA2026DEMO01', 5000, now + YEAR_MS),
    card('AMPORA2026DEMO02', 20_000, now + YEAR_MS),
    card('AMPORA2025OLD001', 3000, now - 86_400_000),
  ];
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Ana's orders made at a shop's till (spec §2 front orders, /pedidos-tienda): numbers in the order-number format, fixed so a re-seed replaces them. */
export const DEMO_FRONT_ORDERS = ['ES-250101-TDAN2A', 'ES-250101-TDAN3B'] as const;

/**
 * Two orders Ana made at the Madrid shop's till (`front_order` = 1): paid there and collected,
 * each one unit of one of our own offers, with their events. Replaces earlier copies; runs after
 * the accounts (which give Ana her id).
 */
export function demoFrontOrderStatements(now = Date.now()): string[] {
  const list = DEMO_FRONT_ORDERS.map(sqlLiteral).join(', ');
  const ana = userId('ana@ampora.test');
  const shop = JSON.stringify({ kind: 'shop', shopId: 30, name: 'Ampora Madrid', address: 'Calle de Preciados', streetNumber: '9', city: 'Madrid', postalCode: '28013', countryIso: 'ES' });
  const statements = [`DELETE FROM order_lines WHERE order_number IN (${list});`, `DELETE FROM order_events WHERE order_number IN (${list});`, `DELETE FROM orders WHERE order_number IN (${list});`];
  DEMO_FRONT_ORDERS.forEach((number, i) => {
    const at = now - (40 - i * 25) * DAY_MS;
    const offer = `(SELECT id FROM offers WHERE channel = 'ES' AND seller_id = 0 AND price > 0 ORDER BY id LIMIT 1 OFFSET ${i * 7})`;
    const price = `(SELECT price FROM offers WHERE id = ${offer})`;
    statements.push(
      `INSERT INTO orders (order_number, checkout_key, order_key, user_id, channel, language, state, seller_kind, seller_id, payment_method, shipping_type, shop_id, shipping_address, billing_address, articles_subtotal, shipping_cost, total, created_at, updated_at, paid_at, front_order)
       SELECT ${sqlLiteral(number)}, ${sqlLiteral(`demo-till:${number}`)}, 'own-0', ${ana}, 'ES', 'es_ES', 'collected', 'own', 0, 'payinshop', 3, 30, ${sqlLiteral(shop)}, NULL, ${price}, 0, ${price}, ${at}, ${at}, ${at}, 1;`,
      `INSERT INTO order_lines (order_number, article_id, offer_id, name, qty, unit_price, total_price, stock_taken, gift_paper)
       SELECT ${sqlLiteral(number)}, o.article_id, o.id, t.name, 1, o.price, o.price, 0, 0 FROM offers o JOIN article_translations t ON t.article_id = o.article_id AND t.lang = 'es_ES' WHERE o.id = ${offer};`,
      `INSERT INTO order_events (order_number, state, at) VALUES (${sqlLiteral(number)}, 'confirmed', ${at}), (${sqlLiteral(number)}, 'collected', ${at});`,
    );
  });
  return statements;
}
