/**
 * All six languages for server rendering and API messages: each language's client catalog (what
 * the islands also load in the browser) merged with its server catalog (API errors, e-mails, page
 * titles: messages of worker/, which browsers never need).
 */
import type { I18n, Messages } from '@lingui/core';
import { createI18n } from '../../client/i18n/i18n';
import type { Language } from '../../client/i18n/languages';
import { messages as de_DE } from '../../locales/de_DE/messages.po';
import { messages as en_EN } from '../../locales/en_EN/messages.po';
import { messages as es_ES } from '../../locales/es_ES/messages.po';
import { messages as fr_FR } from '../../locales/fr_FR/messages.po';
import { messages as it_IT } from '../../locales/it_IT/messages.po';
import { messages as pt_PT } from '../../locales/pt_PT/messages.po';
import { messages as de_DE_server } from '../../locales/de_DE/server.po';
import { messages as en_EN_server } from '../../locales/en_EN/server.po';
import { messages as es_ES_server } from '../../locales/es_ES/server.po';
import { messages as fr_FR_server } from '../../locales/fr_FR/server.po';
import { messages as it_IT_server } from '../../locales/it_IT/server.po';
import { messages as pt_PT_server } from '../../locales/pt_PT/server.po';

const CATALOGS: Record<Language, Messages> = {
  es_ES: { ...es_ES, ...es_ES_server },
  en_EN: { ...en_EN, ...en_EN_server },
  fr_FR: { ...fr_FR, ...fr_FR_server },
  pt_PT: { ...pt_PT, ...pt_PT_server },
  it_IT: { ...it_IT, ...it_IT_server },
  de_DE: { ...de_DE, ...de_DE_server },
};

/**
 * One instance per language for the isolate's life. Requests only read it: nothing on the server
 * activates a locale or loads messages into it, and the SSR provider does not subscribe to it.
 * Building one copied its whole catalogue, twice a request (the channel middleware starts in
 * English): about 2 % of a cached page's CPU.
 */
const INSTANCES = new Map<Language, I18n>();

export function i18nFor(language: Language): I18n {
  let i18n = INSTANCES.get(language);
  if (!i18n) INSTANCES.set(language, (i18n = createI18n(language, CATALOGS[language])));
  return i18n;
}
