/**
 * SIBS webhooks: the body is the notification JSON encrypted with AES-256-GCM under the merchant's
 * key, sent base64, with the 12-byte IV and the 16-byte authentication tag base64 in the
 * `X-Initialization-Vector` and `X-Authentication-Tag` headers. Decrypting checks the tag: a body,
 * IV or tag changed by one bit fails, so only a holder of the key can write a notification.
 * Pure WebCrypto (Workers and Node).
 */

const TAG_BYTES = 16;

function fromBase64(value: string): Uint8Array | undefined {
  try {
    return Uint8Array.from(atob(value.trim()), (ch) => ch.charCodeAt(0));
  } catch {
    return undefined;
  }
}

function toBase64(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text);
}

const keys = new WeakMap<Uint8Array, Promise<CryptoKey>>();

function importKey(raw: Uint8Array): Promise<CryptoKey> {
  let key = keys.get(raw);
  if (!key) {
    key = crypto.subtle.importKey('raw', raw as BufferSource, { name: 'AES-GCM' }, false, ['encrypt', 'decrypt']);
    keys.set(raw, key);
  }
  return key;
}

/** The clear text of a webhook, or undefined when it does not decrypt under `key` (forged, altered, malformed). */
export async function decryptWebhook(key: Uint8Array, body: string, iv: string | null, tag: string | null): Promise<string | undefined> {
  if (!iv || !tag) return undefined;
  const ivBytes = fromBase64(iv);
  const tagBytes = fromBase64(tag);
  const cipher = fromBase64(body);
  if (!ivBytes || !tagBytes || !cipher || ivBytes.length < 12 || tagBytes.length !== TAG_BYTES) return undefined;
  // WebCrypto takes the tag at the end of the cipher text.
  const sealed = new Uint8Array(cipher.length + TAG_BYTES);
  sealed.set(cipher);
  sealed.set(tagBytes, cipher.length);
  try {
    const clear = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: ivBytes as BufferSource, tagLength: TAG_BYTES * 8 }, await importKey(key), sealed as BufferSource);
    return new TextDecoder().decode(clear);
  } catch {
    return undefined;
  }
}

/** Encrypts a webhook as SIBS does (tests and tools): the base64 body and its two headers. */
export async function encryptWebhook(key: Uint8Array, clear: string, iv: Uint8Array = crypto.getRandomValues(new Uint8Array(12))): Promise<{ body: string; iv: string; tag: string }> {
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv: iv as BufferSource, tagLength: TAG_BYTES * 8 }, await importKey(key), new TextEncoder().encode(clear)));
  return { body: toBase64(sealed.slice(0, -TAG_BYTES)), iv: toBase64(iv), tag: toBase64(sealed.slice(-TAG_BYTES)) };
}
