/**
 * Puts the catalogue rules together for a product page: buy box, reference price and discount,
 * lowest-price label, delivery per offer, campaign flag. Pure: the loader passes what it read.
 */
import type { DeliveryInfo, PricedOffer, ProductBuyInfo, ProductOffer } from '../../../client/types';
import type { ChannelId } from '../../channel/channels';
import { buybox, isPurchasable } from './buybox';
import { campaignFlagForSlugs, type Campaign } from './campaign';
import { CHANNEL_TIME_ZONES, deliveryEstimate } from './delivery';
import { discountToShow, referencePrice } from './discount';
import { lowestPriceLabel, type PricePoint } from './lowest-price';

export interface BuyInfoInput {
  offers: ProductOffer[];
  recommendedPrice: number | null;
  priceHistory: PricePoint[];
  campaignSlugs: string[];
  campaigns: Campaign[];
  shopStock: ProductBuyInfo['shopStock'];
  channel: ChannelId;
  now: Date;
}

function delivery(offer: ProductOffer, channel: ChannelId, now: Date): DeliveryInfo {
  const timeZone = CHANNEL_TIME_ZONES[channel];
  const estimate = deliveryEstimate({ now, minDays: offer.deliveryMinDays, maxDays: offer.deliveryMaxDays, timeZone });
  return {
    kind: estimate.kind,
    from: estimate.from.toISOString(),
    to: estimate.to.toISOString(),
    ...(estimate.minutesLeft === undefined ? {} : { minutesLeft: estimate.minutesLeft }),
    timeZone,
  };
}

export function productBuyInfo(input: BuyInfoInput): ProductBuyInfo {
  const priced: PricedOffer[] = input.offers.map((offer) => ({ ...offer, delivery: delivery(offer, input.channel, input.now) }));
  const box = buybox(priced);
  const winner = box?.winner ?? null;
  const reference = winner
    ? referencePrice({ originalPrice: winner.originalPrice, recommendedPrice: input.recommendedPrice })
    : null;
  // The lowest-price label speaks of the retailer's own price history only.
  const label = winner && winner.sellerId === 0 ? lowestPriceLabel(winner.price, input.priceHistory, input.now) : null;
  return {
    winner,
    others: box?.others ?? [],
    unavailable: priced.filter((offer) => !isPurchasable(offer)),
    reference,
    discount: winner && reference ? discountToShow(winner.price, reference.price) : null,
    lowestPriceLabel: label,
    campaignFlag: campaignFlagForSlugs(input.campaignSlugs, input.campaigns, input.channel, input.now),
    shopStock: input.shopStock,
  };
}
