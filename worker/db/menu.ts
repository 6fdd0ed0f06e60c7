/**
 * The header's menu in one statement: the category tree of a language and, on each top
 * category, the brands with most listings in it on the channel (summed over the category's
 * subtree from the unfiltered facet counts the catalogue refresh keeps in `listing_facets`).
 */
import { sql } from 'drizzle-orm';
import type { Language } from '../../client/i18n/languages';
import type { MenuBrand, MenuCategory } from '../../client/types';
import type { ChannelId } from '../channel/channels';
import type { Db } from './client';

/** How many brands a top category's mega-menu panel features. */
export const FEATURED_BRANDS = 6;

interface MenuRow {
  id: number;
  parentId: number | null;
  icon: string;
  name: string;
  slug: string;
  /** JSON array of MenuBrand, top categories only. */
  featured: string | null;
}

/** Most listings first, then by name (and id), so the choice is stable. */
export function byListings(a: MenuBrand, b: MenuBrand): number {
  return b.count - a.count || (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id);
}

export async function menuTree(db: Db, language: Language, channel: ChannelId): Promise<MenuCategory[]> {
  const rows = await db.all<MenuRow>(sql`
    WITH RECURSIVE tree(id, top) AS (
      SELECT id, id FROM categories WHERE parent_id IS NULL
      UNION ALL
      SELECT c.id, t.top FROM categories c JOIN tree t ON c.parent_id = t.id
    ),
    brand_counts AS (
      SELECT t.top AS top, CAST(f.value AS INTEGER) AS brand_id, sum(f.count) AS listings
      FROM listing_facets f JOIN tree t ON t.id = f.category_id
      WHERE f.channel = ${channel} AND f.facet = 'brand'
      GROUP BY 1, 2
    ),
    ranked AS (
      SELECT bc.top, b.id, b.name, b.slug, bc.listings,
             row_number() OVER (PARTITION BY bc.top ORDER BY bc.listings DESC, b.name, b.id) AS place
      FROM brand_counts bc JOIN brands b ON b.id = bc.brand_id
      WHERE bc.listings > 0
    )
    SELECT c.id AS id, c.parent_id AS parentId, c.icon AS icon, ct.name AS name, ct.slug AS slug,
      CASE WHEN c.parent_id IS NULL THEN (
        SELECT json_group_array(json_object('id', r.id, 'name', r.name, 'slug', r.slug, 'count', r.listings))
        FROM ranked r WHERE r.top = c.id AND r.place <= ${FEATURED_BRANDS}
      ) END AS featured
    FROM categories c
    JOIN category_translations ct ON ct.category_id = c.id AND ct.lang = ${language}
    ORDER BY c.level, c.position, c.id`);
  const byId = new Map<number, MenuCategory>();
  const roots: MenuCategory[] = [];
  for (const row of rows) {
    const node: MenuCategory = { id: row.id, name: row.name, slug: row.slug, icon: row.icon, children: [] };
    if (row.parentId === null) {
      // json_group_array keeps no promised order: sort here by the same rule as the ranking.
      node.featuredBrands = row.featured ? (JSON.parse(row.featured) as MenuBrand[]).sort(byListings) : [];
    }
    byId.set(row.id, node);
    const parent = row.parentId === null ? undefined : byId.get(row.parentId);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}
