/** The paypal provider (worker/payments/providers.ts): its gateway and notifications from env (docs/payments-paypal.md). */
import type { PaymentProvider } from '../providers';
import { PaypalGateway } from './client';
import { paypalConfig, type PaypalEnv } from './config';
import { paypalNotifications } from './notifications';

export const paypalProvider: PaymentProvider = {
  id: 'paypal',
  gateway: (env) => {
    const config = paypalConfig(env as PaypalEnv);
    return config ? new PaypalGateway(config) : undefined;
  },
  notifications: (env) => {
    const config = paypalConfig(env as PaypalEnv);
    return config ? paypalNotifications(new PaypalGateway(config)) : undefined;
  },
};
