/**
 * Internal team alerts (spec §7 `POST /alerts/sendTeamsAlert`) through a Microsoft Teams
 * incoming webhook: one JSON MessageCard POSTed to TEAM_ALERT_WEBHOOK_URL, any 2xx meaning
 * delivered. In development and tests TEAM_ALERT_SANDBOX=on sends the same request to the local
 * sandbox (./sandbox.ts), which keeps the cards in the development outbox; the sandbox is
 * refused when ENVIRONMENT is production.
 *
 * At most one alert per kind every 600 s (spec §9), remembered in KV (`CACHE`,
 * `alert-throttle:<kind>`); a throttled alert is dropped. KV is eventually consistent across
 * locations, so two alerts of one kind sent at the same moment from far apart may both pass:
 * the limit is there to keep the channel readable, not to count exactly.
 */
import type { Db } from '../db/client';
import type { AppContext } from '../http/context';
import { teamAlertSandbox, teamAlertSandboxEnabled } from './sandbox';

export const ALERT_KINDS = ['product-cost-mismatch', 'other'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** Spec §9: mismatch alert throttle. */
export const ALERT_THROTTLE_SECONDS = 600;

export interface TeamAlert {
  kind: AlertKind;
  title: string;
  text: string;
}

/** The legacy actionable message card, the format Teams incoming webhooks take. */
export interface MessageCard {
  '@type': 'MessageCard';
  '@context': 'https://schema.org/extensions';
  summary: string;
  title: string;
  text: string;
  themeColor: string;
}

/** The card's accent colour per kind: orange for a cost mismatch, blue otherwise. */
const THEME_COLORS: Record<AlertKind, string> = { 'product-cost-mismatch': 'D83B01', other: '0078D7' };

export function messageCard(alert: TeamAlert): MessageCard {
  // The summary is what Teams shows in notifications and the activity feed.
  return { '@type': 'MessageCard', '@context': 'https://schema.org/extensions', summary: alert.title, title: alert.title, text: alert.text, themeColor: THEME_COLORS[alert.kind] };
}

export interface TeamAlertSender {
  send(alert: TeamAlert): Promise<void>;
}

export class TeamAlertDeliveryError extends Error {}

interface WebhookSenderOptions {
  webhookUrl: string;
  fetch: (request: Request) => Promise<Response>;
}

/** The adapter: one JSON POST of the card to the webhook; anything but a 2xx is a failure. */
export function webhookTeamAlertSender({ webhookUrl, fetch }: WebhookSenderOptions): TeamAlertSender {
  return {
    async send(alert) {
      const response = await fetch(new Request(webhookUrl, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(messageCard(alert)) }));
      if (!response.ok) throw new TeamAlertDeliveryError(`Teams webhook answered ${response.status}: ${await response.text()}`);
    },
  };
}

export function teamAlertSender(env: Env, db: Db): TeamAlertSender {
  if (env.TEAM_ALERT_SANDBOX === 'on' && env.ENVIRONMENT === 'production') throw new Error('The team alert sandbox is not allowed in production');
  if (!env.TEAM_ALERT_WEBHOOK_URL || !URL.canParse(env.TEAM_ALERT_WEBHOOK_URL)) throw new Error('TEAM_ALERT_WEBHOOK_URL is not set to a URL');
  const sandbox = teamAlertSandboxEnabled(env) ? teamAlertSandbox(db, env.TEAM_ALERT_WEBHOOK_URL) : undefined;
  return webhookTeamAlertSender({
    webhookUrl: env.TEAM_ALERT_WEBHOOK_URL,
    fetch: sandbox ? async (request) => sandbox.fetch(request) : (request) => fetch(request),
  });
}

export function throttleKey(kind: AlertKind): string {
  return `alert-throttle:${kind}`;
}

/** Whether an alert sent at `lastSentAt` (epoch ms, null when none is remembered) still holds the window at `now`. */
export function isThrottled(lastSentAt: number | null, now: number): boolean {
  if (lastSentAt === null || !Number.isFinite(lastSentAt)) return false;
  return now - lastSentAt < ALERT_THROTTLE_SECONDS * 1000;
}

export interface AlertOutcome {
  /** True when the alert was handed to the webhook (delivery happens after the answer). */
  sent: boolean;
  throttled: boolean;
}

/**
 * Sends the alert after the answer (waitUntil) unless one of its kind went out in the last
 * 600 s. A failed delivery is logged and still holds the window: a lasting fault alerts again
 * 10 minutes later rather than on every report.
 */
export async function sendTeamAlert(c: AppContext, alert: TeamAlert): Promise<AlertOutcome> {
  // Built first, so a misconfiguration answers 500 without spending the window.
  const sender = teamAlertSender(c.env, c.var.db);
  const key = throttleKey(alert.kind);
  const now = c.var.now.getTime();
  const last = await c.env.CACHE.get(key);
  if (isThrottled(last === null ? null : Number(last), now)) return { sent: false, throttled: true };
  try {
    await c.env.CACHE.put(key, String(now), { expirationTtl: ALERT_THROTTLE_SECONDS });
  } catch (error) {
    // KV takes one write per second per key: a refused write means another alert of this kind just went.
    console.error('Team alert throttle write failed', alert.kind, error);
    return { sent: false, throttled: true };
  }
  const delivery = sender.send(alert).catch((error: unknown) => console.error('Team alert delivery failed', alert.kind, alert.title, error));
  c.executionCtx.waitUntil(delivery);
  return { sent: true, throttled: false };
}
