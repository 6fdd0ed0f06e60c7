/**
 * `npm run seed:accounts`: demo customer accounts, coupons and gift cards for the local store,
 * replacing earlier demo ones (other accounts are kept; see demo-accounts.ts for the coupons). Both use the password `ampora-demo-1`:
 *
 * - ana@ampora.test — a customer in Spain with a nick, a birthday, two shipping addresses
 *   (Madrid is the default), a billing address and two purchases waiting for a review;
 * - empresa@ampora.test — a business and premium customer with two-step sign-in on (the code
 *   arrives in the development outbox, /__dev/outbox).
 *
 *   npm run seed:accounts -- [--persist-to DIR] [--no-apply]
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { DEMO_PASSWORD, demoAccountStatements, demoPromotionStatements } from './demo-accounts';

async function main() {
  const { values } = parseArgs({ options: { 'persist-to': { type: 'string' }, 'no-apply': { type: 'boolean', default: false } } });
  const file = '.wrangler/seed/accounts.sql';
  mkdirSync('.wrangler/seed', { recursive: true });
  writeFileSync(file, [...(await demoAccountStatements()), ...demoPromotionStatements()].join('\n') + '\n');
  if (values['no-apply']) return console.log(`seed:accounts: wrote ${file}`);
  const persist = values['persist-to'] ? ['--persist-to', values['persist-to']] : [];
  const result = spawnSync('npx', ['wrangler', 'd1', 'execute', 'DB', '--local', ...persist, '--file', file, '--yes'], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) {
    console.error('seed:accounts: wrangler d1 execute failed; is the local database migrated (npm run db:migrate)?');
    process.exit(1);
  }
  console.log(`seed:accounts: ana@ampora.test and empresa@ampora.test, password "${DEMO_PASSWORD}"; coupons BIENVENIDA10 and AMPORA5; gift cards AMPORA2026DEMO01 (50 €) and AMPORA2026DEMO02 (200 €)`);
}

await main();
