// SIBS' webhook encryption as the gateway does it: AES-256-GCM under the merchant's key (base64 in
// its back office), a fresh 12-byte IV per notification; body, IV and tag sent base64 (the IV and
// tag in the X-Initialization-Vector and X-Authentication-Tag headers). node:crypto, independent of
// the Worker's WebCrypto decryption (worker/payments/sibs/webhook-crypto.ts), so each checks the other.
import { createCipheriv, randomBytes } from 'node:crypto';

export interface EncryptedWebhook {
  body: string;
  headers: Record<string, string>;
}

export function encryptNotification(keyBase64: string, clear: string, iv: Buffer = randomBytes(12)): EncryptedWebhook {
  const key = Buffer.from(keyBase64, 'base64');
  if (key.length !== 32) throw new Error('the SIBS webhook key must be 32 bytes');
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(clear, 'utf8'), cipher.final()]);
  return {
    body: body.toString('base64'),
    headers: { 'Content-Type': 'text/plain', 'X-Initialization-Vector': iv.toString('base64'), 'X-Authentication-Tag': cipher.getAuthTag().toString('base64') },
  };
}
