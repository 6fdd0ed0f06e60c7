/** The financing provider (worker/payments/providers.ts): its gateway and notifications from env. */
import type { PaymentProvider } from '../providers';
import { FinancingGateway } from './client';
import { financingConfig, type FinancingEnv } from './config';
import { financingNotifications } from './notifications';

export const financingProvider: PaymentProvider = {
  id: 'financing',
  gateway: (env) => {
    const config = financingConfig(env as FinancingEnv);
    return config ? new FinancingGateway(config) : undefined;
  },
  notifications: (env) => {
    const config = financingConfig(env as FinancingEnv);
    return config ? financingNotifications(config) : undefined;
  },
};
