import { describe, expect, it } from 'vitest';
import { clientKey } from '../../../worker/domain/identity/client-address';

describe('clientKey (the per-client rate-limit key)', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    [' 203.0.113.7 ', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:85a3:8d3:1319:8a2e:370:7348', '2001:db8:85a3:8d3::/64'],
    ['2001:0DB8:85A3:08D3:ffff:ffff:ffff:ffff', '2001:db8:85a3:8d3::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['2001:db8:1:2::7%eth0', '2001:db8:1:2::/64'],
    ['::1', '0:0:0:0::/64'],
  ])('counts %j as %j', (header, key) => {
    expect(clientKey(header)).toBe(key);
  });

  it('puts every address of one /64 under one key', () => {
    expect(clientKey('2001:db8:aa:bb::1')).toBe(clientKey('2001:db8:aa:bb:ffff:1234:5678:9abc'));
    expect(clientKey('2001:db8:aa:bb::1')).not.toBe(clientKey('2001:db8:aa:bc::1'));
  });

  it.each([undefined, '', 'unknown', '203.0.113.7, 198.51.100.1', 'evil', '1:2:3', '1::2::3', '1:2:3:4:5:6:7:8:9'])('shares one key for %j', (header) => {
    expect(clientKey(header)).toBe('unknown');
  });
});
