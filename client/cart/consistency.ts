/**
 * The product-cost consistency check (spec §5): the sum of `unitPrice × qty` over the lines of a
 * cart answer must equal the server's `totals.articlesSubtotal` (integer cents, so exactly). A
 * mismatch reports it through POST /alerts/sendTeamsAlert, at most once every 10 minutes from
 * this browser (spec §9, a timestamp in local storage). The report carries no text: the server
 * runs the same check (worker/domain/checkout/cost-check.ts) on the caller's cart and alerts the
 * team only with what it verified, throttled per kind. The check never throws and never shows
 * anything to the shopper.
 */
import { callUrl } from '../api';
import type { CartViewData } from './api';
import { browserStorage } from '../storage';
import { costMismatch } from '../../worker/domain/checkout/cost-check';

export const ALERT_STAMP_KEY = 'ampora.cart.costAlertAt';
/** Spec §9: mismatch alert throttle, 600 s. */
export const ALERT_INTERVAL_MS = 600_000;

type CheckedCart = Pick<CartViewData, 'idCart' | 'articles' | 'totals'>;

/** Whether this browser may alert again: no alert remembered, or the last one 10 minutes ago or more. */
export function alertDue(lastRaw: string | null, now: number): boolean {
  const last = Number(lastRaw);
  if (lastRaw === null || lastRaw === '' || !Number.isFinite(last)) return true;
  // A stamp from the future (the clock moved back) would silence alerts indefinitely otherwise.
  return now - last >= ALERT_INTERVAL_MS || last > now;
}

/** The report names only the kind: the server checks the caller's cart itself and writes the alert. */
export interface CostReport {
  kind: 'product-cost-mismatch';
}

async function postAlert(report: CostReport): Promise<void> {
  // Outside /api (worker/api/alerts.ts), so not in the typed client.
  await callUrl('POST', '/alerts/sendTeamsAlert', report);
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
    await send({ kind: 'product-cost-mismatch' });
    return true;
  } catch {
    return false;
  }
}
