/**
 * The payment providers and the methods each one takes (spec §3 slugs; docs/payments.md). One
 * port (worker/payments/port.ts), one adapter per provider in its own folder, each configured from
 * env and refusing its development values in production:
 *
 * | provider  | methods                                   | protocol                                   |
 * |-----------|-------------------------------------------|--------------------------------------------|
 * | adyen     | adyen, click-to-pay, Google/Apple Pay, oney (facilypay_3x/4x) | Checkout API v71, HMAC webhooks |
 * | redsys    | tarjeta (card redirect), bizum            | signed form post, HMAC_SHA256_V1           |
 * | paypal    | paypal                                    | Orders v2, verify-webhook-signature        |
 * | aplazame  | aplazame                                  | checkout API v4, Bearer callbacks          |
 * | sibs      | mbway, multibanco                         | SIBS gateway, AES-GCM webhooks             |
 * | inespay   | inespay                                   | Berlin Group NextGenPSD2 payment initiation |
 * | financing | financiacion12, lendismart, payPerUsage   | application and decision by signed callback |
 */
import { appError } from '../http/errors';
import type { GatewayMethod } from '../domain/orders/state-machine';
import { adyenConfig, type AdyenEnv } from './adyen/config';
import { AdyenGateway } from './adyen/client';
import { adyenNotifications } from './adyen/notifications';
import { aplazameProvider } from './aplazame';
import { financingProvider } from './financing';
import { inespayProvider } from './inespay';
import { paypalProvider } from './paypal';
import { redsysProvider } from './redsys';
import { sibsProvider } from './sibs';
import type { NotificationReceiver, PaymentGateway, ProviderId } from './port';

/** What the registry needs of a provider: its gateway and its notifications, each undefined while it is not configured. */
export interface PaymentProvider {
  id: ProviderId;
  gateway(env: Env): PaymentGateway | undefined;
  notifications(env: Env): NotificationReceiver | undefined;
}

const adyenProvider: PaymentProvider = {
  id: 'adyen',
  gateway: (env) => {
    const config = adyenConfig(env as AdyenEnv);
    return config ? new AdyenGateway(config) : undefined;
  },
  notifications: (env) => adyenNotifications(env as AdyenEnv),
};

export const PROVIDERS: Record<ProviderId, PaymentProvider> = {
  adyen: adyenProvider,
  paypal: paypalProvider,
  redsys: redsysProvider,
  aplazame: aplazameProvider,
  sibs: sibsProvider,
  inespay: inespayProvider,
  financing: financingProvider,
};

/** The provider that takes each gateway method. */
export const METHOD_PROVIDER: Record<GatewayMethod, ProviderId> = {
  adyen: 'adyen',
  'click-to-pay': 'adyen',
  'adyen-googlepay': 'adyen',
  'adyen-applepay': 'adyen',
  oney: 'adyen',
  tarjeta: 'redsys',
  bizum: 'redsys',
  paypal: 'paypal',
  aplazame: 'aplazame',
  mbway: 'sibs',
  multibanco: 'sibs',
  inespay: 'inespay',
  financiacion12: 'financing',
  lendismart: 'financing',
  payPerUsage: 'financing',
};

export const isProviderId = (value: string): value is ProviderId => Object.hasOwn(PROVIDERS, value);

/** The provider's gateway, or PAYMENT_GATEWAY_NOT_CONFIGURED. */
export function gatewayOf(env: Env, provider: ProviderId): PaymentGateway {
  const gateway = PROVIDERS[provider].gateway(env);
  if (!gateway) throw appError('paymentGatewayNotConfigured');
  return gateway;
}

/** The gateway that takes `method`, or PAYMENT_GATEWAY_NOT_CONFIGURED. */
export const gatewayForMethod = (env: Env, method: GatewayMethod): PaymentGateway => gatewayOf(env, METHOD_PROVIDER[method]);

/** The gateway when configured (best-effort callers: cancels of given-up attempts, the scheduled check). */
export const maybeGatewayOf = (env: Env, provider: string): PaymentGateway | undefined => (isProviderId(provider) ? PROVIDERS[provider].gateway(env) : undefined);
