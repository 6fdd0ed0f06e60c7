/** The header: logo, search, category menu, language switcher, account and basket links. */
import { Trans, useLingui } from '@lingui/react/macro';
import { slugHref } from '../routes';
import SearchBox from '../islands/search-box';
import { Island } from './island';
import { LanguageSwitcher } from './language-switcher';
import { useHref, useStore } from './store-context';

export function Header() {
  const { t } = useLingui();
  const link = useHref();
  const { menu, language, channel } = useStore();
  return (
    <header className="site-header">
      <div className="site-header__bar">
        <a className="logo" href={link('home')}>
          <span aria-hidden="true">⚡</span> Ampora
          <span className="visually-hidden">
            {' '}
            <Trans>home page</Trans>
          </span>
        </a>
        <Island name="search-box" component={SearchBox} props={{ action: link('search') }} />
        <LanguageSwitcher />
        {/* Cached pages are the same for everyone: the page script shows the right label (client/entry.client.ts). */}
        <a className="header-link" href={link('account')} data-account-link="">
          <span data-signed-out="">
            <Trans>Sign in</Trans>
          </span>
          <span data-signed-in="" hidden>
            <Trans>My account</Trans>
          </span>
        </a>
        <a className="header-link" href={link('cartBasket')}>
          <Trans>Basket</Trans>{' '}
          <span className="basket-count" data-basket-count="" hidden />
        </a>
      </div>
      <nav className="category-menu" aria-label={t`Categories`}>
        <ul>
          {menu.map((top) => (
            <li key={top.id}>
              <details>
                <summary>{top.name}</summary>
                <ul>
                  <li>
                    <a href={slugHref(top.slug, language, channel)}>
                      <Trans>All of {top.name}</Trans>
                    </a>
                  </li>
                  {top.children.map((family) => (
                    <li key={family.id}>
                      <a href={slugHref(family.slug, language, channel)}>{family.name}</a>
                    </li>
                  ))}
                </ul>
              </details>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
