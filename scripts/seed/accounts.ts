/**
 * `npm run seed:accounts`: demo customer accounts, coupons and gift cards for the local store,
 * replacing earlier demo ones (other accounts are kept; see demo-accounts.ts for the coupons). Both use the password `ampora-demo-1`:
 *
 * - ana@ampora.test — a customer in Spain with a nick, a birthday, two shipping addresses
 *   (Madrid is the default), a billing address, two purchases waiting for a review and a store
 *   balance of 25,00 € (a 20 € welcome credit two months ago, a 5 € goodwill credit since) and two
 *   orders made at the Madrid shop's till (front orders, /usuarios/panel/pedidos-tienda);
 * - empresa@ampora.test — a business and premium customer with two-step sign-in on (the code
 *   arrives in the development outbox, /__dev/outbox).
 * - staff@ampora.test — a member of staff (roles customer and staff) for the back-office,
 *   /admin; its password is `ampora-staff-1`.
 *
 *   npm run seed:accounts -- [--persist-to DIR] [--no-apply]
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { DEMO_PASSWORD, STAFF_PASSWORD, demoAccountStatements, demoFrontOrderStatements, demoPromotionStatements } from './demo-accounts';
import { sqlLiteral } from './sql';
import { userCouponStatements } from './user-coupons';
import { wishlistStatements } from './wishlists';
import { inboxStatements } from './inbox';
import { insuranceStatements } from './insurances';

const DAY_MS = 24 * 60 * 60 * 1000;
const ANA_EMAIL = sqlLiteral('ana@ampora.test');
const ANA = `(SELECT id FROM users WHERE email = ${ANA_EMAIL})`;

/**
 * Ana's store balance, built from movements like the Worker builds it (worker/balance/balance.ts):
 * the ledger first, then the balance row as the sum of the ledger (credits ADD and RETURNS
 * count up, SPEND and BLOCK down), so the two always agree. Her demo orders are not in the
 * `orders` table, so both movements are ADDs rather than a RETURNS of a past order. `before`
 * runs ahead of the account statements, which replace the user (and so change her id).
 */
function demoBalanceStatements(now: number): { before: string[]; after: string[] } {
  const movement = (amount: number, note: string, at: number) =>
    `INSERT INTO balance_movements (user_id, type, amount, order_number, is_paid_using_card, author, note, at) SELECT id, 'ADD', ${amount}, NULL, 0, 'Ampora customer service', ${sqlLiteral(note)}, ${at} FROM users WHERE email = ${ANA_EMAIL};`;
  return {
    before: [`DELETE FROM balance_movements WHERE user_id IN ${ANA};`, `DELETE FROM user_balances WHERE user_id IN ${ANA};`],
    after: [
      movement(2000, 'Welcome credit', now - 60 * DAY_MS),
      movement(500, 'Goodwill credit for a late delivery', now - 20 * DAY_MS),
      `INSERT INTO user_balances (user_id, balance, updated_at) SELECT user_id, SUM(CASE WHEN type IN ('ADD', 'RETURNS') THEN amount ELSE -amount END), MAX(at) FROM balance_movements WHERE user_id = ${ANA} GROUP BY user_id;`,
    ],
  };
}

async function main() {
  const { values } = parseArgs({ options: { 'persist-to': { type: 'string' }, 'no-apply': { type: 'boolean', default: false } } });
  const file = '.wrangler/seed/accounts.sql';
  mkdirSync('.wrangler/seed', { recursive: true });
  const now = Date.now();
  const balance = demoBalanceStatements(now);
  writeFileSync(file, [...balance.before, ...(await demoAccountStatements(now)), ...demoPromotionStatements(now), ...balance.after, ...demoFrontOrderStatements(now), ...inboxStatements(), ...userCouponStatements(now), ...wishlistStatements(now), ...insuranceStatements(now)].join('\n') + '\n');
  if (values['no-apply']) return console.log(`seed:accounts: wrote ${file}`);
  const persist = values['persist-to'] ? ['--persist-to', values['persist-to']] : [];
  const result = spawnSync('npx', ['wrangler', 'd1', 'execute', 'DB', '--local', ...persist, '--file', file, '--yes'], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) {
    console.error('seed:accounts: wrangler d1 execute failed; is the local database migrated (npm run db:migrate)?');
    process.exit(1);
  }
  console.log(`seed:accounts: ana@ampora.test and empresa@ampora.test, password "${DEMO_PASSWORD}"; staff@ampora.test (back-office), password "${STAFF_PASSWORD}"; Ana's balance 25,00 €; coupons BIENVENIDA10 and AMPORA5; gift cards AMPORA2026DEMO01 (50 €) and AMPORA2026DEMO02 (200 €)`);
}

await main();
