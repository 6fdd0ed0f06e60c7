/**
 * adyen-web's own words on the card form, in the page's language. Its translations for other
 * locales come from the provider's CDN, which development and tests do not reach; passing them
 * here (adyen-web `translations`) keeps the form in the shopper's language everywhere. Keys are
 * adyen-web's (its en-US file); a key left out falls back to adyen-web's own text.
 */
import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';

const STRINGS: Record<string, MessageDescriptor> = {
  'creditCard.cardNumber.label': msg`Card number`,
  'creditCard.encryptedCardNumber.aria.iframeTitle': msg`Card number`,
  'creditCard.expiryDate.label': msg`Expiry date`,
  'creditCard.encryptedExpiryDate.aria.iframeTitle': msg`Expiry date`,
  'creditCard.expiryDate.contextualText': msg`Front of card in MM/YY format`,
  'creditCard.securityCode.label': msg`Security code`,
  'creditCard.encryptedSecurityCode.aria.iframeTitle': msg`Security code`,
  'creditCard.securityCode.contextualText.3digits': msg`3 digits on back of card`,
  'creditCard.securityCode.contextualText.4digits': msg`4 digits on front of card`,
  'creditCard.holderName': msg`Name on card`,
  'creditCard.holderName.invalid': msg`Enter the name as shown on the card`,
  storeDetails: msg`Save this card for my next payments`,
  'form.instruction': msg`All fields are required unless marked otherwise.`,
  'cc.num.900': msg`Enter the card number`,
  'cc.num.901': msg`Enter the complete card number`,
  'cc.num.902': msg`Enter a valid card number`,
  'cc.num.903': msg`Enter a card of a brand we accept`,
  'cc.num.904': msg`This type of card is not accepted`,
  'cc.dat.910': msg`Enter the expiry date, as on the front of the card (MM/YY).`,
  'cc.dat.911': msg`Enter the complete expiry date, as on the front of the card (MM/YY).`,
  'cc.dat.912': msg`Enter a valid expiry date, as on the front of the card (MM/YY).`,
  'cc.dat.913': msg`Enter a valid expiry date, as on the front of the card (MM/YY).`,
  'cc.cvc.920': msg`Enter the security code: 3 digits on the back of the card.`,
  'cc.cvc.921': msg`Enter the complete security code: 3 digits on the back of the card.`,
  loading: msg`Loading…`,
};

/** adyen-web `translations` for one locale, from the page's catalog. */
export function adyenTranslations(i18n: I18n, locale: string): Record<string, Record<string, string>> {
  return { [locale]: Object.fromEntries(Object.entries(STRINGS).map(([key, message]) => [key, i18n._(message)])) };
}
