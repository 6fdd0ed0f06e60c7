// The financing callbacks' signature as the provider makes it: `X-Signature: t=<unix>,v1=<hex>`,
// v1 = HMAC-SHA256 of "<t>.<body>" under the merchant's webhook secret (Stripe's scheme). Written
// with node:crypto, apart from the Worker's Web Crypto verifier, so each checks the other.
import { createHmac } from 'node:crypto';

export function signCallback(secret: string, body: string, timestamp: number): string {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex')}`;
}
