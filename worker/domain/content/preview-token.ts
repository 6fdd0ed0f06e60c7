/**
 * Signed CMS preview links. A preview of post P (and scheduled content S) is allowed only with
 * `?token=<expires>.<signature>`, where `signature` is the base64url HMAC-SHA256 (WebCrypto)
 * of `cms-preview:P:S:<expires>` (S empty when the link previews the post's own body) under the
 * `PREVIEW_SECRET` binding, and `expires` is a Unix time in seconds. A token is good for its
 * post and scheduled content only, until `expires` (exclusive), and never for more than
 * MAX_PREVIEW_LIFETIME_SECONDS ahead of the request's clock. Runs in workerd and in Node alike.
 */

export const PREVIEW_TOKEN_PARAM = 'token';
/** Links live at most 30 days: a longer one is refused even with a good signature. */
export const MAX_PREVIEW_LIFETIME_SECONDS = 30 * 86_400;
/** A secret shorter than this is treated as no secret: every preview answers 404. */
export const MIN_SECRET_LENGTH = 32;
/** Development secrets start with this; production refuses them. */
export const DEV_SECRET_PREFIX = 'dev-only-';

export interface PreviewTarget {
  postId: number;
  scheduledId?: number;
}

const encoder = new TextEncoder();

function base64url(bytes: ArrayBuffer): string {
  return btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
}

const message = (target: PreviewTarget, expires: number) => encoder.encode(`cms-preview:${target.postId}:${target.scheduledId ?? ''}:${expires}`);

function hmacKey(secret: string, usage: 'sign' | 'verify'): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [usage]);
}

/** The secret in force, or undefined: missing, too short, or a development secret in production. */
export function usablePreviewSecret(secret: string | undefined, environment: string): string | undefined {
  if (!secret || secret.length < MIN_SECRET_LENGTH) return undefined;
  if (environment === 'production' && secret.startsWith(DEV_SECRET_PREFIX)) return undefined;
  return secret;
}

/** A token for `target`, good until `expires` (Unix seconds). */
export async function signPreviewToken(secret: string, target: PreviewTarget, expires: number): Promise<string> {
  if (!Number.isSafeInteger(expires) || expires < 0) throw new RangeError('expires must be a Unix time in seconds');
  const signature = await crypto.subtle.sign('HMAC', await hmacKey(secret, 'sign'), message(target, expires));
  return `${expires}.${base64url(signature)}`;
}

const TOKEN = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

/** Whether `token` lets the request see `target` at `now`. Malformed, forged, foreign or expired tokens do not. */
export async function verifyPreviewToken(secret: string | undefined, target: PreviewTarget, token: string | null | undefined, now: Date): Promise<boolean> {
  const match = secret && token ? TOKEN.exec(token) : null;
  if (!secret || !match) return false;
  const expires = Number(match[1]);
  const nowSeconds = now.getTime() / 1000;
  if (!(nowSeconds < expires) || expires - nowSeconds > MAX_PREVIEW_LIFETIME_SECONDS) return false;
  // crypto.subtle.verify compares in constant time.
  return crypto.subtle.verify('HMAC', await hmacKey(secret, 'verify'), fromBase64url(match[2]!), message(target, expires));
}

/** The preview's address with its token (`prefix` is the language prefix, '' for the channel's default). */
export function previewPath(target: PreviewTarget, token: string, prefix = ''): string {
  const ids = target.scheduledId === undefined ? `${target.postId}` : `${target.postId}/${target.scheduledId}`;
  return `${prefix}/cms-preview/${ids}?${PREVIEW_TOKEN_PARAM}=${encodeURIComponent(token)}`;
}
