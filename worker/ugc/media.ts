/**
 * Photos and videos attached to reviews and answers. (Placeholder signatures: filled in by the
 * media area.)
 */
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '../db/client';

export type MediaParentKind = 'review' | 'answer';

/** Checks that every id is the user's own upload, not attached elsewhere (404 otherwise); at most MAX_MEDIA_PER_ITEM. */
export async function checkAttachable(_db: Db, _userId: number, _mediaIds: readonly string[], _parent?: { kind: MediaParentKind; id: number }): Promise<void> {}

/** Statements that attach the user's uploads to the item (and detach the ones no longer listed). */
export function attachMediaStatements(_db: Db, _userId: number, _mediaIds: readonly string[], _parent: { kind: MediaParentKind; id: number }): BatchItem<'sqlite'>[] {
  return [];
}

/** Public media of items (OK media of OK parents), for rendering: id → url, kind, width, height. */
export interface PublicMedia {
  id: string;
  kind: 'image' | 'video';
  width: number | null;
  height: number | null;
}

export async function publicMediaOf(_db: Db, _kind: MediaParentKind, _ids: readonly number[]): Promise<Map<number, PublicMedia[]>> {
  return new Map();
}

/**
 * Statements run when staff decide on an item: approving it (OK) approves its media still
 * waiting (staff saw them with it in the queue); rejecting it rejects them. Media staff rejected
 * one by one stay rejected.
 */
export function mediaDecisionStatements(_db: Db, _parent: { kind: MediaParentKind; id: number }, _decision: 'OK' | 'REJECTED'): BatchItem<'sqlite'>[] {
  return [];
}
