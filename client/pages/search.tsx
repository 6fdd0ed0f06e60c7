/** Search results for the `query` parameter. */
import { Plural, Trans } from '@lingui/react/macro';
import { Pagination } from '../components/pagination';
import { ProductGrid } from '../components/product-bits';
import { useHref } from '../components/store-context';
import type { Paged, ProductCard } from '../types';

export interface SearchData {
  query: string;
  results: Paged<ProductCard>;
}

export default function SearchPage({ data }: { data: SearchData }) {
  const link = useHref();
  const { query, results } = data;
  return (
    <>
      <h1>{query ? <Trans>Results for “{query}”</Trans> : <Trans>Search</Trans>}</h1>
      {query ? (
        <p className="result-count" role="status">
          <Plural value={results.total} one="# product found" other="# products found" />
        </p>
      ) : (
        <p>
          <Trans>Type what you are looking for in the search box.</Trans>
        </p>
      )}
      {results.items.length > 0 ? <ProductGrid products={results.items} /> : null}
      <Pagination page={results.page} pageSize={results.pageSize} total={results.total} basePath={link('search')} query={{ query }} />
    </>
  );
}
