/**
 * Island: the filters drawer (spec §4). It tells selected filters (ticked here) from applied
 * ones (in the address), opens as a drawer on small screens, and applies on demand. Without
 * JavaScript the same form simply submits.
 */
import { Plural, Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { FiltersPanel, type FiltersPanelProps } from '../components/listing/filters-panel';

export type FiltersDrawerProps = Omit<FiltersPanelProps, 'onToggle' | 'selected'>;

function countValues(filters: Record<string, string[]>) {
  return Object.values(filters).reduce((sum, values) => sum + values.length, 0);
}

function sameSelection(a: Record<string, string[]>, b: Record<string, string[]>) {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) => [...(a[key] ?? [])].sort().join(',') === [...(b[key] ?? [])].sort().join(','));
}

export default function FiltersDrawer(props: FiltersDrawerProps) {
  const applied = props.query.filters;
  const [selected, setSelected] = useState<Record<string, string[]>>(applied);
  const [open, setOpen] = useState(false);
  const pending = !sameSelection(selected, applied);
  const toggle = (key: string, value: string, checked: boolean) => {
    setSelected((current) => {
      const values = new Set(current[key] ?? []);
      if (checked) values.add(value);
      else values.delete(value);
      return { ...current, [key]: [...values] };
    });
  };
  const selectedCount = countValues(selected);
  return (
    <div className={`filters-drawer${open ? ' filters-drawer--open' : ''}`}>
      <button type="button" className="filters-drawer__toggle button--secondary" aria-expanded={open} aria-controls="filters-drawer-panel" onClick={() => setOpen(!open)}>
        <Trans>Filters</Trans> {selectedCount > 0 ? `(${selectedCount})` : ''}
      </button>
      <div id="filters-drawer-panel" className="filters-drawer__panel">
        <p className="filters-drawer__status" role="status">
          {pending ? (
            <Trans>Selected filters are not applied yet.</Trans>
          ) : (
            <Plural value={countValues(applied)} _0="No filters applied" one="# filter applied" other="# filters applied" />
          )}
        </p>
        <FiltersPanel {...props} selected={selected} onToggle={toggle} />
      </div>
    </div>
  );
}
