/**
 * Pure rules of the card form (spec §3, §4): adyen-web's locale for a page language, stored cards
 * in the order the shopper sees them (non-expired first), the expiry test, and the browser facts
 * 3-D Secure 2 needs. No adyen-web import here: the rules are tested without a browser.
 */
import type { Language } from '../i18n/languages';

/** adyen-web's locale per store language (its translations exist for these tags; en-US is built in). */
export const ADYEN_LOCALES: Record<Language, string> = {
  es_ES: 'es-ES',
  en_EN: 'en-US',
  fr_FR: 'fr-FR',
  pt_PT: 'pt-PT',
  it_IT: 'it-IT',
  de_DE: 'de-DE',
};

/** A stored card as the provider's /paymentMethods lists it (`storedPaymentMethods`). */
export interface StoredMethod {
  id: string;
  type?: string;
  brand?: string;
  name?: string;
  lastFour?: string;
  expiryMonth?: string;
  expiryYear?: string;
  holderName?: string;
  supportedShopperInteractions?: string[];
}

/** A card expires at the end of its expiry month. */
export function isExpired(month: number, year: number, now: Date): boolean {
  if (!Number.isInteger(month) || !Number.isInteger(year)) return false;
  const fullYear = year < 100 ? 2000 + year : year;
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth(); // months since year 0, 0-based
  return fullYear * 12 + (month - 1) < current;
}

export function storedMethodExpired(method: StoredMethod, now: Date): boolean {
  return isExpired(Number(method.expiryMonth), Number(method.expiryYear), now);
}

/**
 * Stored cards usable in a shopper's own checkout (card schemes offered for e-commerce), sorted
 * non-expired first (spec §4), otherwise in the provider's order.
 */
export function orderStoredMethods(methods: readonly StoredMethod[] | undefined, now: Date): { method: StoredMethod; expired: boolean }[] {
  return (methods ?? [])
    .filter((m) => typeof m.id === 'string' && m.id.length > 0 && (m.type === undefined || m.type === 'scheme') && (m.supportedShopperInteractions === undefined || m.supportedShopperInteractions.includes('Ecommerce')))
    .map((method, index) => ({ method, expired: storedMethodExpired(method, now), index }))
    .sort((a, b) => Number(a.expired) - Number(b.expired) || a.index - b.index)
    .map(({ method, expired }) => ({ method, expired }));
}

/**
 * The stored card chosen at first: none (a new card) unless the shopper chose one; that one while
 * it is still there and usable; when it has been removed, the first remaining usable card (spec §4).
 */
export function initialStoredChoice(ordered: readonly { method: StoredMethod; expired: boolean }[], selected: string | null | undefined): string | null {
  if (!selected) return null;
  const found = ordered.find((o) => o.method.id === selected);
  if (found) return found.expired ? null : found.method.id;
  return ordered.find((o) => !o.expired)?.method.id ?? null;
}

/** What 3-D Secure 2 needs to know of the browser (Adyen `browserInfo`), read from the page. */
export function browserInfo(): Record<string, unknown> {
  return {
    acceptHeader: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
    userAgent: navigator.userAgent,
    language: navigator.language,
    colorDepth: screen.colorDepth,
    screenHeight: screen.height,
    screenWidth: screen.width,
    timeZoneOffset: new Date().getTimezoneOffset(),
    javaEnabled: false,
  };
}
