/**
 * The cart as the client receives it (spec §3 cart article and cart totals): each line with its
 * current price from D1, and the totals in integer cents. Shipping is priced at the delivery
 * step (null until then); marketplace and dropshipping lines are grouped by shop.
 */
import type { CartLineRow } from './cart-do';
import type { LineDetail } from './facts';
import { eligibleInsurances, eligibleServices, maxUnits, type CartCode } from './rules';
import type { ExtraServiceOffer, InsuranceOffer } from './services';

/** The services a view can offer and show (worker/cart/services.ts), and whether insurance may be offered. */
export interface ServiceContext {
  insurances: readonly InsuranceOffer[];
  services: readonly ExtraServiceOffer[];
  /** Business customers may not buy extended insurance (spec §5). */
  insuranceAllowed: boolean;
}

export interface ServiceOption {
  id: number;
  name: string;
  price: number;
  years?: number;
  text: string;
}

export interface CartArticle {
  idLine: number;
  idArticle: number;
  idOffer: number;
  /** Who sells it: the store itself (seller 0), a marketplace shop or a dropshipper. */
  seller: { id: number; kind: 'own' | 'marketplace' | 'dropshipping'; minShippingPrice: number };
  weightGrams: number;
  articleReference: number;
  name: string;
  slug: string;
  ean: string;
  trademark: string;
  trademarkRef: number;
  family: string;
  familyId: number;
  articleImage: string;
  unitPrice: number;
  totalPrice: number;
  basePrice: number;
  originalPrice: number | null;
  crossedOutPrice: number | null;
  recommendedPrice: number | null;
  qty: number;
  maxQty: number;
  type: string;
  condition: string;
  availabilityCode: number;
  canAddGiftPaper: boolean;
  giftPaper: boolean;
  isSubscription: boolean;
  delivery: { minDays: number; maxDays: number };
  mpOffer: { idOffer: number; shopId: number; shopName: string; shopSlug: string; sentBy: string; deliveryKey: string } | null;
  valoration: { average: number; count: number };
  /** For a service line (articleReference ≠ 0): what it is. */
  service: { kind: 'insurance' | 'service'; id: number } | null;
  /** For an article line: the insurance plans and extra services it may carry (spec §3). */
  extendedInsurances: ServiceOption[];
  extraServices: ServiceOption[];
}

export interface OutOfStockInfo {
  modifiedArticles: { idArticle: number; name: string; qty: number }[];
  removedArticles: { idArticle: number; name: string }[];
  emptyCart: boolean;
}

export interface CartNotice {
  code: CartCode;
  articleNames: string[];
}

export interface CartView {
  idCart: string;
  articles: CartArticle[];
  units: number;
  totals: {
    articlesSubtotal: number;
    totalDiscountInCart: number;
    shippingCost: number | null;
    marketPlaceShippingCost: number | null;
    dropShippingShippingCost: number | null;
    totalPrice: number;
    totalToPay: number;
    cartShops: { shopId: number; shopName: string; kind: string; articlesSubtotal: number }[];
  };
  notices: CartNotice[];
  outOfStock: OutOfStockInfo | null;
  updatedAt: number;
}

const NO_SERVICES: ServiceContext = { insurances: [], services: [], insuranceAllowed: false };

/** A service line as a cart article of its own: sold by the store, nothing to ship. */
function serviceArticle(line: CartLineRow, parent: CartArticle, option: ServiceOption): CartArticle {
  return {
    ...parent,
    idLine: line.idLine,
    idOffer: line.offerId,
    seller: { id: 0, kind: 'own', minShippingPrice: 0 },
    weightGrams: 0,
    articleReference: line.articleReference,
    name: option.name,
    unitPrice: option.price,
    totalPrice: option.price * line.qty,
    basePrice: option.price,
    originalPrice: null,
    crossedOutPrice: null,
    recommendedPrice: null,
    qty: line.qty,
    maxQty: line.qty,
    type: 'service',
    canAddGiftPaper: false,
    giftPaper: false,
    mpOffer: null,
    service: { kind: line.kind === 'insurance' ? 'insurance' : 'service', id: line.serviceId ?? 0 },
    extendedInsurances: [],
    extraServices: [],
  };
}

export function cartView(idCart: string, lines: readonly CartLineRow[], details: ReadonlyMap<number, LineDetail>, updatedAt: number, notices: CartNotice[] = [], outOfStock: OutOfStockInfo | null = null, services: ServiceContext = NO_SERVICES): CartView {
  const articles: CartArticle[] = [];
  for (const line of lines.filter((l) => l.kind === 'article')) {
    const d = details.get(line.offerId);
    if (!d) continue; // an offer gone from the catalogue: reconcile removes the line
    const crossedOut = d.originalPrice !== null && d.originalPrice > d.price ? d.originalPrice : null;
    const target = { price: d.price, categoryId: d.familyId, sellerKind: d.seller.kind, type: d.type };
    articles.push({
      idLine: line.idLine,
      idArticle: line.articleId,
      idOffer: line.offerId,
      seller: { id: d.seller.id, kind: d.seller.kind, minShippingPrice: d.minShippingPrice },
      weightGrams: d.weightGrams,
      articleReference: line.articleReference,
      name: d.name,
      slug: d.slug,
      ean: d.ean,
      trademark: d.brand,
      trademarkRef: d.brandId,
      family: d.family,
      familyId: d.familyId,
      articleImage: d.imageKey,
      unitPrice: d.price,
      totalPrice: d.price * line.qty,
      basePrice: d.price,
      originalPrice: d.originalPrice,
      crossedOutPrice: crossedOut,
      recommendedPrice: d.recommendedPrice,
      qty: line.qty,
      maxQty: Math.max(line.qty, maxUnits(d)),
      type: d.type,
      condition: d.condition,
      availabilityCode: d.availabilityCode,
      canAddGiftPaper: d.type !== 'digital',
      giftPaper: line.giftPaper,
      isSubscription: false,
      delivery: { minDays: d.deliveryMinDays, maxDays: d.deliveryMaxDays },
      mpOffer: d.seller.kind === 'own' ? null : { idOffer: d.offerId, shopId: d.seller.id, shopName: d.seller.name, shopSlug: d.seller.slug, sentBy: d.seller.sentBy, deliveryKey: `${d.seller.kind}-${d.seller.id}` },
      valoration: { average: d.ratingAverage, count: d.ratingCount },
      service: null,
      extendedInsurances: services.insuranceAllowed ? eligibleInsurances(target, services.insurances).map((p) => ({ id: p.id, name: p.name, price: p.price, years: p.years, text: p.text })) : [],
      extraServices: eligibleServices(target, services.services).map((s) => ({ id: s.id, name: s.name, price: s.price, text: s.description })),
    });
  }
  // Each service line follows its article (which lists the options it was chosen from).
  for (const line of lines.filter((l) => l.kind !== 'article')) {
    const parentIndex = articles.findIndex((a) => a.idArticle === line.articleReference && a.service === null);
    const parent = articles[parentIndex];
    const options = line.kind === 'insurance' ? parent?.extendedInsurances : parent?.extraServices;
    const option = options?.find((o) => o.id === line.serviceId);
    if (!parent || !option) continue; // no longer offered with this article: left out of the view and the price
    const group = articles.filter((a, i) => i > parentIndex && a.articleReference === parent.idArticle).length;
    articles.splice(parentIndex + 1 + group, 0, serviceArticle(line, parent, option));
  }
  const shops = new Map<number, CartView['totals']['cartShops'][number]>();
  for (const article of articles) {
    const name = article.mpOffer?.shopName ?? details.get(article.idOffer)!.seller.name;
    const shop = shops.get(article.seller.id) ?? { shopId: article.seller.id, shopName: name, kind: article.seller.kind, articlesSubtotal: 0 };
    shop.articlesSubtotal += article.totalPrice;
    shops.set(article.seller.id, shop);
  }
  const articlesSubtotal = articles.reduce((sum, a) => sum + a.totalPrice, 0);
  const totalDiscountInCart = articles.reduce((sum, a) => sum + (a.crossedOutPrice === null ? 0 : (a.crossedOutPrice - a.unitPrice) * a.qty), 0);
  return {
    idCart,
    articles,
    units: articles.filter((a) => a.service === null).reduce((sum, a) => sum + a.qty, 0),
    totals: {
      articlesSubtotal,
      totalDiscountInCart,
      shippingCost: null,
      marketPlaceShippingCost: null,
      dropShippingShippingCost: null,
      totalPrice: articlesSubtotal,
      totalToPay: articlesSubtotal,
      cartShops: [...shops.values()],
    },
    notices,
    outOfStock,
    updatedAt,
  };
}
