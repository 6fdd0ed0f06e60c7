// Adyen's standard-notification signature: HMAC-SHA256 under the hex-decoded key, base64, over the
// eight fields joined by ':' in this order. Values go in as they are (no escaping of ':' or '\').
import { createHmac } from 'node:crypto';

export interface SignedNotificationFields {
  pspReference?: string;
  originalReference?: string;
  merchantAccountCode?: string;
  merchantReference?: string;
  amount?: { value?: number; currency?: string };
  eventCode?: string;
  success?: string;
}

export function notificationSigningString(item: SignedNotificationFields): string {
  return [
    item.pspReference ?? '',
    item.originalReference ?? '',
    item.merchantAccountCode ?? '',
    item.merchantReference ?? '',
    item.amount?.value ?? '',
    item.amount?.currency ?? '',
    item.eventCode ?? '',
    item.success ?? '',
  ].join(':');
}

export function hmacSignature(hexKey: string, signingString: string): string {
  return createHmac('sha256', Buffer.from(hexKey, 'hex')).update(signingString, 'utf8').digest('base64');
}
