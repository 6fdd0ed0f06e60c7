/**
 * Google Pay and Apple Pay of adyen-web, in their own chunk: loaded only where the provider lists
 * a wallet and the card form may offer it (never against the development sandbox), so the card
 * form alone does not carry them.
 */
export { ApplePay, GooglePay } from '@adyen/adyen-web';
