import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { MemoryPageCache, type StoredPage } from '../../worker/ssr/memory-cache';

const NONCE = 'T2xkTm9uY2VPbGROb25jZQ==';
const page = (body: string, expires = 10_000, nonce: string | null = NONCE): StoredPage => ({
  status: 200,
  headers: new Headers({ 'Content-Type': 'text/html; charset=utf-8' }),
  body,
  nonce,
  expires,
});
const text = (body: { bytes: Uint8Array; gzip: boolean }) => new TextDecoder().decode(body.gzip ? gunzipSync(body.bytes) : body.bytes);
const html = `<script nonce="${NONCE}" src="/a.js"></script><style nonce="${NONCE}">p{}</style><p>${'x'.repeat(10)}</p>`;

describe('MemoryPageCache', () => {
  it('gives the page back with the new nonce wherever the stored one was', () => {
    const cache = new MemoryPageCache();
    cache.set('k', MemoryPageCache.entryOf(page(html)));
    const entry = cache.get('k', 0)!;
    const body = text(MemoryPageCache.body(entry, 'NEW', true));
    expect(body).toBe('<script nonce="NEW" src="/a.js"></script><style nonce="NEW">p{}</style><p>xxxxxxxxxx</p>');
    expect(entry.headers).toEqual([['content-type', 'text/html; charset=utf-8']]);
  });

  it('keeps text outside ASCII intact and counts its size in bytes', () => {
    const cache = new MemoryPageCache();
    const entry = MemoryPageCache.entryOf(page(`<p nonce="${NONCE}">Portátil · 1.299,00 €</p>`));
    cache.set('k', entry);
    const body = MemoryPageCache.body(cache.get('k', 0)!, 'n2', true);
    expect(body.gzip).toBe(false); // kept as text: sent as text, whatever the client takes
    expect(text(body)).toBe('<p nonce="n2">Portátil · 1.299,00 €</p>');
    expect(entry.size).toBe(new TextEncoder().encode(`<p nonce="">Portátil · 1.299,00 €</p>`).byteLength);
  });

  it('kept compressed: gzip-encoded for a client that takes it, as text for one that does not, in a fraction of the size', () => {
    const cache = new MemoryPageCache();
    const long = `<p nonce="${NONCE}">${'Portátil · 1.299,00 € '.repeat(200)}</p><script nonce="${NONCE}"></script>`;
    const entry = MemoryPageCache.entryOf(page(long), true);
    cache.set('k', entry);
    const expected = long.replaceAll(NONCE, 'n2');
    const gzip = MemoryPageCache.body(cache.get('k', 0)!, 'n2', true);
    expect(gzip.gzip).toBe(true);
    expect(text(gzip)).toBe(expected);
    const plain = MemoryPageCache.body(cache.get('k', 0)!, 'n2', false);
    expect(plain.gzip).toBe(false);
    expect(new TextDecoder().decode(plain.bytes)).toBe(expected);
    expect(entry.size).toBeLessThan(new TextEncoder().encode(long).byteLength / 10);
    expect(cache.stats.size).toBe(entry.size);
  });

  it('keeps a page without a nonce (XML) as it is', () => {
    const cache = new MemoryPageCache();
    cache.set('k', MemoryPageCache.entryOf(page('<urlset/>', 10, null)));
    expect(text(MemoryPageCache.body(cache.get('k', 0)!, 'NEW', true))).toBe('<urlset/>');
  });

  it('stops serving an entry at its expiry and forgets it', () => {
    const cache = new MemoryPageCache();
    cache.set('k', MemoryPageCache.entryOf(page(html, 1_000)));
    expect(cache.get('k', 999)).toBeDefined();
    expect(cache.get('k', 1_000)).toBeUndefined();
    expect(cache.stats).toEqual({ entries: 0, size: 0 });
  });

  it('drops the least recently used entry beyond its number of entries', () => {
    const cache = new MemoryPageCache({ maxEntries: 2, maxSize: 1_000_000 });
    cache.set('a', MemoryPageCache.entryOf(page('A')));
    cache.set('b', MemoryPageCache.entryOf(page('B')));
    cache.get('a', 0); // a is now the most recent
    cache.set('c', MemoryPageCache.entryOf(page('C')));
    expect(cache.get('b', 0)).toBeUndefined();
    expect(cache.get('a', 0)).toBeDefined();
    expect(cache.get('c', 0)).toBeDefined();
  });

  it('replaces an entry with its compressed copy only while it still holds that entry', () => {
    const cache = new MemoryPageCache();
    const plain = MemoryPageCache.entryOf(page(html));
    cache.set('k', plain);
    const compressed = MemoryPageCache.entryOf(page(html), true);
    cache.replace('k', plain, compressed);
    expect(cache.get('k', 0)).toBe(compressed);
    expect(cache.stats).toEqual({ entries: 1, size: compressed.size });
    // Dropped (or replaced by a newer copy) meanwhile: the compressed copy does not bring it back.
    const newer = MemoryPageCache.entryOf(page(html.replace('x', 'y')));
    cache.set('k', newer);
    cache.replace('k', plain, compressed);
    expect(cache.get('k', 0)).toBe(newer);
    cache.set('other', MemoryPageCache.entryOf(page('O')));
    cache.replace('gone', plain, compressed);
    expect(cache.get('gone', 0)).toBeUndefined();
  });

  it('stays within its size, refuses a page larger than all of it, and counts a replaced page once', () => {
    const size = MemoryPageCache.entryOf(page('a'.repeat(10))).size;
    const cache = new MemoryPageCache({ maxEntries: 100, maxSize: 2 * size + 1 });
    cache.set('a', MemoryPageCache.entryOf(page('a'.repeat(10))));
    cache.set('b', MemoryPageCache.entryOf(page('b'.repeat(10))));
    cache.set('c', MemoryPageCache.entryOf(page('c'.repeat(10))));
    expect(cache.stats).toEqual({ entries: 2, size: 2 * size });
    expect(cache.get('a', 0)).toBeUndefined();
    const huge = MemoryPageCache.entryOf(page(crypto.randomUUID().repeat(3)));
    expect(huge.size).toBeGreaterThan(2 * size + 1);
    cache.set('huge', huge);
    expect(cache.get('huge', 0)).toBeUndefined();
    const smaller = MemoryPageCache.entryOf(page('C'));
    cache.set('c', smaller);
    expect(cache.stats).toEqual({ entries: 2, size: size + smaller.size });
  });
});
