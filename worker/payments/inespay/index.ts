/** The Inespay provider (worker/payments/providers.ts): open banking, its gateway and callbacks from env (docs/payments-inespay.md). */
import type { PaymentProvider } from '../providers';
import { InespayGateway } from './client';
import { inespayConfig, type InespayEnv } from './config';
import { inespayNotifications } from './notifications';

export const inespayProvider: PaymentProvider = {
  id: 'inespay',
  gateway: (env) => {
    const config = inespayConfig(env as InespayEnv);
    return config ? new InespayGateway(config) : undefined;
  },
  notifications: (env) => {
    const config = inespayConfig(env as InespayEnv);
    return config ? inespayNotifications(config) : undefined;
  },
};
