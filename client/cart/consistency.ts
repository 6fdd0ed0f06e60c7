/**
 * The product-cost consistency check (spec §5): the sum of `unitPrice × qty` over the lines of a
 * cart answer must equal the server's `totals.articlesSubtotal` (integer cents, so exactly). A
 * mismatch raises an internal team alert through POST /alerts/sendTeamsAlert, at most once every
 * 10 minutes from this browser (spec §9, a timestamp in local storage; the server throttles per
 * kind as well). The check never throws and never shows anything to the shopper.
 */
import { callApi } from '../api';
import type { CartViewData } from './api';
import { browserStorage } from '../storage';

export const ALERT_STAMP_KEY = 'ampora.cart.costAlertAt';
/** Spec §9: mismatch alert throttle, 600 s. */
export const ALERT_INTERVAL_MS = 600_000;
/** The server's limits for an alert (worker/api/alerts.ts). */
const MAX_TITLE = 200;
const MAX_TEXT = 4000;

type CheckedCart = Pick<CartViewData, 'idCart' | 'articles' | 'totals'>;

export interface CostMismatch {
  idCart: string;
  /** Σ unitPrice × qty over the lines, in cents. */
  linesSum: number;
  /** The server's totals.articlesSubtotal, in cents. */
  subtotal: number;
  lines: { idLine: number; idArticle: number; name: string; qty: number; unitPrice: number }[];
}

/** The mismatch in a cart answer, or undefined when the lines add up to the subtotal. */
export function costMismatch(cart: CheckedCart): CostMismatch | undefined {
  const linesSum = cart.articles.reduce((sum, line) => sum + line.unitPrice * line.qty, 0);
  const subtotal = cart.totals.articlesSubtotal;
  if (linesSum === subtotal) return undefined;
  const lines = cart.articles.map(({ idLine, idArticle, name, qty, unitPrice }) => ({ idLine, idArticle, name, qty, unitPrice }));
  return { idCart: cart.idCart, linesSum, subtotal, lines };
}

/** Whether this browser may alert again: no alert remembered, or the last one 10 minutes ago or more. */
export function alertDue(lastRaw: string | null, now: number): boolean {
  const last = Number(lastRaw);
  if (lastRaw === null || lastRaw === '' || !Number.isFinite(last)) return true;
  // A stamp from the future (the clock moved back) would silence alerts indefinitely otherwise.
  return now - last >= ALERT_INTERVAL_MS || last > now;
}

/** The alert's title and text (for the team, in English): the cart id, both sums and every line. */
export function mismatchAlert(mismatch: CostMismatch): { kind: 'product-cost-mismatch'; title: string; text: string } {
  const title = `Cart product-cost mismatch: ${mismatch.idCart}`.slice(0, MAX_TITLE);
  const head = [`Cart ${mismatch.idCart}: the lines add up to ${mismatch.linesSum} cents (unit price × quantity), the server's articles subtotal is ${mismatch.subtotal} cents (difference ${mismatch.subtotal - mismatch.linesSum}).`, '', `Lines (${mismatch.lines.length}):`];
  const lines = mismatch.lines.map((l) => `- line ${l.idLine}, article ${l.idArticle}, ${l.name}: ${l.qty} × ${l.unitPrice} = ${l.qty * l.unitPrice}`);
  let text = [...head, ...lines].join('\n');
  if (text.length > MAX_TEXT) text = `${text.slice(0, MAX_TEXT - 2)}\n…`;
  return { kind: 'product-cost-mismatch', title, text };
}

async function postAlert(alert: { kind: string; title: string; text: string }): Promise<void> {
  await callApi('POST', '/alerts/sendTeamsAlert', alert);
}

/**
 * Checks a cart answer; on a mismatch, alerts the team unless this browser did so in the last
 * 10 minutes. Resolves to whether an alert was sent; never rejects. Without local storage the
 * browser cannot remember, and the server's per-kind throttle alone bounds the alerts.
 */
export async function checkCartConsistency(cart: CheckedCart, now = Date.now(), store = browserStorage(), send = postAlert): Promise<boolean> {
  try {
    const mismatch = costMismatch(cart);
    if (!mismatch) return false;
    if (!alertDue(store?.getItem(ALERT_STAMP_KEY) ?? null, now)) return false;
    try {
      // Stamped before sending, so two answers arriving together alert once.
      store?.setItem(ALERT_STAMP_KEY, String(now));
    } catch {
      // Storage full: the server's throttle still holds.
    }
    await send(mismatchAlert(mismatch));
    return true;
  } catch {
    return false;
  }
}
