/**
 * "Add to compare" on product cards and the product page: a plain link to the comparator with
 * this product chosen, so it works without script; the compare tray island (when present)
 * catches the click and keeps the product in this browser's selection instead.
 */
import { Trans } from '@lingui/react/macro';
import { comparisonHref } from '../catalogue/compare';
import { useStore } from './store-context';

export function CompareLink({ id, name, categorySlug, className = 'compare-link' }: { id: number; name: string; categorySlug: string; className?: string }) {
  const { language, channel } = useStore();
  return (
    <a className={className} href={comparisonHref(categorySlug, [id], language, channel)} data-compare={id} data-compare-category={categorySlug} data-compare-name={name}>
      <Trans>
        Add to compare<span className="visually-hidden">: {name}</span>
      </Trans>
    </a>
  );
}
