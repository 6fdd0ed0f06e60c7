// The Inespay sandbox's shopper pages (scripts/sandboxes/inespay/sandbox.ts): Inespay's bank
// selection, then the chosen bank's SCA page, as plain server-rendered HTML forms (no script), each
// control labelled, in English.
import type { ServerResponse } from 'node:http';

/** What the pages show of a payment. */
export interface PagePayment {
  paymentId: string;
  amount: string;
  currency: string;
  reference: string;
  creditorName: string;
  creditorIban: string;
  transactionStatus: string;
  bank: string | null;
}

/** Spanish banks the selection page offers (test doubles: every one signs in the same way). */
export const INESPAY_TEST_BANKS = [
  { id: 'santander', name: 'Banco Santander' },
  { id: 'bbva', name: 'BBVA' },
  { id: 'caixabank', name: 'CaixaBank' },
  { id: 'sabadell', name: 'Banco Sabadell' },
  { id: 'bankinter', name: 'Bankinter' },
  { id: 'unicaja', name: 'Unicaja Banco' },
  { id: 'kutxabank', name: 'Kutxabank' },
  { id: 'ing', name: 'ING España' },
] as const;

/** One-time codes of the bank's SCA page and the status each gives. */
export const INESPAY_TEST_OTPS = { authorise: '123456', reject: '111111', pending: '222222' } as const;

const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Writes one sandbox page: a landmark, a heading, the body given. */
export function page(response: ServerResponse, status: number, title: string, body: string): true {
  response.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
  response.end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} – Inespay sandbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a;background:#fff}fieldset{border:1px solid #767676;padding:1rem}label{display:block;margin:.5rem 0}input[type=text],input[type=password]{display:block;width:100%;padding:.5rem;font-size:1rem;border:1px solid #767676}button{font-size:1rem;padding:.6rem 1.2rem;margin:1rem .5rem 0 0;border:1px solid #004a99;background:#004a99;color:#fff}button[value=cancel]{background:#fff;color:#004a99}.amount{font-size:1.25rem;font-weight:600}[role=alert]{color:#a00000;font-weight:600}</style>
</head><body><header><p>Inespay sandbox</p></header><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`);
  return true;
}

/** A payment the bank has answered: how it ended, and the way back to the shop. */
export function closedPage(response: ServerResponse, p: PagePayment, back: string): true {
  return page(response, 200, 'This payment is closed', `<p>The payment of <span class="amount">${escapeHtml(`${p.amount} ${p.currency}`)}</span> is ${escapeHtml(p.transactionStatus)}.</p><p><a href="${escapeHtml(back)}">Back to the shop</a></p>`);
}

/** Inespay's own step: the shopper chooses their bank. */
export function bankSelection(response: ServerResponse, p: PagePayment, error?: string): true {
  const options = INESPAY_TEST_BANKS.map((bank, i) => `<label><input type="radio" name="bank" value="${bank.id}"${i === 0 ? ' required' : ''}> ${escapeHtml(bank.name)} (test)</label>`).join('');
  return page(
    response,
    error ? 422 : 200,
    'Choose your bank',
    `<p>Pay <span class="amount">${escapeHtml(`${p.amount} ${p.currency}`)}</span> to ${escapeHtml(p.creditorName)} by bank transfer. Reference: ${escapeHtml(p.reference)}.</p>
${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post"><fieldset><legend>Your bank</legend>${options}</fieldset>
<button type="submit" name="action" value="continue">Continue to your bank</button><button type="submit" name="action" value="cancel" formnovalidate>Cancel</button></form>`,
  );
}

/** The chosen bank's strong customer authentication: user, password and a one-time code. */
export function scaPage(response: ServerResponse, p: PagePayment, error?: string): true {
  const bank = INESPAY_TEST_BANKS.find((b) => b.id === p.bank)!;
  return page(
    response,
    error ? 422 : 200,
    `${bank.name} (test): authorise the transfer`,
    `<p>Transfer <span class="amount">${escapeHtml(`${p.amount} ${p.currency}`)}</span> to ${escapeHtml(p.creditorName)} (${escapeHtml(p.creditorIban)}). Reference: ${escapeHtml(p.reference)}.</p>
${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post">
<label for="user">User</label><input type="text" id="user" name="user" autocomplete="off" required>
<label for="password">Password</label><input type="password" id="password" name="password" autocomplete="off" required>
<label for="otp">One-time code sent to your phone</label><input type="text" id="otp" name="otp" inputmode="numeric" autocomplete="one-time-code" required>
<p>Test codes: ${INESPAY_TEST_OTPS.authorise} authorises, ${INESPAY_TEST_OTPS.reject} is refused (insufficient funds), ${INESPAY_TEST_OTPS.pending} stays pending at the bank.</p>
<button type="submit" name="action" value="authorise">Authorise</button><button type="submit" name="action" value="cancel" formnovalidate>Cancel</button></form>`,
  );
}
