/** The redsys provider (worker/payments/providers.ts): its gateway and notifications from env. */
import type { PaymentProvider } from '../providers';

export const redsysProvider: PaymentProvider = {
  id: 'redsys',
  gateway: () => undefined,
  notifications: () => undefined,
};
