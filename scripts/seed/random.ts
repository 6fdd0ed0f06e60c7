/**
 * Seeded randomness for the demo catalogue. Every entity draws from its own stream, derived from
 * the global seed and the entity id, so any table can be regenerated lazily and in any order.
 */

export type Rng = () => number;

/** mulberry32: a tiny, fast 32-bit PRNG; returns floats in [0, 1). */
export function mulberry32(seed: number): Rng {
  let a = seed | 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Mixes integers into one well-spread 32-bit value (murmur3 finaliser over a running hash). */
export function mix(...parts: number[]): number {
  let h = 0x811c9dc5;
  for (const p of parts) {
    h = Math.imul(h ^ (p | 0), 0x01000193);
    h ^= h >>> 15;
    h = Math.imul(h, 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return h >>> 0;
}

/** FNV-1a hash of a string, for salts and keys. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** A stream for one entity: `streamFor(seed, 'offers', articleId, channelIndex)`. */
export function streamFor(seed: number, salt: string, ...ids: number[]): Rng {
  return mulberry32(mix(seed, hashString(salt), ...ids));
}

/** A single uniform draw in [0, 1) for a yes/no decision that other tables must agree on. */
export function unit(seed: number, salt: string, ...ids: number[]): number {
  return mix(seed, hashString(salt), ...ids) / 4294967296;
}

export const int = (rng: Rng, min: number, max: number): number => min + Math.floor(rng() * (max - min + 1));
export const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)]!;
export const chance = (rng: Rng, p: number): boolean => rng() < p;

/** Picks an index with probability proportional to `weights[i]`. */
export function weightedIndex(rng: Rng, weights: readonly number[]): number {
  let total = 0;
  for (const w of weights) total += w;
  let r = rng() * total;
  for (let i = 0; i < weights.length; i++) {
    r -= weights[i]!;
    if (r < 0) return i;
  }
  return weights.length - 1;
}
