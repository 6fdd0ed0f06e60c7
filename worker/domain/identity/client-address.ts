/**
 * The key a per-client rate limit counts an address under (worker/identity/rate-limit.ts): an
 * IPv4 address as it is (IPv4-mapped IPv6 included), an IPv6 address by its /64 network — the
 * block one subscriber is given, so rotating addresses inside it gains nothing — and anything
 * missing or malformed under one shared key.
 */
export function clientKey(header: string | undefined): string {
  const address = header?.trim().toLowerCase() ?? '';
  const v4 = /^(?:::ffff:)?(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address);
  if (v4) return v4[1]!;
  const prefix = ipv6Prefix64(address);
  return prefix ? `${prefix}::/64` : 'unknown';
}

/** The first four groups of an IPv6 address (`::` expanded, zone dropped), or undefined. */
function ipv6Prefix64(address: string): string | undefined {
  const text = address.replace(/%.*$/, '');
  if (!text.includes(':') || !/^[0-9a-f:.]+$/.test(text)) return undefined;
  const [head = '', tail, extra] = text.split('::');
  if (extra !== undefined) return undefined;
  // An embedded IPv4 tail (64:ff9b::192.0.2.1) stands for two groups.
  const groups = (part: string) => (part === '' ? [] : part.split(':')).flatMap((g) => (g.includes('.') ? ['0', '0'] : [g]));
  const front = groups(head);
  const back = tail === undefined ? [] : groups(tail);
  const missing = 8 - front.length - back.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return undefined;
  const all = [...front, ...Array<string>(missing).fill('0'), ...back];
  if (!all.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return undefined;
  return all
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':');
}
