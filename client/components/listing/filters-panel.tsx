/**
 * The filters of a listing as a plain GET form (works without JavaScript): one fieldset per
 * facet with counts, the price range as `price_from` / `price_to`, the current sort and query
 * kept, and an apply button in a footer that stays in view at the bottom of the drawer.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { FormEvent, ReactNode, Ref } from 'react';
import type { Facet, ListingQuery } from '../../types';

export interface FiltersPanelProps {
  basePath: string;
  facets: Facet[];
  query: ListingQuery;
  /** Called when a checkbox changes (the drawer island tracks selected vs applied). */
  onToggle?: (key: string, value: string, checked: boolean) => void;
  selected?: Record<string, string[]>;
  /** Called when a price bound is edited. */
  onRange?: () => void;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  formRef?: Ref<HTMLFormElement>;
  /** More controls for the footer, beside the apply button. */
  footer?: ReactNode;
}

export function FiltersPanel({ basePath, facets, query, onToggle, selected, onRange, onSubmit, formRef, footer }: FiltersPanelProps) {
  const { t } = useLingui();
  const price = query.ranges.price ?? {};
  const isChecked = (facet: Facet, value: string, fallback: boolean) => (selected ? (selected[facet.key] ?? []).includes(value) : fallback);
  return (
    <form method="get" action={basePath} className="filters-panel" aria-label={t`Filters`} ref={formRef} onSubmit={onSubmit}>
      {query.query ? <input type="hidden" name="query" value={query.query} /> : null}
      {query.sort !== 'relevance' ? <input type="hidden" name="sort" value={query.sort} /> : null}
      {facets
        .filter((facet) => facet.kind === 'terms' && facet.values.length > 0)
        .map((facet) => (
          <fieldset key={facet.key} className="facet">
            <legend>{facet.label}</legend>
            <ul>
              {facet.values.map((value) => {
                const id = `f-${facet.key}-${value.value}`.replace(/[^A-Za-z0-9_-]/g, '_');
                return (
                  <li key={value.value}>
                    <input
                      id={id}
                      type="checkbox"
                      name={facet.key}
                      value={value.value}
                      checked={onToggle ? isChecked(facet, value.value, value.selected) : undefined}
                      defaultChecked={onToggle ? undefined : value.selected}
                      onChange={onToggle ? (event) => onToggle(facet.key, value.value, event.target.checked) : undefined}
                    />
                    <label htmlFor={id}>
                      {value.label} <span className="facet__count">({value.count})</span>
                    </label>
                  </li>
                );
              })}
            </ul>
          </fieldset>
        ))}
      <fieldset className="facet facet--range">
        <legend>
          <Trans>Price (€)</Trans>
        </legend>
        <label>
          <Trans>From</Trans>{' '}
          <input type="number" name="price_from" min={0} step="any" inputMode="decimal" defaultValue={price.from ?? ''} onChange={onRange} />
        </label>
        <label>
          <Trans>To</Trans> <input type="number" name="price_to" min={0} step="any" inputMode="decimal" defaultValue={price.to ?? ''} onChange={onRange} />
        </label>
      </fieldset>
      <div className="filters-panel__footer">
        <button type="submit" className="button button--primary button--block filters-panel__apply">
          <Trans>Apply filters</Trans>
        </button>
        {footer}
      </div>
    </form>
  );
}
