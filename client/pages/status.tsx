/** Pages that explain why there is no store page: not found, error, domain refused. */
import { Trans } from '@lingui/react/macro';
import { useHref } from '../components/store-context';

export function NotFoundPage() {
  const link = useHref();
  return (
    <section className="status-page">
      <h1 id="not-found-title">
        <Trans>We can’t find that page</Trans>
      </h1>
      <p>
        <Trans>The address may be mistyped, or the page may have moved. Try searching for what you need.</Trans>
      </p>
      {/* Named after the page, so it is a landmark apart from the header's search. */}
      <form role="search" aria-labelledby="not-found-title" action={link('search')} method="get" className="search-form">
        <label htmlFor="not-found-search">
          <Trans>Search products</Trans>
        </label>
        <input id="not-found-search" name="query" type="search" />
        <button type="submit">
          <Trans>Search</Trans>
        </button>
      </form>
      <p>
        <a href={link('home')}>
          <Trans>Go to the home page</Trans>
        </a>
      </p>
    </section>
  );
}

/** The fallback view shown when a page fails to render. */
export function ErrorPage() {
  const link = useHref();
  return (
    <section className="status-page" role="alert">
      <h1>
        <Trans>Something went wrong</Trans>
      </h1>
      <p>
        <Trans>We couldn’t show this page. Please try again in a moment.</Trans>
      </p>
      <p>
        <a href={link('home')}>
          <Trans>Go to the home page</Trans>
        </a>
      </p>
    </section>
  );
}
