/**
 * The sort select as a GET form that keeps the listing's filters (works without JavaScript; its
 * button is for that case). The filters-drawer island applies a new order as soon as it is chosen.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { SORT_OPTIONS, type ListingQuery, type SortOption } from '../../types';
import { listingSearchParams } from '../../../worker/domain/catalogue/listing-query';

const SORT_LABELS: Record<SortOption, MessageDescriptor> = {
  relevance: msg`Relevance`,
  new: msg`Newest`,
  old: msg`Oldest`,
  'price-asc': msg`Price: low to high`,
  'price-desc': msg`Price: high to low`,
};

export interface SortFormProps {
  basePath: string;
  query: ListingQuery;
  /** With JavaScript: the chosen order, and what to do when it changes. */
  sort?: SortOption;
  onSort?: (sort: SortOption) => void;
}

export function SortForm({ basePath, query, sort, onSort }: SortFormProps) {
  const { i18n } = useLingui();
  const keep = [...listingSearchParams({ ...query, sort: 'relevance', page: 1 }).entries()];
  return (
    <form method="get" action={basePath} className="sort-form">
      {keep.map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor="listing-sort">
        <Trans>Sort by</Trans>
      </label>
      <select
        id="listing-sort"
        name="sort"
        value={onSort ? sort : undefined}
        defaultValue={onSort ? undefined : query.sort}
        onChange={onSort ? (event) => onSort(event.target.value as SortOption) : undefined}
      >
        {SORT_OPTIONS.map((option) => (
          <option key={option} value={option}>
            {i18n._(SORT_LABELS[option])}
          </option>
        ))}
      </select>
      <button type="submit" className="button button--secondary filters-drawer__nojs">
        <Trans>Sort</Trans>
      </button>
    </form>
  );
}
