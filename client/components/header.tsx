/**
 * The header: logo, category menu (drawer on phones, mega-menu on desktops:
 * ./category-nav.tsx), search, store selector, account and basket. Two rows on phones (logo,
 * menu and icons; search), two on desktops (logo, search and icons; the category bar). Every
 * part works without JavaScript; the icons are inline SVG with a label beside them, visible or
 * visually hidden.
 */
import { Trans } from '@lingui/react/macro';
import SearchBox from '../islands/search-box';
import { CategoryNav, MenuToggle } from './category-nav';
import { BasketIcon, UserIcon } from './icons';
import { Island } from './island';
import { StorePicker } from './store-selector';
import { useHref } from './store-context';
import { InboxCount } from './inbox-count';

export function Header() {
  const link = useHref();
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <a className="logo" href={link('home')}>
          <span aria-hidden="true">⚡</span> Ampora
          <span className="visually-hidden">
            {' '}
            <Trans>home page</Trans>
          </span>
        </a>
        <MenuToggle />
        <CategoryNav />
        <Island name="search-box" component={SearchBox} props={{ action: link('search') }} />
        <div className="site-header__actions">
          <StorePicker />
          {/* Cached pages are the same for everyone: the page script shows the right label (client/header-state.ts). */}
          <a className="header-button" href={link('account')} data-account-link="">
            <UserIcon />
            <span className="header-button__label">
              <span data-signed-out="">
                <Trans>Sign in</Trans>
              </span>
              <span data-signed-in="" hidden>
                <Trans>My account</Trans>
              </span>
            </span>
            <InboxCount className="basket-count" />
          </a>
          <a className="header-button header-basket" href={link('cartBasket')}>
            <BasketIcon />
            <span className="header-button__label">
              <Trans>Basket</Trans>
            </span>{' '}
            <span className="basket-count" data-basket-count="" hidden />
          </a>
        </div>
      </div>
    </header>
  );
}
