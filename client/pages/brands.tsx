/**
 * The all-brands index: a jump list of initials, then one section per initial with its brands,
 * each linked to its brand page. Plain links and headings: works without JavaScript, and a
 * screen reader can move by heading or through the "Brands by initial" navigation.
 */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Breadcrumbs, type Crumb } from '../components/breadcrumbs';
import { useStore } from '../components/store-context';
import { slugHref } from '../routes';
import type { BrandGroup } from '../../worker/domain/catalogue/brand-index';

export interface BrandIndexData {
  breadcrumbs: Crumb[];
  groups: BrandGroup[];
  brandCount: number;
}

export default function BrandIndexPage({ data }: { data: BrandIndexData }) {
  const { t } = useLingui();
  const { language, channel } = useStore();
  return (
    <div className="brand-index">
      <Breadcrumbs crumbs={data.breadcrumbs} />
      <h1>
        <Trans>All brands</Trans>
      </h1>
      <p>
        <Plural value={data.brandCount} one="# brand, from A to Z." other="# brands, from A to Z." />
      </p>
      <nav aria-label={t`Brands by initial`}>
        <ul className="brand-index__letters">
          {data.groups.map((group) => (
            <li key={group.anchor}>
              <a href={`#${group.anchor}`}>
                <span aria-hidden="true">{group.label}</span>
                <span className="visually-hidden">
                  <Trans>Brands starting with {group.label}</Trans>
                </span>
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {data.groups.map((group) => (
        <section key={group.anchor} aria-labelledby={group.anchor} className="brand-index__group">
          <h2 id={group.anchor} tabIndex={-1}>
            {group.label}
          </h2>
          <ul className="brand-index__brands">
            {group.brands.map((brand) => (
              <li key={brand.id}>
                <a href={slugHref(brand.slug, language, channel)}>{brand.name}</a>{' '}
                {brand.productCount > 0 ? (
                  <span className="brand-index__count">
                    <Plural value={brand.productCount} one="(# product)" other="(# products)" />
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
