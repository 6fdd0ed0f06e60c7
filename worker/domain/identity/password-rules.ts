/**
 * What a new password must not be (NIST SP 800-63B §5.1.1.2, besides its length): a commonly
 * used password (worker/identity/common-passwords.ts), a few characters repeated or only spaces,
 * or something taken from the account's e-mail address or the store's name. The check ignores
 * case and surrounding spaces, as a guesser would.
 */
import { COMMON_PASSWORDS_TEXT } from '../../identity/common-passwords';

export type PasswordProblem = 'common' | 'trivial' | 'personal';

/** The store's name: context-specific words are the first a guesser tries. */
const SERVICE_WORDS = ['ampora'];

/** One to four characters over and over (`aaaaaaaa`, `12121212`, `abcdabcd`): a few characters' worth of guessing. */
const SHORT_RUN_REPEATED = /^(.{1,4}?)\1+$/su;

let common: Set<string> | undefined;

/** The list as a Set, built the first time a password is checked in this isolate. */
function commonPasswords(): Set<string> {
  common ??= new Set(COMMON_PASSWORDS_TEXT.split('\n'));
  return common;
}

/** Letters and digits only, lower-cased: `Ana.Garcia-1` and `anagarcia1` are the same guess. */
const core = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
/** Letters only: `ampora2026!` is the store's name with a year. */
const letters = (text: string) => text.toLowerCase().replace(/[^\p{L}]/gu, '');

/** Why `password` may not be used by the owner of `email`, or null when it may. */
export function passwordProblem(password: string, email: string): PasswordProblem | null {
  const trimmed = password.normalize('NFC').trim();
  const normal = trimmed.toLowerCase();
  // Upper case too: lower-casing is contextual for one letter (a final Σ becomes ς), which would
  // break the run of `ΣΣΣΣΣΣΣΣ`; upper-casing never depends on the neighbours.
  if (normal === '' || SHORT_RUN_REPEATED.test(normal) || SHORT_RUN_REPEATED.test(trimmed.toUpperCase())) return 'trivial';
  if (commonPasswords().has(normal)) return 'common';
  const address = email.trim().toLowerCase();
  const local = address.split('@')[0] ?? '';
  const personal = [address, local].filter((word) => word.length > 0);
  if (personal.includes(normal) || (core(local).length >= 3 && core(normal) === core(local))) return 'personal';
  if (SERVICE_WORDS.includes(letters(normal)) || (letters(local).length >= 3 && letters(normal) === letters(local))) return 'personal';
  return null;
}
