/**
 * The channel table: one store per country. These are the defaults in code; ops override any
 * field per channel with a JSON document in KV (see ./config.ts).
 */
import type { Language } from '../../client/i18n/languages';
import type { Campaign } from '../domain/catalogue/campaign';
import type { ReviewCampaign } from '../domain/ugc/campaigns';

export const CHANNEL_IDS = ['ES', 'PT', 'FR', 'IT', 'DE'] as const;
export type ChannelId = (typeof CHANNEL_IDS)[number];

/** Payment families a channel accepts (spec §9); the concrete methods come with the payments work. */
export const PAYMENT_FAMILIES = [
  'cards',
  'transfer',
  'paypal',
  'cash',
  'wallets',
  'financing',
  'bank-reference',
  'open-banking',
] as const;
export type PaymentFamily = (typeof PAYMENT_FAMILIES)[number];

export interface Channel {
  id: ChannelId;
  /** Country ISO 3166-1 alpha-2 code, as stored in the countries table. */
  country: string;
  defaultLanguage: Language;
  /** Languages offered on the channel; the default one is served without a prefix. */
  languages: Language[];
  domainExtension: string;
  phonePrefix: string;
  currency: 'EUR';
  /**
   * Host names that resolve to this channel: production, staging (the `staging` deployment,
   * docs/operations.md; absent when a configuration override leaves it out) and development.
   */
  hosts: { production: string; staging?: string; development: string[] };
  /** The host this deployment is allowed to answer on; a different production or development host is refused (spec §1). */
  canonicalDomain?: string;
  paymentFamilies: PaymentFamily[];
  toastPosition: 'bottom' | 'top';
  /** Campaigns running on the channel (Black Friday…); the defaults are added by ./config.ts. */
  campaigns?: Campaign[];
  /** Review campaigns (opine-and-win, worker/domain/ugc/campaigns.ts); the defaults are added by ./config.ts. */
  reviewCampaigns?: ReviewCampaign[];
  /** The solidary article offered at checkout (worker/domain/checkout/solidary.ts); absent: none. */
  solidary?: { amount: number };
}

const COMMON_PAYMENTS: PaymentFamily[] = ['cards', 'open-banking', 'transfer', 'paypal', 'cash', 'wallets', 'financing'];

export const DEFAULT_CHANNELS: Record<ChannelId, Channel> = {
  ES: {
    id: 'ES',
    solidary: { amount: 100 },
    country: 'ES',
    defaultLanguage: 'es_ES',
    languages: ['es_ES', 'en_EN'],
    domainExtension: 'es',
    phonePrefix: '+34',
    currency: 'EUR',
    hosts: { production: 'www.ampora.es', staging: 'staging.ampora.es', development: ['es.localhost', 'localhost'] },
    paymentFamilies: COMMON_PAYMENTS,
    toastPosition: 'bottom',
  },
  PT: {
    id: 'PT',
    country: 'PT',
    defaultLanguage: 'pt_PT',
    languages: ['pt_PT', 'en_EN', 'es_ES'],
    domainExtension: 'pt',
    phonePrefix: '+351',
    currency: 'EUR',
    hosts: { production: 'www.ampora.pt', staging: 'staging.ampora.pt', development: ['pt.localhost'] },
    paymentFamilies: [...COMMON_PAYMENTS, 'bank-reference'],
    toastPosition: 'bottom',
  },
  FR: {
    id: 'FR',
    country: 'FR',
    defaultLanguage: 'fr_FR',
    languages: ['fr_FR', 'en_EN'],
    domainExtension: 'fr',
    phonePrefix: '+33',
    currency: 'EUR',
    hosts: { production: 'www.ampora.fr', staging: 'staging.ampora.fr', development: ['fr.localhost'] },
    paymentFamilies: COMMON_PAYMENTS,
    toastPosition: 'bottom',
  },
  IT: {
    id: 'IT',
    country: 'IT',
    defaultLanguage: 'it_IT',
    languages: ['it_IT', 'en_EN'],
    domainExtension: 'it',
    phonePrefix: '+39',
    currency: 'EUR',
    hosts: { production: 'www.ampora.it', staging: 'staging.ampora.it', development: ['it.localhost'] },
    paymentFamilies: COMMON_PAYMENTS,
    toastPosition: 'bottom',
  },
  DE: {
    id: 'DE',
    country: 'DE',
    defaultLanguage: 'de_DE',
    languages: ['de_DE', 'en_EN'],
    domainExtension: 'de',
    phonePrefix: '+49',
    currency: 'EUR',
    hosts: { production: 'www.ampora.de', staging: 'staging.ampora.de', development: ['de.localhost'] },
    paymentFamilies: COMMON_PAYMENTS,
    toastPosition: 'bottom',
  },
};

/** True when `host` (port ignored) is the staging host of some channel. */
export function isStagingHost(host: string, channels: Record<ChannelId, Channel> = DEFAULT_CHANNELS): boolean {
  const name = host.toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  return CHANNEL_IDS.some((id) => channels[id].hosts.staging === name);
}

/**
 * The channel a host name belongs to, or undefined for an unknown host. The port is ignored
 * (`es.localhost:8787` is ES); matching is case-insensitive.
 */
export function channelIdFromHost(host: string, channels: Record<ChannelId, Channel> = DEFAULT_CHANNELS): ChannelId | undefined {
  const name = host.toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  for (const id of CHANNEL_IDS) {
    const { production, staging, development } = channels[id].hosts;
    if (name === production || name === staging || development.includes(name)) return id;
  }
  return undefined;
}

/** True when `host` is one of the known production, staging or development host names of any channel. */
export function isKnownStoreHost(host: string, channels: Record<ChannelId, Channel> = DEFAULT_CHANNELS): boolean {
  return channelIdFromHost(host, channels) !== undefined;
}

/**
 * The canonical-domain rule (spec §1): the store refuses to run when its configured canonical
 * domain is a production or development store domain different from the current origin.
 * A canonical domain that is not a store domain at all (a preview host, say) is not enforced.
 */
export function isDomainAllowed(channel: Channel, host: string, channels: Record<ChannelId, Channel> = DEFAULT_CHANNELS): boolean {
  const canonical = channel.canonicalDomain?.toLowerCase();
  if (!canonical) return true;
  const current = host.toLowerCase().replace(/:\d+$/, '');
  if (canonical === current) return true;
  return !isKnownStoreHost(canonical, channels);
}
