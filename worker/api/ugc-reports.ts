/**
 * Reports of user content (docs/user-content.md "Reports and abuse"), mounted under /api/ugc:
 * - `POST /reports` `{ kind: review|question|answer, id, reason }` → `{ reportCount, hidden }`
 *   (201). Signed in; one per user and item (409 ALREADY_REPORTED); not on one's own content
 *   (400 UGC_REPORT_OWN); only public (OK) items (404 otherwise); rate-limited (ugcReport).
 *   At REPORTS_TO_HIDE reports the item is hidden until staff decide (worker/ugc/reports.ts).
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../http/context';
import { okEnvelope } from '../http/errors';
import { validate } from '../http/validate';
import { requireUser, signedInUser } from '../identity/session';
import { limitUgc } from '../ugc/common';
import { fileReport, REPORT_KINDS, REPORT_REASONS } from '../ugc/reports';
import { describe } from '../http/openapi-meta';

const reportBody = z.object({
  kind: z.enum(REPORT_KINDS),
  id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  reason: z.enum(REPORT_REASONS),
});

export const ugcReportsApi = new Hono<AppEnv>().post('/reports', describe({ summary: 'Report a review, question, answer or upload', security: 'session', errors: ['notFound', 'tooManyAttempts', 'ugcAlreadyReported', 'ugcReportOwn', 'ugcTooManyPosts', 'unauthorized'] }), requireUser, validate('json', reportBody), async (c) => {
  const user = signedInUser(c);
  await limitUgc(c, 'ugcReport', user);
  const { kind, id, reason } = c.req.valid('json');
  const outcome = await fileReport(c.var.db, { userId: user.id, kind, id, reason, now: c.var.now });
  c.header('Cache-Control', 'private, no-store');
  return c.json(okEnvelope(outcome), 201);
});
