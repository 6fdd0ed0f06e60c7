/**
 * The cart as the client receives it (spec §3 cart article and cart totals): each line with its
 * current price from D1, and the totals in integer cents. Shipping is priced at the delivery
 * step (null until then); marketplace and dropshipping lines are grouped by shop.
 *
 * Service lines (insurance, extra service, installation) are articles of their own right after
 * their article, sold by the store, shipping nothing; their totalPrice counts in
 * `articlesSubtotal` like any line, so Σ unitPrice × qty over `articles` is the subtotal.
 * `totalInstallationPrice` is the installation part of that subtotal (not added to it again).
 * The sale restrictions of spec §8 (1145, 1146) and the marketplace offer match (1147) are the
 * view's `criticalErrors`. A line whose offer belongs to another channel (the account's cart is
 * shared by every store) is listed apart in `otherChannelArticles`, outside the totals.
 *
 * An article line also says when it arrives (`deliveryDate`, by the request's clock in the
 * channel's time zone), how many units our shops hold when we sell it ourselves
 * (`storeAvailability`) and the article's other offers (`buyboxOffers`); service lines keep
 * neutral values (null, empty lists).
 */
import { OWN_SELLER_ID } from '../domain/catalogue/buybox';
import { deliveryEstimate } from '../domain/catalogue/delivery';
import { localDate } from '../domain/checkout/delivery-choices';
import { betterOffer, offerMatchErrors } from '../domain/checkout/offer-match';
import { saleRestrictionErrors } from '../domain/checkout/sale-restrictions';
import type { CartLineRow } from './cart-do';
import type { ArticleExtras, LineDetail, OfferElsewhere } from './facts';
import type { CoveredArticle } from '../insurances/covered';
import { giftCardDetailsOf } from '../gift-cards/rules';
import { eligibleInstallations, installationPrice } from './installation';
import { eligibleInsurances, eligibleServices, maxUnits } from './rules';

export type { ServiceContext, InstallationOption, InstallationChoice, CartDeliveryDate, ServiceOption, CartArticle, OutOfStockInfo, CartNotice, CartView, OtherChannelArticle } from './view-types';
import { MAX_BUYBOX_OFFERS } from './view-types';
export { MAX_BUYBOX_OFFERS };
import type { ServiceContext, InstallationChoice, CartDeliveryDate, CartArticle, OutOfStockInfo, CartNotice, CartView, OtherChannelArticle } from './view-types';

/** The store itself, seller 0 (scripts/seed/merchants.ts). */
const OWN_SHOP_NAME = 'Ampora';

const NO_SERVICES: ServiceContext = { insurances: [], services: [], insuranceAllowed: false, installations: [], countryIso: '', provinces: new Map() };
const NO_EXTRAS: ArticleExtras = { shopStock: new Map(), offers: new Map() };

/** What a cart view is made of. */
export interface CartViewInput {
  idCart: string;
  lines: readonly CartLineRow[];
  /** The lines' offers as D1 has them now, by offer id (./facts.ts `lineDetails`). */
  details: ReadonlyMap<number, LineDetail>;
  /** Shop stock and other offers of the cart's articles (./facts.ts `articleExtras`); none when absent. */
  extras?: ArticleExtras;
  updatedAt: number;
  /** The request's clock (`c.var.now`) and the channel's time zone (`CHANNEL_TIME_ZONES`), for the delivery dates. */
  now: Date;
  timeZone: string;
  notices?: CartNotice[];
  outOfStock?: OutOfStockInfo | null;
  services?: ServiceContext;
  /** The lines' offers that belong to other channels (./facts.ts `offersElsewhere`), and each channel's country. */
  elsewhere?: ReadonlyMap<number, OfferElsewhere>;
  countryOf?: (channel: string) => string;
  /** The articles standalone insurance lines cover, by article id (worker/insurances/covered.ts). */
  covered?: ReadonlyMap<number, CoveredArticle>;
}

/**
 * A standalone insurance line (a renewal, or a new policy for an article bought earlier): the
 * plan at its price now, named with the article it covers, sold by the store and shipping
 * nothing. Left out when the plan is gone or insurance cannot be bought (business customers).
 */
function standaloneInsurance(line: CartLineRow, services: ServiceContext, covered: ReadonlyMap<number, CoveredArticle>): CartArticle | null {
  const plan = services.insuranceAllowed ? services.insurances.find((p) => p.id === line.serviceId) : undefined;
  const details = line.details;
  if (!plan || !details) return null;
  const article = covered.get(line.articleId);
  const articleName = article?.name ?? String(line.articleId);
  return {
    idLine: line.idLine,
    idArticle: line.articleId,
    idOffer: line.offerId,
    seller: { id: OWN_SELLER_ID, kind: 'own', minShippingPrice: 0 },
    weightGrams: 0,
    articleReference: line.articleReference,
    name: `${plan.name} · ${articleName}`,
    slug: article?.slug ?? '',
    ean: article?.ean ?? '',
    trademark: article?.brand ?? '',
    trademarkRef: article?.brandId ?? 0,
    family: article?.family ?? '',
    familyId: article?.familyId ?? 0,
    articleImage: article?.imageKey ?? '',
    unitPrice: plan.price,
    totalPrice: plan.price * line.qty,
    basePrice: plan.price,
    originalPrice: null,
    crossedOutPrice: null,
    recommendedPrice: null,
    qty: line.qty,
    maxQty: line.qty,
    type: 'service',
    condition: 'new',
    availabilityCode: 0,
    canAddGiftPaper: false,
    giftPaper: false,
    isSubscription: false,
    subscriptionMonths: null,
    delivery: { minDays: 0, maxDays: 0 },
    deliveryDate: null,
    mpOffer: null,
    valoration: { average: 0, count: 0 },
    saleRestriction: null,
    service: { kind: 'insurance', id: plan.id },
    coverage: { coversOrderNumber: String(details.coversOrderNumber), coversArticleId: Number(details.coversArticleId), articleName, ...(details.renewsPolicyId !== undefined ? { renewsPolicyId: Number(details.renewsPolicyId) } : {}) },
    extendedInsurances: [],
    extraServices: [],
    installationOptions: [],
    installationService: null,
    storeAvailability: [],
    buyboxOffers: [],
    betterOffer: null,
  };
}

/** The delivery dates of each delivery window, worked out once per view (lines often share a window). */
function deliveryDates(now: Date, timeZone: string): (delivery: CartArticle['delivery']) => CartDeliveryDate {
  const known = new Map<string, CartDeliveryDate>();
  return ({ minDays, maxDays }) => {
    const key = `${minDays}:${maxDays}`;
    let dates = known.get(key);
    if (!dates) {
      const estimate = deliveryEstimate({ now, minDays, maxDays, timeZone });
      dates = { strDeliveryDate: localDate(estimate.from, timeZone), isSameDay: estimate.cutoff !== undefined, minDate: estimate.from.toISOString(), maxDate: estimate.to.toISOString() };
      known.set(key, dates);
    }
    return dates;
  };
}

/** A service line as a cart article of its own: sold by the store, nothing to ship. */
function serviceArticle(line: CartLineRow, parent: CartArticle, option: { name: string; price: number }): CartArticle {
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
    deliveryDate: null,
    mpOffer: null,
    saleRestriction: null,
    service: { kind: line.kind === 'article' ? 'service' : line.kind, id: line.serviceId ?? 0 },
    extendedInsurances: [],
    extraServices: [],
    installationOptions: [],
    installationService: null,
    storeAvailability: [],
    buyboxOffers: [],
    betterOffer: null,
  };
}

/** An installation line priced at its postal code now, or null when it is no longer offered or served there. */
function installationArticle(line: CartLineRow, parent: CartArticle, services: ServiceContext): CartArticle | null {
  const option = parent.installationOptions.find((o) => o.id === line.serviceId);
  const offer = services.installations.find((i) => i.id === line.serviceId);
  if (!option || !offer || line.postalCode === null) return null;
  const priced = installationPrice(offer, services.countryIso, line.postalCode, services.provinces.get(services.countryIso) ?? []);
  if (!priced.ok) return null;
  const article = serviceArticle(line, parent, { name: option.name, price: priced.price });
  const choice: InstallationChoice = { idLine: line.idLine, installationServiceId: option.id, name: option.name, summary: option.summary, postalCode: priced.postalCode, price: priced.price, totalPrice: article.totalPrice };
  article.installationService = choice;
  parent.installationService = choice;
  return article;
}

export function cartView(input: CartViewInput): CartView {
  const { idCart, lines, details, updatedAt, notices = [], outOfStock = null, services = NO_SERVICES, extras = NO_EXTRAS, elsewhere = new Map(), countryOf = (channel: string) => channel, covered = new Map() } = input;
  const deliveryDate = deliveryDates(input.now, input.timeZone);
  const articles: CartArticle[] = [];
  const otherChannelArticles: OtherChannelArticle[] = [];
  for (const line of lines.filter((l) => l.kind === 'article')) {
    const d = details.get(line.offerId);
    const away = d ? undefined : elsewhere.get(line.offerId);
    if (away) {
      // Added on another store: kept for it, shown apart, out of the totals and of the order.
      otherChannelArticles.push({ idLine: line.idLine, idArticle: line.articleId, idOffer: line.offerId, qty: line.qty, name: away.name, channel: away.channel, country: countryOf(away.channel) });
      continue;
    }
    if (!d) continue; // an offer gone from the catalogue: reconcile removes the line
    const crossedOut = d.originalPrice !== null && d.originalPrice > d.price ? d.originalPrice : null;
    const target = { price: d.price, categoryId: d.familyId, sellerKind: d.seller.kind, type: d.type };
    const offers = extras.offers.get(line.articleId) ?? [];
    const delivery = { minDays: d.deliveryMinDays, maxDays: d.deliveryMaxDays };
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
      isSubscription: d.subscriptionMonths != null,
      subscriptionMonths: d.subscriptionMonths ?? null,
      delivery,
      deliveryDate: deliveryDate(delivery),
      mpOffer: d.seller.kind === 'own' ? null : { idOffer: d.offerId, shopId: d.seller.id, shopName: d.seller.name, shopSlug: d.seller.slug, sentBy: d.seller.sentBy, deliveryKey: `${d.seller.kind}-${d.seller.id}` },
      valoration: { average: d.ratingAverage, count: d.ratingCount },
      saleRestriction: d.saleRestriction,
      service: null,
      ...(d.isGiftCard ? { giftCard: giftCardDetailsOf(line.details) } : {}),
      extendedInsurances: services.insuranceAllowed ? eligibleInsurances(target, services.insurances).map((p) => ({ id: p.id, name: p.name, price: p.price, years: p.years, text: p.text })) : [],
      extraServices: eligibleServices(target, services.services).map((s) => ({ id: s.id, name: s.name, price: s.price, text: s.description })),
      installationOptions: eligibleInstallations(target, services.countryIso, services.installations).map((i) => ({ id: i.id, name: i.name, summary: i.summary })),
      installationService: null,
      storeAvailability: d.seller.id === OWN_SELLER_ID ? (extras.shopStock.get(line.articleId) ?? []) : [],
      buyboxOffers: offers.filter((o) => o.idOffer !== line.offerId).slice(0, MAX_BUYBOX_OFFERS),
      betterOffer: betterOffer({ idArticle: line.articleId, name: d.name, unitPrice: d.price, condition: d.condition, seller: d.seller, service: null }, offers),
    });
  }
  // Each service line follows its article (which lists the options it was chosen from).
  for (const line of lines.filter((l) => l.kind !== 'article' && !l.details)) {
    const parentIndex = articles.findIndex((a) => a.idArticle === line.articleReference && a.service === null);
    const parent = articles[parentIndex];
    if (!parent) continue;
    let article: CartArticle | null;
    if (line.kind === 'installation') article = installationArticle(line, parent, services);
    else {
      const option = (line.kind === 'insurance' ? parent.extendedInsurances : parent.extraServices).find((o) => o.id === line.serviceId);
      article = option ? serviceArticle(line, parent, option) : null;
    }
    if (!article) continue; // no longer offered with this article (or installed there): left out of the view and the price
    const group = articles.filter((a, i) => i > parentIndex && a.articleReference === parent.idArticle).length;
    articles.splice(parentIndex + 1 + group, 0, article);
  }
  // Standalone insurance lines come after the articles: they belong to no article line of this cart.
  for (const line of lines.filter((l) => l.kind === 'insurance' && !!l.details)) {
    const article = standaloneInsurance(line, services, covered);
    if (article) articles.push(article);
  }
  const shops = new Map<number, CartView['totals']['cartShops'][number]>();
  for (const article of articles) {
    // A service line is the store's own even when its article is another seller's.
    const name = article.mpOffer?.shopName ?? (article.service === null ? details.get(article.idOffer)!.seller.name : OWN_SHOP_NAME);
    const shop = shops.get(article.seller.id) ?? { shopId: article.seller.id, shopName: name, kind: article.seller.kind, articlesSubtotal: 0 };
    shop.articlesSubtotal += article.totalPrice;
    shops.set(article.seller.id, shop);
  }
  const articlesSubtotal = articles.reduce((sum, a) => sum + a.totalPrice, 0);
  const totalDiscountInCart = articles.reduce((sum, a) => sum + (a.crossedOutPrice === null ? 0 : (a.crossedOutPrice - a.unitPrice) * a.qty), 0);
  return {
    idCart,
    articles,
    otherChannelArticles,
    units: articles.filter((a) => a.service === null).reduce((sum, a) => sum + a.qty, 0),
    totals: {
      articlesSubtotal,
      totalDiscountInCart,
      shippingCost: null,
      marketPlaceShippingCost: null,
      dropShippingShippingCost: null,
      totalPrice: articlesSubtotal,
      totalToPay: articlesSubtotal,
      totalInstallationPrice: articles.reduce((sum, a) => sum + (a.service?.kind === 'installation' ? a.totalPrice : 0), 0),
      cartShops: [...shops.values()],
    },
    notices,
    outOfStock,
    criticalErrors: [...saleRestrictionErrors(articles), ...offerMatchErrors(articles, extras.offers)],
    updatedAt,
  };
}
