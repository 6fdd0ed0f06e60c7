/**
 * The all-brands index: brands sorted the way the visitor's language sorts them and grouped by
 * initial letter. Accents fold onto their base letter (Ö under O), digits share one group
 * ("0–9", listed first) and anything else goes under "#" (listed last).
 */

export interface BrandIndexEntry {
  id: number;
  name: string;
  slug: string;
  /** Products of the brand on the channel. */
  productCount: number;
}

export interface BrandGroup {
  /** What the group is called on screen: a letter, "0–9" or "#". */
  label: string;
  /** Fragment id of the group's heading (`brands-a`, `brands-0-9`, `brands-other`). */
  anchor: string;
  brands: BrandIndexEntry[];
}

export const DIGITS_LABEL = '0–9';
export const OTHER_LABEL = '#';

/** The group a brand name belongs to. */
export function brandInitial(name: string): string {
  const first = name
    .trim()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .charAt(0)
    .toUpperCase();
  if (/[0-9]/.test(first)) return DIGITS_LABEL;
  return /[A-Z]/.test(first) ? first : OTHER_LABEL;
}

function anchorOf(label: string): string {
  if (label === DIGITS_LABEL) return 'brands-0-9';
  if (label === OTHER_LABEL) return 'brands-other';
  return `brands-${label.toLowerCase()}`;
}

const rank = (label: string): number => (label === DIGITS_LABEL ? 0 : label === OTHER_LABEL ? 2 : 1);

/** Brands grouped by initial: groups 0–9, A…Z, #; brands inside a group in the locale's order. */
export function groupBrandsByInitial(brands: readonly BrandIndexEntry[], locale: string): BrandGroup[] {
  const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
  const groups = new Map<string, BrandIndexEntry[]>();
  for (const brand of [...brands].sort((a, b) => collator.compare(a.name, b.name) || a.id - b.id)) {
    const label = brandInitial(brand.name);
    const group = groups.get(label);
    if (group) group.push(brand);
    else groups.set(label, [brand]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([label, members]) => ({ label, anchor: anchorOf(label), brands: members }));
}
