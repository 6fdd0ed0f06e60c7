/**
 * The demo insurance policy (docs/account.md "Insurance"): Ana bought one of our own products
 * with its 2-year extended warranty 700 days ago, delivered to her Madrid address; its policy
 * ends in about 30 days, so /seguros shows it in force and /seguros/renovaciones offers to
 * renew it. The order number is fixed, so a re-seed replaces the order, its lines and the policy.
 * Runs after the accounts (which give Ana her id); times from `now`.
 */
import { policyEnd } from '../../worker/insurances/rules';
import { sqlLiteral } from './sql';

const DAY_MS = 24 * 60 * 60 * 1000;
export const DEMO_INSURED_ORDER = 'ES-241201-SGAN4C';

export function insuranceStatements(now = Date.now()): string[] {
  const number = sqlLiteral(DEMO_INSURED_ORDER);
  const ana = `(SELECT id FROM users WHERE email = ${sqlLiteral('ana@ampora.test')})`;
  const paidAt = now - 700 * DAY_MS;
  const endsAt = policyEnd(paidAt, 2);
  // Our first own offer in Spain that a 2-year plan covers (its category and price band), and that plan.
  const offer = `(SELECT o.id FROM offers o JOIN articles a ON a.id = o.article_id WHERE o.channel = 'ES' AND o.seller_id = 0 AND a.type <> 'digital'
    AND EXISTS (SELECT 1 FROM extended_insurances e, json_each(e.category_ids) j WHERE e.years = 2 AND j.value = a.category_id AND o.price BETWEEN e.article_price_min AND e.article_price_max) ORDER BY o.id LIMIT 1)`;
  const plan = `(SELECT e.id FROM extended_insurances e, json_each(e.category_ids) j, offers o, articles a WHERE o.id = ${offer} AND a.id = o.article_id AND e.years = 2 AND j.value = a.category_id AND o.price BETWEEN e.article_price_min AND e.article_price_max LIMIT 1)`;
  const home = JSON.stringify({ kind: 'home', name: 'Ana', surname: 'García López', address: 'Calle de Alcalá', streetNumber: '42', city: 'Madrid', postalCode: '28014', provinceId: 28, countryIso: 'ES', phone: '+34612345678' });
  const total = `((SELECT price FROM offers WHERE id = ${offer}) + (SELECT price FROM extended_insurances WHERE id = ${plan}))`;
  return [
    `DELETE FROM inbox_messages WHERE kind IN ('insurance.policy', 'insurance.expiring') AND ref IN (SELECT CAST(id AS TEXT) FROM insurance_policies WHERE order_number = ${number} OR article_order_number = ${number});`,
    `DELETE FROM insurance_policies WHERE order_number = ${number} OR article_order_number = ${number};`,
    `DELETE FROM order_lines WHERE order_number = ${number};`,
    `DELETE FROM order_events WHERE order_number = ${number};`,
    `DELETE FROM orders WHERE order_number = ${number};`,
    `INSERT INTO orders (order_number, checkout_key, order_key, user_id, channel, language, state, seller_kind, seller_id, payment_method, shipping_type, shop_id, shipping_address, billing_address, articles_subtotal, shipping_cost, total, created_at, updated_at, paid_at, fulfilled_at)
     SELECT ${number}, 'demo-insured', 'own-0', ${ana}, 'ES', 'es_ES', 'delivered', 'own', 0, 'adyen', 1, NULL, ${sqlLiteral(home)}, NULL, ${total}, 0, ${total}, ${paidAt}, ${paidAt + 3 * DAY_MS}, ${paidAt}, ${paidAt} WHERE ${offer} IS NOT NULL;`,
    `INSERT INTO order_lines (order_number, article_id, offer_id, name, qty, unit_price, total_price, stock_taken, gift_paper)
     SELECT ${number}, o.article_id, o.id, t.name, 1, o.price, o.price, 0, 0 FROM offers o JOIN article_translations t ON t.article_id = o.article_id AND t.lang = 'es_ES' WHERE o.id = ${offer};`,
    `INSERT INTO order_lines (order_number, article_id, offer_id, name, qty, unit_price, total_price, stock_taken, gift_paper, service_kind, service_id)
     SELECT ${number}, o.article_id, o.id, json_extract(e.names, '$.es_ES'), 1, e.price, e.price, 0, 0, 'insurance', e.id FROM offers o, extended_insurances e WHERE o.id = ${offer} AND e.id = ${plan};`,
    `INSERT INTO order_events (order_number, state, at) SELECT ${number}, 'confirmed', ${paidAt} WHERE EXISTS (SELECT 1 FROM orders WHERE order_number = ${number});`,
    `INSERT INTO order_events (order_number, state, at) SELECT ${number}, 'delivered', ${paidAt + 3 * DAY_MS} WHERE EXISTS (SELECT 1 FROM orders WHERE order_number = ${number});`,
    `INSERT INTO insurance_policies (user_id, insurance_id, article_id, article_order_number, order_number, order_line_id, price, state, starts_at, ends_at, renews_policy_id, created_at)
     SELECT ${ana}, service_id, article_id, order_number, order_number, id, total_price, 'active', ${paidAt}, ${endsAt}, NULL, ${paidAt} FROM order_lines WHERE order_number = ${number} AND service_kind = 'insurance';`,
    `INSERT INTO inbox_messages (user_id, kind, ref, params, created_at, read_at)
     SELECT p.user_id, 'insurance.policy', CAST(p.id AS TEXT), json_object('policyId', p.id, 'articleName', t.name, 'endsAt', p.ends_at), p.created_at, p.created_at + 3600000
     FROM insurance_policies p JOIN article_translations t ON t.article_id = p.article_id AND t.lang = 'es_ES' WHERE p.order_number = ${number} ON CONFLICT DO NOTHING;`,
  ];
}
