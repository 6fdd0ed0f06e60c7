/**
 * Redsys' online notifications ("notificación online"): a form-encoded POST to the
 * DS_MERCHANT_MERCHANTURL of the payment with the three signed fields, sent for each sale, refund
 * and void. Verified from the body against our key (the signature is URL-safe base64); anything
 * unsigned or signed with another key is not Redsys' (401, nothing stored). Redsys only wants an
 * HTTP 200: it retries otherwise.
 */
import type { NotificationReceiver, NotificationRequest, VerifiedNotification } from '../port';
import type { RedsysConfig } from './config';
import { notificationEvents } from './protocol';
import { verify } from './signature';

export function redsysNotifications(config: RedsysConfig): NotificationReceiver {
  return {
    async receive(request: NotificationRequest): Promise<VerifiedNotification | undefined> {
      if (request.method !== 'POST') return undefined;
      const form = new URLSearchParams(request.body);
      const parameters = await verify(config.secretKey, {
        Ds_SignatureVersion: form.get('Ds_SignatureVersion') ?? undefined,
        Ds_MerchantParameters: form.get('Ds_MerchantParameters') ?? undefined,
        Ds_Signature: form.get('Ds_Signature') ?? undefined,
      });
      // Signed for another terminal of ours (the key is per merchant): not this store's payment.
      if (!parameters || (parameters['Ds_MerchantCode'] !== undefined && parameters['Ds_MerchantCode'] !== config.merchantCode)) return undefined;
      const events = notificationEvents(parameters);
      if (!events) return undefined;
      return { events, reply: () => ({ status: 200, body: 'OK', contentType: 'text/plain; charset=utf-8' }) };
    },
  };
}
