/**
 * The WebCrypto pieces identity is built from: random tokens, SHA-256 digests of secrets (only
 * digests are stored), constant-time comparison, HMAC signatures and AES-GCM sealing, each keyed
 * by a purpose derived from the Worker's AUTH_SECRET.
 */
const encoder = new TextEncoder();

export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/** Decodes base64url; undefined when the text is not base64url. */
export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return undefined;
  try {
    const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/') + '='.repeat((4 - (text.length % 4)) % 4));
    return Uint8Array.from(binary, (char) => char.charCodeAt(0));
  } catch {
    return undefined;
  }
}

/** A random token of `bytes` bytes (32 = 256 bits), base64url. */
export function randomToken(bytes = 32): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(bytes)));
}

/** A random decimal code of `digits` digits, uniformly drawn (no modulo bias). */
export function randomDigits(digits: number): string {
  const limit = 10 ** digits;
  const ceiling = Math.floor(0x1_0000_0000 / limit) * limit;
  for (;;) {
    const [value] = crypto.getRandomValues(new Uint32Array(1));
    if (value! < ceiling) return String(value! % limit).padStart(digits, '0');
  }
}

export async function sha256(text: string): Promise<string> {
  return toBase64Url(new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(text))));
}

/** Compares two byte strings in time that depends only on their length. */
export function timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a[i]! ^ b[i]!;
  return difference === 0;
}

export type KeyPurpose = 'signed-token' | 'cart-id' | 'known-device';

const keyCache = new Map<string, Promise<CryptoKey>>();

/** A key for one purpose, derived from the secret with HKDF so purposes never share a key. */
function purposeKey(secret: string, purpose: KeyPurpose, algorithm: HmacImportParams | AesKeyGenParams): Promise<CryptoKey> {
  const cacheKey = `${purpose}\u0000${secret}`;
  let key = keyCache.get(cacheKey);
  if (!key) {
    key = crypto.subtle
      .importKey('raw', encoder.encode(secret), 'HKDF', false, ['deriveKey'])
      .then((base) =>
        crypto.subtle.deriveKey(
          { name: 'HKDF', hash: 'SHA-256', salt: encoder.encode('ampora'), info: encoder.encode(purpose) },
          base,
          algorithm,
          false,
          algorithm.name === 'HMAC' ? ['sign', 'verify'] : ['encrypt', 'decrypt'],
        ),
      );
    keyCache.set(cacheKey, key);
  }
  return key;
}

const HMAC: HmacImportParams = { name: 'HMAC', hash: 'SHA-256' };

export async function hmacSign(secret: string, purpose: KeyPurpose, message: string): Promise<string> {
  const key = await purposeKey(secret, purpose, HMAC);
  return toBase64Url(new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(message))));
}

export async function hmacVerify(secret: string, purpose: KeyPurpose, message: string, signature: string): Promise<boolean> {
  const bytes = fromBase64Url(signature);
  if (!bytes) return false;
  const key = await purposeKey(secret, purpose, HMAC);
  return crypto.subtle.verify('HMAC', key, bytes, encoder.encode(message));
}

const AES: AesKeyGenParams = { name: 'AES-GCM', length: 256 };

/** Encrypts and authenticates a short text: base64url of IV ‖ ciphertext. */
export async function seal(secret: string, purpose: KeyPurpose, plaintext: string): Promise<string> {
  const key = await purposeKey(secret, purpose, AES);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, encoder.encode(plaintext)));
  const out = new Uint8Array(iv.length + sealed.length);
  out.set(iv);
  out.set(sealed, iv.length);
  return toBase64Url(out);
}

/**
 * Tokens this isolate has opened, with what they said: the cart cookie comes with every cart
 * call, and opening it again would give the same text (the key is the secret's and the purpose's,
 * and an altered token is a different token). Only genuine tokens are kept; the oldest go first.
 */
const opened = new Map<string, string>();
const OPENED_KEPT = 1_000;

/** Opens what `seal` made; undefined when it was altered or made with another key. */
export async function unseal(secret: string, purpose: KeyPurpose, token: string): Promise<string | undefined> {
  const cacheKey = `${purpose}\u0000${secret}\u0000${token}`;
  const known = opened.get(cacheKey);
  if (known !== undefined) return known;
  const bytes = fromBase64Url(token);
  if (!bytes || bytes.length < 13) return undefined;
  const key = await purposeKey(secret, purpose, AES);
  let text: string;
  try {
    text = new TextDecoder().decode(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: bytes.slice(0, 12) }, key, bytes.slice(12)));
  } catch {
    return undefined;
  }
  opened.set(cacheKey, text);
  if (opened.size > OPENED_KEPT) opened.delete(opened.keys().next().value!);
  return text;
}
