/** The inespay provider (worker/payments/providers.ts): its gateway and notifications from env. */
import type { PaymentProvider } from '../providers';

export const inespayProvider: PaymentProvider = {
  id: 'inespay',
  gateway: () => undefined,
  notifications: () => undefined,
};
