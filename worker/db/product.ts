/**
 * The product page's reads, keyed by the article id, in two batches: the catalogue's (the
 * detail of ./catalogue.ts, price history, stock in the physical shops, campaigns, the
 * subscription plan), which the page keeps per catalogue version, and the shoppers' (the
 * reviews' summary and most helpful few, worker/ugc/review-list.ts, and the questions), which it
 * keeps until a change to them is logged (user_content_invalidations).
 */
import { and, asc, eq, gt, isNotNull } from 'drizzle-orm';
import type { Language } from '../../client/i18n/languages';
import type { ProductDetail } from '../../client/types';
import type { ReviewSummaryView, ReviewView } from '../../client/ugc/review-card';
import type { ChannelId } from '../channel/channels';
import { productDetailStatements, toProductDetail } from './catalogue';
import type { Db } from './client';
import { slot, statementTemplate } from './templates';
import { collectionArticles, collections, physicalShops, physicalShopStock, priceHistory, subscriptionPlans } from './schema';
import { DEFAULT_REVIEW_FILTERS, PRODUCT_PAGE_REVIEWS, reviewRowsStatement, reviewScoresStatement, toReviewView, toSummary } from '../ugc/review-list';
import { productQuestionStatements, toProductQuestions, type ProductQuestions } from '../ugc/questions';

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
function campaignsOf(db: Db, articleId: number) {
  return db
    .selectDistinct({ campaign: collections.campaign })
    .from(collectionArticles)
    .innerJoin(collections, eq(collections.id, collectionArticles.collectionId))
    .where(and(eq(collectionArticles.articleId, articleId), isNotNull(collections.campaign)));
}

/** What the catalogue says about a product page's article: the same for every request of a catalogue version. */
export interface ProductCatalogueData {
  detail: ProductDetail;
  history: Awaited<ReturnType<typeof retailerPriceHistory>>;
  stock: Awaited<ReturnType<typeof shopStock>>;
  campaignSlugs: string[];
  /** For a subscription article: the months of one period; else null. */
  subscriptionMonths: number | null;
}

/** What shoppers wrote about the article. */
export interface ProductUgcData {
  /** The article's OK reviews: their summary and the most helpful few (without media: the reviews page has them). */
  reviews: { summary: ReviewSummaryView; items: ReviewView[] };
  /** The article's published questions: count and the two latest answered ones (worker/ugc/questions.ts). */
  questions: ProductQuestions;
}

/** The catalogue's reads of the product page, in one round trip; undefined when the article does not exist. */
export async function productCatalogue(db: Db, language: Language, channel: ChannelId, id: number): Promise<ProductCatalogueData | undefined> {
  const [row, offerRows, slugRows, categoryRows, history, stock, campaigns, plan] = await db.batch([
    ...productDetailStatements(db, language, channel, id),
    retailerPriceHistory(db, id, channel),
    shopStock(db, id),
    campaignsOf(db, id),
    db.select({ months: subscriptionPlans.periodMonths }).from(subscriptionPlans).where(eq(subscriptionPlans.articleId, id)),
  ]);
  const detail = toProductDetail([row, offerRows, slugRows, categoryRows]);
  if (!detail) return undefined;
  return {
    detail,
    history,
    stock,
    campaignSlugs: campaigns.flatMap((c) => (c.campaign ? [c.campaign] : [])),
    subscriptionMonths: plan[0]?.months ?? null,
  };
}

// Read again after every change to an article's reviews or questions: built once (./templates.ts). The default filters have no age
// bucket, so the clock plays no part in the rows' statement.
const article = slot<number>('article');
const ugcStatements = [
  statementTemplate((db) => reviewScoresStatement(db, article)),
  statementTemplate((db) => reviewRowsStatement(db, article, DEFAULT_REVIEW_FILTERS, new Date(0), { limit: PRODUCT_PAGE_REVIEWS })),
  statementTemplate((db) => productQuestionStatements(db, article)[0]),
  statementTemplate((db) => productQuestionStatements(db, article)[1]),
] as const;

/** The reviews and questions the product page shows, in one round trip. */
export async function productUgc(db: Db, id: number): Promise<ProductUgcData> {
  const values = { article: id };
  const [scores, rows, count, latest] = ugcStatements;
  const [reviewScores, reviewRows, questionCount, latestQuestions] = await db.batch([scores(db, values), rows(db, values), count(db, values), latest(db, values)]);
  return {
    reviews: { summary: toSummary(reviewScores), items: reviewRows.map((review) => toReviewView(review, [], false)) },
    questions: toProductQuestions([questionCount, latestQuestions]),
  };
}
