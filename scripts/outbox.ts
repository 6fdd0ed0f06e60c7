/**
 * `npm run outbox [-- --to someone@example.com] [--limit 10] [--persist-to DIR]`: the newest
 * messages of the local e-mail sandbox (what the store "sent" in development), newest first.
 * The same list is at /__dev/outbox on the running store.
 */
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { sqlLiteral } from './seed/sql';

const { values } = parseArgs({ options: { to: { type: 'string' }, limit: { type: 'string', default: '10' }, 'persist-to': { type: 'string' } } });
const limit = Math.max(1, Math.min(200, Number(values.limit) || 10));
const where = values.to ? `WHERE recipient = ${sqlLiteral(values.to.toLowerCase())}` : '';
const persist = values['persist-to'] ? ['--persist-to', values['persist-to']] : [];
const query = `SELECT recipient, subject, text_body, datetime(created_at / 1000, 'unixepoch') AS sent FROM dev_outbox ${where} ORDER BY created_at DESC LIMIT ${limit}`;
const result = spawnSync('npx', ['wrangler', 'd1', 'execute', 'DB', '--local', ...persist, '--json', '--command', query], { encoding: 'utf8' });
if (result.status !== 0) {
  console.error(result.stderr || 'outbox: wrangler d1 execute failed; is the local database migrated?');
  process.exit(1);
}
const rows = (JSON.parse(result.stdout) as { results: { recipient: string; subject: string; text_body: string; sent: string }[] }[])[0]?.results ?? [];
if (rows.length === 0) console.log('outbox: no messages');
for (const row of rows) console.log(`── ${row.sent} UTC · to ${row.recipient}\n${row.subject}\n\n${row.text_body}\n`);
