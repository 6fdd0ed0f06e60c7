/**
 * SIBS webhook encryption (worker/payments/sibs/webhook-crypto.ts): AES-256-GCM with the IV and the
 * tag in headers. Checked against the GCM specification's own AES-256 vector, against the
 * sandbox's independent node:crypto encryption (scripts/sandboxes/sibs/webhook.ts), and for
 * tampering: any changed bit of body, IV or tag, or another key, fails.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decryptWebhook, encryptWebhook } from '../../../worker/payments/sibs/webhook-crypto';
import { encryptNotification } from '../../../scripts/sandboxes/sibs/webhook';

const hex = (value: string) => Uint8Array.from(value.match(/../g)!.map((byte) => parseInt(byte, 16)));
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const KEY_B64 = 'ZGV2LW9ubHktc2licy13ZWJob29rLWtleS0zMmJ5dGU=';
const KEY = Uint8Array.from(Buffer.from(KEY_B64, 'base64'));

describe('SIBS webhook AES-256-GCM', () => {
  it('decrypts the GCM specification vector (McGrew & Viega, test case 14: AES-256, zero key, IV and block)', async () => {
    const clear = await decryptWebhook(new Uint8Array(32), b64(hex('cea7403d4d606b6e074ec5d3baf39d18')), b64(new Uint8Array(12)), b64(hex('d0d1c8a799996bf0265b98b5d48ab919')));
    expect(clear).toBe('\0'.repeat(16));
    const sealed = await encryptWebhook(new Uint8Array(32), '\0'.repeat(16), new Uint8Array(12));
    expect(sealed).toEqual({ body: b64(hex('cea7403d4d606b6e074ec5d3baf39d18')), iv: b64(new Uint8Array(12)), tag: b64(hex('d0d1c8a799996bf0265b98b5d48ab919')) });
  });

  it('reads what the sandbox encrypts, and the reverse, for any text', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 300 }), async (text) => {
        const fromSandbox = encryptNotification(KEY_B64, text);
        expect(await decryptWebhook(KEY, fromSandbox.body, fromSandbox.headers['X-Initialization-Vector']!, fromSandbox.headers['X-Authentication-Tag']!)).toBe(text);
        const ours = await encryptWebhook(KEY, text);
        expect(await decryptWebhook(KEY, ours.body, ours.iv, ours.tag)).toBe(text);
      }),
      { numRuns: 50 },
    );
  });

  it('refuses any changed bit of the body, the IV or the tag', async () => {
    const clear = JSON.stringify({ notificationID: 'n-1', transactionID: 't-1', paymentStatus: 'Success', amount: { value: 12.34, currency: 'EUR' } });
    const sealed = encryptNotification(KEY_B64, clear);
    const parts = { body: sealed.body, iv: sealed.headers['X-Initialization-Vector']!, tag: sealed.headers['X-Authentication-Tag']! };
    await fc.assert(
      fc.asyncProperty(fc.constantFrom<keyof typeof parts>('body', 'iv', 'tag'), fc.nat(), fc.integer({ min: 0, max: 7 }), async (part, at, bit) => {
        const bytes = Uint8Array.from(Buffer.from(parts[part], 'base64'));
        bytes[at % bytes.length]! ^= 1 << bit;
        const changed = { ...parts, [part]: b64(bytes) };
        expect(await decryptWebhook(KEY, changed.body, changed.iv, changed.tag)).toBeUndefined();
      }),
      { numRuns: 100 },
    );
    expect(await decryptWebhook(KEY, parts.body, parts.iv, parts.tag)).toBe(clear);
  });

  it('refuses another key, a missing header and what is not base64', async () => {
    const sealed = await encryptWebhook(KEY, '{"notificationID":"n"}');
    expect(await decryptWebhook(new Uint8Array(32).fill(7), sealed.body, sealed.iv, sealed.tag)).toBeUndefined();
    expect(await decryptWebhook(KEY, sealed.body, null, sealed.tag)).toBeUndefined();
    expect(await decryptWebhook(KEY, sealed.body, sealed.iv, null)).toBeUndefined();
    expect(await decryptWebhook(KEY, '%%%', sealed.iv, sealed.tag)).toBeUndefined();
    expect(await decryptWebhook(KEY, sealed.body, sealed.iv, sealed.tag.slice(0, 8))).toBeUndefined();
  });
});
