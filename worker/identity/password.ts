/**
 * Password hashing: PBKDF2-HMAC-SHA256 through WebCrypto. Cloudflare Workers refuse more than
 * 100,000 iterations, so that is both our setting and the cap. The algorithm, iterations and
 * salt are stored with the hash (`pbkdf2-sha256$100000$<salt>$<hash>`), so the cost can be
 * raised later: `needsRehash` tells the login to re-hash a password stored with weaker settings.
 */
import { fromBase64Url, timingSafeEqual, toBase64Url } from './crypto';

/** The most iterations the Workers runtime's PBKDF2 accepts. */
export const PBKDF2_MAX_ITERATIONS = 100_000;
export const PBKDF2_ITERATIONS = PBKDF2_MAX_ITERATIONS;
const SALT_BYTES = 16;
const HASH_BITS = 256;
const SCHEME = 'pbkdf2-sha256';

/** Password length rules (characters): long enough to resist guessing, bounded to keep hashing cheap. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

async function derive(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array> {
  if (!Number.isInteger(iterations) || iterations < 1 || iterations > PBKDF2_MAX_ITERATIONS) {
    throw new RangeError(`PBKDF2 iterations must be between 1 and ${PBKDF2_MAX_ITERATIONS}`);
  }
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(password.normalize('NFC')), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, key, HASH_BITS);
  return new Uint8Array(bits);
}

export async function hashPassword(password: string, iterations = PBKDF2_ITERATIONS): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const hash = await derive(password, salt, iterations);
  return `${SCHEME}$${iterations}$${toBase64Url(salt)}$${toBase64Url(hash)}`;
}

interface ParsedHash {
  iterations: number;
  salt: Uint8Array<ArrayBuffer>;
  hash: Uint8Array;
}

export function parsePasswordHash(stored: string): ParsedHash | undefined {
  const [scheme, iterationsText, saltText, hashText] = stored.split('$');
  const iterations = Number(iterationsText);
  const salt = fromBase64Url(saltText ?? '');
  const hash = fromBase64Url(hashText ?? '');
  if (scheme !== SCHEME || !Number.isInteger(iterations) || !salt || !hash || hash.length === 0) return undefined;
  return { iterations, salt, hash };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parsePasswordHash(stored);
  if (!parsed || parsed.iterations > PBKDF2_MAX_ITERATIONS) return false;
  const candidate = await derive(password, parsed.salt, parsed.iterations);
  return timingSafeEqual(candidate, parsed.hash);
}

/** True when the stored hash uses fewer iterations than the current setting. */
export function needsRehash(stored: string): boolean {
  const parsed = parsePasswordHash(stored);
  return !parsed || parsed.iterations < PBKDF2_ITERATIONS;
}

/**
 * A hash of no one's password, computed once per isolate: a login for an unknown e-mail verifies
 * against it so it costs the same time as one for a known e-mail.
 */
let decoy: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoy ??= hashPassword('decoy password of no account');
  return decoy;
}
