/** The paypal provider (worker/payments/providers.ts): its gateway and notifications from env. */
import type { PaymentProvider } from '../providers';

export const paypalProvider: PaymentProvider = {
  id: 'paypal',
  gateway: () => undefined,
  notifications: () => undefined,
};
