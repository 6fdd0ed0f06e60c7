/**
 * The comparator's rules, pure: which ids a request names, whether they make a comparison
 * (2–4 articles of one category), and the rows of the technical sheets side by side with the
 * rows whose values differ marked.
 */
import { COMPARISON_SLUG_SEPARATOR, MAX_COMPARED, MIN_COMPARED, type CompareRefusal } from '../../../client/catalogue/compare';
import { SPEC_GROUP_ORDER, specGroupOf, type SpecGroupId } from '../../../client/catalogue/spec-groups';

const ID = /^[1-9]\d{0,8}$/;

/** The article ids of a request, each once in the order given; null when any part is not an id. */
export function parseCompareIds(parts: readonly string[]): number[] | null {
  if (parts.length === 0 || !parts.every((part) => ID.test(part))) return null;
  return [...new Set(parts.map(Number))];
}

/** The articles' slugs in the slug of a fixed comparison (`a-vs-b-vs-c`). */
export function splitComparisonSlug(slug: string): string[] {
  return slug.split(COMPARISON_SLUG_SEPARATOR).filter(Boolean);
}

export function joinComparisonSlug(slugs: readonly string[]): string {
  return slugs.join(COMPARISON_SLUG_SEPARATOR);
}

/**
 * Why a set of articles cannot be compared, or null when it can. `found` are the articles the
 * catalogue knows among the `asked` ids; `categoryId` is the category of the address, if any.
 */
export function compareRefusal(asked: number, found: readonly { categoryId: number }[], categoryId?: number): CompareRefusal | null {
  if (asked > MAX_COMPARED) return 'tooMany';
  if (found.length < asked) return 'unknownArticle';
  const category = categoryId ?? found[0]?.categoryId;
  if (found.some((article) => article.categoryId !== category)) return 'mixedCategories';
  if (asked < MIN_COMPARED) return 'tooFew';
  return null;
}

export interface ComparisonRow {
  /** The attribute's key in articles.specs / article_attributes. */
  key: string;
  group: SpecGroupId;
  /** One value per compared article, in their order; null where an article lacks the attribute. */
  values: (string | null)[];
  /** True when the articles do not all have the same value. */
  differs: boolean;
}

/** True when the values are not all equal (a missing value differs from any value). */
export function valuesDiffer(values: readonly unknown[]): boolean {
  return values.some((value) => value !== values[0]);
}

/**
 * The attribute rows of the compared articles: every key any of them has, in the groups of the
 * technical sheet (client/catalogue/spec-groups.ts), each group in first-seen order.
 */
export function comparisonRows(specs: readonly Record<string, string>[]): ComparisonRow[] {
  const keys: string[] = [];
  for (const sheet of specs) for (const key of Object.keys(sheet)) if (!keys.includes(key)) keys.push(key);
  const rows = keys.map((key): ComparisonRow => {
    const values = specs.map((sheet) => (Object.hasOwn(sheet, key) ? sheet[key]! : null));
    return { key, group: specGroupOf(key, values.find((value) => value !== null) ?? ''), values, differs: valuesDiffer(values) };
  });
  return SPEC_GROUP_ORDER.flatMap((group) => rows.filter((row) => row.group === group));
}
