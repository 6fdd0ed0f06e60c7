/**
 * The staff moderation API, mounted under /api/admin/ugc (docs/user-content.md "Moderation").
 * Staff only (requireStaff: anyone else gets STAFF_ONLY, 403, before any parameter is read).
 * Every decision goes through the item's one transition (setReviewState, setQuestionState,
 * setAnswerState), so points, ratings, campaign entries and media follow, and is logged with
 * the staff member's id.
 *
 * - `GET /queue?kind=review|question|answer|media&state=PENDING_REVIEW&page` → QueuePage.
 * - `POST /media/:id/reject` `{ reason }`: one photo or video (the item keeps its state).
 * - `POST /:kind/:id/approve`: OK (staff approving reported content reset its report count).
 * - `POST /:kind/:id/reject` `{ reason }`: REJECTED, with the reason as the note the author sees.
 * - `POST /campaigns/:slug/draw` `{ channel, winners? }`: the prize draw, after the window only.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { requireStaff, staffUser } from '../admin/access';
import { CHANNEL_IDS } from '../channel/channels';
import { campaignEnded } from '../domain/ugc/campaigns';
import type { AppContext, AppEnv } from '../http/context';
import { appError, okEnvelope } from '../http/errors';
import { validate } from '../http/validate';
import { drawResult, reviewCampaignOf, runDraw } from '../ugc/campaigns';
import { moderationQueue, QUEUE_KINDS, rejectMedia } from '../ugc/moderation-queue';
import { REPORT_KINDS, resetReportCount, setUgcState, type ReportKind } from '../ugc/reports';
import { UGC_STATES } from '../db/schema';
import { describe } from '../http/openapi-meta';

const queueQuery = z.object({
  kind: z.enum(QUEUE_KINDS).default('review'),
  state: z.enum(UGC_STATES).default('PENDING_REVIEW'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
const itemParam = z.object({ kind: z.enum(REPORT_KINDS), id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const mediaParam = z.object({ id: z.uuid() });
const reasonBody = z.object({ reason: z.string().trim().min(2).max(500) });
const drawParam = z.object({ slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/).max(80) });
const drawBody = z.object({ channel: z.enum(CHANNEL_IDS), winners: z.number().int().min(1).max(50).optional() });

/** One line per staff decision in the Worker's log (the store's record of who did what). */
function logDecision(c: AppContext, decision: Record<string, unknown>): void {
  console.info(JSON.stringify({ event: 'ugc.moderation', staffUserId: staffUser(c).id, at: c.var.now.toISOString(), ...decision }));
}

async function decide(c: AppContext, kind: ReportKind, id: number, decision: 'OK' | 'REJECTED', reason?: string) {
  const now = c.var.now;
  const moved = await setUgcState(c.var.db, kind, id, decision, reason ? [reason] : [], now);
  if (!moved) throw appError('notFound');
  if (decision === 'OK') await resetReportCount(c.var.db, kind, id);
  logDecision(c, { kind, id, decision, reason: reason ?? null });
  return { kind, id, state: decision };
}

export const adminUgcApi = new Hono<AppEnv>()
  .use('*', requireStaff)
  .use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'private, no-store');
  })
  .get('/queue', describe({ summary: 'Staff: the moderation queue of reviews, questions, answers and media' }), validate('query', queueQuery), async (c) => c.json(okEnvelope(await moderationQueue(c.var.db, { ...c.req.valid('query'), language: c.var.language }))))
  .post('/media/:id/reject', describe({ summary: 'Staff: reject an uploaded photo or video', errors: ['notFound', 'staffOnly'] }), validate('param', mediaParam), validate('json', reasonBody), async (c) => {
    const { id } = c.req.valid('param');
    const { reason } = c.req.valid('json');
    const rejected = await rejectMedia(c.var.db, id, reason);
    if (!rejected) throw appError('notFound');
    logDecision(c, { kind: 'media', id, decision: 'REJECTED', reason });
    return c.json(okEnvelope(rejected));
  })
  .post('/:kind/:id/approve', describe({ summary: 'Staff: approve a review, question or answer', errors: ['notFound', 'staffOnly'] }), validate('param', itemParam), async (c) => {
    const { kind, id } = c.req.valid('param');
    return c.json(okEnvelope(await decide(c, kind, id, 'OK')));
  })
  .post('/:kind/:id/reject', describe({ summary: 'Staff: reject a review, question or answer', errors: ['notFound', 'staffOnly'] }), validate('param', itemParam), validate('json', reasonBody), async (c) => {
    const { kind, id } = c.req.valid('param');
    return c.json(okEnvelope(await decide(c, kind, id, 'REJECTED', c.req.valid('json').reason)));
  })
  .get('/campaigns/:slug/draw', describe({ summary: 'Staff: the draw result of a reviews campaign', errors: ['notFound'] }), validate('param', drawParam), validate('query', z.object({ channel: z.enum(CHANNEL_IDS) })), async (c) => {
    const channel = c.req.valid('query').channel;
    const campaign = reviewCampaignOf(c.var.channels[channel], c.req.valid('param').slug);
    if (!campaign) throw appError('notFound');
    return c.json(okEnvelope(await drawResult(c.var.db, campaign, channel)));
  })
  .post('/campaigns/:slug/draw', describe({ summary: 'Staff: run the draw of an ended reviews campaign', errors: ['campaignNotEnded', 'notFound', 'staffOnly'] }), validate('param', drawParam), validate('json', drawBody), async (c) => {
    const { channel, winners } = c.req.valid('json');
    const campaign = reviewCampaignOf(c.var.channels[channel], c.req.valid('param').slug);
    if (!campaign || !(campaign.channels as string[]).includes(channel)) throw appError('notFound');
    if (!campaignEnded(campaign, c.var.now)) throw appError('campaignNotEnded', { endsAt: campaign.endsAt });
    const result = await runDraw(c.var.db, c.env.AUTH_SECRET, campaign, channel, winners ?? campaign.winners, c.var.now);
    logDecision(c, { kind: 'campaign', id: campaign.slug, decision: 'draw', channel, winners: result.winners.map((winner) => winner.entryId) });
    return c.json(okEnvelope(result));
  });
