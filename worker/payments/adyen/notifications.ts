/**
 * Adyen's standard notifications (Webhooks-v1): Basic credentials when configured at Adyen, then
 * every item's HMAC checked before anything is stored (one bad item refuses the whole delivery);
 * the answer is `[accepted]`, which stops Adyen's retries. A body that is not a notification is a 400.
 */
import { appError } from '../../http/errors';
import { sha256, timingSafeEqual } from '../../identity/crypto';
import type { NotificationReceiver } from '../port';
import { adyenNotificationSchema, verifyParsedNotification } from './client';
import { adyenConfig, type AdyenEnv } from './config';

const encoder = new TextEncoder();

async function basicAuthMatches(header: string | null, expected: string): Promise<boolean> {
  const given = /^Basic (\S+)$/.exec(header ?? '')?.[1];
  if (!given) return false;
  let decoded: string;
  try {
    decoded = atob(given);
  } catch {
    return false;
  }
  // Digests have one length, so the comparison time says nothing about the credentials.
  return timingSafeEqual(encoder.encode(await sha256(decoded)), encoder.encode(await sha256(expected)));
}

export function adyenNotifications(env: AdyenEnv): NotificationReceiver | undefined {
  const config = adyenConfig(env);
  if (!config) return undefined;
  return {
    async receive(request) {
      // Before the body is even parsed: a caller without the Basic credentials.
      if (config.notificationBasicAuth && !(await basicAuthMatches(request.headers.get('Authorization'), config.notificationBasicAuth))) return undefined;
      let json: unknown;
      try {
        json = JSON.parse(request.body);
      } catch {
        throw appError('invalidJson');
      }
      const parsed = adyenNotificationSchema.safeParse(json);
      if (!parsed.success) throw appError('invalidRequest', { target: 'json', issues: parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })) });
      const events = await verifyParsedNotification(config.hmacKey, parsed.data);
      if (!events) return undefined;
      return { events, reply: () => ({ status: 200, body: '[accepted]', contentType: 'text/plain; charset=UTF-8' }) };
    },
  };
}
