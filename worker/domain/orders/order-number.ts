/**
 * Order numbers: channel, date and a random part, e.g. `ES-261122-7KQ4MZ` — readable over the
 * phone (no 0/O or 1/I), unguessable enough for the public tracking page (30 bits), and unique
 * by the database's constraint.
 */
const ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

export function orderNumber(channel: string, now: Date, random: Uint8Array = crypto.getRandomValues(new Uint8Array(6))): string {
  const date = now.toISOString().slice(2, 10).replaceAll('-', '');
  const suffix = [...random.slice(0, 6)].map((byte) => ALPHABET[byte % ALPHABET.length]).join('');
  return `${channel}-${date}-${suffix}`;
}

export const ORDER_NUMBER_PATTERN = /^[A-Z]{2}-\d{6}-[2-9A-HJ-NP-Z]{6}$/;
