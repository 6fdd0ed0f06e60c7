/** A fresh Lingui instance per request (server) or per page (browser). */
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { LANGUAGE_INFO, type Language } from './languages';

export function createI18n(language: Language, messages: Messages): I18n {
  return setupI18n({
    locale: language,
    locales: [LANGUAGE_INFO[language].tag],
    messages: { [language]: messages },
  });
}
