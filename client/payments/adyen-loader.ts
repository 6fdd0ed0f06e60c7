/**
 * The one entry to adyen-web: imported dynamically by the card form only, so the library and its
 * stylesheet load on the pages that take a card and nowhere else. Named imports keep the bundle
 * to what the form uses (wallets: adyen-wallets.ts) (the 3-D Secure and redirect actions are registered by the core itself).
 */
import '@adyen/adyen-web/styles/adyen.css';

export { AdyenCheckout, Card } from '@adyen/adyen-web';
