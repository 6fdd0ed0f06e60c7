/** Links to the same screen in each language the channel offers; plain links, so it works without JavaScript. */
import { useLingui } from '@lingui/react/macro';
import { LANGUAGE_INFO } from '../i18n/languages';
import { href } from '../routes';
import { useStore } from './store-context';

export function LanguageSwitcher() {
  const { t } = useLingui();
  const { channel, language, alternates } = useStore();
  return (
    <nav className="language-switcher" aria-label={t`Language`}>
      <ul>
        {channel.languages.map((lang) => {
          const info = LANGUAGE_INFO[lang];
          const target = alternates[lang] ?? href('home', lang, channel);
          return (
            <li key={lang}>
              <a href={target} hrefLang={info.tag} lang={info.tag} aria-current={lang === language ? 'true' : undefined}>
                {info.nativeName}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
