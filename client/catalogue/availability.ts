/**
 * Stock availability codes (spec §3: 0–7, 9876 zone not available, 9999 forced discontinued)
 * and their wording. Codes 0–3 can be bought for delivery now; 4–5 can be ordered ahead.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export const AVAILABILITY: Record<number, { label: MessageDescriptor; tone: 'ok' | 'warn' | 'bad'; purchasable: boolean }> = {
  0: { label: msg`In stock`, tone: 'ok', purchasable: true },
  1: { label: msg`In stock at the supplier`, tone: 'ok', purchasable: true },
  2: { label: msg`Last units`, tone: 'warn', purchasable: true },
  3: { label: msg`Available in 3–5 days`, tone: 'warn', purchasable: true },
  4: { label: msg`Available in 1–2 weeks`, tone: 'warn', purchasable: true },
  5: { label: msg`Pre-order`, tone: 'warn', purchasable: true },
  6: { label: msg`Temporarily out of stock`, tone: 'bad', purchasable: false },
  7: { label: msg`Out of stock`, tone: 'bad', purchasable: false },
  9876: { label: msg`Not available in your area`, tone: 'bad', purchasable: false },
  9999: { label: msg`Discontinued`, tone: 'bad', purchasable: false },
};

const UNKNOWN = { label: msg`Availability unknown`, tone: 'bad', purchasable: false } as const;

export function availability(code: number | null) {
  return (code === null ? undefined : AVAILABILITY[code]) ?? UNKNOWN;
}
