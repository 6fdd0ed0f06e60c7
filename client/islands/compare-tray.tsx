/**
 * Island: the compare tray. It keeps the products chosen with "add to compare" (links marked
 * `data-compare`, client/components/compare-link.tsx) in this browser's storage, one selection
 * per language (the comparator's address names the category in the page's language), shows how
 * many are chosen with a link to compare them and a button to remove each, and refuses a product
 * of another category or a fifth one with a toast. Without script the links open the comparator.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { COMPARE_REFUSALS, comparisonHref, MAX_COMPARED, MIN_COMPARED } from '../catalogue/compare';
import { useRemoveLabel } from '../components/compare-link';
import { useStore } from '../components/store-context';
import { browserStorage } from '../storage';
import { showToast } from '../toast';

interface Selection {
  category: string;
  items: { id: number; name: string }[];
}

const EMPTY: Selection = { category: '', items: [] };
/** Where the selection is kept; the key exists only while something is chosen (the tray hydrates at load then). */
export const compareStorageKey = (language: string) => `ampora:compare:${language}`;

function isSelection(value: unknown): value is Selection {
  const candidate = value as Selection | null;
  return (
    typeof candidate?.category === 'string' &&
    Array.isArray(candidate.items) &&
    candidate.items.length <= MAX_COMPARED &&
    candidate.items.every((item) => Number.isInteger(item?.id) && item.id > 0 && typeof item.name === 'string')
  );
}

function readSelection(language: string): Selection {
  try {
    const parsed: unknown = JSON.parse(browserStorage()?.getItem(compareStorageKey(language)) ?? 'null');
    return isSelection(parsed) ? parsed : EMPTY;
  } catch {
    return EMPTY;
  }
}

export default function CompareTray() {
  const { t, i18n } = useLingui();
  const { language, channel } = useStore();
  const removeLabel = useRemoveLabel();
  const [selection, setSelection] = useState<Selection>(EMPTY);
  const current = useRef(selection);

  function save(next: Selection) {
    current.current = next;
    setSelection(next);
    if (next.items.length > 0) browserStorage()?.setItem(compareStorageKey(language), JSON.stringify(next));
    else browserStorage()?.removeItem(compareStorageKey(language));
  }

  useEffect(() => {
    const stored = readSelection(language);
    current.current = stored;
    setSelection(stored);
    function onClick(event: MouseEvent) {
      const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[data-compare]') : null;
      if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const id = Number(link.dataset.compare);
      const category = link.dataset.compareCategory ?? '';
      const name = link.dataset.compareName ?? '';
      if (!Number.isInteger(id) || !category) return;
      event.preventDefault();
      const chosen = current.current;
      if (chosen.items.some((item) => item.id === id)) {
        showToast({ type: 'success', message: t`“${name}” is already in the comparison.` });
      } else if (chosen.items.length > 0 && chosen.category !== category) {
        showToast({ type: 'error', message: i18n._(COMPARE_REFUSALS.mixedCategories) });
      } else if (chosen.items.length >= MAX_COMPARED) {
        showToast({ type: 'error', message: i18n._(COMPARE_REFUSALS.tooMany) });
      } else {
        save({ category, items: [...chosen.items, { id, name }] });
        showToast({ type: 'success', message: t`“${name}” is in the comparison.` });
      }
    }
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
    // The listener reads the selection through the ref, so it is set up once per language.
  }, [language]);

  const count = selection.items.length;
  const remove = (id: number) => {
    const items = current.current.items.filter((item) => item.id !== id);
    save(items.length > 0 ? { ...current.current, items } : EMPTY);
  };
  return (
    <section className="compare-tray" aria-labelledby="compare-tray-title" hidden={count === 0}>
      <h2 id="compare-tray-title" className="compare-tray__title">
        <Trans>
          Products to compare: {count} of {MAX_COMPARED}
        </Trans>
      </h2>
      <ul className="compare-tray__items">
        {selection.items.map((item) => (
          <li key={item.id}>
            <span className="compare-tray__name">{item.name}</span>
            <button type="button" className="button button--ghost button--small" onClick={() => remove(item.id)} aria-label={removeLabel(item.name)}>
              <Trans>Remove</Trans>
            </button>
          </li>
        ))}
      </ul>
      <p className="compare-tray__actions">
        {count >= MIN_COMPARED ? (
          <a className="button button--primary" href={comparisonHref(selection.category, selection.items.map((item) => item.id), language, channel)}>
            <Trans>Compare now</Trans>
          </a>
        ) : (
          <span className="compare-tray__hint">{i18n._(COMPARE_REFUSALS.tooFew)}</span>
        )}{' '}
        <button type="button" className="button button--secondary button--small" onClick={() => save(EMPTY)}>
          <Trans>Clear</Trans>
        </button>
      </p>
    </section>
  );
}
