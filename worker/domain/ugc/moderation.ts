/**
 * The text rules of user content (reviews, questions, answers). Two outcomes besides refusal:
 * clean text may be published at once (by a verified buyer, without media: the callers decide),
 * text that trips a rule is held for staff (PENDING_REVIEW) with the rules it tripped, so staff
 * see why. Refusals are for what no moderator should have to read: empty, too short, too long.
 * The text is stored as typed (trimmed, NFC) and always rendered as text, never as HTML.
 */

export type UgcTextKind = 'reviewTitle' | 'reviewBody' | 'question' | 'answer';

/** Length limits in characters (code points) after trimming. */
export const TEXT_LIMITS: Record<UgcTextKind, { min: number; max: number }> = {
  reviewTitle: { min: 3, max: 120 },
  reviewBody: { min: 20, max: 3000 },
  question: { min: 10, max: 1000 },
  answer: { min: 5, max: 2000 },
};

/** Rules that hold a text for staff; their names are stored in `moderation_note`. */
export type HoldRule = 'link' | 'contact' | 'markup' | 'shouting' | 'repetition' | 'blocked-word';

/** Words (and their obvious spellings) that a moderator must see first, across the six languages. */
const BLOCKED_WORDS = [
  // insults and slurs, lowercase and accent-free (compared with folded text)
  'idiota', 'imbecil', 'gilipollas', 'cabron', 'puta', 'mierda', 'joder', 'coño',
  'idiot', 'moron', 'fuck', 'shit', 'bitch', 'asshole', 'bastard',
  'connard', 'salope', 'putain', 'merde', 'encule',
  'caralho', 'foda', 'merda', 'porra', 'cabrao',
  'stronzo', 'cazzo', 'vaffanculo', 'coglione', 'troia',
  'arschloch', 'scheisse', 'fotze', 'wichser', 'hurensohn',
];

const LINK = /\b(?:https?:\/\/|www\.)\S+|\b[a-z0-9-]+\.(?:com|es|pt|fr|it|de|net|org|io|ly|co)\b(?:\/\S*)?/i;
const EMAIL = /[^\s@]+@[^\s@]+\.[a-z]{2,}/i;
/** Nine or more digits once spaces, dots and dashes between them are dropped: a phone number. */
const PHONE = /(?:\+?\d[\s.-]?){9,}/;
const MARKUP = /<\s*\/?\s*[a-z!][^>]*>|javascript:|on[a-z]+\s*=/i;
const REPEATED = /(.)\1{7,}/u;

/** Lowercase, accents removed, every run of non-letters one space: what blocked words are matched in. */
export function foldText(text: string): string {
  return ` ${text.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ')} `;
}

/** Trims and normalises (NFC) a text as it will be stored; inner line breaks are kept, runs of blank lines cut to one. */
export function normaliseText(raw: string): string {
  return raw
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    // Control characters other than line breaks and tabs never belong in content.
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export type LengthProblem = 'tooShort' | 'tooLong';

/** Whether the (normalised) text's length is within its kind's limits. */
export function lengthProblem(text: string, kind: UgcTextKind): LengthProblem | null {
  const length = [...text].length;
  if (length < TEXT_LIMITS[kind].min) return 'tooShort';
  if (length > TEXT_LIMITS[kind].max) return 'tooLong';
  return null;
}

/** The hold rules a text trips, in a fixed order (empty: clean). */
export function holdRules(text: string): HoldRule[] {
  const rules: HoldRule[] = [];
  if (LINK.test(text)) rules.push('link');
  if (EMAIL.test(text) || PHONE.test(text)) rules.push('contact');
  if (MARKUP.test(text)) rules.push('markup');
  const letters = text.replace(/[^\p{L}]/gu, '');
  // Mostly capitals over a text long enough to tell (an acronym or two is not shouting).
  if (letters.length >= 20 && letters.replace(/[^\p{Lu}]/gu, '').length / letters.length > 0.7) rules.push('shouting');
  if (REPEATED.test(text)) rules.push('repetition');
  const folded = foldText(text);
  if (BLOCKED_WORDS.some((word) => folded.includes(` ${word} `))) rules.push('blocked-word');
  return rules;
}

/**
 * The state a new or edited piece of content starts in: OK only when every text is clean and
 * the caller allows immediate publication (verified buyer, no media…); otherwise held.
 */
export function initialState(texts: readonly string[], mayPublishAtOnce: boolean): { state: 'OK' | 'PENDING_REVIEW'; rules: HoldRule[] } {
  const rules = [...new Set(texts.flatMap(holdRules))];
  return { state: mayPublishAtOnce && rules.length === 0 ? 'OK' : 'PENDING_REVIEW', rules };
}

/** Reports by distinct users after which published content is hidden until staff look again. */
export const REPORTS_TO_HIDE = 3;
