/** Look-ups of the things a listing is about: category texts, brand, collection, seller, buy keyword. */
import { and, eq } from 'drizzle-orm';
import type { Language } from '../../client/i18n/languages';
import type { Db } from './client';
import { brands, categoryTranslations, collectionTranslations, sellers, slugs } from './schema';

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
