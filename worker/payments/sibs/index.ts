/** The sibs provider (worker/payments/providers.ts): MB WAY and Multibanco through the SIBS gateway, from env. */
import type { PaymentProvider } from '../providers';
import { SibsGateway } from './client';
import { sibsConfig, type SibsEnv } from './config';
import { sibsNotifications } from './notifications';

export const sibsProvider: PaymentProvider = {
  id: 'sibs',
  gateway: (env) => {
    const config = sibsConfig(env as SibsEnv);
    return config ? new SibsGateway(config) : undefined;
  },
  notifications: (env) => {
    const config = sibsConfig(env as SibsEnv);
    return config ? sibsNotifications(config) : undefined;
  },
};
