/** The card provider of this deployment: the Adyen adapter with the configuration in force, or PAYMENT_GATEWAY_NOT_CONFIGURED. */
import { appError } from '../http/errors';
import { AdyenGateway } from './adyen/client';
import { adyenConfig, type AdyenConfig, type AdyenEnv } from './adyen/config';
import type { CardProviderGateway } from './port';

export function requireAdyenConfig(env: AdyenEnv): AdyenConfig {
  const config = adyenConfig(env);
  if (!config) throw appError('paymentGatewayNotConfigured');
  return config;
}

export function paymentGateway(env: AdyenEnv): CardProviderGateway {
  return new AdyenGateway(requireAdyenConfig(env));
}
