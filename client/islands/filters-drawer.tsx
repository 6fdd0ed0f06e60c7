/**
 * Island: the listing's sticky bar (result count, "Filters (n)", sort) and the filters drawer
 * (spec §4). Without JavaScript the bar's link opens the drawer through `:target`, the forms
 * submit, and every state is a URL. Hydrated, a filter applies as soon as it changes (price
 * bounds after a short pause) and the sort as soon as it is chosen: the island fetches the new
 * listing page, swaps its results in, takes the new facets and total from it, records the
 * address in the history and announces the new count. It tells filters ticked here (selected)
 * from those the results show (applied) while an update is on its way.
 */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type FormEvent, type MouseEvent } from 'react';
import { FiltersPanel } from '../components/listing/filters-panel';
import { SortForm } from '../components/listing/sort-form';
import type { Facet, ListingQuery, SortOption } from '../types';
import { listingSearchParams, parseListingQuery } from '../../worker/domain/catalogue/listing-query';

export interface FiltersDrawerProps {
  basePath: string;
  facets: Facet[];
  query: ListingQuery;
  /** Products matching the applied filters. */
  total: number;
}

/** Pause after a price bound is typed before the listing updates. */
const RANGE_DELAY_MS = 700;
/** Pause after a box is ticked, so quick successive ticks make one update. */
const TOGGLE_DELAY_MS = 150;

function countValues(filters: Record<string, string[]>) {
  return Object.values(filters).reduce((sum, values) => sum + values.length, 0);
}

function sameSelection(a: Record<string, string[]>, b: Record<string, string[]>) {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) => [...(a[key] ?? [])].sort().join(',') === [...(b[key] ?? [])].sort().join(','));
}

/** The address of the listing the form describes: its fields, the chosen order, page 1. */
export function listingUrl(basePath: string, form: HTMLFormElement, current: ListingQuery, sort: SortOption): string {
  const params = new URLSearchParams();
  for (const [name, value] of new FormData(form)) if (typeof value === 'string' && value.trim() !== '' && name !== 'sort') params.append(name, value.trim());
  const next = { ...parseListingQuery(params), sort, page: 1, pageSize: current.pageSize };
  const search = listingSearchParams(next).toString();
  return search ? `${basePath}?${search}` : basePath;
}

/** Hydrates the islands of swapped-in markup (the results' "load more"). */
async function hydrateNew(container: Element) {
  const islands = [...container.querySelectorAll<HTMLElement>('[data-island]')];
  if (islands.length === 0) return;
  const { hydrateIsland } = await import('../island-runtime');
  await Promise.all(islands.map((island) => hydrateIsland(island).then(() => void (island.dataset.hydrated = 'true'))));
}

export default function FiltersDrawer(props: FiltersDrawerProps) {
  const { t } = useLingui();
  const [view, setView] = useState(props);
  const applied = view.query.filters;
  const [selected, setSelected] = useState<Record<string, string[]>>(applied);
  const [sort, setSort] = useState<SortOption>(props.query.sort);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLAnchorElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const request = useRef(0);
  const wasOpen = useRef(false);
  const pending = !sameSelection(selected, applied);

  // An address recorded by an update is a page of its own: going back to it loads it whole.
  useEffect(() => {
    const onPop = () => location.reload();
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, []);

  // Opening moves focus into the drawer; closing brings it back to the bar's button.
  useEffect(() => {
    if (open) panelRef.current?.focus();
    else if (wasOpen.current) toggleRef.current?.focus();
    wasOpen.current = open;
  }, [open]);

  /** Loads `url` and shows it; `id` is the change it answers (a later change voids it). */
  async function update(url: string, id: number) {
    setBusy(true);
    try {
      const response = await fetch(url, { headers: { Accept: 'text/html' } });
      if (!response.ok) throw new Error(`listing ${response.status}`);
      const page = new DOMParser().parseFromString(await response.text(), 'text/html');
      const results = page.querySelector('.listing__results');
      const island = page.querySelector<HTMLElement>('[data-island="filters-drawer"]');
      const here = document.querySelector('.listing__results');
      if (!results || !island?.dataset.props || !here) throw new Error('listing markup');
      // A later change has its own update coming: this answer is already stale.
      if (id !== request.current) return;
      const next = JSON.parse(island.dataset.props) as FiltersDrawerProps;
      here.replaceChildren(...[...results.childNodes].map((node) => document.importNode(node, true)));
      history.pushState(null, '', url);
      setView(next);
      setSelected(next.query.filters);
      void hydrateNew(here);
    } catch {
      // The page itself then: the same address, loaded whole.
      if (id === request.current) location.assign(url);
    } finally {
      if (id === request.current) setBusy(false);
    }
  }

  function schedule(delay: number, nextSort: SortOption = sort) {
    clearTimeout(timer.current);
    const id = ++request.current;
    timer.current = setTimeout(() => {
      if (formRef.current) void update(listingUrl(view.basePath, formRef.current, view.query, nextSort), id);
    }, delay);
  }

  const toggle = (key: string, value: string, checked: boolean) => {
    setSelected((current) => {
      const values = new Set(current[key] ?? []);
      if (checked) values.add(value);
      else values.delete(value);
      return { ...current, [key]: [...values] };
    });
    schedule(TOGGLE_DELAY_MS);
  };

  const onSort = (next: SortOption) => {
    setSort(next);
    schedule(0, next);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    schedule(0);
  };

  const onToggleClick = (event: MouseEvent) => {
    event.preventDefault();
    setOpen(!open);
  };

  // Closed by `:target` (no script yet when it opened), the link itself must clear the address's fragment.
  const onClose = (event: MouseEvent) => {
    if (location.hash !== '#filters') event.preventDefault();
    setOpen(false);
  };

  const selectedCount = countValues(selected);
  return (
    <div className={`filters-drawer${open ? ' filters-drawer--open' : ''}`}>
      <div className="listing__bar">
        <p className="result-count" role="status" aria-busy={busy}>
          <Plural value={view.total} one="# product" other="# products" />
        </p>
        <a
          ref={toggleRef}
          href="#filters"
          className="button button--secondary filters-drawer__toggle"
          aria-expanded={open}
          aria-controls="filters"
          onClick={onToggleClick}
        >
          <Trans>Filters</Trans>
          {selectedCount > 0 ? ` (${selectedCount})` : ''}
        </a>
        <SortForm basePath={view.basePath} query={view.query} sort={sort} onSort={onSort} />
      </div>
      <div
        id="filters"
        ref={panelRef}
        className="filters-drawer__panel drawer__panel"
        tabIndex={-1}
        aria-labelledby="filters-title"
        role="region"
        onKeyDown={(event) => {
          if (event.key === 'Escape' && open) setOpen(false);
        }}
      >
        <div className="filters-drawer__head">
          <h2 id="filters-title">
            <Trans>Filters</Trans>
          </h2>
          <a href="#listing-results-title" className="filters-drawer__close" aria-label={t`Close filters`} onClick={onClose}>
            ×
          </a>
        </div>
        <p className="filters-drawer__status" role="status">
          {pending ? (
            <Trans>Selected filters are not applied yet.</Trans>
          ) : (
            <Plural value={countValues(applied)} _0="No filters applied" one="# filter applied" other="# filters applied" />
          )}
        </p>
        <FiltersPanel
          basePath={view.basePath}
          facets={view.facets}
          query={view.query}
          selected={selected}
          onToggle={toggle}
          onRange={() => schedule(RANGE_DELAY_MS)}
          onSubmit={onSubmit}
          formRef={formRef}
          footer={
            <button type="button" className="button button--primary button--block filters-drawer__done" onClick={() => setOpen(false)}>
              <Plural value={view.total} one="Show # product" other="Show # products" />
            </button>
          }
        />
      </div>
    </div>
  );
}
