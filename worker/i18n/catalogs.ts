/** All six compiled catalogs, for server rendering and API messages. */
import type { Messages } from '@lingui/core';
import { createI18n } from '../../client/i18n/i18n';
import type { Language } from '../../client/i18n/languages';
import { messages as de_DE } from '../../locales/de_DE/messages.po';
import { messages as en_EN } from '../../locales/en_EN/messages.po';
import { messages as es_ES } from '../../locales/es_ES/messages.po';
import { messages as fr_FR } from '../../locales/fr_FR/messages.po';
import { messages as it_IT } from '../../locales/it_IT/messages.po';
import { messages as pt_PT } from '../../locales/pt_PT/messages.po';

const CATALOGS: Record<Language, Messages> = { es_ES, en_EN, fr_FR, pt_PT, it_IT, de_DE };

export function i18nFor(language: Language) {
  return createI18n(language, CATALOGS[language]);
}
