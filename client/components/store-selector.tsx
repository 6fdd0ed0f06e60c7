/**
 * The store selector: the five stores (one per country) and the languages each offers, each
 * link the same page in that store and language where it exists, else that store's home
 * (the `stores` of the request, worker/ssr/handler.tsx). Plain links, so it works without
 * JavaScript: a <details> popover in the header, an open list in the footer.
 */
import { useLingui } from '@lingui/react/macro';
import { LANGUAGE_INFO, type Language } from '../i18n/languages';
import { href } from '../routes';
import { GlobeIcon } from './icons';
import { CHROME, Part } from './part';
import { useStore, type StoreLink } from './store-context';

/** Each store by the name of its country in its own language. */
const COUNTRY_NAMES: Record<string, { name: string; lang: string }> = {
  ES: { name: 'España', lang: 'es' },
  PT: { name: 'Portugal', lang: 'pt' },
  FR: { name: 'France', lang: 'fr' },
  IT: { name: 'Italia', lang: 'it' },
  DE: { name: 'Deutschland', lang: 'de' },
};

const countryOf = (id: string) => COUNTRY_NAMES[id] ?? { name: id, lang: 'en' };

/** The request's stores, or (when the page has none, as in a bare render) its own channel's languages. */
function useStores(): StoreLink[] {
  const { stores, channel, alternates } = useStore();
  if (stores && stores.length > 0) return stores;
  return [{ id: channel.id, languages: channel.languages.map((language) => ({ language, href: alternates[language] ?? href('home', language, channel) })) }];
}

function StoreList() {
  const { channel, language } = useStore();
  const stores = useStores();
  return (
    <ul className="store-list">
      {stores.map((store) => {
        const country = countryOf(store.id);
        const current = store.id === channel.id;
        return (
          <li key={store.id} className="store-list__store" data-store={store.id} data-current={current ? '' : undefined}>
            <span className="store-list__country" lang={country.lang}>
              {`${store.id} · ${country.name}`}
            </span>
            <ul className="store-list__languages">
              {store.languages.map(({ language: lang, href: target }) => {
                const info = LANGUAGE_INFO[lang];
                return (
                  <li key={lang}>
                    <a href={target} hrefLang={`${info.prefix}-${store.id}`} lang={info.tag} aria-current={current && lang === language ? 'true' : undefined}>
                      {info.nativeName}
                      {/* The same language is offered by several stores: the link's name says which. */}
                      <span className="visually-hidden" lang={country.lang}>{` (${country.name})`}</span>
                    </a>
                  </li>
                );
              })}
            </ul>
          </li>
        );
      })}
    </ul>
  );
}

/** The header's compact popover: "ES · Español" opens the list. */
export function StorePicker() {
  const { t } = useLingui();
  return (
    <details className="store-picker" data-popover="">
      <Part of={CHROME} variant="store-picker">
        <StorePickerSummary />
      </Part>
      <nav className="store-picker__panel" aria-label={t`Country and language`}>
        <StoreList />
      </nav>
    </details>
  );
}

function StorePickerSummary() {
  const { t } = useLingui();
  const { channel, language } = useStore();
  const info = LANGUAGE_INFO[language as Language];
  return (
    <summary className="header-button">
      <GlobeIcon />
      <span className="header-button__label">
        {channel.id}
        <span className="store-picker__language" lang={info.tag}>{` · ${info.nativeName}`}</span>
      </span>
      <span className="visually-hidden">{`, ${t`Country and language`}`}</span>
    </summary>
  );
}

/** The footer's open list of every store. */
export function StoreDirectory() {
  const { t } = useLingui();
  return (
    <nav className="store-directory" aria-label={t`Stores and languages`}>
      <StoreList />
    </nav>
  );
}
