/**
 * Oney's merchant conditions on a channel (spec §7 business-info): the variants we offer, their
 * fees (our configuration, ./simulation.ts), the order limits (spec §5) and where Oney's own
 * legal text is. Pure.
 */
import type { ChannelId } from '../../channel/channels';
import { INSTALMENT_LIMITS } from '../../domain/checkout/payments';
import { ADYEN_METHOD_TYPE, INSTALMENTS, ONEY_FEES, ONEY_VARIANTS, type OneyVariant } from './simulation';

/** Oney's site for each channel's shoppers (its terms and the credit information it must show). */
export const ONEY_LEGAL_URL: Record<ChannelId, string> = {
  ES: 'https://www.oney.es/',
  PT: 'https://www.oney.pt/',
  FR: 'https://www.oney.fr/',
  IT: 'https://www.oney.com/',
  DE: 'https://www.oney.com/',
};

export interface OneyBusinessInfo {
  channel: ChannelId;
  currency: string;
  /** Order limits in cents, inclusive. */
  minAmount: number;
  maxAmount: number;
  variants: { code: OneyVariant; instalments: number; paymentMethodType: string; fee: { basisPoints: number; maxFee: number } }[];
  legalTextUrl: string;
}

export function oneyBusinessInfo(channel: ChannelId, currency: string): OneyBusinessInfo {
  return {
    channel,
    currency,
    minAmount: INSTALMENT_LIMITS.oney.min,
    maxAmount: INSTALMENT_LIMITS.oney.max,
    variants: ONEY_VARIANTS.map((code) => ({ code, instalments: INSTALMENTS[code], paymentMethodType: ADYEN_METHOD_TYPE[code], fee: { basisPoints: ONEY_FEES[channel][code].basisPoints, maxFee: ONEY_FEES[channel][code].max } })),
    legalTextUrl: ONEY_LEGAL_URL[channel],
  };
}
