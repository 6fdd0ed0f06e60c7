/**
 * The local e-mail sandbox: the provider's `POST /emails` (bearer key, JSON body, `{ id }` or
 * a `{ statusCode, name, message }` error) implemented over the dev_outbox table, and the
 * developer's view of that outbox at /__dev/outbox (HTML) and /__dev/outbox.json?to=…
 * (`npm run outbox` prints it too). Mounted only when the sandbox is enabled.
 */
import { desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import type { Db } from '../db/client';
import { devOutbox } from '../db/schema';
import type { AppEnv } from '../http/context';

/** The sandbox answers only outside production, and only when EMAIL_SANDBOX is "on". */
export function sandboxEnabled(env: Env): boolean {
  return env.EMAIL_SANDBOX === 'on' && env.ENVIRONMENT !== 'production';
}

const sendBody = z.object({
  from: z.string().min(3),
  to: z.union([z.email(), z.array(z.email()).min(1).max(50)]),
  subject: z.string().min(1).max(998),
  text: z.string().optional(),
  html: z.string().optional(),
});

function providerError(statusCode: number, name: string, message: string) {
  return Response.json({ statusCode, name, message }, { status: statusCode });
}

/** The provider API as the sandbox serves it (an in-process fetch target). */
export function emailSandbox(db: Db, apiKey: string) {
  return new Hono().post('/emails', async (c) => {
    if (c.req.header('Authorization') !== `Bearer ${apiKey}`) return providerError(401, 'missing_api_key', 'Missing or invalid API key');
    const parsed = sendBody.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) return providerError(422, 'validation_error', parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
    const { from, to, subject, text = '', html = '' } = parsed.data;
    const id = crypto.randomUUID();
    const createdAt = Date.now();
    await db.insert(devOutbox).values((Array.isArray(to) ? to : [to]).map((recipient, i) => ({ id: i === 0 ? id : `${id}-${i}`, sender: from, recipient: recipient.toLowerCase(), subject, textBody: text, htmlBody: html, createdAt })));
    return c.json({ id });
  });
}

export interface OutboxMessage {
  id: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}

export async function readOutbox(db: Db, to?: string, limit = 50): Promise<OutboxMessage[]> {
  const rows = await db
    .select()
    .from(devOutbox)
    .where(to ? eq(devOutbox.recipient, to.toLowerCase()) : undefined)
    .orderBy(desc(devOutbox.createdAt), desc(devOutbox.id))
    .limit(limit);
  return rows.map((r) => ({ id: r.id, from: r.sender, to: r.recipient, subject: r.subject, text: r.textBody, createdAt: new Date(r.createdAt).toISOString() }));
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** /__dev/outbox: what the store has "sent", newest first. A 404 unless the sandbox is on. */
export const devOutboxRoutes = new Hono<AppEnv>()
  .use('*', async (c, next) => {
    if (!sandboxEnabled(c.env)) return c.notFound();
    c.header('Cache-Control', 'no-store');
    c.header('X-Robots-Tag', 'noindex');
    await next();
  })
  .get('/outbox.json', async (c) => c.json({ messages: await readOutbox(c.var.db, c.req.query('to')) }))
  .get('/outbox', async (c) => {
    const messages = await readOutbox(c.var.db, c.req.query('to'));
    const items = messages
      .map((m) => `<article><h2>${escapeHtml(m.subject)}</h2><p>To ${escapeHtml(m.to)} · ${escapeHtml(m.createdAt)}</p><pre>${escapeHtml(m.text)}</pre></article>`)
      .join('');
    return c.html(`<!doctype html><html lang="en"><meta charset="utf-8"><title>Development outbox</title><main><h1>Development outbox</h1>${items || '<p>No messages yet.</p>'}</main></html>`);
  });
