/** The aplazame provider (worker/payments/providers.ts): its gateway and notifications from env. */
import type { PaymentProvider } from '../providers';

export const aplazameProvider: PaymentProvider = {
  id: 'aplazame',
  gateway: () => undefined,
  notifications: () => undefined,
};
