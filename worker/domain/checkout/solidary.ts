/**
 * The solidary amount (spec §3 isAvailableSolidaryOption, the draft's solidaryAmountChecked): a
 * small donation the shopper may add at checkout. It exists on a channel when the channel's
 * configuration has a solidary article (ES by default: 1 €, ops may set it per channel) and is
 * offered only when the invoice goes to Spain; otherwise a choice made earlier is cleared (§4).
 */
export interface SolidaryArticle {
  /** Cents added to the order. */
  amount: number;
}

export function solidaryAvailable(article: SolidaryArticle | undefined, billingCountryIso: string | null): boolean {
  return article !== undefined && article.amount > 0 && billingCountryIso === 'ES';
}

/** The choice in force: kept only while the option is available (spec §4). */
export function solidaryChoice(checked: boolean, available: boolean): boolean {
  return checked && available;
}
