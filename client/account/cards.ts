/** How a saved card is named and dated on screen (account list, removal dialog). */

/** Card scheme names as the schemes write them (the provider's brand codes → display names). */
const BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mc: 'Mastercard',
  amex: 'American Express',
  maestro: 'Maestro',
  cartebancaire: 'Carte Bancaire',
  bcmc: 'Bancontact',
  diners: 'Diners Club',
  discover: 'Discover',
  jcb: 'JCB',
  cup: 'UnionPay',
};

export function brandName(brand: string): string {
  return BRAND_NAMES[brand.toLowerCase()] ?? (brand ? brand.charAt(0).toUpperCase() + brand.slice(1) : '');
}

/** "03/2030": the month and year as printed on the card. */
export function expiryText(expiry: { month: number; year: number }): string {
  return `${String(expiry.month).padStart(2, '0')}/${expiry.year}`;
}
