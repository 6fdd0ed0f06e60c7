/**
 * Photos and videos attached to reviews and answers (docs/user-content.md, "Media"). An upload
 * is stored in R2 under `ugc/<userId>/<uuid>` with a `ugc_media` row (PENDING_REVIEW,
 * unattached); the author attaches it to their review or answer; staff decide on it with its
 * item. Only OK media of an OK item (and, for an answer, an OK question) are public.
 */
import { and, asc, eq, inArray, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '../db/client';
import { answers, productReviews, questions, ugcMedia } from '../db/schema';
import { appError } from '../http/errors';

export type MediaParentKind = 'review' | 'answer';
export type MediaParent = { kind: MediaParentKind; id: number };

/** At most this many photos and videos on one review or answer. */
export const MAX_MEDIA_PER_ITEM = 6;
/** Uploads not attached to anything a user may hold at once. */
export const MAX_UNATTACHED_PER_USER = 20;
/** Unattached uploads older than this are removed by the scheduled job. */
export const UNATTACHED_TTL_MS = 24 * 60 * 60 * 1000;

/** D1 binds at most 100 parameters per statement: id lists are queried in chunks of this size. */
const CHUNK = 90;
const chunks = <T>(values: readonly T[]) => Array.from({ length: Math.ceil(values.length / CHUNK) }, (_, i) => values.slice(i * CHUNK, (i + 1) * CHUNK));

const attachedTo = (parent: MediaParent) => and(eq(ugcMedia.attachedKind, parent.kind), eq(ugcMedia.attachedId, parent.id));
const unique = (ids: readonly string[]) => [...new Set(ids)];

/** Checks that every id is the user's own upload, not attached elsewhere (404 otherwise); at most MAX_MEDIA_PER_ITEM. */
export async function checkAttachable(db: Db, userId: number, mediaIds: readonly string[], parent?: MediaParent): Promise<void> {
  const ids = unique(mediaIds);
  if (ids.length > MAX_MEDIA_PER_ITEM) throw appError('ugcMediaPerItem', { max: MAX_MEDIA_PER_ITEM });
  if (ids.length === 0) return;
  // Free (unattached, not rejected) or already on this very item: anything else is "not found", as someone else's upload is.
  const free = and(isNull(ugcMedia.attachedKind), sql`${ugcMedia.state} <> 'REJECTED'`);
  const rows = await db
    .select({ id: ugcMedia.id })
    .from(ugcMedia)
    .where(and(inArray(ugcMedia.id, ids), eq(ugcMedia.userId, userId), parent ? or(free, attachedTo(parent)) : free));
  if (rows.length !== ids.length) throw appError('notFound');
}

/** Statements that attach the user's uploads to the item (and detach the ones no longer listed). */
export function attachMediaStatements(db: Db, userId: number, mediaIds: readonly string[], parent: MediaParent): BatchItem<'sqlite'>[] {
  const ids = unique(mediaIds);
  const detach = db
    .update(ugcMedia)
    .set({ attachedKind: null, attachedId: null })
    .where(and(attachedTo(parent), ids.length > 0 ? notInArray(ugcMedia.id, ids) : undefined));
  if (ids.length === 0) return [detach];
  const attach = db
    .update(ugcMedia)
    .set({ attachedKind: parent.kind, attachedId: parent.id })
    .where(and(inArray(ugcMedia.id, ids), eq(ugcMedia.userId, userId), or(isNull(ugcMedia.attachedKind), attachedTo(parent))));
  return [detach, attach];
}

/** Public media of items (OK media of OK parents), for rendering: id → url, kind, width, height. */
export interface PublicMedia {
  id: string;
  kind: 'image' | 'video';
  width: number | null;
  height: number | null;
  /** The original's type (image/jpeg, video/mp4…): a <video>'s <source type>. */
  contentType?: string;
}

/** The serving route's address of a media file at a size (images: tiny 44, small 140, medium 300, large 530 or full). */
export const mediaUrl = (id: string, size: 'tiny' | 'small' | 'medium' | 'large' | 'full' = 'full') => `/media/ugc/${id}/${size}`;

/** The parent's publication, as SQL on ugc_media's row: the item OK, and an answer's question OK too. */
export const parentIsPublicSql = sql`(
  (${ugcMedia.attachedKind} = 'review' AND EXISTS (SELECT 1 FROM ${productReviews} r WHERE r.id = ${ugcMedia.attachedId} AND r.state = 'OK'))
  OR (${ugcMedia.attachedKind} = 'answer' AND EXISTS (SELECT 1 FROM ${answers} a JOIN ${questions} q ON q.id = a.question_id WHERE a.id = ${ugcMedia.attachedId} AND a.state = 'OK' AND q.state = 'OK'))
)`;

export async function publicMediaOf(db: Db, kind: MediaParentKind, ids: readonly number[]): Promise<Map<number, PublicMedia[]>> {
  const result = new Map<number, PublicMedia[]>();
  for (const part of chunks([...new Set(ids)])) {
    const rows = await db
      .select({ id: ugcMedia.id, parentId: ugcMedia.attachedId, kind: ugcMedia.kind, width: ugcMedia.width, height: ugcMedia.height, contentType: ugcMedia.contentType })
      .from(ugcMedia)
      .where(and(eq(ugcMedia.attachedKind, kind), inArray(ugcMedia.attachedId, part), eq(ugcMedia.state, 'OK'), parentIsPublicSql))
      .orderBy(asc(ugcMedia.createdAt), asc(ugcMedia.id));
    for (const row of rows) {
      const list = result.get(row.parentId!) ?? [];
      list.push({ id: row.id, kind: row.kind, width: row.width, height: row.height, contentType: row.contentType });
      result.set(row.parentId!, list);
    }
  }
  return result;
}

/**
 * Statements run when staff decide on an item: approving it (OK) approves its media still
 * waiting (staff saw them with it in the queue); rejecting it rejects them. Media staff rejected
 * one by one stay rejected.
 */
export function mediaDecisionStatements(db: Db, parent: MediaParent, decision: 'OK' | 'REJECTED'): BatchItem<'sqlite'>[] {
  return [db.update(ugcMedia).set({ state: decision }).where(and(attachedTo(parent), eq(ugcMedia.state, 'PENDING_REVIEW')))];
}

/** Whether the item belongs to the user (404 otherwise, as for an item that does not exist) and its state. */
export async function ownItem(db: Db, userId: number, parent: MediaParent): Promise<{ state: string }> {
  const table = parent.kind === 'review' ? productReviews : answers;
  const [row] = await db.select({ state: table.state }).from(table).where(and(eq(table.id, parent.id), eq(table.userId, userId))).limit(1);
  if (!row) throw appError('notFound');
  return row;
}

export const mediaKey = (userId: number, id: string) => `ugc/${userId}/${id}`;

/**
 * Removes unattached uploads created before `now - UNATTACHED_TTL_MS` (uploads never attached,
 * and uploads detached from their item since): the rows, then their R2 objects, in pages.
 * Run by the scheduled job (worker/index.ts). Returns how many it removed.
 */
export async function removeStaleUploads(db: Db, bucket: R2Bucket, now: number, limit = 500): Promise<number> {
  const stale = await db
    .select({ id: ugcMedia.id, r2Key: ugcMedia.r2Key })
    .from(ugcMedia)
    .where(and(isNull(ugcMedia.attachedKind), lt(ugcMedia.createdAt, now - UNATTACHED_TTL_MS)))
    .orderBy(asc(ugcMedia.createdAt))
    .limit(limit);
  let removed = 0;
  for (const part of chunks(stale.map((row) => row.id))) {
    // Rows first, and only those still unattached: an upload attached since the select keeps its file.
    const gone = await db.delete(ugcMedia).where(and(inArray(ugcMedia.id, part), isNull(ugcMedia.attachedKind))).returning({ r2Key: ugcMedia.r2Key });
    if (gone.length > 0) await bucket.delete(gone.map((row) => row.r2Key));
    removed += gone.length;
  }
  return removed;
}
