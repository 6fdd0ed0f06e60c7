/**
 * Nick rules (spec §5, codes 5104001–5104004). A nick is 3 to 20 characters after trimming:
 * letters of any alphabet, digits, and the separators '.', '_' and '-'. Two nicks that differ
 * only in case or accents are the same nick ("José" and "jose"), and a few names that would
 * pass for the store's staff are never available.
 */
export const NICK_MIN_LENGTH = 3;
export const NICK_MAX_LENGTH = 20;

const ALLOWED = /^[\p{L}\p{N}._-]+$/u;

/** Names no customer may take: they would pass for the store or its staff. */
const RESERVED = new Set(['admin', 'administrator', 'administrador', 'ampora', 'moderator', 'moderador', 'support', 'soporte', 'staff', 'root', 'system', 'null', 'anonymous', 'anonimo']);

export type NickProblem = 'tooShort' | 'tooLong' | 'specialCharacters' | 'notAvailable';

/** The spec's code of each problem. */
export const NICK_ERROR_CODES: Record<NickProblem, number> = {
  tooShort: 5104001,
  tooLong: 5104002,
  specialCharacters: 5104003,
  notAvailable: 5104004,
};

/** The uniqueness key: lower case, accents removed, compatibility forms folded. */
export function nickKey(nick: string): string {
  return nick
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase();
}

/** Checks a nick's form; availability against other users is the caller's second step. */
export function checkNick(raw: string): { ok: true; nick: string; key: string } | { ok: false; problem: NickProblem } {
  const nick = raw.trim().normalize('NFC');
  const length = [...nick].length;
  if (length < NICK_MIN_LENGTH) return { ok: false, problem: 'tooShort' };
  if (length > NICK_MAX_LENGTH) return { ok: false, problem: 'tooLong' };
  if (!ALLOWED.test(nick)) return { ok: false, problem: 'specialCharacters' };
  const key = nickKey(nick);
  if (RESERVED.has(key)) return { ok: false, problem: 'notAvailable' };
  return { ok: true, nick, key };
}
