/** The financing provider (worker/payments/providers.ts): its gateway and notifications from env. */
import type { PaymentProvider } from '../providers';

export const financingProvider: PaymentProvider = {
  id: 'financing',
  gateway: () => undefined,
  notifications: () => undefined,
};
