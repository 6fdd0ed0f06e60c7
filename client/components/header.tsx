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
import { CHROME, Part } from './part';
import { StorePicker } from './store-selector';
import { useHref, useStore } from './store-context';
import { InboxCount } from './inbox-count';

/**
 * All but the store selector's links (which name this page in the other stores) and the
 * unread count depend on the language and channel alone: pre-rendered parts on the server.
 */
export function Header() {
  const link = useHref();
  const unread = useStore().inboxUnread ?? 0;
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Part of={CHROME} variant="header:start">
          <>
            <a className="logo" href={link('home')}>
              <span aria-hidden="true">⚡</span> Ampora
              <span className="visually-hidden">
                {' '}
                <Trans>home page</Trans>
              </span>
            </a>
            <MenuToggle />
          </>
        </Part>
        <CategoryNav />
        <Island name="search-box" component={SearchBox} props={{ action: link('search') }} part={{ of: CHROME, variant: '' }} />
        <div className="site-header__actions">
          <StorePicker />
          <Part of={CHROME} variant={`header:account:${unread}`}>
            <HeaderButtons />
          </Part>
        </div>
      </div>
    </header>
  );
}

/** Account and basket. */
function HeaderButtons() {
  const link = useHref();
  return (
    <>
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
    </>
  );
}
