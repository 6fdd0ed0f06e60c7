/**
 * The financing callbacks' signature, Stripe-style: `X-Signature: t=<unix seconds>,v1=<hex>`, where
 * v1 is HMAC-SHA256 of `"<t>.<body>"` under the webhook secret. A signature older (or further in
 * the future) than SIGNATURE_TOLERANCE_S is refused, so a captured callback cannot be replayed
 * later. Several v1 values may come while the provider rotates the secret: one match is enough.
 * Pure Web Crypto (the Worker), constant-time comparison.
 */

/** Five minutes either way, as Stripe's default tolerance. */
export const SIGNATURE_TOLERANCE_S = 300;

const encoder = new TextEncoder();

async function hmacHex(secret: string, payload: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = await crypto.subtle.sign('HMAC', key, encoder.encode(payload));
  return [...new Uint8Array(mac)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The header value for `body` signed at `timestamp` (unix seconds). */
export async function signatureHeader(secret: string, body: string, timestamp: number): Promise<string> {
  return `t=${timestamp},v1=${await hmacHex(secret, `${timestamp}.${body}`)}`;
}

/** The header's timestamp and v1 values, or undefined when it is not of the form. */
export function parseSignatureHeader(header: string): { timestamp: number; signatures: string[] } | undefined {
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (name === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (name === 'v1' && /^[0-9a-f]{64}$/i.test(value)) signatures.push(value.toLowerCase());
  }
  return timestamp === undefined || signatures.length === 0 ? undefined : { timestamp, signatures };
}

function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

export type SignatureCheck = 'valid' | 'malformed' | 'mismatch' | 'stale';

/** Whether `header` signs `body` under `secret` within the tolerance of `nowS` (unix seconds). */
export async function checkSignature(secret: string, body: string, header: string | null, nowS: number): Promise<SignatureCheck> {
  const parsed = header ? parseSignatureHeader(header) : undefined;
  if (!parsed) return 'malformed';
  const expected = await hmacHex(secret, `${parsed.timestamp}.${body}`);
  if (!parsed.signatures.some((signature) => constantTimeEqual(signature, expected))) return 'mismatch';
  // Checked after the MAC, so an old timestamp is told apart only for a genuine signature.
  if (Math.abs(nowS - parsed.timestamp) > SIGNATURE_TOLERANCE_S) return 'stale';
  return 'valid';
}
