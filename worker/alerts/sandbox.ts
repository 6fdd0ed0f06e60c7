/**
 * The local Microsoft Teams sandbox: an in-process implementation of an incoming webhook
 * (`POST <webhook URL>` with a MessageCard; `200 "1"` when accepted, a plain-text 4xx when the
 * card is refused, as Teams answers). Accepted cards go to the development outbox (dev_outbox,
 * recipient `team-alerts`), so a developer reads them at /__dev/outbox?to=team-alerts beside the
 * e-mail. Used only when TEAM_ALERT_SANDBOX is "on" and never in production.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { Db } from '../db/client';
import { devOutbox } from '../db/schema';

/** The outbox "recipient" under which alerts are kept. */
export const TEAM_ALERTS_RECIPIENT = 'team-alerts';

/** Teams refuses connector messages above about 28 KB. */
const MAX_CARD_BYTES = 28 * 1024;

/** The sandbox answers only outside production, and only when TEAM_ALERT_SANDBOX is "on". */
export function teamAlertSandboxEnabled(env: Env): boolean {
  return env.TEAM_ALERT_SANDBOX === 'on' && env.ENVIRONMENT !== 'production';
}

const messageCard = z
  .object({
    '@type': z.literal('MessageCard'),
    '@context': z.literal('https://schema.org/extensions'),
    summary: z.string().optional(),
    title: z.string().optional(),
    text: z.string().optional(),
    themeColor: z
      .string()
      .regex(/^#?[0-9a-fA-F]{6}$/)
      .optional(),
  })
  // Teams' own rule: a card needs a summary or a text.
  .refine((card) => Boolean(card.summary || card.text), { message: 'Summary or Text is required.' });

/** The webhook as the sandbox serves it (an in-process fetch target for `webhookUrl` only). */
export function teamAlertSandbox(db: Db, webhookUrl: string) {
  const href = new URL(webhookUrl).href;
  return new Hono().post('*', async (c) => {
    // Another URL is another (unknown) webhook: Teams does not say more than that either.
    if (c.req.url !== href) return c.text('Webhook not found', 404);
    const raw = await c.req.text();
    if (new TextEncoder().encode(raw).byteLength > MAX_CARD_BYTES) return c.text('Message size too large', 413);
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      return c.text('Bad payload received by generic incoming webhook.', 400);
    }
    const parsed = messageCard.safeParse(json);
    if (!parsed.success) return c.text(parsed.error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; '), 400);
    const card = parsed.data;
    await db.insert(devOutbox).values({
      id: crypto.randomUUID(),
      sender: 'Microsoft Teams incoming webhook',
      recipient: TEAM_ALERTS_RECIPIENT,
      subject: card.title ?? card.summary ?? '',
      textBody: card.text ?? card.summary ?? '',
      // The outbox has no column for a card: the card as received is kept here for inspection.
      htmlBody: raw,
      createdAt: Date.now(),
    });
    return c.text('1');
  });
}
