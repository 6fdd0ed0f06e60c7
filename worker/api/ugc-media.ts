/**
 * Photos and videos of reviews and answers (docs/user-content.md, "Media"), under /api/ugc:
 *   POST   /media          upload one file (multipart `file`; or JSON `{file: base64}` for scripts)
 *   GET    /media/mine     the caller's uploads, their state and what they are attached to
 *   POST   /media/attach   {kind, id, mediaIds} attach uploads to the caller's review or answer
 *   DELETE /media/:id      remove one of the caller's uploads (file and row)
 * The type is judged from the bytes only (worker/domain/ugc/media-types.ts); a request declaring
 * more than the largest upload is refused before its body is read.
 */
import { and, count, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { ugcMedia, answers } from '../db/schema';
import { MEDIA_LIMITS, sniffMedia } from '../domain/ugc/media-types';
import type { AppContext, AppEnv } from '../http/context';
import { appError, okEnvelope } from '../http/errors';
import { validate } from '../http/validate';
import { loadOwned, registerOwnedResource } from '../identity/owned';
import { requireUser, signedInUser } from '../identity/session';
import { limitUgc } from '../ugc/common';
import { attachMediaStatements, checkAttachable, MAX_MEDIA_PER_ITEM, MAX_UNATTACHED_PER_USER, mediaKey, mediaUrl, ownItem, type MediaParent } from '../ugc/media';
import { withdrawPoints } from '../ugc/points';
import { setAnswerState } from '../ugc/questions';
import { setReviewState } from '../ugc/reviews';
import { describe } from '../http/openapi-meta';

/** The largest upload (a video) and room for the multipart framing. */
const MAX_MULTIPART_BYTES = MEDIA_LIMITS.videoBytes + 64 * 1024;
/** The same in base64 inside JSON. */
const MAX_JSON_BYTES = Math.ceil((MEDIA_LIMITS.videoBytes * 4) / 3) + 64 * 1024;

const tooLarge = () => appError('ugcMediaTooLarge', { imageMaxBytes: MEDIA_LIMITS.imageBytes, videoMaxBytes: MEDIA_LIMITS.videoBytes });

const mediaId = z.string().uuid();
const idParam = z.object({ id: mediaId });
const jsonUpload = z.object({ file: z.string().min(1).max(MAX_JSON_BYTES) });
const attachBody = z.object({
  kind: z.enum(['review', 'answer']),
  id: z.coerce.number().int().positive().max(2 ** 31),
  mediaIds: z.array(mediaId).min(1).max(MAX_MEDIA_PER_ITEM),
});

const ownedMedia = { table: ugcMedia, id: ugcMedia.id, userId: ugcMedia.userId };

function base64Bytes(value: string): Uint8Array {
  try {
    return Uint8Array.from(atob(value.replace(/^data:[^,]*,/, '')), (char) => char.charCodeAt(0));
  } catch {
    throw appError('invalidRequest');
  }
}

/** The upload's bytes, from a multipart `file` part or a JSON `file` in base64. */
async function uploadedBytes(c: AppContext, isJson: boolean): Promise<Uint8Array> {
  if (isJson) {
    const body = jsonUpload.safeParse(await c.req.json().catch(() => null));
    if (!body.success) throw appError('invalidRequest');
    return base64Bytes(body.data.file);
  }
  const form = await c.req.formData().catch(() => null);
  const file = form?.get('file');
  if (!file || typeof file === 'string') throw appError('invalidRequest', { field: 'file' });
  // The part's own size, before its bytes are copied: an image part over the video limit is refused here.
  if (file.size > MEDIA_LIMITS.videoBytes) throw tooLarge();
  return new Uint8Array(await file.arrayBuffer());
}

const parseNote = (note: string): string[] => {
  try {
    const value: unknown = JSON.parse(note);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
};

export const ugcMediaApi = new Hono<AppEnv>()
  .post(
    '/media', describe({ summary: 'Upload a photo or video for a review or answer', security: 'session', errors: ['invalidRequest', 'tooManyAttempts', 'ugcMediaDimensions', 'ugcMediaTooLarge', 'ugcMediaTooManyUnattached', 'ugcMediaTruncated', 'ugcMediaType', 'ugcTooManyPosts', 'unauthorized'] }),
    requireUser,
    async (c, next) => {
      // Refused on what the request declares, before any of its body is read.
      const isJson = /\bapplication\/json\b/i.test(c.req.header('Content-Type') ?? '');
      const declared = Number(c.req.header('Content-Length') ?? 0);
      if (declared > (isJson ? MAX_JSON_BYTES : MAX_MULTIPART_BYTES)) throw tooLarge();
      await next();
    },
    // A body sent without a length (chunked) is cut off at the same bound while it streams in.
    bodyLimit({ maxSize: MAX_JSON_BYTES, onError: () => { throw tooLarge(); } }),
    async (c) => {
      const user = signedInUser(c);
      const db = c.var.db;
      const [held] = await db.select({ n: count() }).from(ugcMedia).where(and(eq(ugcMedia.userId, user.id), isNull(ugcMedia.attachedKind)));
      if ((held?.n ?? 0) >= MAX_UNATTACHED_PER_USER) throw appError('ugcMediaTooManyUnattached', { max: MAX_UNATTACHED_PER_USER });
      await limitUgc(c, 'ugcUpload', user);
      const bytes = await uploadedBytes(c, /\bapplication\/json\b/i.test(c.req.header('Content-Type') ?? ''));
      const sniffed = sniffMedia(bytes);
      if (!sniffed.ok) {
        if (sniffed.problem === 'tooLarge') throw tooLarge();
        if (sniffed.problem === 'dimensions') throw appError('ugcMediaDimensions', { minSide: MEDIA_LIMITS.minSide, maxPixels: MEDIA_LIMITS.maxPixels });
        throw appError(sniffed.problem === 'truncated' ? 'ugcMediaTruncated' : 'ugcMediaType', { accepted: ['image/jpeg', 'image/png', 'image/webp', 'video/mp4', 'video/webm'] });
      }
      const { media } = sniffed;
      const id = crypto.randomUUID();
      const r2Key = mediaKey(user.id, id);
      await c.env.FILES.put(r2Key, bytes, { httpMetadata: { contentType: media.contentType } });
      try {
        await db.insert(ugcMedia).values({ id, userId: user.id, kind: media.kind, contentType: media.contentType, bytes: bytes.byteLength, width: media.width, height: media.height, r2Key, state: 'PENDING_REVIEW', createdAt: c.var.now.getTime() });
      } catch (error) {
        await c.env.FILES.delete(r2Key);
        throw error;
      }
      return c.json(okEnvelope({ id, kind: media.kind, contentType: media.contentType, state: 'PENDING_REVIEW' as const, width: media.width, height: media.height, bytes: bytes.byteLength, url: mediaUrl(id) }), 201);
    },
  )
  .get('/media/mine', describe({ summary: "The customer's uploaded photos and videos", security: 'session', errors: ['unauthorized'] }), requireUser, async (c) => {
    const user = signedInUser(c);
    const rows = await c.var.db
      .select({
        id: ugcMedia.id,
        kind: ugcMedia.kind,
        contentType: ugcMedia.contentType,
        bytes: ugcMedia.bytes,
        width: ugcMedia.width,
        height: ugcMedia.height,
        state: ugcMedia.state,
        moderationNote: ugcMedia.moderationNote,
        attachedKind: ugcMedia.attachedKind,
        attachedId: ugcMedia.attachedId,
        createdAt: ugcMedia.createdAt,
        // An answer's page is its question's thread.
        questionId: sql<number | null>`(SELECT ${answers.questionId} FROM ${answers} WHERE ${answers.id} = ${ugcMedia.attachedId} AND ${ugcMedia.attachedKind} = 'answer')`,
      })
      .from(ugcMedia)
      .where(eq(ugcMedia.userId, user.id))
      .orderBy(desc(ugcMedia.createdAt), desc(ugcMedia.id));
    const items = rows.map(({ attachedKind, attachedId, questionId, moderationNote, ...row }) => ({
      ...row,
      moderationNote: parseNote(moderationNote),
      attachedTo: attachedKind && attachedId ? { kind: attachedKind, id: attachedId, ...(questionId ? { questionId } : {}) } : null,
      url: mediaUrl(row.id),
    }));
    return c.json(okEnvelope({ items, maxUnattached: MAX_UNATTACHED_PER_USER, maxPerItem: MAX_MEDIA_PER_ITEM }));
  })
  .post('/media/attach', describe({ summary: 'Attach uploads to a review or answer', security: 'session', errors: ['notFound', 'ugcMediaPerItem', 'unauthorized'] }), requireUser, validate('json', attachBody), async (c) => {
    const user = signedInUser(c);
    const db = c.var.db;
    const { kind, id, mediaIds } = c.req.valid('json');
    const parent: MediaParent = { kind, id };
    const item = await ownItem(db, user.id, parent);
    const current = (await db.select({ id: ugcMedia.id }).from(ugcMedia).where(and(eq(ugcMedia.attachedKind, kind), eq(ugcMedia.attachedId, id)))).map((row) => row.id);
    const all = [...new Set([...current, ...mediaIds])];
    await checkAttachable(db, user.id, all, parent);
    const added = all.length > current.length;
    await db.batch(attachMediaStatements(db, user.id, all, parent) as [ReturnType<typeof attachMediaStatements>[number]]);
    // Nothing with media is public before moderation: new media send a published item back to the queue.
    let state = item.state;
    if (added && item.state === 'OK') {
      await (kind === 'review' ? setReviewState : setAnswerState)(db, id, 'PENDING_REVIEW', ['media'], c.var.now);
      state = 'PENDING_REVIEW';
    }
    return c.json(okEnvelope({ kind, id, state, mediaIds: all }));
  })
  .delete('/media/:id', describe({ summary: 'Delete an upload', security: 'session', errors: ['notFound', 'unauthorized'] }), requireUser, validate('param', idParam), async (c) => {
    const user = signedInUser(c);
    const db = c.var.db;
    const row = await loadOwned(db, ownedMedia, user.id, c.req.valid('param').id);
    const statements: ReturnType<typeof attachMediaStatements>[number][] = [db.delete(ugcMedia).where(and(eq(ugcMedia.id, row.id), eq(ugcMedia.userId, user.id)))];
    // The review's media points stand on its OK media: removing the last one withdraws them.
    if (row.attachedKind === 'review' && row.attachedId && row.state === 'OK') {
      const [others] = await db.select({ n: count() }).from(ugcMedia).where(and(eq(ugcMedia.attachedKind, 'review'), eq(ugcMedia.attachedId, row.attachedId), eq(ugcMedia.state, 'OK'), ne(ugcMedia.id, row.id)));
      if ((others?.n ?? 0) === 0) statements.push(withdrawPoints(db, ['reviewMedia'], row.attachedId));
    }
    await db.batch(statements as [(typeof statements)[number]]);
    await c.env.FILES.delete(row.r2Key);
    return c.json(okEnvelope({ id: row.id, deleted: true }));
  });

/** A real 120×100 PNG (solid colour), the upload the cross-user test makes. */
const OWNERSHIP_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAHgAAABkCAIAAADCEmNlAAAACXBIWXMAAAPoAAAD6AG1e1JrAAABW0lEQVR4nO3UUY0DARTDwCJZnIVoWCXQ316eTiMFgeX49byz5/cQXig/f6Ia0AHdf3obowO6uYaMbg5OOro5jQ7o5hoyujk46ejmNDqgm2vI6ObgpKOb0+iAbq4ho5uDk45uTqMDurmGjG4OTjq6OY0O6OYaMro5OOno5jQ6oJtryOjm4KSjm9PogG6uIaObg5OObk6jA7q5hoxuDk46ujmNDujmGjK6OTjp6OY0OqCba8jo5uCko5vT6IBuriGjm4OTjm5OowO6uYaMbg5OOro5jQ7o5hoyujk46ejmNDqgm2vI6ObgpKOb0+iAbq4ho5uDk45uTqMDurmGjG4OTjq6OY0O6OYaMro5OOno5jQ6oJtryOjm4KSjm9PogG6uIaObg5OObk6jA7q5hoxuDk46ujmNDujmGjK6OTjp6OY0OqCba8jo5uCko5vT6IBuriGjm4OTjuZMv+4DCekaATpTxJEAAAAASUVORK5CYII=';

registerOwnedResource({
  name: 'ugcMedia',
  create: { path: '/api/ugc/media', body: { file: OWNERSHIP_PNG } },
  list: '/api/ugc/media/mine',
  routes: [{ method: 'DELETE', path: '/api/ugc/media/:id', ownerPass: false }],
});
