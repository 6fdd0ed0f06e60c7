/**
 * The isolate's own copy of edge-cached pages, in front of the Cache API: a hit answers from
 * memory with no KV, D1 or cache read at all. Entries are keyed exactly like the Cache API
 * (host, catalogue version, channel, language, URL), expire when the edge copy would (stored
 * time + EDGE_TTL_SECONDS), and are bounded in number and size, least recently used out first.
 *
 * An entry remembers the articles its page shows and the invalidation seq known when it was
 * rendered: when the isolate's invalidation log brings newer rows, the entries showing those
 * articles are dropped, and only those (`dropInvalidated`).
 *
 * A page is kept as the UTF-8 bytes around its CSP nonce, so a hit copies the parts with the new
 * response's nonce between them instead of parsing or encoding the HTML again; where hits are
 * sent gzip-encoded (deployed environments, ./edge-cache.ts), each part is kept compressed once
 * (./gzip-parts.ts), and an entry takes about a seventh of the page's size. The nonce is 128
 * random bits in base64 (ASCII): it is never found in the page by chance.
 */
import { compressedSize, compressParts, gzipBody, plainBody, type GzipParts } from './gzip-parts';

const encoder = new TextEncoder();

export interface MemoryEntry {
  status: number;
  headers: [string, string][];
  /** An HTML page (its nonce must match the response's CSP). */
  html: boolean;
  /** The body's UTF-8 bytes, split at every occurrence of the nonce it was stored with: as they are, or each part compressed. */
  parts: { gzip: false; text: Uint8Array[] } | { gzip: true; compressed: GzipParts };
  /** Epoch ms after which the entry is not served. */
  expires: number;
  /** Size of the parts as kept, in bytes. */
  size: number;
  /** The articles the page shows. */
  articles: readonly number[];
  /** The invalidation seq known when it was rendered. */
  seq: number;
}

/** A page as stored: its text and the nonce that text carries (null for XML). */
export interface StoredPage {
  status: number;
  headers: Headers;
  body: string;
  nonce: string | null;
  /** Epoch ms after which it is not served. */
  expires: number;
  /** The articles the page shows (none for a page without products). */
  articles?: readonly number[];
  /** The invalidation seq known when it was rendered. */
  seq?: number;
}

/** What `dropInvalidated` reads of the isolate's invalidation log (./catalogue-version.ts). */
export interface Invalidations {
  seq: number;
  isStale(articles: readonly number[], seq: number): boolean;
}

export interface MemoryCacheLimits {
  maxEntries: number;
  /** In bytes (an isolate has 128 MB in all). */
  maxSize: number;
}

export const DEFAULT_MEMORY_LIMITS: MemoryCacheLimits = { maxEntries: 500, maxSize: 16 * 1024 * 1024 };

export class MemoryPageCache {
  private readonly entries = new Map<string, MemoryEntry>();
  private size = 0;
  /** The invalidation seq this cache has been checked against. */
  private checkedSeq = 0;

  constructor(private readonly limits: MemoryCacheLimits = DEFAULT_MEMORY_LIMITS) {}

  get(key: string, now = Date.now()): MemoryEntry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expires <= now) {
      this.size -= entry.size;
      return undefined;
    }
    this.entries.set(key, entry); // most recently used last
    return entry;
  }

  /** A stored page as an entry, split at its nonce, its parts compressed when `gzip`. */
  static entryOf(page: StoredPage, gzip = false): MemoryEntry {
    const text = (page.nonce ? page.body.split(page.nonce) : [page.body]).map((part) => encoder.encode(part));
    const html = /^text\/html\b/i.test(page.headers.get('Content-Type') ?? '');
    const compressed = gzip ? compressParts(text) : undefined;
    return {
      status: page.status,
      headers: [...page.headers],
      html,
      parts: compressed ? { gzip: true, compressed } : { gzip: false, text },
      expires: page.expires,
      size: compressed ? compressedSize(compressed) : text.reduce((sum, part) => sum + part.byteLength, 0),
      articles: page.articles ?? [],
      seq: page.seq ?? 0,
    };
  }

  /** Drops the entries showing an article invalidated after they were rendered; the others stay. */
  dropInvalidated(log: Invalidations): void {
    if (log.seq === this.checkedSeq) return;
    for (const [key, entry] of this.entries) {
      if (!log.isStale(entry.articles, entry.seq)) continue;
      this.entries.delete(key);
      this.size -= entry.size;
    }
    this.checkedSeq = log.seq;
  }

  /** Puts `next` in place of `current` when `key` still holds it (not dropped as stale or replaced since). */
  replace(key: string, current: MemoryEntry, next: MemoryEntry): void {
    if (this.entries.get(key) === current) this.set(key, next);
  }

  /** Keeps an entry; one larger than the whole budget is not kept. */
  set(key: string, entry: MemoryEntry): void {
    if (entry.size > this.limits.maxSize) return;
    const previous = this.entries.get(key);
    if (previous) {
      this.entries.delete(key);
      this.size -= previous.size;
    }
    this.entries.set(key, entry);
    this.size += entry.size;
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= this.limits.maxEntries && this.size <= this.limits.maxSize) break;
      this.entries.delete(oldest);
      this.size -= entry.size;
    }
  }

  /**
   * The entry's body (UTF-8) with `nonce` wherever the stored nonce was: gzip-encoded when it is
   * kept compressed and the client takes gzip, else as text.
   */
  static body(entry: MemoryEntry, nonce: string, takesGzip: boolean): { bytes: Uint8Array<ArrayBuffer>; gzip: boolean } {
    const between = encoder.encode(nonce);
    const { parts } = entry;
    if (parts.gzip) return takesGzip ? { bytes: gzipBody(parts.compressed, between), gzip: true } : { bytes: plainBody(parts.compressed, between), gzip: false };
    const bytes = new Uint8Array(entry.size + between.byteLength * (parts.text.length - 1));
    let offset = 0;
    parts.text.forEach((part, index) => {
      if (index > 0) {
        bytes.set(between, offset);
        offset += between.byteLength;
      }
      bytes.set(part, offset);
      offset += part.byteLength;
    });
    return { bytes, gzip: false };
  }

  get stats(): { entries: number; size: number } {
    return { entries: this.entries.size, size: this.size };
  }
}
