/**
 * Offers per article and channel (the retailer's, marketplace shops', dropshippers') and the
 * retailer's price history, which always ends on the current offer price.
 *
 * Availability codes used by the demo data (spec §3 only names the range):
 *   0 in stock, ships today · 1 in stock, 24–48 h · 2 supplier stock, 3–5 days · 3 supplier
 *   stock, about a week · 4 on order · 5 pre-order · 6 temporarily out of stock · 7 out of stock,
 *   no date · 9876 not available in this zone · 9999 discontinued. Codes 4 and above have stock 0.
 */
import type { Article, CatalogueContext } from './articles';
import { OWN_SELLER_ID, SELLERS } from './merchants';
import { chance, int, pick, streamFor, unit, weightedIndex, type Rng } from './random';
import { CHANNELS } from './text';

export type OfferRow = {
  article_id: number;
  seller_id: number;
  channel: string;
  price: number;
  original_price: number | null;
  condition: string;
  availability_code: number;
  stock: number;
  delivery_min_days: number;
  delivery_max_days: number;
  min_shipping_price: number;
  sent_by: 'seller' | 'retailer';
};

/** Channel price levels, ES = 1 (in CHANNELS order: ES, PT, FR, IT, DE). */
export const CHANNEL_FACTOR = [1, 1.01, 1.03, 1.02, 1];
/** Extra transit days from the Spanish warehouse. */
export const EXTRA_DAYS = [0, 1, 1, 2, 2];
export const DELIVERY_BY_CODE: [number, number][] = [[1, 2], [2, 3], [3, 5], [5, 7], [14, 21], [20, 45], [10, 20], [15, 30]];
export const ZONE_NOT_AVAILABLE = 9876;
export const DISCONTINUED = 9999;

/** Euros to retail cents ending in .99 or .95 (…9.99 above 100 €). */
export function retailCents(euros: number, rng: Rng): number {
  const cents = chance(rng, 0.3) ? 95 : 99;
  if (euros < 10) return Math.max(0, Math.floor(euros)) * 100 + 99;
  if (euros < 100) return Math.floor(euros) * 100 + cents;
  return (Math.floor(euros / 10) * 10 + 9) * 100 + cents;
}

/** The cheapest shipping of a physical (non-digital) article of `weight` grams on channel index `channel`. */
export function shippingCents(weight: number, priceCents: number, channel: number): number {
  const abroad = channel === 0 ? 0 : 1;
  if (weight <= 3000) return priceCents >= 5000 && !abroad ? 0 : 399 + abroad * 100;
  if (weight <= 20_000) return 599 + abroad * 200;
  return 3995 + abroad * 1000;
}

/** The retailer's offer on channel index `ch`, or null when it does not sell the article. */
export function retailerOffer(ctx: CatalogueContext, a: Article, ch: number): OfferRow | null {
  if (!a.hasRetailerOffer) return null;
  const rng = streamFor(ctx.seed, 'retailer-offer', a.id, ch);
  const euros = a.basePrice * CHANNEL_FACTOR[ch]! * (1 + (rng() - 0.5) * 0.03);
  const price = retailCents(euros, rng);
  let originalPrice: number | null = null;
  if (a.discount !== null && (a.blackFriday !== null || a.type === 'deal' || chance(rng, 0.85))) {
    const original = retailCents(euros / (1 - a.discount), rng);
    if (original > price) originalPrice = original;
  }
  const digital = a.kind.def.digital === true;
  let code = digital ? 0 : weightedIndex(rng, [45, 20, 12, 8, 5, 4, 3, 3]);
  if (a.discontinued) code = DISCONTINUED;
  else if (!digital && unit(ctx.seed, 'zone', a.id, ch) < 0.012) code = ZONE_NOT_AVAILABLE;
  const stock = digital ? 999 : code === 0 ? int(rng, 5, 120) : code === 1 ? int(rng, 1, 10) : code <= 3 ? int(rng, 1, 40) : 0;
  const [min, max] = digital || code > 7 ? [0, 0] : DELIVERY_BY_CODE[code]!;
  const extra = digital || code > 7 ? 0 : EXTRA_DAYS[ch]!;
  return {
    article_id: a.id, seller_id: OWN_SELLER_ID, channel: CHANNELS[ch]!, price, original_price: originalPrice, condition: a.condition,
    availability_code: code, stock, delivery_min_days: min + extra, delivery_max_days: max + extra,
    min_shipping_price: digital ? 0 : shippingCents(a.weight, price, ch), sent_by: 'retailer',
  };
}

function marketplaceOffer(ctx: CatalogueContext, a: Article, sellerId: number, ch: number, always: boolean): OfferRow | null {
  const seller = SELLERS[sellerId]!;
  const home = seller.country === CHANNELS[ch];
  if (!always && !home && unit(ctx.seed, 'mp-channel', a.id, sellerId, ch) >= 0.8) return null;
  const rng = streamFor(ctx.seed, 'mp-offer', a.id, sellerId, ch);
  const used = a.condition === 'new' && unit(ctx.seed, 'mp-used', a.id, sellerId) < 0.08;
  const euros = a.basePrice * CHANNEL_FACTOR[ch]! * (0.93 + rng() * 0.19) * (used ? 0.78 : 1);
  const price = retailCents(euros, rng);
  const original = chance(rng, 0.1) ? retailCents(euros * (1.06 + rng() * 0.2), rng) : null;
  const code = weightedIndex(rng, [50, 25, 15, 10]);
  const fulfilled = seller.tier === 'premium' && unit(ctx.seed, 'fulfilment', a.id, sellerId) < 0.4;
  const min = int(rng, 2, 4) + (home ? 0 : 2);
  return {
    article_id: a.id, seller_id: sellerId, channel: CHANNELS[ch]!, price, original_price: original !== null && original > price ? original : null,
    condition: used ? 'Reaconditioned-B' : a.condition, availability_code: code, stock: int(rng, 1, 30),
    delivery_min_days: min, delivery_max_days: min + int(rng, 1, 3), min_shipping_price: pick(rng, [0, 299, 399, 499, 699]),
    sent_by: fulfilled ? 'retailer' : 'seller',
  };
}

function dropshipOffer(ctx: CatalogueContext, a: Article, sellerId: number, ch: number): OfferRow | null {
  if (a.hasRetailerOffer && unit(ctx.seed, 'ds-channel', a.id, ch) < 0.1) return null;
  const rng = streamFor(ctx.seed, 'ds-offer', a.id, ch);
  const price = retailCents(a.basePrice * CHANNEL_FACTOR[ch]! * (1 + rng() * 0.08), rng);
  const code = chance(rng, 0.6) ? 2 : 3;
  const min = int(rng, 4, 6) + EXTRA_DAYS[ch]!;
  return {
    article_id: a.id, seller_id: sellerId, channel: CHANNELS[ch]!, price, original_price: null, condition: a.condition,
    availability_code: code, stock: int(rng, 5, 200), delivery_min_days: min, delivery_max_days: min + int(rng, 2, 4),
    min_shipping_price: a.weight > 20_000 ? 6995 : pick(rng, [499, 699]), sent_by: 'seller',
  };
}

/** Every offer of an article, channel by channel. */
export function* offersOf(ctx: CatalogueContext, a: Article): Generator<OfferRow> {
  for (let ch = 0; ch < CHANNELS.length; ch++) {
    const own = retailerOffer(ctx, a, ch);
    if (own) yield own;
    for (let i = 0; i < a.marketplaceSellers.length; i++) {
      const offer = marketplaceOffer(ctx, a, a.marketplaceSellers[i]!, ch, i === 0 && !a.hasRetailerOffer);
      if (offer) yield offer;
    }
    if (a.dropshipSeller !== null) {
      const offer = dropshipOffer(ctx, a, a.dropshipSeller, ch);
      if (offer) yield offer;
    }
  }
}

/** YYYY-MM-DD of a unix day number. */
export const isoDay = (day: number): string => new Date(day * 86_400_000).toISOString().slice(0, 10);

/**
 * A few price changes over the last 120 days for the retailer offer on channel `ch`: the last
 * row is today's price; a crossed-out price appears as an earlier row, so it was really charged.
 */
export function priceHistoryOf(ctx: CatalogueContext, a: Article, ch: number): { day: string; price: number }[] {
  const offer = retailerOffer(ctx, a, ch);
  if (!offer) return [];
  const rng = streamFor(ctx.seed, 'price-history', a.id, ch);
  const today = Math.floor(ctx.now / 86_400);
  const offsets = new Set<number>([int(rng, 0, 20)]);
  const wanted = int(rng, 2, 5);
  while (offsets.size < wanted) offsets.add(int(rng, 21, 119));
  const sorted = [...offsets].sort((x, y) => y - x);
  return sorted.map((offset, i) => {
    const last = i === sorted.length - 1;
    let price = offer.price;
    if (!last) price = i === sorted.length - 2 && offer.original_price !== null ? offer.original_price : retailCents((offer.price / 100) * (0.96 + rng() * 0.16), rng);
    return { day: isoDay(today - offset), price };
  });
}
