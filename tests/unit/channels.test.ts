import { describe, expect, it } from 'vitest';
import { CHANNEL_IDS, DEFAULT_CHANNELS, channelIdFromHost, isDomainAllowed, type ChannelId } from '../../worker/channel/channels';

const HOSTS: [string, ChannelId | undefined][] = [
  ['www.ampora.es', 'ES'],
  ['www.ampora.pt', 'PT'],
  ['www.ampora.fr', 'FR'],
  ['www.ampora.it', 'IT'],
  ['www.ampora.de', 'DE'],
  ['staging.ampora.es', 'ES'],
  ['staging.ampora.pt', 'PT'],
  ['staging.ampora.fr', 'FR'],
  ['staging.ampora.it', 'IT'],
  ['staging.ampora.de:443', 'DE'],
  ['staging.ampora.com', undefined],
  ['es.localhost:8787', 'ES'],
  ['pt.localhost:8787', 'PT'],
  ['fr.localhost:8787', 'FR'],
  ['it.localhost:8787', 'IT'],
  ['de.localhost:8787', 'DE'],
  ['localhost:8787', 'ES'],
  ['localhost', 'ES'],
  ['WWW.AMPORA.DE', 'DE'],
  ['www.ampora.de.', 'DE'],
  ['ampora.es', undefined],
  ['www.ampora.com', undefined],
  ['uk.localhost:8787', undefined],
  ['evil.example', undefined],
  ['', undefined],
];

describe('channelIdFromHost', () => {
  it.each(HOSTS)('%s → %s', (host, expected) => {
    expect(channelIdFromHost(host)).toBe(expected);
  });

  it('resolves every production and development host of the table to its own channel', () => {
    for (const id of CHANNEL_IDS) {
      const { production, staging, development } = DEFAULT_CHANNELS[id].hosts;
      for (const host of [production, staging!, ...development]) expect(channelIdFromHost(host)).toBe(id);
    }
  });

  it('follows host overrides', () => {
    const channels = { ...DEFAULT_CHANNELS, FR: { ...DEFAULT_CHANNELS.FR, hosts: { production: 'boutique.ampora.fr', development: [] } } };
    expect(channelIdFromHost('boutique.ampora.fr', channels)).toBe('FR');
    expect(channelIdFromHost('fr.localhost', channels)).toBeUndefined();
  });
});

describe('channel table', () => {
  it('has the phone prefixes of the specification', () => {
    expect(Object.fromEntries(CHANNEL_IDS.map((id) => [id, DEFAULT_CHANNELS[id].phonePrefix]))).toEqual({ ES: '+34', PT: '+351', FR: '+33', IT: '+39', DE: '+49' });
  });

  it('offers each channel its default language and Portugal the bank-reference method', () => {
    for (const id of CHANNEL_IDS) expect(DEFAULT_CHANNELS[id].languages).toContain(DEFAULT_CHANNELS[id].defaultLanguage);
    expect(DEFAULT_CHANNELS.PT.paymentFamilies).toContain('bank-reference');
    expect(DEFAULT_CHANNELS.ES.paymentFamilies).not.toContain('bank-reference');
  });
});

describe('isDomainAllowed (spec §1)', () => {
  const es = DEFAULT_CHANNELS.ES;

  it('allows any host when no canonical domain is configured', () => {
    expect(isDomainAllowed(es, 'es.localhost:8787')).toBe(true);
  });

  it('allows the canonical domain itself, with or without port', () => {
    expect(isDomainAllowed({ ...es, canonicalDomain: 'www.ampora.es' }, 'www.ampora.es')).toBe(true);
    expect(isDomainAllowed({ ...es, canonicalDomain: 'es.localhost' }, 'es.localhost:8787')).toBe(true);
  });

  it('refuses when the canonical domain is a different production or development domain', () => {
    expect(isDomainAllowed({ ...es, canonicalDomain: 'www.ampora.es' }, 'es.localhost:8787')).toBe(false);
    expect(isDomainAllowed({ ...es, canonicalDomain: 'es.localhost' }, 'localhost:8787')).toBe(false);
  });

  it('does not enforce a canonical domain that is not a store domain', () => {
    expect(isDomainAllowed({ ...es, canonicalDomain: 'preview.example.net' }, 'es.localhost')).toBe(true);
  });
});
