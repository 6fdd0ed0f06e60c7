/** The aplazame provider (worker/payments/providers.ts): its gateway and notifications from env. */
import type { PaymentProvider } from '../providers';
import { AplazameGateway } from './client';
import { aplazameConfig, type AplazameEnv } from './config';
import { aplazameNotifications } from './notifications';

export const aplazameProvider: PaymentProvider = {
  id: 'aplazame',
  gateway: (env) => {
    const config = aplazameConfig(env as AplazameEnv);
    return config ? new AplazameGateway(config) : undefined;
  },
  notifications: (env) => {
    const config = aplazameConfig(env as AplazameEnv);
    return config ? aplazameNotifications(config) : undefined;
  },
};
