/**
 * Stock availability codes (spec §3: 0–7, 9876 zone not available, 9999 forced discontinued)
 * and their wording: 0 in stock, ships today · 1 in stock, 24–48 h · 2 supplier stock, 3–5 days
 * · 3 supplier stock, about a week · 4 on order · 5 pre-order · 6 temporarily out of stock ·
 * 7 out of stock, no date. Codes 0–5 can be bought; 4 and above have no stock on hand.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export const AVAILABILITY: Record<number, { label: MessageDescriptor; tone: 'ok' | 'warn' | 'bad'; purchasable: boolean }> = {
  0: { label: msg`In stock`, tone: 'ok', purchasable: true },
  1: { label: msg`In stock, ships in 24–48 h`, tone: 'ok', purchasable: true },
  2: { label: msg`Available in 3–5 days`, tone: 'warn', purchasable: true },
  3: { label: msg`Available in about a week`, tone: 'warn', purchasable: true },
  4: { label: msg`On order`, tone: 'warn', purchasable: true },
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
