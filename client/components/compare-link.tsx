/**
 * "Add to compare" on product cards and the product page: a plain link to the comparator with
 * this product chosen, so it works without script; the compare tray island (when present)
 * catches the click and keeps the product in this browser's selection instead.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { comparisonHref } from '../catalogue/compare';
import { useStore } from './store-context';

export function CompareLink({ id, name, categorySlug, className = 'compare-link' }: { id: number; name: string; categorySlug: string; className?: string }) {
  const { t } = useLingui();
  const { language, channel } = useStore();
  return (
    <a
      className={className}
      href={comparisonHref(categorySlug, [id], language, channel)}
      aria-label={t`Add to compare: ${name}`}
      data-compare={id}
      data-wakes-island="compare-tray"
      data-compare-category={categorySlug}
      data-compare-name={name}
    >
      <Trans>Add to compare</Trans>
    </a>
  );
}

/** The accessible name of a product's "Remove" (the page's links, the tray's buttons). */
export function useRemoveLabel(): (name: string) => string {
  const { t } = useLingui();
  return (name) => t`Remove ${name} from the comparison`;
}
