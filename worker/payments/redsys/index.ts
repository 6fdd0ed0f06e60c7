/** The redsys provider (worker/payments/providers.ts): its gateway and notifications from env. */
import type { PaymentProvider } from '../providers';
import { redsysConfig, type RedsysEnv } from './config';
import { RedsysGateway } from './gateway';
import { redsysNotifications } from './notifications';

export const redsysProvider: PaymentProvider = {
  id: 'redsys',
  gateway: (env) => {
    const config = redsysConfig(env as RedsysEnv);
    return config ? new RedsysGateway(config) : undefined;
  },
  notifications: (env) => {
    const config = redsysConfig(env as RedsysEnv);
    return config ? redsysNotifications(config) : undefined;
  },
};
