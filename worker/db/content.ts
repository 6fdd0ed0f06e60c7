/**
 * Content reads: blog posts and tags, CMS pages with their scheduled content, the physical
 * shops with their stock, and product recommendations. Publication rules live in
 * worker/domain/content/publication.ts; lists filter on them in SQL, single posts are returned
 * as stored and judged by the loader.
 */
import { and, asc, count, desc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { inList } from './limits';
import type { Language } from '../../client/i18n/languages';
import type { Paged, ProductCard } from '../../client/types';
import type { ChannelId } from '../channel/channels';
import type { ScheduledContent } from '../domain/content/publication';
import type { Db } from './client';
import { cardsByIds } from './catalogue';
import {
  articles,
  physicalShops,
  physicalShopStock,
  posts,
  postTags,
  postTranslations,
  scheduledContent,
  slugs,
  tagTranslations,
} from './schema';

export type Slugs = Partial<Record<Language, string>>;

export interface TagLink {
  id: number;
  name: string;
  slug: string;
}

export interface PostTeaser {
  id: number;
  title: string;
  slug: string;
  excerpt: string;
  publishedAt: Date;
}

export interface PostRecord extends PostTeaser {
  kind: 'blog' | 'cms';
  body: string;
  /** The post's slug in each language it is written in. */
  slugs: Slugs;
  tags: TagLink[];
}

export interface ShopRecord {
  id: number;
  name: string;
  slug: string;
  address: string;
  postalCode: string;
  city: string;
  phone: string;
  openingHours: string[];
  latitudeE6: number;
  longitudeE6: number;
}

const translatedPost = (language: Language) => and(eq(postTranslations.postId, posts.id), eq(postTranslations.lang, language));
const publishedBlog = (now: Date) => and(eq(posts.kind, 'blog'), lte(posts.publishedAt, now));

/** A page of published blog posts in a language, newest first, optionally only those with a tag. */
export async function blogPosts(db: Db, language: Language, now: Date, page: number, pageSize: number, tagId?: number): Promise<Paged<PostTeaser>> {
  const where: SQL | undefined =
    tagId === undefined ? publishedBlog(now) : and(publishedBlog(now), inArray(posts.id, db.select({ id: postTags.postId }).from(postTags).where(eq(postTags.tagId, tagId))));
  const [items, [total]] = await Promise.all([
    db
      .select({ id: posts.id, title: postTranslations.title, slug: postTranslations.slug, excerpt: postTranslations.excerpt, publishedAt: posts.publishedAt })
      .from(posts)
      .innerJoin(postTranslations, translatedPost(language))
      .where(where)
      .orderBy(desc(posts.publishedAt), desc(posts.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ value: count() }).from(posts).innerJoin(postTranslations, translatedPost(language)).where(where),
  ]);
  return { items, total: total?.value ?? 0, page, pageSize };
}

/** Tags that have published blog posts, by name. */
export function blogTags(db: Db, language: Language, now: Date): Promise<TagLink[]> {
  return db
    .select({ id: tagTranslations.tagId, name: tagTranslations.name, slug: tagTranslations.slug })
    .from(tagTranslations)
    .where(and(eq(tagTranslations.lang, language), inArray(tagTranslations.tagId, db.select({ id: postTags.tagId }).from(postTags).innerJoin(posts, eq(posts.id, postTags.postId)).where(publishedBlog(now)))))
    .orderBy(asc(tagTranslations.name));
}

/** A tag by its slug in a language, with its slug in every language. */
export async function tagBySlug(db: Db, language: Language, slug: string): Promise<(TagLink & { slugs: Slugs }) | undefined> {
  const [tag] = await db
    .select({ id: tagTranslations.tagId, name: tagTranslations.name, slug: tagTranslations.slug })
    .from(tagTranslations)
    .where(and(eq(tagTranslations.lang, language), eq(tagTranslations.slug, slug)));
  if (!tag) return undefined;
  const all = await db.select({ lang: tagTranslations.lang, slug: tagTranslations.slug }).from(tagTranslations).where(eq(tagTranslations.tagId, tag.id));
  return { ...tag, slugs: Object.fromEntries(all.map((row) => [row.lang, row.slug])) };
}

/** A post (blog or CMS, published or not) in a language, with its tags and slugs. */
export async function postById(db: Db, language: Language, id: number): Promise<PostRecord | undefined> {
  const [row] = await db
    .select({
      id: posts.id,
      kind: posts.kind,
      publishedAt: posts.publishedAt,
      title: postTranslations.title,
      slug: postTranslations.slug,
      excerpt: postTranslations.excerpt,
      body: postTranslations.body,
    })
    .from(posts)
    .innerJoin(postTranslations, translatedPost(language))
    .where(eq(posts.id, id));
  if (!row) return undefined;
  const [slugRows, tags] = await Promise.all([
    db.select({ lang: postTranslations.lang, slug: postTranslations.slug }).from(postTranslations).where(eq(postTranslations.postId, id)),
    db
      .select({ id: tagTranslations.tagId, name: tagTranslations.name, slug: tagTranslations.slug })
      .from(postTags)
      .innerJoin(tagTranslations, and(eq(tagTranslations.tagId, postTags.tagId), eq(tagTranslations.lang, language)))
      .where(eq(postTags.postId, id))
      .orderBy(asc(tagTranslations.name)),
  ]);
  return { ...row, slugs: Object.fromEntries(slugRows.map((s) => [s.lang, s.slug])), tags };
}

/** A post by its slug in a language (blog post addresses). */
export async function postBySlug(db: Db, language: Language, slug: string): Promise<PostRecord | undefined> {
  const [found] = await db
    .select({ id: postTranslations.postId })
    .from(postTranslations)
    .where(and(eq(postTranslations.lang, language), eq(postTranslations.slug, slug)));
  return found ? postById(db, language, found.id) : undefined;
}

/** Every scheduled content of a post in a language, published or not. */
export function scheduledContentOf(db: Db, postId: number, language: Language): Promise<ScheduledContent[]> {
  return db
    .select({ id: scheduledContent.id, title: scheduledContent.title, body: scheduledContent.body, publishAt: scheduledContent.publishAt })
    .from(scheduledContent)
    .where(and(eq(scheduledContent.postId, postId), eq(scheduledContent.lang, language)));
}

/** One scheduled content by id, if it belongs to the post. */
export async function scheduledContentById(db: Db, postId: number, id: number): Promise<(ScheduledContent & { lang: string }) | undefined> {
  const [row] = await db
    .select({ id: scheduledContent.id, title: scheduledContent.title, body: scheduledContent.body, publishAt: scheduledContent.publishAt, lang: scheduledContent.lang })
    .from(scheduledContent)
    .where(and(eq(scheduledContent.id, id), eq(scheduledContent.postId, postId)));
  return row;
}

/** CMS pages named by their English slug, with their title and slug in `language`, in the order asked. */
export async function cmsPagesByEnglishSlug(db: Db, language: Language, englishSlugs: readonly string[]): Promise<{ title: string; slug: string }[]> {
  if (englishSlugs.length === 0) return [];
  const rows = await db
    .select({ key: slugs.slug, title: postTranslations.title, slug: postTranslations.slug })
    .from(slugs)
    .innerJoin(postTranslations, and(eq(postTranslations.postId, slugs.entityId), eq(postTranslations.lang, language)))
    .where(and(eq(slugs.lang, 'en_EN'), eq(slugs.kind, 'cms'), inList(slugs.slug, englishSlugs)));
  return englishSlugs.flatMap((key) => rows.filter((row) => row.key === key).map(({ title, slug }) => ({ title, slug })));
}

export async function shopBySlug(db: Db, slug: string): Promise<ShopRecord | undefined> {
  const [row] = await db
    .select({
      id: physicalShops.id,
      name: physicalShops.name,
      slug: physicalShops.slug,
      address: physicalShops.address,
      postalCode: physicalShops.postalCode,
      city: physicalShops.city,
      phone: physicalShops.phone,
      openingHours: physicalShops.openingHours,
      latitudeE6: physicalShops.latitude,
      longitudeE6: physicalShops.longitude,
    })
    .from(physicalShops)
    .where(eq(physicalShops.slug, slug));
  return row;
}

/** How many articles a shop has on its shelves, and the best rated of them as cards of the channel. */
export async function shopStock(db: Db, language: Language, channel: ChannelId, shopId: number, limit: number): Promise<{ count: number; products: ProductCard[] }> {
  const inShop = and(eq(physicalShopStock.shopId, shopId), sql`${physicalShopStock.qty} > 0`);
  const [[total], top] = await Promise.all([
    db.select({ value: count() }).from(physicalShopStock).where(inShop),
    db
      .select({ id: articles.id })
      .from(physicalShopStock)
      .innerJoin(articles, eq(articles.id, physicalShopStock.articleId))
      .where(inShop)
      .orderBy(desc(articles.ratingAverage), desc(articles.ratingCount), asc(articles.id))
      .limit(limit),
  ]);
  return { count: total?.value ?? 0, products: await cardsByIds(db, language, channel, top.map((row) => row.id)) };
}

/**
 * Products to recommend on a channel: in stock there (availability 0–3), best rated first; with
 * `articleId`, from that article's category and without it. Undefined when the article does not exist.
 */
export async function recommendedProducts(db: Db, language: Language, channel: ChannelId, options: { limit: number; articleId?: number }): Promise<ProductCard[] | undefined> {
  let sameCategory: SQL | undefined;
  if (options.articleId !== undefined) {
    const [article] = await db.select({ categoryId: articles.categoryId }).from(articles).where(eq(articles.id, options.articleId));
    if (!article) return undefined;
    sameCategory = and(eq(articles.categoryId, article.categoryId), sql`${articles.id} <> ${options.articleId}`);
  }
  const inStock = sql`exists (select 1 from offers o where o.article_id = ${articles.id} and o.channel = ${channel} and o.availability_code <= 3)`;
  const rows = await db
    .select({ id: articles.id })
    .from(articles)
    .where(and(inStock, sameCategory))
    .orderBy(desc(articles.ratingAverage), desc(articles.ratingCount), asc(articles.id))
    .limit(options.limit);
  return cardsByIds(db, language, channel, rows.map((row) => row.id));
}

