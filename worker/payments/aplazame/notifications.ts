/**
 * Aplazame's notifications to our `notification_url` (its "checkout confirmation"): JSON naming the
 * order (`mid`, our id) and its status, with our own private key as `Authorization: Bearer`. The
 * key is compared in constant time; a notification of the other mode (test versus live) is not
 * ours either. The confirmation (pending / confirmation_required) is answered `{"status": "ok"}`
 * when we take the payment and `{"status": "ko"}` when we no longer do (its orders cancelled);
 * every other notification is acknowledged with "ok", which is all Aplazame expects of it.
 */
import { appError } from '../../http/errors';
import type { NotificationReceiver, NotificationReply, NotificationRequest, VerifiedNotification } from '../port';
import type { AplazameConfig } from './config';
import { eventsOf, isConfirmation, type AplazameOrder } from './protocol';

function sameKey(given: string, expected: string): boolean {
  const a = new TextEncoder().encode(given);
  const b = new TextEncoder().encode(expected);
  let diff = a.length ^ b.length;
  for (let i = 0; i < b.length; i++) diff |= (a[i] ?? 0) ^ b[i]!;
  return diff === 0;
}

const reply = (status: 'ok' | 'ko'): NotificationReply => ({ status: 200, body: JSON.stringify({ status }), contentType: 'application/json' });

export function aplazameNotifications(config: AplazameConfig, currency = 'EUR'): NotificationReceiver {
  return {
    async receive(request: NotificationRequest): Promise<VerifiedNotification | undefined> {
      const auth = request.headers.get('Authorization') ?? '';
      const match = /^Bearer (.+)$/.exec(auth);
      if (!match || !sameKey(match[1]!, config.privateKey)) return undefined;
      let order: AplazameOrder;
      try {
        const parsed: unknown = JSON.parse(request.body);
        if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
        order = parsed as AplazameOrder;
      } catch {
        throw appError('invalidRequest', { target: 'json', issues: [{ path: 'body', message: 'not an Aplazame notification' }] });
      }
      if (typeof order.mid !== 'string' || typeof order.status !== 'string') throw appError('invalidRequest', { target: 'json', issues: [{ path: 'mid', message: 'not an Aplazame notification' }] });
      if (typeof order.sandbox === 'boolean' && order.sandbox !== config.sandbox) return undefined;
      const confirmation = isConfirmation(order);
      return { events: eventsOf(order, currency), reply: (accepted) => reply(confirmation && !accepted ? 'ko' : 'ok') };
    },
  };
}
