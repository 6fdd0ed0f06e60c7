/**
 * Island: the header search box with suggestions (ARIA combobox). It is a plain GET form first;
 * once hydrated (on focus) it asks /api/catalogue/search/suggestions as the visitor types and
 * offers products, categories and brands, reachable with the arrow keys.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { api, unwrap } from '../api';
import { SearchIcon } from '../components/icons';
import { useStore } from '../components/store-context';
import { slugHref } from '../routes';

export interface SearchBoxProps {
  action: string;
}

interface Option {
  key: string;
  label: string;
  group: string;
  href: string;
}

export default function SearchBox({ action }: SearchBoxProps) {
  const { t } = useLingui();
  const { language, channel } = useStore();
  const [text, setText] = useState('');
  const [options, setOptions] = useState<Option[]>([]);
  const [active, setActive] = useState(-1);
  const [open, setOpen] = useState(false);
  const request = useRef<AbortController | null>(null);

  useEffect(() => {
    const query = text.trim();
    if (query.length < 2) {
      setOptions([]);
      return;
    }
    const timer = setTimeout(async () => {
      request.current?.abort();
      const controller = new AbortController();
      request.current = controller;
      try {
        const suggestions = await unwrap(api.catalogue.search.suggestions.$get({ query: { q: query } }, { init: { signal: controller.signal } }));
        const link = (slug: string) => slugHref(slug, language, channel);
        setOptions([
          ...suggestions.products.map((p) => ({ key: `p${p.id}`, label: p.name, group: t`Product`, href: link(p.slug) })),
          ...suggestions.categories.map((c) => ({ key: `c${c.id}`, label: c.name, group: t`Category`, href: link(c.slug) })),
          ...suggestions.brands.map((b) => ({ key: `b${b.id}`, label: b.name, group: t`Brand`, href: link(b.slug) })),
        ]);
        setActive(-1);
        setOpen(true);
      } catch {
        // Aborted by newer typing, or offline: the form still searches on Enter.
      }
    }, 150);
    return () => clearTimeout(timer);
  }, [text, language, channel, t]);

  const expanded = open && options.length > 0;

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    if (!expanded) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      // -1 is the text box itself; the arrows cycle through it and the options.
      const down = event.key === 'ArrowDown';
      setActive((current) => (down ? (current + 1 >= options.length ? -1 : current + 1) : current - 1 < -1 ? options.length - 1 : current - 1));
    } else if (event.key === 'Escape') {
      setOpen(false);
      setActive(-1);
    } else if (event.key === 'Enter' && active >= 0 && options[active]) {
      event.preventDefault();
      window.location.assign(options[active]!.href);
    }
  }

  return (
    <form className="search-form" role="search" action={action} method="get">
      <label htmlFor="site-search" className="visually-hidden">
        <Trans>Search products</Trans>
      </label>
      <div className="search-box">
        <input
          id="site-search"
          name="query"
          type="search"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls="site-search-suggestions"
          aria-activedescendant={expanded && active >= 0 && options[active] ? `suggestion-${options[active]!.key}` : undefined}
          placeholder={t`Search products, brands, references…`}
          autoComplete="off"
          // Uncontrolled, so whatever was typed before hydration stays.
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
        />
        <ul id="site-search-suggestions" role="listbox" aria-label={t`Suggestions`} className="search-box__list" hidden={!expanded}>
          {options.map((option, index) => (
            // An option holds no link (no interactive element inside role=option): choosing it,
            // by click or by Enter on the active one, goes to its page. Pressing the mouse does
            // not take the focus from the text box, so the list stays open until the click.
            <li
              key={option.key}
              id={`suggestion-${option.key}`}
              role="option"
              aria-selected={index === active}
              data-href={option.href}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => window.location.assign(option.href)}
            >
              {option.label} <span className="search-box__group">{option.group}</span>
            </li>
          ))}
        </ul>
      </div>
      <button type="submit" className="search-form__submit">
        <SearchIcon />
        <span className="visually-hidden">
          <Trans>Search</Trans>
        </span>
      </button>
    </form>
  );
}
