/**
 * The product-cost consistency check (spec §5): the sum of `unitPrice × qty` over the lines of a
 * cart must equal its `totals.articlesSubtotal` (integer cents, so exactly). The browser runs it
 * on every cart answer to decide whether to report; the server runs it again on the caller's
 * own cart before any team alert goes out, and the alert carries only what the server found, so
 * a report can neither invent a text nor spend the alert window without a real mismatch.
 */
export interface CostCheckedCart {
  idCart: string;
  articles: readonly { idLine: number; idArticle: number; name: string; qty: number; unitPrice: number }[];
  totals: { articlesSubtotal: number };
}

export interface CostMismatch {
  idCart: string;
  /** Σ unitPrice × qty over the lines, in cents. */
  linesSum: number;
  /** The cart's totals.articlesSubtotal, in cents. */
  subtotal: number;
  lines: { idLine: number; idArticle: number; name: string; qty: number; unitPrice: number }[];
}

/** The team alert's limits (a Teams card stays readable). */
export const MAX_ALERT_TITLE = 200;
export const MAX_ALERT_TEXT = 4000;

/** The mismatch in a cart, or undefined when the lines add up to the subtotal. */
export function costMismatch(cart: CostCheckedCart): CostMismatch | undefined {
  const linesSum = cart.articles.reduce((sum, line) => sum + line.unitPrice * line.qty, 0);
  const subtotal = cart.totals.articlesSubtotal;
  if (linesSum === subtotal) return undefined;
  const lines = cart.articles.map(({ idLine, idArticle, name, qty, unitPrice }) => ({ idLine, idArticle, name, qty, unitPrice }));
  return { idCart: cart.idCart, linesSum, subtotal, lines };
}

/** The alert's title and text (for the team, in English): the cart id, both sums and every line. */
export function mismatchAlert(mismatch: CostMismatch, footer?: string): { kind: 'product-cost-mismatch'; title: string; text: string } {
  const title = `Cart product-cost mismatch: ${mismatch.idCart}`.slice(0, MAX_ALERT_TITLE);
  const head = [`Cart ${mismatch.idCart}: the lines add up to ${mismatch.linesSum} cents (unit price × quantity), the server's articles subtotal is ${mismatch.subtotal} cents (difference ${mismatch.subtotal - mismatch.linesSum}).`, ...(footer ? [footer] : []), '', `Lines (${mismatch.lines.length}):`];
  const lines = mismatch.lines.map((l) => `- line ${l.idLine}, article ${l.idArticle}, ${l.name}: ${l.qty} × ${l.unitPrice} = ${l.qty * l.unitPrice}`);
  let text = [...head, ...lines].join('\n');
  if (text.length > MAX_ALERT_TEXT) text = `${text.slice(0, MAX_ALERT_TEXT - 2)}\n…`;
  return { kind: 'product-cost-mismatch', title, text };
}
