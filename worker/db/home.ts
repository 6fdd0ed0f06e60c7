/**
 * The home page's merchandising reads, in one D1 batch and one raw statement beside it: the channel's banners (every window: the
 * rule in worker/domain/catalogue/home-banners.ts chooses), the top offers (biggest discounts in
 * stock on the channel, from `listings`) and one picture per top category for its tile.
 */
import { and, asc, between, eq, gt, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Language } from '../../client/i18n/languages';
import type { MenuCategory, ProductCard } from '../../client/types';
import type { ChannelId } from '../channel/channels';
import type { BannerRecord } from '../domain/catalogue/home-banners';
import { cardColumns, subtreeIds } from './catalogue';
import type { Db } from './client';
import { allRows } from './raw';
import { articles, articleTranslations, brands, homeBanners, homeBannerTranslations, listings } from './schema';

/** Products in the top-offers strip, at most. */
export const TOP_OFFER_COUNT = 8;
/** Availability codes that count as in stock (0–3: available now or within days). */
const IN_STOCK = [0, 3] as const;

export interface CategoryPicture {
  categoryId: number;
  imageKey: string;
  brand: string;
}

export interface HomeMerchandising {
  banners: BannerRecord[];
  topOffers: ProductCard[];
  pictures: CategoryPicture[];
}

/** The relative discount of a listing row: what the top-offers strip sorts by. */
const discountShare = sql`(${listings.originalPrice} - ${listings.price}) * 1.0 / ${listings.originalPrice}`;

export async function homeMerchandising(db: Db, language: Language, channel: ChannelId, menu: readonly MenuCategory[]): Promise<HomeMerchandising> {
  const banners = db
    .select({
      id: homeBanners.id,
      channel: homeBanners.channel,
      campaign: homeBanners.campaign,
      tone: homeBanners.tone,
      motif: homeBanners.motif,
      startsAt: homeBanners.startsAt,
      endsAt: homeBanners.endsAt,
      position: homeBanners.position,
      title: homeBannerTranslations.title,
      text: homeBannerTranslations.text,
      linkLabel: homeBannerTranslations.linkLabel,
      link: homeBannerTranslations.link,
    })
    .from(homeBanners)
    .innerJoin(homeBannerTranslations, and(eq(homeBannerTranslations.bannerId, homeBanners.id), eq(homeBannerTranslations.lang, language)))
    .where(or(isNull(homeBanners.channel), eq(homeBanners.channel, channel)));
  // Discounted (a crossed-out price above the price), buyable and in stock on the channel.
  const topOffers = db
    .select(cardColumns)
    .from(listings)
    .innerJoin(articles, eq(articles.id, listings.articleId))
    .innerJoin(articleTranslations, and(eq(articleTranslations.articleId, listings.articleId), eq(articleTranslations.lang, language)))
    .innerJoin(brands, eq(brands.id, listings.brandId))
    .where(and(eq(listings.channel, channel), isNotNull(listings.price), gt(listings.originalPrice, listings.price), between(listings.availabilityCode, ...IN_STOCK)))
    .orderBy(sql`${discountShare} desc`, sql`${listings.originalPrice} - ${listings.price} desc`, asc(listings.articleId))
    .limit(TOP_OFFER_COUNT);
  // Each top category's best-rated product in stock on the channel (leaf → top category map as one JSON parameter).
  const leafToTop = JSON.stringify(menu.flatMap((top) => subtreeIds(top).map((leaf) => [leaf, top.id])));
  const pictures = sql`
    with tops(leaf, top) as (select json_extract(value, '$[0]'), json_extract(value, '$[1]') from json_each(${leafToTop})),
    ranked as (
      select tops.top as categoryId, ${articles.imageKey} as imageKey, ${brands.name} as brand,
        row_number() over (partition by tops.top order by ${listings.ratingCount} desc, ${listings.ratingAverage} desc, ${listings.articleId}) as rank
      from ${listings} join tops on tops.leaf = ${listings.categoryId}
      join ${articles} on ${articles.id} = ${listings.articleId} join ${brands} on ${brands.id} = ${listings.brandId}
      where ${listings.channel} = ${channel} and ${listings.price} is not null and ${listings.availabilityCode} between 0 and 3
    )
    select categoryId, imageKey, brand from ranked where rank = 1`;
  // drizzle's batch cannot bind a raw statement (./raw.ts): it goes beside the batch, at the same time.
  const [[bannerRows, offerRows], [pictureRows]] = await Promise.all([db.batch([banners, topOffers]), allRows<[CategoryPicture]>(db, [pictures])]);
  return { banners: bannerRows as BannerRecord[], topOffers: offerRows, pictures: pictureRows };
}
