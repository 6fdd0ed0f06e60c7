/**
 * Outgoing e-mail through the provider's HTTP API (Resend's: `POST {EMAIL_API_URL}/emails` with
 * a bearer key, answer `{ id }`). In development and tests the same requests go to the local
 * sandbox (./sandbox.ts), which implements that API and keeps the messages in an outbox; the
 * sandbox is refused when ENVIRONMENT is production.
 */
import type { Db } from '../db/client';
import type { AppContext } from '../http/context';
import { emailSandbox, sandboxEnabled } from './sandbox';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The provider's idempotency key: the same key is delivered once (default: a fresh one per send). */
  idempotencyKey?: string;
}

export interface EmailSender {
  send(message: EmailMessage): Promise<{ id: string }>;
}

export class EmailDeliveryError extends Error {}

interface HttpSenderOptions {
  apiUrl: string;
  apiKey: string;
  from: string;
  fetch: (request: Request) => Promise<Response>;
}

/** The adapter: one HTTP request per message, an idempotency key so a retry never sends twice. */
export function httpEmailSender({ apiUrl, apiKey, from, fetch }: HttpSenderOptions): EmailSender {
  return {
    async send(message) {
      const response = await fetch(
        new Request(`${apiUrl.replace(/\/$/, '')}/emails`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json', 'Idempotency-Key': message.idempotencyKey ?? crypto.randomUUID() },
          body: JSON.stringify({ from, to: [message.to], subject: message.subject, text: message.text, html: message.html }),
        }),
      );
      if (!response.ok) throw new EmailDeliveryError(`E-mail provider answered ${response.status}: ${await response.text()}`);
      const { id } = (await response.json()) as { id?: string };
      if (!id) throw new EmailDeliveryError('E-mail provider answered without a message id');
      return { id };
    },
  };
}

export function emailSender(env: Env, db: Db): EmailSender {
  if (env.EMAIL_SANDBOX === 'on' && env.ENVIRONMENT === 'production') throw new Error('The e-mail sandbox is not allowed in production');
  const sandbox = sandboxEnabled(env) ? emailSandbox(db, env.EMAIL_API_KEY) : undefined;
  return httpEmailSender({
    apiUrl: env.EMAIL_API_URL,
    apiKey: env.EMAIL_API_KEY,
    from: env.EMAIL_FROM,
    fetch: sandbox ? async (request) => sandbox.fetch(request) : (request) => fetch(request),
  });
}

/** Sends after the answer (waitUntil); a failure is logged (the person can ask again), never shown. */
export function sendLater(c: AppContext, message: EmailMessage): void {
  const delivery = emailSender(c.env, c.var.db)
    .send(message)
    .catch((error: unknown) => console.error('E-mail delivery failed', message.subject, error));
  c.executionCtx.waitUntil(delivery);
}
