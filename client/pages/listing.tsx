/**
 * Every product listing (category, brand, collection, marketplace shop, search, buy keyword):
 * breadcrumbs, heading, sub-categories, sort, filters drawer, applied-filter chips, the page of
 * products and "load more". Every state is a shareable URL that works without JavaScript.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Breadcrumbs, type Crumb } from '../components/breadcrumbs';
import { Island } from '../components/island';
import { LinkChips } from '../components/link-chips';
import { Highlights, Promotions } from '../components/listing/merchandise';
import { ProductGrid } from '../components/product-bits';
import { useStore } from '../components/store-context';
import CompareTray, { compareStorageKey } from '../islands/compare-tray';
import FiltersDrawer from '../islands/filters-drawer';
import LoadMore from '../islands/load-more';
import type { ListingQuery, ListingResult, ProductCard } from '../types';
import type { PromotionView } from '../../worker/domain/catalogue/promotions';
import { listingSearchParams, toggleFilter, withPage } from '../../worker/domain/catalogue/listing-query';

export interface ListingPageData {
  heading: string;
  intro?: string;
  breadcrumbs: Crumb[];
  links?: { name: string; href: string }[];
  /** The listing's own address (no query). */
  basePath: string;
  /** The scope in the listing API's terms, e.g. `category=12`. */
  apiScope: string;
  result: ListingResult;
  /** Featured products above the list (first page of category and brand listings). */
  highlights?: ProductCard[];
  /** The category's live promotions (first page of category listings). */
  promotions?: PromotionView[];
}

function urlOf(basePath: string, query: ListingQuery): string {
  const search = listingSearchParams(query).toString();
  return search ? `${basePath}?${search}` : basePath;
}

function AppliedFilters({ data }: { data: ListingPageData }) {
  const { t } = useLingui();
  const { result, basePath } = data;
  const chips = result.facets.flatMap((facet) => facet.values.filter((value) => value.selected).map((value) => ({ facet, value })));
  const price = result.query.ranges.price;
  if (chips.length === 0 && !price) return null;
  return (
    <ul className="chips chips--applied" aria-label={t`Applied filters`}>
      {chips.map(({ facet, value }) => (
        <li key={`${facet.key}:${value.value}`}>
          <a href={urlOf(basePath, toggleFilter(result.query, facet.key, value.value))} aria-label={t`Remove filter ${facet.label}: ${value.label}`}>
            {facet.label}: {value.label} ×
          </a>
        </li>
      ))}
      {price ? (
        <li>
          <a href={urlOf(basePath, { ...result.query, page: 1, ranges: { ...result.query.ranges, price: {} } })}>
            <Trans>
              Price {price.from ?? 0}–{price.to ?? '∞'} €
            </Trans>{' '}
            ×
          </a>
        </li>
      ) : null}
      <li>
        <a href={urlOf(basePath, { ...result.query, page: 1, filters: {}, ranges: {} })}>
          <Trans>Clear all filters</Trans>
        </a>
      </li>
    </ul>
  );
}

export default function ListingPage({ data }: { data: ListingPageData }) {
  const { t } = useLingui();
  const { language } = useStore();
  const { result, basePath } = data;
  const next = withPage(result.query, result.page + 1);
  const apiQuery = new URLSearchParams(data.apiScope);
  for (const [name, value] of listingSearchParams({ ...result.query, page: 1 })) apiQuery.append(name, value);
  return (
    <div className="listing">
      <Breadcrumbs crumbs={data.breadcrumbs} />
      <h1>{data.heading}</h1>
      {result.correctedQuery ? (
        <p className="did-you-mean">
          <Trans>
            Showing results for “{result.correctedQuery}”
          </Trans>
        </p>
      ) : null}
      {data.intro ? <p className="listing__intro">{data.intro}</p> : null}
      <Promotions promotions={data.promotions ?? []} />
      {data.links && data.links.length > 0 ? (
        <nav aria-label={t`Sub-categories`}>
          <LinkChips links={data.links} />
        </nav>
      ) : null}
      <Highlights products={data.highlights ?? []} />
      {/* The island's bar (count, filters, sort) and drawer are cells of this grid (display: contents). */}
      <div className="listing__body">
        {/* Its props are the memoized result's and the path's: rendered once per result and path. */}
        <Island name="filters-drawer" component={FiltersDrawer} props={{ basePath, facets: result.facets, query: result.query, total: result.total }} part={{ of: result, variant: basePath }} />
        <section className="listing__results" aria-labelledby="listing-results-title">
          {/* The cards' titles are h3: this keeps the heading outline whole for screen readers. */}
          <h2 id="listing-results-title" className="visually-hidden" tabIndex={-1}>
            {t`Products`}
          </h2>
          <AppliedFilters data={data} />
          {result.items.length === 0 ? (
            <p>
              <Trans>No products match these filters.</Trans>
            </p>
          ) : (
            <ProductGrid products={result.items} eager={2} wishlist />
          )}
          <Island
            name="load-more"
            component={LoadMore}
            props={{ apiQuery: apiQuery.toString(), page: result.page, pageSize: result.pageSize, total: result.total, nextHref: urlOf(basePath, next) }}
          />
        </section>
      </div>
      <Island name="compare-tray" component={CompareTray} props={{}} hydrate="stored" storageKey={compareStorageKey(language)} />
    </div>
  );
}
