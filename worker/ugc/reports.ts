/**
 * Reports of user content by other users (POST /api/ugc/reports). One report per user and item,
 * only on public (OK) content that is not the reporter's own. Each report counts on the item's
 * `report_count`; at REPORTS_TO_HIDE the item goes back to PENDING_REVIEW with the note
 * ['reported'] through its transition, hidden until staff decide. Staff approving it again
 * resets the count to 0 (the reports stay: the same people cannot report it twice), so hiding
 * it again takes REPORTS_TO_HIDE new reports.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { answers, productReviews, questions, ugcReports, type UgcState } from '../db/schema';
import { REPORTS_TO_HIDE } from '../domain/ugc/moderation';
import { appError } from '../http/errors';
import { setAnswerState, setQuestionState } from './questions';
import { setReviewState } from './reviews';

export const REPORT_KINDS = ['review', 'question', 'answer'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
export const REPORT_REASONS = ['spam', 'offensive', 'off-topic', 'personal-data', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** The moderation note of an item hidden by reports. */
export const REPORTED_NOTE = 'reported';

const TABLES = { review: productReviews, question: questions, answer: answers } as const;

/** The one state transition of each kind (worker/ugc/reviews.ts, questions.ts). */
export function setUgcState(db: Db, kind: ReportKind, id: number, state: UgcState, note: readonly string[], now: Date): Promise<boolean> {
  if (kind === 'review') return setReviewState(db, id, state, note, now);
  if (kind === 'question') return setQuestionState(db, id, state, note, now);
  return setAnswerState(db, id, state, note, now);
}

export interface UgcItemFacts {
  userId: number;
  state: UgcState;
  reportCount: number;
}

/** Author, state and report count of an item, or undefined. */
export async function itemFacts(db: Db, kind: ReportKind, id: number): Promise<UgcItemFacts | undefined> {
  const table = TABLES[kind];
  const [row] = await db.select({ userId: table.userId, state: table.state, reportCount: table.reportCount }).from(table).where(eq(table.id, id)).limit(1);
  return row;
}

/** Statement that sets the item's report count back to 0 (staff approved it after reports). */
export function resetReportCount(db: Db, kind: ReportKind, id: number) {
  const table = TABLES[kind];
  return db.update(table).set({ reportCount: 0 }).where(eq(table.id, id));
}

export interface ReportOutcome {
  reportCount: number;
  hidden: boolean;
}

/**
 * Files the user's report: 404 unless the item exists and is OK, 400 UGC_REPORT_OWN on their own
 * content, 409 ALREADY_REPORTED the second time. The report and the count go in one batch (a
 * report racing a twin fails on the primary key and changes nothing).
 */
export async function fileReport(db: Db, input: { userId: number; kind: ReportKind; id: number; reason: ReportReason; now: Date }): Promise<ReportOutcome> {
  const { userId, kind, id, reason, now } = input;
  const item = await itemFacts(db, kind, id);
  if (!item || item.state !== 'OK') throw appError('notFound');
  if (item.userId === userId) throw appError('ugcReportOwn');
  const [earlier] = await db
    .select({ userId: ugcReports.userId })
    .from(ugcReports)
    .where(and(eq(ugcReports.kind, kind), eq(ugcReports.targetId, id), eq(ugcReports.userId, userId)))
    .limit(1);
  if (earlier) throw appError('ugcAlreadyReported');
  const table = TABLES[kind];
  try {
    await db.batch([
      db.insert(ugcReports).values({ kind, targetId: id, userId, reason, createdAt: now.getTime() }),
      db.update(table).set({ reportCount: sql`${table.reportCount} + 1` }).where(eq(table.id, id)),
    ]);
  } catch (error) {
    if (/UNIQUE|PRIMARY KEY|constraint/i.test(String(error))) throw appError('ugcAlreadyReported');
    throw error;
  }
  const after = await itemFacts(db, kind, id);
  const reportCount = after?.reportCount ?? item.reportCount + 1;
  let hidden = false;
  if (after?.state === 'OK' && reportCount >= REPORTS_TO_HIDE) {
    hidden = await setUgcState(db, kind, id, 'PENDING_REVIEW', [REPORTED_NOTE], now);
  }
  return { reportCount, hidden };
}

/** The reports of items, per item: count and reasons (most frequent first), for the staff queue. */
export async function reportsOf(db: Db, kind: ReportKind, ids: readonly number[]): Promise<Map<number, { count: number; reasons: { reason: string; count: number }[] }>> {
  const result = new Map<number, { count: number; reasons: { reason: string; count: number }[] }>();
  if (ids.length === 0) return result;
  const rows = await db
    .select({ targetId: ugcReports.targetId, reason: ugcReports.reason, n: sql<number>`count(*)` })
    .from(ugcReports)
    .where(and(eq(ugcReports.kind, kind), sql`${ugcReports.targetId} in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`))
    .groupBy(ugcReports.targetId, ugcReports.reason)
    .orderBy(sql`count(*) desc`, ugcReports.reason);
  for (const row of rows) {
    const entry = result.get(row.targetId) ?? { count: 0, reasons: [] };
    entry.count += row.n;
    entry.reasons.push({ reason: row.reason, count: row.n });
    result.set(row.targetId, entry);
  }
  return result;
}
