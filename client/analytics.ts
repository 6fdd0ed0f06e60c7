/**
 * Analytics events: pushed to `window.dataLayer`, where the tag manager the channel configures
 * (if any) picks them up. Nothing is sent from here; without a tag manager the events only sit
 * in the array.
 */

export type AnalyticsData = Record<string, string | number | boolean | null>;

declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

/** Records one event with its data (no personal data: ids, amounts, scores). */
export function track(event: string, data: AnalyticsData = {}): void {
  if (typeof window === 'undefined') return;
  window.dataLayer ??= [];
  window.dataLayer.push({ event, ...data });
}
