import { crc32, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptsGzip, compressParts, crc32Combine, gzipBody, plainBody } from '../../worker/ssr/gzip-parts';

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (body: Uint8Array) => new TextDecoder().decode(body);

/** Deterministic text of `length` characters, part of it repetitive like HTML, part not. */
function sample(length: number, seed: number): string {
  let state = seed;
  let out = '';
  while (out.length < length) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    out += state % 3 === 0 ? `<li class="card">Portátil ${state % 97} €</li>` : String.fromCharCode(32 + (state % 90));
  }
  return out.slice(0, length);
}

describe('gzip parts', () => {
  it('make one gzip member that decodes to the parts with the value in every hole, its CRC and length checked', () => {
    for (const lengths of [[0], [5000], [0, 0], [120, 0, 7], [70_000, 3, 40_000], [1, 2, 3, 4, 5]]) {
      const parts = lengths.map((length, index) => sample(length, index + 1));
      const kept = compressParts(parts.map(bytes));
      for (const between of ['', 'nonce-Zm9vYmFyYmF6cXV4MTIzNA==', 'ñ€'.repeat(500)]) {
        const expected = parts.join(between);
        // gunzipSync rejects a member whose trailer's CRC-32 or length does not match what it decoded.
        expect(text(gunzipSync(gzipBody(kept, bytes(between))))).toBe(expected);
        expect(text(plainBody(kept, bytes(between)))).toBe(expected);
      }
    }
  });

  it('combine CRCs as if computed over the joined text', () => {
    for (const [a, b] of [[0, 0], [1, 0], [0, 1], [17, 100_000], [65_536, 3], [1_000_000, 1_000_001]] as const) {
      const left = bytes(sample(a, 3));
      const right = bytes(sample(b, 4));
      const joined = new Uint8Array(left.byteLength + right.byteLength);
      joined.set(left);
      joined.set(right, left.byteLength);
      expect(crc32Combine(crc32(left), crc32(right), right.byteLength)).toBe(crc32(joined));
    }
  });

  it('keep a page in a fraction of its size', () => {
    const page = bytes(Array.from({ length: 2000 }, (_, i) => `<li><a href="/p-${i}">Portátil ${i}</a></li>`).join(''));
    const kept = compressParts([page]);
    expect(kept.segments[0]!.byteLength).toBeLessThan(page.byteLength / 5);
  });

  it('refuse a hole larger than a stored block', () => {
    expect(() => gzipBody(compressParts([bytes('a'), bytes('b')]), new Uint8Array(65_536))).toThrow(RangeError);
  });

  it('follow Accept-Encoding as browsers and RFC 9110 write it', () => {
    expect(acceptsGzip('gzip, deflate, br, zstd')).toBe(true);
    expect(acceptsGzip('br;q=1.0, gzip;q=0.8, *;q=0.1')).toBe(true);
    expect(acceptsGzip('x-gzip')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('GZIP')).toBe(true);
    expect(acceptsGzip('br')).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('*, gzip;q=0')).toBe(false);
    expect(acceptsGzip('*;q=0')).toBe(false);
    expect(acceptsGzip('')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});
