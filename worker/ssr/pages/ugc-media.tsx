/**
 * The upload page (`ugcUpload`, /ugc/upload-media, signed in): the user's uploads with their state
 * and what they are attached to, and the upload form. `?review=<id>` or `?answer=<id>` of the
 * user's own item makes new uploads go to that item; someone else's (or no such) item is ignored.
 */
import { msg } from '@lingui/core/macro';
import { and, desc, eq } from 'drizzle-orm';
import { lazy } from 'react';
import type { UploadedItem } from '../../../client/islands/media-upload';
import type { UploadMediaPageData } from '../../../client/pages/upload-media';
import { href, type RouteId } from '../../../client/routes';
import { answers, ugcMedia } from '../../db/schema';
import { AppError } from '../../http/errors';
import { MAX_MEDIA_PER_ITEM, MAX_UNATTACHED_PER_USER, ownItem, type MediaParent } from '../../ugc/media';
import { definePage, type LoadContext, type PageDefinition } from './types';

function parseNote(note: string): string[] {
  try {
    const value: unknown = JSON.parse(note);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

/** The item the page was opened for, when it is the user's own. */
async function targetOf(context: LoadContext): Promise<MediaParent | null> {
  for (const kind of ['review', 'answer'] as const) {
    const raw = context.url.searchParams.get(kind);
    if (raw === null) continue;
    const id = Number(raw);
    if (!Number.isSafeInteger(id) || id <= 0 || id > 2 ** 31) return null;
    try {
      await ownItem(context.db, context.user!.id, { kind, id });
      return { kind, id };
    } catch (error) {
      if (error instanceof AppError) return null;
      throw error;
    }
  }
  return null;
}

const ugcUpload = definePage<UploadMediaPageData>({
  access: 'user',
  component: lazy(() => import('../../../client/pages/upload-media')),
  async load(context) {
    const { db, user, language, channel, i18n } = context;
    const rows = await db
      .select({ media: ugcMedia, questionId: answers.questionId })
      .from(ugcMedia)
      .leftJoin(answers, and(eq(ugcMedia.attachedKind, 'answer'), eq(answers.id, ugcMedia.attachedId)))
      .where(eq(ugcMedia.userId, user!.id))
      .orderBy(desc(ugcMedia.createdAt), desc(ugcMedia.id));
    const reviewsHref = href('accountReviews', language, channel);
    const linkOf = (kind: 'review' | 'answer', questionId: number | null) => (kind === 'review' ? reviewsHref : questionId ? href('wikiThread', language, channel, { questionId: String(questionId) }) : reviewsHref);
    const items: UploadedItem[] = rows.map(({ media, questionId }) => ({
      id: media.id,
      kind: media.kind,
      contentType: media.contentType,
      width: media.width,
      height: media.height,
      state: media.state,
      moderationNote: parseNote(media.moderationNote),
      createdAt: media.createdAt,
      attached: media.attachedKind && media.attachedId ? { kind: media.attachedKind, id: media.attachedId, href: linkOf(media.attachedKind, questionId) } : null,
    }));
    const target = await targetOf(context);
    let targetData: UploadMediaPageData['target'] = null;
    if (target) {
      const questionId = target.kind === 'answer' ? ((await db.select({ questionId: answers.questionId }).from(answers).where(eq(answers.id, target.id)).limit(1))[0]?.questionId ?? null) : null;
      const count = items.filter((item) => item.attached?.kind === target.kind && item.attached.id === target.id).length;
      targetData = { ...target, href: linkOf(target.kind, questionId), count };
    }
    return {
      data: { items, target: targetData, maxPerItem: MAX_MEDIA_PER_ITEM, maxUnattached: MAX_UNATTACHED_PER_USER, action: '/api/ugc/media' },
      meta: { title: i18n._(msg`Your photos and videos | Ampora`), noIndex: true },
    };
  },
});

export const ugcMediaRoutePages: Partial<Record<RouteId, PageDefinition<unknown>>> = { ugcUpload };
