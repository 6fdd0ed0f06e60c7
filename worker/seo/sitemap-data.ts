/**
 * What the sitemaps list, read from D1: every entity of a kind with its address per language
 * (`slugs` table for slug pages, translations for blog posts and tags) and, where the data
 * knows it, when it last changed. A section only lists pages the Worker can render (its page
 * is in the registry), so a sitemap never points at a 404.
 */
import { and, asc, between, countDistinct, eq, lte, max, sql } from 'drizzle-orm';
import type { Language } from '../../client/i18n/languages';
import type { RouteId } from '../../client/routes';
import type { SlugKind } from '../db/catalogue';
import type { Db } from '../db/client';
import { physicalShops, posts, postTags, postTranslations, scheduledContent, slugs, tagTranslations } from '../db/schema';
import { ROUTE_PAGES, SLUG_PAGES } from '../ssr/pages/index';
import { routePaths, slugPaths, type PagePaths } from './hreflang';

export interface SitemapEntry {
  paths: PagePaths;
  lastmod?: Date;
}

export interface SitemapSection {
  /** Entities in the section (each gives at most one URL per language of a channel). */
  count(db: Db, now: Date): Promise<number>;
  /** Entities `offset`… in a stable order. */
  entries(db: Db, now: Date, offset: number, limit: number): Promise<SitemapEntry[]>;
}

export const SITEMAP_KINDS = ['pages', 'categories', 'products', 'brands', 'collections', 'configurations', 'cms', 'blog'] as const;
export type SitemapKind = (typeof SITEMAP_KINDS)[number];

type Translated = Partial<Record<Language, string>>;

function group<T extends { id: number; lang: string; slug: string }>(rows: readonly T[]): Map<number, Translated> {
  const byId = new Map<number, Translated>();
  for (const row of rows) {
    let slugsOf = byId.get(row.id);
    if (!slugsOf) byId.set(row.id, (slugsOf = {}));
    slugsOf[row.lang as Language] = row.slug;
  }
  return byId;
}

/** Slug-addressed entities of one kind, chunked by entity id through the (kind, entity_id) index. */
function slugSection(kind: SlugKind, lastmods?: (db: Db, from: number, to: number, now: Date) => Promise<Map<number, Date>>): SitemapSection {
  return {
    async count(db) {
      const [row] = await db.select({ value: countDistinct(slugs.entityId) }).from(slugs).where(eq(slugs.kind, kind));
      return row?.value ?? 0;
    },
    async entries(db, now, offset, limit) {
      const ids = await db.selectDistinct({ id: slugs.entityId }).from(slugs).where(eq(slugs.kind, kind)).orderBy(asc(slugs.entityId)).limit(limit).offset(offset);
      if (ids.length === 0) return [];
      const from = ids[0]!.id;
      const to = ids[ids.length - 1]!.id;
      const [rows, dates] = await Promise.all([
        db.select({ id: slugs.entityId, lang: slugs.lang, slug: slugs.slug }).from(slugs).where(and(eq(slugs.kind, kind), between(slugs.entityId, from, to))),
        lastmods ? lastmods(db, from, to, now) : undefined,
      ]);
      const byId = group(rows);
      // With lastmods, an entity without a date is not public yet (an unpublished CMS page).
      return ids.flatMap(({ id }) => (dates && !dates.has(id) ? [] : [{ paths: slugPaths(byId.get(id) ?? {}), lastmod: dates?.get(id) }]));
    },
  };
}

/** Published CMS pages: publication time, or the newest scheduled content already public. */
async function cmsLastmods(db: Db, from: number, to: number, now: Date): Promise<Map<number, Date>> {
  const rows = await db
    .select({
      id: posts.id,
      publishedAt: posts.publishedAt,
      updatedAt: sql<number | null>`(select max(${scheduledContent.publishAt}) from ${scheduledContent} where ${scheduledContent.postId} = ${posts.id} and ${scheduledContent.publishAt} <= ${Math.floor(now.getTime() / 1000)})`,
    })
    .from(posts)
    .where(and(eq(posts.kind, 'cms'), between(posts.id, from, to), lte(posts.publishedAt, now)));
  return new Map(rows.map((row) => [row.id, row.updatedAt !== null && row.updatedAt * 1000 > row.publishedAt.getTime() ? new Date(row.updatedAt * 1000) : row.publishedAt]));
}

/** A section small enough to read whole (route pages, the blog), chunked in memory. */
function listSection(read: (db: Db, now: Date) => Promise<SitemapEntry[]>): SitemapSection {
  return {
    async count(db, now) {
      return (await read(db, now)).length;
    },
    async entries(db, now, offset, limit) {
      return (await read(db, now)).slice(offset, offset + limit);
    },
  };
}

const has = (id: RouteId) => ROUTE_PAGES[id] !== undefined;

/** Indexable screens without parameters (home, brand index, gift cards), and the physical shops. */
async function pageEntries(db: Db): Promise<SitemapEntry[]> {
  const fixed: RouteId[] = ['home', 'brands', 'giftCards'];
  const entries: SitemapEntry[] = fixed.filter(has).map((id) => ({ paths: routePaths(id) }));
  if (has('shop')) {
    const shops = await db.select({ slug: physicalShops.slug }).from(physicalShops).orderBy(asc(physicalShops.id));
    entries.push(...shops.map((shop) => ({ paths: routePaths('shop', { name: shop.slug }) })));
  }
  return entries;
}

const perLanguage = (name: string, translated: Translated) => Object.fromEntries(Object.entries(translated).map(([lang, slug]) => [lang, { [name]: slug }]));

/** The blog index, its published posts (newest first) and the tags that have some. */
async function blogEntries(db: Db, now: Date): Promise<SitemapEntry[]> {
  const published = and(eq(posts.kind, 'blog'), lte(posts.publishedAt, now));
  const [postRows, tagRows, tagDates] = await Promise.all([
    db
      .select({ id: posts.id, lang: postTranslations.lang, slug: postTranslations.slug, publishedAt: posts.publishedAt })
      .from(posts)
      .innerJoin(postTranslations, eq(postTranslations.postId, posts.id))
      .where(published)
      .orderBy(sql`${posts.publishedAt} desc`, asc(posts.id)),
    db.select({ id: tagTranslations.tagId, lang: tagTranslations.lang, slug: tagTranslations.slug }).from(tagTranslations),
    db.select({ id: postTags.tagId, latest: max(posts.publishedAt) }).from(postTags).innerJoin(posts, eq(posts.id, postTags.postId)).where(published).groupBy(postTags.tagId).orderBy(asc(postTags.tagId)),
  ]);
  const postDates = new Map(postRows.map((row) => [row.id, row.publishedAt]));
  const latest = postRows[0]?.publishedAt;
  const entries: SitemapEntry[] = [];
  if (has('blog')) entries.push({ paths: routePaths('blog'), lastmod: latest });
  if (has('blogPost')) for (const [id, translated] of group(postRows)) entries.push({ paths: routePaths('blogPost', {}, perLanguage('slug', translated)), lastmod: postDates.get(id) });
  if (has('blogTag')) {
    const tags = group(tagRows);
    for (const { id, latest: tagLatest } of tagDates) {
      const translated = tags.get(id);
      if (translated && tagLatest) entries.push({ paths: routePaths('blogTag', {}, perLanguage('tagSlug', translated)), lastmod: tagLatest });
    }
  }
  return entries;
}

const SLUG_KIND_OF: Partial<Record<SitemapKind, SlugKind>> = {
  categories: 'category',
  products: 'product',
  brands: 'brand',
  collections: 'collection',
  configurations: 'configurator',
  cms: 'cms',
};

/** The sections the Worker can serve now: a slug kind only once its page exists. */
export function sitemapSection(kind: SitemapKind): SitemapSection | undefined {
  if (kind === 'pages') return listSection((db) => pageEntries(db));
  if (kind === 'blog') return has('blog') || has('blogPost') || has('blogTag') ? listSection(blogEntries) : undefined;
  const slugKind = SLUG_KIND_OF[kind]!;
  if (!SLUG_PAGES[slugKind]) return undefined;
  return slugSection(slugKind, kind === 'cms' ? cmsLastmods : undefined);
}
