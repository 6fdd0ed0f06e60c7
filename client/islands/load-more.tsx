/**
 * Island: "load more" (spec §4) appends the next page of a listing without reloading, from
 * /api/catalogue/listing. Without JavaScript it is a link to the next page.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { ProductGrid } from '../components/product-bits';
import { showToast } from '../toast';
import type { InferRequestType } from 'hono/client';
import { api, unwrap } from '../api';
import type { ProductCard } from '../types';

type ListingQuery = InferRequestType<typeof api.catalogue.listing.$get>['query'];

export interface LoadMoreProps {
  /** Query string of the listing API for this listing, without `page`. */
  apiQuery: string;
  page: number;
  pageSize: number;
  total: number;
  /** The next page's address, for the link that works without JavaScript. */
  nextHref: string;
}

/**
 * The listing call's query: the page's own (built by the server, filters included, a name
 * repeated for each of its values) and the page wanted.
 */
function listingQuery(apiQuery: string, page: number): ListingQuery {
  const query: Record<string, string[]> = {};
  for (const [name, value] of new URLSearchParams(apiQuery)) (query[name] ??= []).push(value);
  return { ...query, page: String(page) } as ListingQuery;
}

export default function LoadMore({ apiQuery, page, pageSize, total, nextHref }: LoadMoreProps) {
  const { t } = useLingui();
  const [loaded, setLoaded] = useState<ProductCard[]>([]);
  const [lastPage, setLastPage] = useState(page);
  const [busy, setBusy] = useState(false);
  const shown = Math.min(total, lastPage * pageSize);
  const remaining = total - shown;

  async function loadMore(event: React.MouseEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const next = await unwrap(api.catalogue.listing.$get({ query: listingQuery(apiQuery, lastPage + 1) }));
      setLoaded((current) => [...current, ...next.items]);
      setLastPage(lastPage + 1);
    } catch {
      showToast({ type: 'error', message: t`More products could not be loaded. Please try again.` });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="load-more">
      {loaded.length > 0 ? <ProductGrid products={loaded} /> : null}
      <p className="load-more__status" role="status">
        <Trans>
          Showing {shown} of {total}
        </Trans>
      </p>
      {remaining > 0 ? (
        <a className="button button--secondary" href={nextHref} onClick={loadMore} aria-disabled={busy}>
          {busy ? <Trans>Loading…</Trans> : <Trans>Load more products</Trans>}
        </a>
      ) : null}
    </div>
  );
}
