/**
 * GET /media/ugc/:id/:size? — the bytes of a user's photo or video (docs/user-content.md, "Media").
 * Public only when the media and its item are OK: then `public, max-age=86400, immutable` with an
 * ETag, and resized copies kept in the Cache API. Otherwise only the uploader and staff get it,
 * `private, no-store`; anyone else gets 404, as for an id that does not exist.
 * Images: `size` is a §9 preset (tiny 44, small 140, medium 300, large 530) — resized to that
 * width, WebP when the browser accepts it, else JPEG — or `full` (the original). Videos are sent
 * as stored, with Range support so a <video> can seek. The content type is the one sniffed at
 * upload (never SVG or HTML), with nosniff and `Content-Disposition: inline`.
 */
import { eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { isStaff } from '../admin/access';
import { ugcMedia } from '../db/schema';
import { isMediaSize, MEDIA_SIZES, parseRange } from '../domain/ugc/media-types';
import type { AppContext, AppEnv } from '../http/context';
import { currentUser } from '../identity/session';
import { parentIsPublicSql } from './media';

export type ResizedFormat = 'image/webp' | 'image/jpeg';

/** The port of resizing: scale an image down to a width (never up), keeping its aspect. */
export interface ImageResizer {
  resize(body: ReadableStream<Uint8Array>, width: number, format: ResizedFormat): Promise<ReadableStream<Uint8Array>>;
}

/** The adapter over the Cloudflare Images binding (miniflare runs it locally with sharp); null without the binding. */
export function imagesBindingResizer(images: ImagesBinding | undefined): ImageResizer | null {
  if (!images) return null;
  return {
    async resize(body, width, format) {
      const result = await images.input(body).transform({ width, fit: 'scale-down' }).output({ format, quality: 82 });
      return result.image();
    },
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const PUBLIC_CACHE = 'public, max-age=86400, immutable';
const PRIVATE_CACHE = 'private, no-store';
/** The Cache API's key space for resized copies (never a real address). */
const CACHE_ORIGIN = 'https://ugc-media.cache.invalid';

const notFound = (c: AppContext) => c.body(null, 404, { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });

function matchesEtag(c: AppContext, etag: string): boolean {
  const header = c.req.header('If-None-Match');
  return !!header && header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

function waitUntil(c: AppContext, promise: Promise<unknown>): void {
  try {
    c.executionCtx.waitUntil(promise.catch((error: unknown) => console.error('Caching a media copy failed', error)));
  } catch {
    // No execution context (the app called directly): nothing to keep alive, let it run.
    void promise.catch(() => undefined);
  }
}

export function ugcMediaFiles(resizerOf: (env: Env) => ImageResizer | null = (env) => imagesBindingResizer((env as { IMAGES?: ImagesBinding }).IMAGES)) {
  return new Hono<AppEnv>().get('/:id/:size?', async (c) => {
    const id = c.req.param('id');
    const size = c.req.param('size') ?? 'full';
    if (!UUID.test(id) || !isMediaSize(size)) return notFound(c);
    const [row] = await c.var.db
      .select({ userId: ugcMedia.userId, kind: ugcMedia.kind, contentType: ugcMedia.contentType, bytes: ugcMedia.bytes, r2Key: ugcMedia.r2Key, isPublic: sql<number>`${ugcMedia.state} = 'OK' AND ${parentIsPublicSql}` })
      .from(ugcMedia)
      .where(eq(ugcMedia.id, id))
      .limit(1);
    if (!row) return notFound(c);
    const isPublic = !!row.isPublic;
    if (!isPublic) {
      const user = await currentUser(c);
      if (!user || (user.id !== row.userId && !isStaff(user))) return notFound(c);
    }
    const headers: Record<string, string> = {
      'Cache-Control': isPublic ? PUBLIC_CACHE : PRIVATE_CACHE,
      'X-Content-Type-Options': 'nosniff',
      'Content-Disposition': 'inline',
    };

    const resizer = row.kind === 'image' && size !== 'full' ? resizerOf(c.env) : null;
    if (!resizer) {
      // The original: a video (any size asks for the same file), a full image, or an image when nothing can resize.
      const etag = `"${id}"`;
      Object.assign(headers, { ETag: etag, 'Accept-Ranges': 'bytes' });
      if (matchesEtag(c, etag)) return c.body(null, 304, headers);
      const range = parseRange(c.req.header('Range'), row.bytes);
      if (range === 'unsatisfiable') return c.body(null, 416, { ...headers, 'Content-Range': `bytes */${row.bytes}` });
      const object = await c.env.FILES.get(row.r2Key, range ? { range: { offset: range.start, length: range.end - range.start + 1 } } : undefined);
      if (!object) return notFound(c);
      headers['Content-Type'] = row.contentType;
      if (!range) return c.body(object.body, 200, { ...headers, 'Content-Length': String(row.bytes) });
      return c.body(object.body, 206, { ...headers, 'Content-Range': `bytes ${range.start}-${range.end}/${row.bytes}`, 'Content-Length': String(range.end - range.start + 1) });
    }

    const format: ResizedFormat = /\bimage\/webp\b/.test(c.req.header('Accept') ?? '') ? 'image/webp' : 'image/jpeg';
    const etag = `"${id}-${size}-${format === 'image/webp' ? 'webp' : 'jpeg'}"`;
    Object.assign(headers, { ETag: etag, Vary: 'Accept', 'Content-Type': format });
    if (matchesEtag(c, etag)) return c.body(null, 304, headers);
    const cacheKey = new Request(`${CACHE_ORIGIN}/${id}/${size}/${format}`);
    // Only public copies are shared; the publication check above always runs first, so a copy
    // cached while public is never served once the media stops being public.
    const cache = (caches as CacheStorage & { default: Cache }).default;
    if (isPublic) {
      const hit = await cache.match(cacheKey);
      if (hit?.body) return c.body(hit.body, 200, headers);
    }
    const object = await c.env.FILES.get(row.r2Key);
    if (!object) return notFound(c);
    const resized = await new Response(await resizer.resize(object.body, MEDIA_SIZES[size as keyof typeof MEDIA_SIZES], format)).arrayBuffer();
    if (isPublic) waitUntil(c, cache.put(cacheKey, new Response(resized, { headers: { 'Content-Type': format, 'Cache-Control': PUBLIC_CACHE } })));
    return c.body(resized, 200, headers);
  });
}
