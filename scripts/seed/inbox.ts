/**
 * The demo accounts' inbox (inbox_messages; docs/account.md "Inbox"): what Ana's seeded orders
 * told her, through the same kinds and refs the store uses (worker/inbox/order-news.ts): each of
 * her till orders was paid and collected. The older order's messages are read, the newer one's
 * "collected" is not, so the inbox shows both looks and the account menu a count. Runs after
 * the front orders (scripts/seed/demo-accounts.ts), whose rows give the user, number and time.
 * Deterministic: times from the orders (themselves from `now`).
 */
import { DEMO_FRONT_ORDERS } from './demo-accounts';
import { sqlLiteral } from './sql';

const HOUR_MS = 60 * 60 * 1000;

export function inboxStatements(): string[] {
  const list = DEMO_FRONT_ORDERS.map(sqlLiteral).join(', ');
  const [older] = DEMO_FRONT_ORDERS;
  const message = (kind: string, readAfter: string) =>
    `INSERT INTO inbox_messages (user_id, kind, ref, params, created_at, read_at)
     SELECT user_id, '${kind}', order_number, json_object('orderNumber', order_number), paid_at, ${readAfter} FROM orders WHERE order_number IN (${list}) ON CONFLICT DO NOTHING;`;
  return [
    `DELETE FROM inbox_messages WHERE kind IN ('order.paid', 'order.delivered') AND ref IN (${list});`,
    message('order.paid', `paid_at + ${HOUR_MS}`),
    message('order.delivered', `CASE WHEN order_number = ${sqlLiteral(older)} THEN paid_at + ${2 * HOUR_MS} ELSE NULL END`),
  ];
}
