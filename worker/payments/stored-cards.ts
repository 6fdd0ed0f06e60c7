/**
 * The account's stored bank cards (spec §3 stored bank card, §4 stored-card rules). The provider
 * is the source of truth: cards are listed, added and removed at the provider under the user's
 * `shopperReference`, and nothing about them is kept on our side.
 */
import type { CardProviderGateway, StoredMethod } from './port';
import { shopperReference } from './shopper';

/** The spec §3 stored bank card. */
export interface StoredBankCard {
  /** The provider's stored payment method id. */
  id: string;
  /** The owner's public id (the user's hash id, never the row id). */
  clientId: string;
  expired: boolean;
  brand: string;
  expirationDate: { month: number; year: number };
  holderName: string;
  lastFourDigits: string;
  hasActiveSubscription: boolean;
}

/** Month 1–12 and a four-digit year from the provider's strings ("03", "2030" or "30"), or undefined. */
function expiryOf(method: StoredMethod): { month: number; year: number } | undefined {
  const month = Number(method.expiryMonth);
  let year = Number(method.expiryYear);
  if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(year) || year < 0) return undefined;
  if (year < 100) year += 2000;
  return { month, year };
}

/**
 * Whether a card is past its expiry on `today` (the channel's local date, YYYY-MM-DD): a card is
 * good until the last day of its expiry month.
 */
export function isExpired(expiry: { month: number; year: number }, today: string): boolean {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  return expiry.year * 12 + expiry.month < year * 12 + month;
}

/**
 * The user's cards that a subscription will charge again (ACTIVE, or starting: worker/subscriptions/states.ts
 * chargesCard); a cancelled or ended subscription no longer holds its card. Without a database, none.
 */
export async function cardsInSubscriptions(d1: D1Database | undefined, userId: number): Promise<ReadonlySet<string>> {
  if (!d1) return new Set();
  const { results } = await d1.prepare("SELECT DISTINCT payment_token FROM subscriptions WHERE user_id = ? AND state IN ('ACTIVE', 'ACTIVATION_PENDING') AND payment_token IS NOT NULL").bind(userId).all<{ payment_token: string }>();
  return new Set(results.map((r) => r.payment_token));
}

/**
 * The provider's stored methods as the spec's cards, non-expired first (each group in the
 * provider's order). A stored method without a card expiry is not a bank card and is left out.
 */
export function toBankCards(methods: readonly StoredMethod[], clientId: string, today: string, inSubscriptions: ReadonlySet<string> = new Set()): StoredBankCard[] {
  const cards: StoredBankCard[] = [];
  for (const method of methods) {
    const expiry = expiryOf(method);
    if (!method.id || !expiry) continue;
    cards.push({
      id: method.id,
      clientId,
      expired: isExpired(expiry, today),
      brand: method.brand ?? '',
      expirationDate: expiry,
      holderName: method.holderName ?? '',
      lastFourDigits: method.lastFour ?? '',
      hasActiveSubscription: inSubscriptions.has(method.id),
    });
  }
  // Array.prototype.sort is stable: within each group the provider's order stays.
  return cards.sort((a, b) => Number(a.expired) - Number(b.expired));
}

export interface CardOwner {
  id: number;
  hashId: string;
}

/** The user's stored cards at the provider (`d1`: where their subscriptions are, for hasActiveSubscription). */
export async function listBankCards(gateway: CardProviderGateway, user: CardOwner, today: string, d1?: D1Database): Promise<StoredBankCard[]> {
  const [methods, inSubscriptions] = await Promise.all([gateway.listStoredMethods(shopperReference(user.id)), cardsInSubscriptions(d1, user.id)]);
  return toBankCards(methods, user.hashId, today, inSubscriptions);
}

/**
 * Removes one of the user's cards. Only a card the provider lists under this user is touched;
 * any other id (someone else's, made up) is 'not_found' without a call to remove it.
 */
export async function disableBankCard(gateway: CardProviderGateway, user: CardOwner, cardId: string, today: string, d1?: D1Database): Promise<'removed' | 'not_found' | 'in_subscription'> {
  const card = (await listBankCards(gateway, user, today, d1)).find((c) => c.id === cardId);
  if (!card) return 'not_found';
  if (card.hasActiveSubscription) return 'in_subscription';
  await gateway.disableStoredMethod(shopperReference(user.id), cardId);
  return 'removed';
}

/** Our reference for a card-only (zero-amount) authorisation: who and when, at most 80 characters. */
export function cardCheckReference(userId: number, now: Date): string {
  return `CARD-${userId}-${now.getTime()}`;
}

/** Whether a provider reference is one of `userId`'s card checks. */
export function isCardCheckOf(reference: string, userId: number): boolean {
  return /^CARD-(\d+)-\d+$/.exec(reference)?.[1] === String(userId);
}
