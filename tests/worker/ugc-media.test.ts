/**
 * User photos and videos through the real Worker (worker/api/ugc-media.ts, worker/ugc/media.ts,
 * worker/ugc/media-serve.ts): uploads judged by their bytes, the size limits, R2, who may see a
 * file before and after moderation, resizing, Range on videos, attaching, deleting, the cleanup job.
 */
import { env } from 'cloudflare:workers';
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { dbFor } from '../../worker/db/client';
import { imageDimensions, MEDIA_LIMITS, sniffMedia, sniffType } from '../../worker/domain/ugc/media-types';
import { checkAttachable, mediaDecisionStatements, publicMediaOf, UNATTACHED_TTL_MS } from '../../worker/ugc/media';
import worker from '../../worker/index';
import { JPEG_100x150, PNG_120x100, PNG_600x400, PNG_99x300, WEBP_LOSSY_200x100 } from '../unit/ugc-media-fixtures';
import { signUp, TestBrowser } from './browser';
import { request } from './helpers';

const text = (value: string) => new TextEncoder().encode(value);
const concat = (...parts: (Uint8Array | number[])[]) => Uint8Array.from(parts.flatMap((part) => [...part]));
const MP4 = concat([0, 0, 0, 24], text('ftypisom'), [0, 0, 2, 0], text('isommp41'), [0, 0, 3, 240], text('mdat'), Array.from({ length: 1000 }, (_, i) => i % 251));
const WEBM = concat([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84], text('webm'), [0x42, 0x87, 0x81, 0x04, 0x18, 0x53, 0x80, 0x67], new Array(200).fill(7));
const HTML = text('<!doctype html><html><script>alert(document.cookie)</script></html>');

interface Upload {
  id: string;
  kind: string;
  contentType: string;
  state: string;
  width: number | null;
  height: number | null;
}

async function customer(): Promise<{ browser: TestBrowser; userId: number }> {
  const browser = new TestBrowser();
  const email = await signUp(browser);
  const userId = (await env.DB.prepare('SELECT id FROM users WHERE email = ?').bind(email).first<number>('id'))!;
  return { browser, userId };
}

async function upload(browser: TestBrowser, bytes: Uint8Array, name = 'file.bin', type = 'application/octet-stream') {
  const form = new FormData();
  form.set('file', new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  const response = await browser.fetch('/api/ugc/media', { method: 'POST', body: form });
  const envelope = (await response.json()) as { data: Upload | null; err: { message: string } | null };
  return { status: response.status, data: envelope.data!, error: envelope.err ? (JSON.parse(envelope.err.message) as { code: string; message: string; type: string }) : null };
}

const rowOf = (id: string) => env.DB.prepare('SELECT * FROM ugc_media WHERE id = ?').bind(id).first<{ user_id: number; state: string; attached_kind: string | null; attached_id: number | null; r2_key: string; content_type: string; bytes: number }>();
const objectCount = async (userId: number) => (await env.FILES.list({ prefix: `ugc/${userId}/` })).objects.length;

let articleCounter = 0;
async function review(userId: number, state: 'OK' | 'PENDING_REVIEW' = 'PENDING_REVIEW'): Promise<number> {
  const articleId = 900_000 + ++articleCounter;
  const row = await env.DB.prepare("INSERT INTO product_reviews (user_id, article_id, rating, created_at, title, body, state) VALUES (?, ?, 8, ?, 'Good', 'A good thing, works well.', ?) RETURNING id").bind(userId, articleId, Date.now(), state).first<number>('id');
  return row!;
}

async function answer(userId: number, state: 'OK' | 'PENDING_REVIEW' = 'OK'): Promise<number> {
  const now = Date.now();
  const questionId = (await env.DB.prepare("INSERT INTO questions (article_id, user_id, body, language, channel, state, created_at, updated_at) VALUES (1, ?, 'Does it fit?', 'es_ES', 'ES', 'OK', ?, ?) RETURNING id").bind(userId, now, now).first<number>('id'))!;
  return (await env.DB.prepare("INSERT INTO answers (question_id, user_id, author_kind, body, language, state, created_at, updated_at) VALUES (?, ?, 'customer', 'Yes it fits.', 'es_ES', ?, ?, ?) RETURNING id").bind(questionId, userId, state, now, now).first<number>('id'))!;
}

/** Staff approve the review (rows directly: the review's state, then its media with the decision statements). */
async function approveReview(reviewId: number) {
  await env.DB.prepare("UPDATE product_reviews SET state = 'OK' WHERE id = ?").bind(reviewId).run();
  const db = dbFor(env.DB);
  await db.batch(mediaDecisionStatements(db, { kind: 'review', id: reviewId }, 'OK') as [ReturnType<typeof mediaDecisionStatements>[number]]);
}

const get = (path: string, headers: Record<string, string> = {}) => request(`http://es.localhost${path}`, { headers });

describe('POST /api/ugc/media: uploads judged by their bytes', () => {
  it('stores each accepted type in R2 under ugc/<userId>/<uuid>, pending and unattached', async () => {
    const { browser, userId } = await customer();
    const cases = [
      [PNG_120x100, 'photo.png', 'image', 'image/png', 120, 100],
      [JPEG_100x150, 'photo.jpeg', 'image', 'image/jpeg', 100, 150],
      [WEBP_LOSSY_200x100, 'photo.webp', 'image', 'image/webp', 200, 100],
      [MP4, 'clip.mp4', 'video', 'video/mp4', null, null],
      [WEBM, 'clip.webm', 'video', 'video/webm', null, null],
    ] as const;
    for (const [bytes, name, kind, contentType, width, height] of cases) {
      const result = await upload(browser, bytes, name, 'application/octet-stream');
      expect(result.status, name).toBe(201);
      expect(result.data).toMatchObject({ kind, contentType, state: 'PENDING_REVIEW', width, height });
      const row = (await rowOf(result.data.id))!;
      expect(row).toMatchObject({ user_id: userId, state: 'PENDING_REVIEW', attached_kind: null, r2_key: `ugc/${userId}/${result.data.id}`, content_type: contentType, bytes: bytes.length });
      const object = await env.FILES.get(row.r2_key);
      expect(object?.httpMetadata?.contentType).toBe(contentType);
      expect(new Uint8Array(await object!.arrayBuffer())).toEqual(bytes);
    }
  });

  it('goes by the bytes, never the name or declared type: a PNG named .jpg is a PNG, HTML named .png is refused', async () => {
    const { browser, userId } = await customer();
    const png = await upload(browser, PNG_120x100, 'holiday.jpg', 'image/jpeg');
    expect(png.data.contentType).toBe('image/png');
    const html = await upload(browser, HTML, 'photo.png', 'image/png');
    expect(html.status).toBe(400);
    expect(html.error).toMatchObject({ type: 'validation', code: 'UGC_MEDIA_TYPE' });
    // Translated for the Spanish store, naming what is accepted.
    expect(html.error!.message).toMatch(/JPEG, PNG .*WebP.*MP4.*WebM/);
    expect(html.error!.message).not.toBe('Upload photos (JPEG, PNG or WebP) or videos (MP4 or WebM).');
    const svg = await upload(browser, text('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'a.webp', 'image/webp');
    expect(svg.error?.code).toBe('UGC_MEDIA_TYPE');
    expect((await upload(browser, PNG_120x100.subarray(0, 20), 'cut.png')).error?.code).toBe('UGC_MEDIA_TRUNCATED');
    expect((await upload(browser, PNG_99x300, 'thin.png')).error?.code).toBe('UGC_MEDIA_DIMENSIONS');
    expect(await objectCount(userId)).toBe(1);
  });

  it('refuses an image over 8 MB by its bytes, and a request declaring more than the largest upload before reading it', async () => {
    const { browser, userId } = await customer();
    const big = new Uint8Array(MEDIA_LIMITS.imageBytes + 1);
    big.set(PNG_120x100);
    const image = await upload(browser, big, 'big.png');
    expect(image.status).toBe(413);
    expect(image.error?.code).toBe('UGC_MEDIA_TOO_LARGE');

    // The declared length alone refuses it: read, this body (an empty form with a made-up
    // boundary) would be a 400 for a malformed form, not a 413.
    const body = new ReadableStream<Uint8Array>({ pull: (controller) => controller.close() });
    const response = await browser.fetch('/api/ugc/media', { method: 'POST', body, headers: { 'Content-Type': 'multipart/form-data; boundary=x', 'Content-Length': String(MEDIA_LIMITS.videoBytes + 1024 * 1024) }, duplex: 'half' } as RequestInit);
    expect(response.status).toBe(413);
    expect(JSON.parse(((await response.json()) as { err: { message: string } }).err.message).code).toBe('UGC_MEDIA_TOO_LARGE');
    expect(await objectCount(userId)).toBe(0);
  });

  it('needs a signed-in caller, and holds at most 20 unattached uploads per user', async () => {
    const anonymous = await upload(new TestBrowser(), PNG_120x100);
    expect(anonymous.status).toBe(401);
    const { browser, userId } = await customer();
    const now = Date.now();
    for (let i = 0; i < 20; i++) {
      await env.DB.prepare("INSERT INTO ugc_media (id, user_id, kind, content_type, bytes, r2_key, state, created_at) VALUES (?, ?, 'image', 'image/png', 1, ?, 'PENDING_REVIEW', ?)").bind(crypto.randomUUID(), userId, `ugc/${userId}/x${i}`, now).run();
    }
    const refused = await upload(browser, PNG_120x100);
    expect(refused.status).toBe(409);
    expect(refused.error?.code).toBe('UGC_MEDIA_TOO_MANY_UNATTACHED');
  });
});

describe('GET /media/ugc/:id/:size?: who sees a file', () => {
  it('keeps pending media private to the uploader and staff, and makes it public once it and its review are OK', async () => {
    const owner = await customer();
    const other = await customer();
    const staff = await customer();
    await env.DB.prepare(`UPDATE users SET roles = '["customer","staff"]' WHERE id = ?`).bind(staff.userId).run();
    const { data } = await upload(owner.browser, PNG_120x100);
    const path = `/media/ugc/${data.id}/full`;

    expect((await get(path)).status).toBe(404);
    expect((await other.browser.fetch(path)).status).toBe(404);
    for (const browser of [owner.browser, staff.browser]) {
      const response = await browser.fetch(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('Cache-Control')).toBe('private, no-store');
      expect(response.headers.get('Content-Type')).toBe('image/png');
      expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
      expect(response.headers.get('Content-Disposition')).toBe('inline');
      expect(new Uint8Array(await response.arrayBuffer())).toEqual(PNG_120x100);
    }

    const reviewId = await review(owner.userId);
    expect((await owner.browser.api('POST', '/api/ugc/media/attach', { kind: 'review', id: reviewId, mediaIds: [data.id] })).status).toBe(200);
    // Attached to a review still waiting: still not public.
    expect((await get(path)).status).toBe(404);
    await approveReview(reviewId);
    expect((await rowOf(data.id))!.state).toBe('OK');

    const open = await get(path);
    expect(open.status).toBe(200);
    expect(open.headers.get('Cache-Control')).toBe('public, max-age=86400, immutable');
    const etag = open.headers.get('ETag')!;
    expect(etag).toBeTruthy();
    expect((await get(path, { 'If-None-Match': etag })).status).toBe(304);
    expect([...(await publicMediaOf(dbFor(env.DB), 'review', [reviewId])).get(reviewId)!.map((m) => m.id)]).toEqual([data.id]);

    // The review leaves OK (reported, say): its media stop being public at once.
    await env.DB.prepare("UPDATE product_reviews SET state = 'PENDING_REVIEW' WHERE id = ?").bind(reviewId).run();
    expect((await get(path)).status).toBe(404);
    expect((await publicMediaOf(dbFor(env.DB), 'review', [reviewId])).size).toBe(0);
    expect((await owner.browser.fetch(path)).headers.get('Cache-Control')).toBe('private, no-store');
  });

  it('resizes images to the preset width, WebP when accepted and JPEG otherwise, and answers 404 for unknown sizes and ids', async () => {
    const owner = await customer();
    const { data } = await upload(owner.browser, PNG_600x400);
    const reviewId = await review(owner.userId);
    await owner.browser.api('POST', '/api/ugc/media/attach', { kind: 'review', id: reviewId, mediaIds: [data.id] });
    await approveReview(reviewId);

    const webp = await get(`/media/ugc/${data.id}/small`, { Accept: 'image/avif,image/webp,*/*' });
    expect(webp.status).toBe(200);
    expect(webp.headers.get('Content-Type')).toBe('image/webp');
    expect(webp.headers.get('Vary')).toBe('Accept');
    expect(webp.headers.get('Cache-Control')).toBe('public, max-age=86400, immutable');
    const small = new Uint8Array(await webp.arrayBuffer());
    expect(sniffType(small)).toBe('image/webp');
    expect(imageDimensions(small, 'image/webp')).toEqual({ width: 140, height: 93 });

    const jpeg = await get(`/media/ugc/${data.id}/large`, { Accept: 'image/*' });
    expect(jpeg.headers.get('Content-Type')).toBe('image/jpeg');
    expect(sniffMedia(new Uint8Array(await jpeg.arrayBuffer()))).toMatchObject({ ok: true, media: { contentType: 'image/jpeg', width: 530, height: 353 } });
    // Served again (from the Cache API copy or resized again): the same answer.
    const again = await get(`/media/ugc/${data.id}/large`, { Accept: 'image/*' });
    expect(again.headers.get('Content-Type')).toBe('image/jpeg');
    expect(sniffMedia(new Uint8Array(await again.arrayBuffer()))).toMatchObject({ ok: true, media: { width: 530 } });

    expect((await get(`/media/ugc/${data.id}/huge`)).status).toBe(404);
    expect((await get(`/media/ugc/${data.id}/constructor`)).status).toBe(404);
    expect((await get(`/media/ugc/${crypto.randomUUID()}/full`)).status).toBe(404);
    expect((await get('/media/ugc/not-a-uuid/full')).status).toBe(404);
  });

  it('streams videos as stored with Range support', async () => {
    const owner = await customer();
    const { data } = await upload(owner.browser, MP4, 'clip.mp4');
    const path = `/media/ugc/${data.id}`;
    const whole = await owner.browser.fetch(path);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('Accept-Ranges')).toBe('bytes');
    expect(whole.headers.get('Content-Type')).toBe('video/mp4');
    expect(new Uint8Array(await whole.arrayBuffer())).toEqual(MP4);

    const part = await owner.browser.fetch(path, { headers: { Range: 'bytes=10-19' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('Content-Range')).toBe(`bytes 10-19/${MP4.length}`);
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(MP4.subarray(10, 20));
    const tail = await owner.browser.fetch(path, { headers: { Range: 'bytes=-5' } });
    expect(new Uint8Array(await tail.arrayBuffer())).toEqual(MP4.subarray(MP4.length - 5));
    const beyond = await owner.browser.fetch(path, { headers: { Range: `bytes=${MP4.length}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('Content-Range')).toBe(`bytes */${MP4.length}`);
  });
});

describe('attaching and deleting', () => {
  it('attaches only the caller’s free uploads to the caller’s own item, at most 6', async () => {
    const alice = await customer();
    const bob = await customer();
    const mine = await upload(alice.browser, PNG_120x100);
    const bobs = await upload(bob.browser, PNG_120x100);
    const aliceReview = await review(alice.userId);
    const bobReview = await review(bob.userId);

    // Someone else's item, someone else's upload: 404, nothing changes.
    expect((await alice.browser.api('POST', '/api/ugc/media/attach', { kind: 'review', id: bobReview, mediaIds: [mine.data.id] })).status).toBe(404);
    expect((await alice.browser.api('POST', '/api/ugc/media/attach', { kind: 'review', id: aliceReview, mediaIds: [bobs.data.id] })).status).toBe(404);
    expect((await rowOf(mine.data.id))!.attached_kind).toBeNull();
    expect((await rowOf(bobs.data.id))!.attached_kind).toBeNull();

    const attached = await alice.browser.api<{ mediaIds: string[] }>('POST', '/api/ugc/media/attach', { kind: 'review', id: aliceReview, mediaIds: [mine.data.id] });
    expect(attached.status).toBe(200);
    expect(await rowOf(mine.data.id)).toMatchObject({ attached_kind: 'review', attached_id: aliceReview });
    // Already attached: it cannot go on another item.
    const aliceAnswer = await answer(alice.userId, 'PENDING_REVIEW');
    expect((await alice.browser.api('POST', '/api/ugc/media/attach', { kind: 'answer', id: aliceAnswer, mediaIds: [mine.data.id] })).status).toBe(404);
    await expect(checkAttachable(dbFor(env.DB), alice.userId, [mine.data.id])).rejects.toMatchObject({ entry: { code: 'NOT_FOUND' } });
    await expect(checkAttachable(dbFor(env.DB), alice.userId, [mine.data.id], { kind: 'review', id: aliceReview })).resolves.toBeUndefined();

    const more: string[] = [];
    for (let i = 0; i < 6; i++) more.push((await upload(alice.browser, JPEG_100x150)).data.id);
    const seventh = await alice.browser.api('POST', '/api/ugc/media/attach', { kind: 'review', id: aliceReview, mediaIds: more });
    expect(seventh.status).toBe(400);
    expect(seventh.error?.code).toBe('UGC_MEDIA_PER_ITEM');
    expect((await alice.browser.api('POST', '/api/ugc/media/attach', { kind: 'answer', id: aliceAnswer, mediaIds: more.slice(0, 2) })).status).toBe(200);

    const list = await alice.browser.api<{ items: { id: string; state: string; attachedTo: { kind: string; id: number; questionId?: number } | null }[] }>('GET', '/api/ugc/media/mine');
    expect(list.data.items).toHaveLength(7);
    expect(list.data.items.find((item) => item.id === mine.data.id)?.attachedTo).toEqual({ kind: 'review', id: aliceReview });
    expect(list.data.items.find((item) => item.id === more[0])?.attachedTo).toMatchObject({ kind: 'answer', id: aliceAnswer, questionId: expect.any(Number) });
  });

  it('deletes only the caller’s own upload (file and row), withdrawing the review’s media points with its last OK media', async () => {
    const alice = await customer();
    const bob = await customer();
    const first = await upload(alice.browser, PNG_120x100);
    const second = await upload(alice.browser, PNG_120x100);
    const reviewId = await review(alice.userId);
    await alice.browser.api('POST', '/api/ugc/media/attach', { kind: 'review', id: reviewId, mediaIds: [first.data.id, second.data.id] });
    await approveReview(reviewId);
    await env.DB.prepare("INSERT INTO user_points (user_id, reason, ref_id, points, created_at) VALUES (?, 'reviewMedia', ?, 5, ?)").bind(alice.userId, String(reviewId), Date.now()).run();
    const points = () => env.DB.prepare("SELECT count(*) AS n FROM user_points WHERE reason = 'reviewMedia' AND ref_id = ?").bind(String(reviewId)).first<number>('n');

    const refused = await bob.browser.api('DELETE', `/api/ugc/media/${first.data.id}`);
    expect(refused.status).toBe(404);
    expect(await rowOf(first.data.id)).not.toBeNull();

    expect((await alice.browser.api('DELETE', `/api/ugc/media/${first.data.id}`)).status).toBe(200);
    expect(await rowOf(first.data.id)).toBeNull();
    expect(await env.FILES.head(`ugc/${alice.userId}/${first.data.id}`)).toBeNull();
    expect(await points()).toBe(1);
    expect((await alice.browser.api('DELETE', `/api/ugc/media/${second.data.id}`)).status).toBe(200);
    expect(await points()).toBe(0);
    expect((await alice.browser.api('DELETE', `/api/ugc/media/${second.data.id}`)).status).toBe(404);
  });
});

describe('the cleanup job', () => {
  it('removes unattached uploads older than a day (file and row) from the scheduled handler, keeping attached and recent ones', async () => {
    const alice = await customer();
    const stale = await upload(alice.browser, PNG_120x100);
    const recent = await upload(alice.browser, PNG_120x100);
    const kept = await upload(alice.browser, PNG_120x100);
    const reviewId = await review(alice.userId);
    await alice.browser.api('POST', '/api/ugc/media/attach', { kind: 'review', id: reviewId, mediaIds: [kept.data.id] });
    const old = Date.now() - UNATTACHED_TTL_MS - 60_000;
    await env.DB.prepare('UPDATE ugc_media SET created_at = ? WHERE id IN (?, ?)').bind(old, stale.data.id, kept.data.id).run();

    const ctx = createExecutionContext();
    worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: '*/15 * * * *' }), env, ctx);
    await waitOnExecutionContext(ctx);

    expect(await rowOf(stale.data.id)).toBeNull();
    expect(await env.FILES.head(`ugc/${alice.userId}/${stale.data.id}`)).toBeNull();
    expect(await rowOf(recent.data.id)).not.toBeNull();
    expect(await rowOf(kept.data.id)).not.toBeNull();
    expect(await env.FILES.head(`ugc/${alice.userId}/${kept.data.id}`)).not.toBeNull();
  });
});

describe('the store’s policy lets pages show these files', () => {
  it('allows images and media from the store itself', async () => {
    const csp = (await get('/')).headers.get('Content-Security-Policy')!;
    expect(csp).toMatch(/default-src 'self'/);
    expect(csp).toMatch(/img-src 'self'/);
    // media-src falls back to default-src; a media-src of its own must include 'self'.
    const media = /media-src ([^;]*)/.exec(csp);
    if (media) expect(media[1]).toContain("'self'");
  });
});

describe('the upload page (ugcUpload)', () => {
  it('asks visitors to sign in, and shows a signed-in user their uploads, their state and the item they belong to', async () => {
    // A visitor gets the sign-in form (which brings them back here), not the page.
    const anonymous = await (await get('/ugc/upload-media')).text();
    expect(anonymous).toContain('<h1>Iniciar sesión');
    expect(anonymous).not.toContain('Tus fotos y vídeos</h1>');

    const owner = await customer();
    const other = await customer();
    const pending = await upload(owner.browser, PNG_120x100);
    const video = await upload(owner.browser, MP4, 'clip.mp4');
    const reviewId = await review(owner.userId);
    await owner.browser.api('POST', '/api/ugc/media/attach', { kind: 'review', id: reviewId, mediaIds: [video.data.id] });
    await env.DB.prepare(`UPDATE ugc_media SET state = 'REJECTED', moderation_note = '["blurry"]' WHERE id = ?`).bind(video.data.id).run();

    const response = await owner.browser.fetch(`/ugc/upload-media?review=${reviewId}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<h1>Tus fotos y vídeos</h1>');
    expect(html).toContain(`/media/ugc/${pending.data.id}/small`);
    expect(html).toContain(`/media/ugc/${video.data.id}/full`);
    expect(html).toContain('Estado: pendiente de moderación');
    expect(html).toContain('Estado: rechazado (blurry)');
    expect(html).toContain('accept="image/jpeg,image/png,image/webp,video/mp4,video/webm"');
    expect(html).toMatch(/role="status"/);
    // Opened for the user's own review: new uploads go there.
    expect(html).toContain('Lo que subas se añade a');

    // Someone else's review is not a target; their uploads are not shown.
    const foreign = await other.browser.fetch(`/ugc/upload-media?review=${reviewId}`);
    const foreignHtml = await foreign.text();
    expect(foreign.status).toBe(200);
    expect(foreignHtml).not.toContain('Lo que subas se añade a');
    expect(foreignHtml).not.toContain(pending.data.id);
  });
});
