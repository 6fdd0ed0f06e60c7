/**
 * Which payment method and stored card the checkout has chosen (spec §4), as pure transitions.
 *
 * - On summary load the current choice is kept while it is still offered. If only `free` is
 *   offered, `free` is chosen. Otherwise the card provider (adyen), then the redirect card method
 *   (tarjeta), then the first method offered; a `free` choice switches to that preference as soon
 *   as other methods appear.
 * - Choosing a stored card sets the method to the card provider; choosing any other method
 *   clears the stored card.
 * - Removing the chosen stored card chooses the first remaining card that has not expired (an
 *   expired card cannot pay; the list is sorted non-expired first, so this is the first remaining
 *   one whenever any can pay), or none.
 * - Stored cards are sorted non-expired first, each group keeping the server's order. A failed
 *   load (null) gives an empty list. A card is expired when flagged so or when its expiry month
 *   (UTC) has passed: a card expiring 03/2026 still pays on 31 March 2026.
 */
import { CARD_PROVIDER_SLUG, CARD_REDIRECT_SLUG, FREE_SLUG } from './payments';

export interface PaymentSelection {
  paymentMethodSelected: string | null;
  /** Id of the chosen stored card (checkout draft `adyenInfo.selectedStoredCard`). */
  selectedStoredCard: string | null;
}

/** The fields of a stored bank card (spec §3) that selection needs. */
export interface StoredCardRef {
  id: string;
  expired: boolean;
  expirationDate: { month: number; year: number };
}

/** The method to select when the summary loads, given the slugs of the methods available now. */
export function selectPaymentOnLoad(current: string | null, available: readonly string[]): string | null {
  const paid = available.filter((slug) => slug !== FREE_SLUG);
  if (paid.length === 0) return available.includes(FREE_SLUG) ? FREE_SLUG : null;
  if (current !== null && paid.includes(current)) return current;
  if (paid.includes(CARD_PROVIDER_SLUG)) return CARD_PROVIDER_SLUG;
  if (paid.includes(CARD_REDIRECT_SLUG)) return CARD_REDIRECT_SLUG;
  return paid[0]!;
}

/** Pays with a stored card: the method becomes the card provider. */
export function chooseStoredCard<S extends PaymentSelection>(state: S, cardId: string): S {
  return { ...state, paymentMethodSelected: CARD_PROVIDER_SLUG, selectedStoredCard: cardId };
}

/** Chooses a method; any method but the card provider clears the stored card. */
export function chooseMethod<S extends PaymentSelection>(state: S, slug: string): S {
  if (slug === CARD_PROVIDER_SLUG) return { ...state, paymentMethodSelected: slug };
  return { ...state, paymentMethodSelected: slug, selectedStoredCard: null };
}

/**
 * Removes a stored card from the list. When it was the chosen one, the first remaining card that
 * can pay is chosen (the method stays the card provider), or no card when none can.
 */
export function removeStoredCard<S extends PaymentSelection, C extends StoredCardRef>(
  state: S,
  cards: readonly C[],
  cardId: string,
  now: Date,
): { state: S; cards: C[] } {
  const remaining = cards.filter((card) => card.id !== cardId);
  if (state.selectedStoredCard !== cardId) return { state, cards: remaining };
  const next = remaining.find((card) => !isCardExpired(card, now));
  return { state: next ? chooseStoredCard(state, next.id) : { ...state, selectedStoredCard: null }, cards: remaining };
}

/** True when the card is flagged expired or its expiry month is before `now`'s month (UTC). */
export function isCardExpired(card: StoredCardRef, now: Date): boolean {
  if (card.expired) return true;
  const { month, year } = card.expirationDate;
  const fullYear = year < 100 ? 2000 + year : year;
  return fullYear * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
}

/** Non-expired cards first, each group in its original order; null (loading failed) gives []. */
export function sortStoredCards<C extends StoredCardRef>(cards: readonly C[] | null | undefined, now: Date): C[] {
  if (!cards) return [];
  return [...cards.filter((card) => !isCardExpired(card, now)), ...cards.filter((card) => isCardExpired(card, now))];
}
