/**
 * Language helpers for the demo catalogue: the six interface languages, slugs, and the small
 * typographic rules (decimal comma, French units, list joining) that make generated text read
 * as if written in each language.
 */

/** The interface languages, in the order every six-language tuple in scripts/seed/ follows. */
export const LANGS = ['es_ES', 'en_EN', 'fr_FR', 'pt_PT', 'it_IT', 'de_DE'] as const;
export type Lang = (typeof LANGS)[number];

/** One text per language, in LANGS order: es, en, fr, pt, it, de. */
export type L6 = readonly [string, string, string, string, string, string];

export const CHANNELS = ['ES', 'PT', 'FR', 'IT', 'DE'] as const;
export type ChannelCode = (typeof CHANNELS)[number];

const GERMAN_FOLDS: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' };

/** Lowercase ASCII slug with hyphens; German umlauts become ae/oe/ue, other accents are dropped. */
export function slugify(text: string, lang: Lang = 'en_EN', maxLength = 80): string {
  let s = text.toLowerCase();
  if (lang === 'de_DE') s = s.replace(/[äöüß]/g, (c) => GERMAN_FOLDS[c]!);
  s = s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/['’]/g, '')
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (s.length > maxLength) s = s.slice(0, maxLength).replace(/-[^-]*$/, '');
  return s;
}

/** Upper-cases the first letter. */
export const capitalize = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** Title Case for English product names ("Washing machine" → "Washing Machine"). */
export const titleCase = (text: string): string => text.replace(/(^|\s)([a-z])/g, (_, sep: string, c: string) => sep + c.toUpperCase());

/**
 * A category name as it reads inside a sentence: German nouns keep their capital; elsewhere the
 * first letter is lowered unless the word is an acronym ("TV y sonido" stays as is).
 */
export function inline(name: string, lang: Lang): string {
  if (lang === 'de_DE') return name;
  const second = name.charAt(1);
  return second && second === second.toLowerCase() ? name.charAt(0).toLowerCase() + name.slice(1) : name;
}

/**
 * Language-neutral spec values as each language writes them: decimal comma before inches, GHz,
 * kg and litres outside English, and French "Go/To" for gigabytes and terabytes.
 */
export function localizeUnits(value: string, lang: Lang): string {
  let v = value;
  if (lang !== 'en_EN') v = v.replace(/(\d)\.(\d+)(?=\s?(?:"|GHz|kg|l\b))/g, '$1,$2');
  if (lang === 'fr_FR') v = v.replace(/(\d) GB\b/g, '$1 Go').replace(/(\d) TB\b/g, '$1 To').replace(/(\d) rpm\b/g, '$1 tr/min');
  if (lang === 'it_IT') v = v.replace(/(\d) rpm\b/g, '$1 giri/min');
  if (lang === 'de_DE') v = v.replace(/(\d) rpm\b/g, '$1 U/min');
  return v;
}

const AND: L6 = ['y', 'and', 'et', 'e', 'e', 'und'];

/** "a, b y c" in the given language (no serial comma, as in British English). */
export function joinList(items: readonly string[], lang: Lang): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${AND[LANGS.indexOf(lang)]} ${items[items.length - 1]}`;
}

/** Replaces `{name}` placeholders. */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (m, key: string) => values[key] ?? m);
}

/** The separator between a label and its value: French puts a space before the colon. */
export const colon = (lang: Lang): string => (lang === 'fr_FR' ? ' : ' : ': ');
