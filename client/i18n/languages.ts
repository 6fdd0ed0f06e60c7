/**
 * The six interface languages. Ids are the specification's (`es_ES` …); `tag` is the BCP 47 tag
 * used for Intl and `<html lang>`; `prefix` is the path segment used when the language is not
 * the channel's default.
 */
export const LANGUAGES = ['es_ES', 'en_EN', 'fr_FR', 'pt_PT', 'it_IT', 'de_DE'] as const;
export type Language = (typeof LANGUAGES)[number];

export const LANGUAGE_INFO: Record<Language, { tag: string; prefix: string; nativeName: string }> = {
  es_ES: { tag: 'es-ES', prefix: 'es', nativeName: 'Español' },
  en_EN: { tag: 'en-GB', prefix: 'en', nativeName: 'English' },
  fr_FR: { tag: 'fr-FR', prefix: 'fr', nativeName: 'Français' },
  pt_PT: { tag: 'pt-PT', prefix: 'pt', nativeName: 'Português' },
  it_IT: { tag: 'it-IT', prefix: 'it', nativeName: 'Italiano' },
  de_DE: { tag: 'de-DE', prefix: 'de', nativeName: 'Deutsch' },
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The language whose path prefix is `segment` (`en` → `en_EN`), if any. */
export function languageFromPrefix(segment: string): Language | undefined {
  return LANGUAGES.find((lang) => LANGUAGE_INFO[lang].prefix === segment);
}

/** Header a client sends to choose the language of API messages (spec §7). */
export const LANGUAGE_HEADER_NAME = 'X-Selected-Language';
