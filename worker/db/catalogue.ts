/**
 * Catalogue reads for the pages (the category menu is worker/db/menu.ts): home, product cards and detail, and the
 * slug resolver. Prices are the best offer on the request's channel.
 */
import { and, asc, desc, eq, gt, isNull, lte, or, sql, SQL } from 'drizzle-orm';
import { inList } from './limits';
import type { Language } from '../../client/i18n/languages';
import type { CollectionTeaser, MenuCategory, ProductCard, ProductDetail } from '../../client/types';
import type { ChannelId } from '../channel/channels';
import type { Db } from './client';
import {
  articles,
  articleTranslations,
  brands,
  categoryTranslations,
  collectionArticles,
  collections,
  collectionTranslations,
  listings,
  offers,
  sellers,
  slugs,
} from './schema';

/** Ids of a category and everything below it. */
export function subtreeIds(node: MenuCategory): number[] {
  return [node.id, ...node.children.flatMap(subtreeIds)];
}

export function findCategory(tree: MenuCategory[], id: number): { node: MenuCategory; path: MenuCategory[] } | undefined {
  for (const node of tree) {
    if (node.id === id) return { node, path: [node] };
    const below = findCategory(node.children, id);
    if (below) return { node: below.node, path: [node, ...below.path] };
  }
  return undefined;
}

/**
 * Card columns. Price, crossed-out price and availability come from the article's `listings`
 * row on the channel (derived from its offers by worker/db/refresh.ts: best sellable price, the
 * cheapest offer's original price, best availability code), so cards show exactly what the
 * listing filtered and sorted on. Null when no seller offers the article there. Every column
 * has a distinct name, so the set also serves queries sent in a `db.batch`.
 */
export const cardColumns = {
  id: articles.id,
  name: articleTranslations.name,
  slug: articleTranslations.slug,
  // Its own column name: in a D1 batch drizzle maps rows by name, and `name` is the article's.
  brand: sql<string>`${brands.name}`.as('brand_name'),
  imageKey: articles.imageKey,
  ratingAverage: articles.ratingAverage,
  ratingCount: articles.ratingCount,
  price: listings.price,
  originalPrice: listings.originalPrice,
  availabilityCode: listings.availabilityCode,
  condition: articles.condition,
  // The article's category slug in the card's language: the card's "add to compare" link names it.
  categorySlug: sql<string>`(select ${categoryTranslations.slug} from ${categoryTranslations} where ${categoryTranslations.categoryId} = ${articles.categoryId} and ${categoryTranslations.lang} = ${articleTranslations.lang})`.as('category_slug'),
  // Only a marketplace seller is named on a card: the retailer's own offers need no badge.
  sellerName: sql<string | null>`(select ${sellers.name} from ${sellers} where ${sellers.id} = ${listings.sellerId} and ${sellers.kind} = 'marketplace')`.as('seller_name'),
};

/** The campaigns (collections.campaign) of the article's collections, comma-separated, or null. */
export const campaignsOfArticle = sql<string | null>`(select group_concat(distinct ${collections.campaign}) from ${collectionArticles}
  join ${collections} on ${collections.id} = ${collectionArticles.collectionId}
  where ${collectionArticles.articleId} = ${articles.id} and ${collections.campaign} is not null)`.as('campaigns');

/** A card row with its `campaigns` column split into `campaignSlugs`. */
export function withCampaignSlugs<T extends { campaigns: string | null }>({ campaigns, ...card }: T): Omit<T, 'campaigns'> & { campaignSlugs: string[] } {
  return { ...card, campaignSlugs: campaigns ? campaigns.split(',') : [] };
}

/** cardJsonSql's json_object arguments, built once: each field's name (inline, not a parameter) and column. */
const CARD_JSON_FIELDS = sql.join(
  Object.entries({ ...cardColumns, campaigns: campaignsOfArticle }).map(([name, column]) => sql`${sql.raw(`'${name}'`)}, ${column instanceof SQL.Aliased ? column.sql : column}`),
  sql`, `,
);

/**
 * SQL: the card of the article whose id is `id` (an SQL expression over the outer query) as one
 * JSON object of cardColumns and `campaigns` (the same column expressions as cardsByIds), or NULL
 * when the article has no text in `language`, like cardsByIds' inner join. A listing reads its
 * page's cards in the statement that finds the page (worker/db/listing-sql.ts), a D1 round trip
 * fewer than cardsByIds after it. The tables go unaliased, so the columns name them as they are.
 */
export function cardJsonSql(id: SQL, language: Language, channel: ChannelId): SQL {
  return sql`(SELECT json_object(${CARD_JSON_FIELDS})
    FROM ${articles}
    JOIN ${articleTranslations} ON ${articleTranslations.articleId} = ${articles.id} AND ${articleTranslations.lang} = ${language}
    JOIN ${brands} ON ${brands.id} = ${articles.brandId}
    LEFT JOIN ${listings} ON ${listings.articleId} = ${articles.id} AND ${listings.channel} = ${channel}
    WHERE ${articles.id} = ${id})`;
}

/** A card read as cardJsonSql's JSON (null when the article has none). */
export function cardOfJson(json: string | null): ProductCard | undefined {
  return json === null ? undefined : withCampaignSlugs(JSON.parse(json) as Omit<ProductCard, 'campaignSlugs'> & { campaigns: string | null });
}

/**
 * Cards for the given ids, in the order given (listing queries pick and order ids first).
 */
export async function cardsByIds(db: Db, language: Language, channel: ChannelId, ids: number[]): Promise<ProductCard[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ ...cardColumns, campaigns: campaignsOfArticle })
    .from(articles)
    .innerJoin(articleTranslations, and(eq(articleTranslations.articleId, articles.id), eq(articleTranslations.lang, language)))
    .innerJoin(brands, eq(brands.id, articles.brandId))
    .leftJoin(listings, and(eq(listings.articleId, articles.id), eq(listings.channel, channel)))
    .where(inList(articles.id, ids));
  const byId = new Map(rows.map((row) => [row.id, withCampaignSlugs(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The featured collections (at most 3); one that belongs to a campaign only while the campaign runs (`liveCampaigns`). */
export async function featuredCollections(db: Db, language: Language, channel: ChannelId, perCollection: number, liveCampaigns: readonly string[] = []): Promise<CollectionTeaser[]> {
  const rows = await db
    .select({ id: collections.id, name: collectionTranslations.name, slug: collectionTranslations.slug, description: collectionTranslations.description })
    .from(collections)
    .innerJoin(collectionTranslations, and(eq(collectionTranslations.collectionId, collections.id), eq(collectionTranslations.lang, language)))
    .where(and(eq(collections.featured, true), or(isNull(collections.campaign), inList(collections.campaign, [...liveCampaigns]))))
    .orderBy(asc(collections.position))
    .limit(3);
  return Promise.all(
    rows.map(async (row) => {
      const members = await db
        .select({ id: collectionArticles.articleId })
        .from(collectionArticles)
        .where(eq(collectionArticles.collectionId, row.id))
        .orderBy(asc(collectionArticles.position))
        .limit(perCollection);
      return { ...row, products: await cardsByIds(db, language, channel, members.map((m) => m.id)) };
    }),
  );
}

/** Best-rated products that sell on the channel, for the home page. */
export async function topRatedProducts(db: Db, language: Language, channel: ChannelId, limit: number): Promise<ProductCard[]> {
  const rows = await db
    .select({ id: listings.articleId })
    .from(listings)
    .where(and(eq(listings.channel, channel), gt(listings.ratingCount, 0), lte(listings.availabilityCode, 3)))
    .orderBy(desc(listings.ratingAverage), desc(listings.ratingCount))
    .limit(limit);
  return cardsByIds(db, language, channel, rows.map((row) => row.id));
}

/**
 * The statements of a product's detail, all keyed by the article id so they go to D1 in one
 * batch (with the product page's other reads, see productPage in ./product.ts).
 */
export function productDetailStatements(db: Db, language: Language, channel: ChannelId, id: number) {
  return [
    db
      .select({
        ...cardColumns,
        reference: articles.reference,
        ean: articles.ean,
        description: articleTranslations.description,
        type: articles.type,
        condition: articles.condition,
        recommendedPrice: articles.recommendedPrice,
        specs: articles.specs,
      })
      .from(articles)
      .innerJoin(articleTranslations, and(eq(articleTranslations.articleId, articles.id), eq(articleTranslations.lang, language)))
      .innerJoin(brands, eq(brands.id, articles.brandId))
      .leftJoin(listings, and(eq(listings.articleId, articles.id), eq(listings.channel, channel)))
      .where(eq(articles.id, id)),
    db
      .select({
        offerId: offers.id,
        sellerId: offers.sellerId,
        sellerName: sellers.name,
        sellerSlug: sellers.slug,
        sellerKind: sellers.kind,
        sellerTier: sellers.tier,
        sellerGrade: sellers.grade,
        sellerEvaluations: sellers.evaluationCount,
        price: offers.price,
        originalPrice: offers.originalPrice,
        condition: offers.condition,
        availabilityCode: offers.availabilityCode,
        stock: offers.stock,
        deliveryMinDays: offers.deliveryMinDays,
        deliveryMaxDays: offers.deliveryMaxDays,
        minShippingPrice: offers.minShippingPrice,
        sentBy: offers.sentBy,
      })
      .from(offers)
      .innerJoin(sellers, eq(sellers.id, offers.sellerId))
      .where(and(eq(offers.articleId, id), eq(offers.channel, channel)))
      .orderBy(asc(offers.price)),
    db.select({ lang: articleTranslations.lang, slug: articleTranslations.slug }).from(articleTranslations).where(eq(articleTranslations.articleId, id)),
    db
      .select({ id: categoryTranslations.categoryId, name: categoryTranslations.name, slug: categoryTranslations.slug })
      .from(articles)
      .innerJoin(categoryTranslations, and(eq(categoryTranslations.categoryId, articles.categoryId), eq(categoryTranslations.lang, language)))
      .where(eq(articles.id, id)),
  ] as const;
}

type DetailStatements = ReturnType<typeof productDetailStatements>;
type DetailRows = readonly [Awaited<DetailStatements[0]>, Awaited<DetailStatements[1]>, Awaited<DetailStatements[2]>, Awaited<DetailStatements[3]>];

/** The detail from the rows of productDetailStatements; undefined when the article does not exist. */
export function toProductDetail([[row], offerRows, slugRows, categoryRows]: DetailRows): ProductDetail | undefined {
  if (!row) return undefined;
  return {
    ...row,
    offers: offerRows.map((offer) => ({ ...offer, condition: offer.condition as ProductDetail['offers'][number]['condition'] })),
    category: categoryRows[0] ?? null,
    slugs: Object.fromEntries(slugRows.map((s) => [s.lang, s.slug])),
  };
}

export async function productDetail(db: Db, language: Language, channel: ChannelId, id: number): Promise<ProductDetail | undefined> {
  return toProductDetail(await db.batch(productDetailStatements(db, language, channel, id)));
}

/** Slugs of a category in every language, for the language switcher. */
export async function categorySlugs(db: Db, id: number): Promise<Partial<Record<Language, string>>> {
  const rows = await db.select({ lang: categoryTranslations.lang, slug: categoryTranslations.slug }).from(categoryTranslations).where(eq(categoryTranslations.categoryId, id));
  return Object.fromEntries(rows.map((r) => [r.lang, r.slug]));
}

export type SlugKind = (typeof slugs.kind.enumValues)[number];

/** What a slug names in a language (the dynamic resolver's one look-up). */
export async function resolveSlug(db: Db, language: Language, slug: string): Promise<{ kind: SlugKind; entityId: number } | undefined> {
  const [row] = await db
    .select({ kind: slugs.kind, entityId: slugs.entityId })
    .from(slugs)
    .where(and(eq(slugs.lang, language), eq(slugs.slug, slug)));
  return row;
}
