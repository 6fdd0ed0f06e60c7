/** The product page's extra reads: price history, stock in the physical shops, campaigns. */
import { and, asc, eq, gt, isNotNull } from 'drizzle-orm';
import type { ChannelId } from '../channel/channels';
import type { Db } from './client';
import { collectionArticles, collections, physicalShops, physicalShopStock, priceHistory } from './schema';

export function retailerPriceHistory(db: Db, articleId: number, channel: ChannelId) {
  return db
    .select({ day: priceHistory.day, price: priceHistory.price })
    .from(priceHistory)
    .where(and(eq(priceHistory.articleId, articleId), eq(priceHistory.channel, channel)))
    .orderBy(asc(priceHistory.day));
}

export function shopStock(db: Db, articleId: number) {
  return db
    .select({ shopId: physicalShops.id, name: physicalShops.name, slug: physicalShops.slug, qty: physicalShopStock.qty })
    .from(physicalShopStock)
    .innerJoin(physicalShops, eq(physicalShops.id, physicalShopStock.shopId))
    .where(and(eq(physicalShopStock.articleId, articleId), gt(physicalShopStock.qty, 0)))
    .orderBy(asc(physicalShops.name));
}

/** Slugs of the campaigns whose collections hold the article. */
export async function articleCampaignSlugs(db: Db, articleId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ campaign: collections.campaign })
    .from(collectionArticles)
    .innerJoin(collections, eq(collections.id, collectionArticles.collectionId))
    .where(and(eq(collectionArticles.articleId, articleId), isNotNull(collections.campaign)));
  return rows.flatMap((row) => (row.campaign ? [row.campaign] : []));
}
