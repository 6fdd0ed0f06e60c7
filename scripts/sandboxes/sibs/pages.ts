// The SIBS sandbox's pages for the shopper (plain HTML, forms posting back, no script): the phone
// standing for the MB WAY app, and the ATM that pays a Multibanco reference.
import type { ServerResponse } from 'node:http';

export function sendHtml(response: ServerResponse, status: number, title: string, body: string): true {
  response.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8' });
  response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><meta name="viewport" content="width=device-width, initial-scale=1"></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`);
  return true;
}

export function redirect(response: ServerResponse, location: string): true {
  response.writeHead(303, { Location: location });
  response.end();
  return true;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
}

export interface PendingRequest {
  id: string;
  label: string;
  secondsLeft: number;
}

/** The phone: a field to open a number, and its pending requests with Accept / Refuse. */
export function phonePageHtml(baseUrl: string, phone: string, pending: PendingRequest[]): string {
  const list = pending
    .map((request) => {
      const action = (answer: string) => escapeHtml(`${baseUrl}/mbway/phone/${encodeURIComponent(request.id)}/${answer}`);
      const button = (answer: string, text: string) =>
        `<form method="post" action="${action(answer)}"><input type="hidden" name="phone" value="${escapeHtml(phone)}"><button type="submit" aria-label="${text} ${escapeHtml(request.label)}">${text}</button></form>`;
      return `<li data-transaction="${escapeHtml(request.id)}"><p>${escapeHtml(request.label)} (${request.secondsLeft} s left)</p>${button('accept', 'Accept')}${button('refuse', 'Refuse')}</li>`;
    })
    .join('');
  const form = `<form method="get" action="${escapeHtml(`${baseUrl}/mbway/phone`)}"><label for="phone">Phone number</label> <input id="phone" name="phone" inputmode="tel" value="${escapeHtml(phone)}"> <button type="submit">Open this phone</button></form>`;
  const requests = phone ? (pending.length ? `<h2>Payment requests</h2><ul>${list}</ul>` : '<p>No payment requests for this phone.</p>') : '';
  return form + requests;
}

/** The ATM: entity and reference to pay, and what the last payment did. */
export function atmPageHtml(baseUrl: string, message: string): string {
  const form = `<form method="post" action="${escapeHtml(`${baseUrl}/atm`)}">
<p><label for="entity">Entity</label> <input id="entity" name="entity" inputmode="numeric" required></p>
<p><label for="reference">Reference</label> <input id="reference" name="reference" inputmode="numeric" required></p>
<p><button type="submit">Pay this reference</button></p></form>`;
  return (message ? `<p role="status">${escapeHtml(message)}</p>` : '') + form;
}
