/**
 * The category menu, one markup for every screen and no script: a "Menu" disclosure (a
 * <details> holding only its summary) shows the <nav> that follows it as a drawer on phones;
 * on desktops the nav is a bar of top categories whose panels (children, grandchildren,
 * featured brands) open on hover (CSS) and on Enter/Space (each top category's own
 * <details>, exclusive through a shared `name`). Panels sit after their disclosure, so a
 * closed one is out of the tab order and the keyboard walks the bar, not every link.
 * client/header-state.ts adds Escape and click-outside when JavaScript runs.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { slugHref } from '../routes';
import type { MenuCategory } from '../types';
import { CloseIcon, MenuIcon } from './icons';
import { useStore } from './store-context';

const NAV_ID = 'category-nav';

export function MenuToggle() {
  return (
    <details className="menu-toggle" data-popover="">
      <summary className="header-button" aria-controls={NAV_ID}>
        <MenuIcon />
        <CloseIcon />
        <span className="header-button__label">
          <Trans>Menu</Trans>
        </span>
      </summary>
    </details>
  );
}

/**
 * The nav; its content (about a thousand elements) depends only on the menu, the language and
 * the channel, so the server renders it once per menu tree (the store's `fragment`) and inserts
 * the same markup into every page.
 */
export function CategoryNav() {
  const { t } = useLingui();
  const { fragment, menu } = useStore();
  const label = t`Categories`;
  if (fragment) return <nav id={NAV_ID} className="category-nav" aria-label={label} dangerouslySetInnerHTML={{ __html: fragment(menu, 'category-nav', <CategoryList />) }} />;
  return (
    <nav id={NAV_ID} className="category-nav" aria-label={label}>
      <CategoryList />
    </nav>
  );
}

/** The nav's list of top categories with their panels. */
function CategoryList() {
  const { menu, language, channel } = useStore();
  const link = (slug: string) => slugHref(slug, language, channel);
  return (
    <ul className="category-nav__tops">
      {menu.map((top) => (
        <TopCategory key={top.id} top={top} link={link} />
      ))}
    </ul>
  );
}

function TopCategory({ top, link }: { top: MenuCategory; link: (slug: string) => string }) {
  const name = top.name;
  const brands = top.featuredBrands ?? [];
  const brandsId = `category-nav-brands-${top.id}`;
  return (
    <li className="category-nav__item">
      <a className="category-nav__top" href={link(top.slug)}>
        {name}
      </a>
      <details className="category-nav__more" name="category-nav" data-popover="">
        <summary className="category-nav__expand">
          <span className="visually-hidden">
            <Trans>Subcategories of {name}</Trans>
          </span>
        </summary>
      </details>
      <div className="category-nav__panel">
        <ul className="category-nav__children">
          {top.children.map((child) => (
            <ChildCategory key={child.id} child={child} link={link} />
          ))}
        </ul>
        {brands.length > 0 ? (
          <div className="category-nav__brands">
            <p className="category-nav__heading" id={brandsId}>
              <Trans>Top brands</Trans>
            </p>
            <ul aria-labelledby={brandsId}>
              {brands.map((brand) => (
                <li key={brand.id}>
                  <a href={`${link(top.slug)}?brand=${encodeURIComponent(brand.slug)}`}>{brand.name}</a>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <a className="category-nav__all" href={link(top.slug)}>
          <Trans>All of {top.name}</Trans>
        </a>
      </div>
    </li>
  );
}

function ChildCategory({ child, link }: { child: MenuCategory; link: (slug: string) => string }) {
  const name = child.name;
  return (
    <li className="category-nav__child">
      <a href={link(child.slug)}>{name}</a>
      {child.children.length > 0 ? (
        <>
          {/* Phones fold the grandchildren away; desktops list them under their parent. */}
          <details className="category-nav__sub">
            <summary className="category-nav__expand">
              <span className="visually-hidden">
                <Trans>Subcategories of {name}</Trans>
              </span>
            </summary>
          </details>
          <ul className="category-nav__grandchildren">
            {child.children.map((grandchild) => (
              <li key={grandchild.id}>
                <a href={link(grandchild.slug)}>{grandchild.name}</a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </li>
  );
}
