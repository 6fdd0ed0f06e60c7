/** The trail to a page, root first; the last crumb is the page itself (not a link). */
import { useLingui } from '@lingui/react/macro';

export interface Crumb {
  name: string;
  href: string;
}

export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  const { t } = useLingui();
  if (crumbs.length === 0) return null;
  return (
    <nav aria-label={t`Breadcrumb`} className="breadcrumb">
      <ol>
        {crumbs.map((crumb, index) => (
          <li key={crumb.href}>{index === crumbs.length - 1 ? <span aria-current="page">{crumb.name}</span> : <a href={crumb.href}>{crumb.name}</a>}</li>
        ))}
      </ol>
    </nav>
  );
}
