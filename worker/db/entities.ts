/** Look-ups of the things a listing is about: category texts, brand, collection, seller, buy keyword. */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Language } from '../../client/i18n/languages';
import type { ChannelId } from '../channel/channels';
import type { BrandIndexEntry } from '../domain/catalogue/brand-index';
import type { Db } from './client';
import { ALL_CATEGORIES } from './refresh';
import { brands, categoryTranslations, collectionTranslations, listingFacets, sellers, slugs } from './schema';

export async function categoryTexts(db: Db, categoryId: number, language: Language) {
  const [row] = await db
    .select({ description: categoryTranslations.description, seoText: categoryTranslations.seoText })
    .from(categoryTranslations)
    .where(and(eq(categoryTranslations.categoryId, categoryId), eq(categoryTranslations.lang, language)));
  return row;
}

export async function brandById(db: Db, id: number) {
  const [row] = await db.select().from(brands).where(eq(brands.id, id));
  return row;
}

/**
 * Every brand with its number of products on the channel, read from the channel-wide brand
 * facet counts that the catalogue refresh keeps (listing_facets, category 0): one range read.
 */
export function brandsWithCounts(db: Db, channel: ChannelId): Promise<BrandIndexEntry[]> {
  return db
    .select({ id: brands.id, name: brands.name, slug: brands.slug, productCount: sql<number>`coalesce(${listingFacets.count}, 0)` })
    .from(brands)
    .leftJoin(
      listingFacets,
      and(
        eq(listingFacets.channel, channel),
        eq(listingFacets.categoryId, ALL_CATEGORIES),
        eq(listingFacets.facet, 'brand'),
        eq(listingFacets.value, sql`cast(${brands.id} as text)`),
      ),
    )
    .orderBy(asc(brands.name));
}

export async function sellerById(db: Db, id: number) {
  const [row] = await db.select().from(sellers).where(eq(sellers.id, id));
  return row;
}

/** A collection in a language, with its slug in every language. */
export async function collectionById(db: Db, id: number, language: Language) {
  const rows = await db.select().from(collectionTranslations).where(eq(collectionTranslations.collectionId, id));
  const own = rows.find((row) => row.lang === language);
  if (!own) return undefined;
  return { ...own, slugs: Object.fromEntries(rows.map((row) => [row.lang, row.slug])) as Partial<Record<Language, string>> };
}

/** The category a buy keyword (`/comprar/{keyword}`) stands for in a language, if it is one. */
export async function buyKeywordCategory(db: Db, language: Language, keyword: string): Promise<number | undefined> {
  const [row] = await db
    .select({ id: slugs.entityId })
    .from(slugs)
    .where(and(eq(slugs.lang, language), eq(slugs.slug, keyword), eq(slugs.kind, 'buy-keyword')));
  return row?.id;
}

/** A buy keyword's slug in every language, by the category it stands for. */
export async function buyKeywordSlugs(db: Db, categoryId: number): Promise<Partial<Record<Language, string>>> {
  const rows = await db
    .select({ lang: slugs.lang, slug: slugs.slug })
    .from(slugs)
    .where(and(eq(slugs.kind, 'buy-keyword'), eq(slugs.entityId, categoryId)));
  return Object.fromEntries(rows.map((row) => [row.lang, row.slug]));
}
