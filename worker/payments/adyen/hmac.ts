/**
 * Adyen's notification HMAC: HMAC-SHA256 under the hex-decoded key, base64, over
 * pspReference:originalReference:merchantAccountCode:merchantReference:value:currency:eventCode:success.
 * Missing fields are empty strings and nothing is escaped (escaping colons, as some libraries
 * did, makes valid notifications fail).
 */
import { timingSafeEqual } from '../../identity/crypto';

export interface SignedItemFields {
  pspReference?: string;
  originalReference?: string;
  merchantAccountCode?: string;
  merchantReference?: string;
  amount?: { value?: number | string; currency?: string };
  eventCode?: string;
  success?: string | boolean;
}

export function signedString(item: SignedItemFields): string {
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

function hexToBytes(hex: string): Uint8Array<ArrayBuffer> | undefined {
  if (hex.length === 0 || hex.length % 2 !== 0 || !/^[0-9a-fA-F]+$/.test(hex)) return undefined;
  const bytes = new Uint8Array(new ArrayBuffer(hex.length / 2));
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

const encoder = new TextEncoder();

/** Imported once per isolate and key: a delivery carries up to 100 items, each checked under the same key. */
const importedKeys = new Map<string, Promise<CryptoKey | undefined>>();

function signingKey(hexKey: string): Promise<CryptoKey | undefined> {
  let key = importedKeys.get(hexKey);
  if (!key) {
    const raw = hexToBytes(hexKey);
    key = raw ? crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']) : Promise.resolve(undefined);
    importedKeys.set(hexKey, key);
  }
  return key;
}

/** The base64 signature of `data` under the hex key; undefined when the key is not hex. */
export async function hmacSignature(hexKey: string, data: string): Promise<string | undefined> {
  const key = await signingKey(hexKey);
  if (!key) return undefined;
  return toBase64(new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(data))));
}

/** Whether `signature` is the item's HMAC under the hex key (constant-time comparison). */
export async function verifyItemHmac(hexKey: string, item: SignedItemFields, signature: string | undefined): Promise<boolean> {
  if (!signature) return false;
  const expected = await hmacSignature(hexKey, signedString(item));
  if (!expected) return false;
  return timingSafeEqual(encoder.encode(expected), encoder.encode(signature));
}
