/** Previous / next page links that keep the rest of the query string. */
import { Trans, useLingui } from '@lingui/react/macro';

export function Pagination({ page, pageSize, total, basePath, query = {} }: { page: number; pageSize: number; total: number; basePath: string; query?: Record<string, string> }) {
  const { t } = useLingui();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  const pageHref = (n: number) => {
    const params = new URLSearchParams({ ...query, ...(n > 1 ? { page: String(n) } : {}) });
    const search = params.toString();
    return search ? `${basePath}?${search}` : basePath;
  };
  return (
    <nav className="pagination" aria-label={t`Pages`}>
      {page > 1 ? (
        <a href={pageHref(page - 1)} rel="prev">
          <Trans>Previous page</Trans>
        </a>
      ) : null}
      <span aria-current="page">
        <Trans>
          Page {page} of {pages}
        </Trans>
      </span>
      {page < pages ? (
        <a href={pageHref(page + 1)} rel="next">
          <Trans>Next page</Trans>
        </a>
      ) : null}
    </nav>
  );
}
