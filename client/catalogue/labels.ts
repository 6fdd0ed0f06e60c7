/** Wording of article conditions, types and lowest-price labels (spec §3, §9). */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export const CONDITION_LABELS: Record<string, MessageDescriptor> = {
  new: msg`New`,
  'Reaconditioned-A': msg`Refurbished – grade A (like new)`,
  'Reaconditioned-B': msg`Refurbished – grade B (light signs of use)`,
  'Reaconditioned-C': msg`Refurbished – grade C (visible signs of use)`,
};

/** Article types worth telling the shopper about; `normal` and the stock variants say nothing. */
export const TYPE_LABELS: Record<string, MessageDescriptor> = {
  digital: msg`Digital product: delivered by e-mail`,
  'drop-shipping': msg`Shipped directly by the supplier`,
  compound: msg`Bundle of several products`,
  deal: msg`Deal`,
  reaconditioned: msg`Reconditioned`,
  refurbished: msg`Refurbished`,
  recertified: msg`Recertified by the manufacturer`,
  cpo: msg`Certified pre-owned`,
  'marketplace-offer': msg`Sold by marketplace sellers`,
};

export const LOWEST_PRICE_LABELS: Record<'historical' | 90 | 60 | 30, MessageDescriptor> = {
  historical: msg`Lowest price ever`,
  90: msg`Lowest price in 90 days`,
  60: msg`Lowest price in 60 days`,
  30: msg`Lowest price in 30 days`,
};

export const REFERENCE_LABELS: Record<'crossedOut' | 'original' | 'recommended', MessageDescriptor> = {
  crossedOut: msg`Before`,
  original: msg`Before`,
  recommended: msg`Recommended retail price`,
};
