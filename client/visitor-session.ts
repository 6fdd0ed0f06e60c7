/**
 * The visitor session (spec §4, §9): created once per browser and reported to
 * POST /api/users/tracking/session with whether an ad blocker hides ads. Until the server's
 * expiry arrives the browser keeps its own record valid for 1 minute, so a burst of page views
 * reports once; afterwards the server's expiresAt decides when to report again. Nothing happens
 * when local storage is unavailable (private modes, blocked storage).
 */
import type { api, ApiData } from './api';
import { browserStorage } from './storage';
type TrackingBody = Parameters<typeof api.users.tracking.session.$post>[0]['json'];
export const VISITOR_KEY = 'ampora.visitor';
/** Local validity before the server answers (spec §9). */
export const LOCAL_VALIDITY_MS = 60_000;

export interface VisitorRecord {
  visitorId: string;
  /** Epoch milliseconds after which the session must be reported again. */
  expiresAt: number;
}

/** The stored record if it is well formed and still valid at `now`. */
export function validRecord(raw: string | null, now: number): VisitorRecord | undefined {
  if (!raw) return undefined;
  try {
    const record = JSON.parse(raw) as Partial<VisitorRecord>;
    if (typeof record.visitorId !== 'string' || typeof record.expiresAt !== 'number') return undefined;
    return record.expiresAt > now ? (record as VisitorRecord) : undefined;
  } catch {
    return undefined;
  }
}


/** A bait element ad blockers hide: its height is 0 when one is active. */
function adBlockActive(): boolean {
  const bait = document.createElement('div');
  bait.className = 'adsbox ad-banner textads';
  bait.style.cssText = 'position:absolute;left:-9999px;height:10px;width:10px';
  document.body.appendChild(bait);
  const blocked = bait.offsetHeight === 0 || getComputedStyle(bait).display === 'none';
  bait.remove();
  return blocked;
}

export async function trackVisitor(now = Date.now()): Promise<void> {
  const store = browserStorage();
  if (!store) return;
  const previous = store.getItem(VISITOR_KEY);
  if (validRecord(previous, now)) return;
  let visitorId: string;
  try {
    visitorId = (JSON.parse(previous ?? '{}') as Partial<VisitorRecord>).visitorId ?? crypto.randomUUID();
  } catch {
    visitorId = crypto.randomUUID();
  }
  store.setItem(VISITOR_KEY, JSON.stringify({ visitorId, expiresAt: now + LOCAL_VALIDITY_MS }));
  // A plain fetch: this runs on every page, which should not load the typed client. The answer's
  // type still comes from the route.
  const body: TrackingBody = { visitorId, adBlock: adBlockActive() };
  const response = await fetch('/api/users/tracking/session', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }).catch(() => undefined);
  const answer = (await response?.json().catch(() => null)) as { data?: ApiData<typeof api.users.tracking.session.$post> } | null;
  const serverExpiry = Date.parse(answer?.data?.expiresAt ?? '');
  if (Number.isFinite(serverExpiry)) store.setItem(VISITOR_KEY, JSON.stringify({ visitorId, expiresAt: serverExpiry }));
}
