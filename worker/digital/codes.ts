/**
 * Digital codes (docs/account.md "Digital keys"): delivering them when an order is paid, the
 * customer's list of them, and revealing one. A digital article is one with a `digital_articles`
 * row; its stock of codes is `digital_codes` (spec §4 states FREE → ASSIGNED → FINISHED, RESERVE
 * kept back by staff, DELETED voided).
 */
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { digitalArticles, digitalCodes, orderLines, type DigitalCodeState } from '../db/schema';
import { appError } from '../http/errors';
import { tellUser } from '../inbox/messages';
import type { PaidOrder } from '../orders/fulfil';
import { canRevealCode, OWNED_CODE_STATES, revealOutcome, visibleCode } from './rules';

/** One code as the customer sees it (spec §3 digital code, plus what the screens link to). */
export interface UserCode {
  idCode: number;
  articleId: number;
  articleName: string;
  orderNumber: string;
  codePlatform: string;
  codeGuideUrl: string | null;
  /** The code itself once revealed, null before. */
  code: string | null;
  status: DigitalCodeState;
  canRevealCode: boolean;
  /** The release date of an article sold in presale (ISO), null for one sold after its release. */
  releaseDate: string | null;
  /** When the code was assigned (ISO), that is when its order was paid. */
  assignedAt: string | null;
}

export interface UserCodesPage {
  items: UserCode[];
  total: number;
  page: number;
  pageSize: number;
}

/** Thrown by `assignDigitalCodes` when the stock was short: what could be assigned was, the sweep tries again later. */
export class DigitalCodesShortError extends Error {
  constructor(readonly orderNumber: string, readonly missing: { orderLineId: number; articleId: number; missing: number }[]) {
    super(`digital codes: order ${orderNumber} is waiting for codes: ${missing.map((m) => `article ${m.articleId} needs ${m.missing} more`).join(', ')}`);
    this.name = 'DigitalCodesShortError';
  }
}

/**
 * Assigns each unit of the order's digital lines one FREE code. Each line is one conditional
 * UPDATE: it takes, in id order, as many FREE codes of the article as the line still lacks (its
 * quantity less the codes it holds, counted inside the same statement). D1 runs statements one at
 * a time, so concurrent payments never take the same code, and a run after the line got its codes
 * takes none. A short stock assigns what there is and throws: the order stays unfulfilled and the
 * scheduled sweep assigns the rest once operations load more codes. A line with all its codes
 * tells the customer (inbox `digital.codes`, once per line).
 */
export async function assignDigitalCodes(db: Db, order: PaidOrder, now: Date): Promise<void> {
  const candidates = order.lines.filter((line) => line.serviceKind === null && line.qty > 0);
  if (candidates.length === 0) return;
  const digital = await db
    .select({ articleId: digitalArticles.articleId, releaseAt: digitalArticles.releaseAt })
    .from(digitalArticles)
    .where(inArray(digitalArticles.articleId, [...new Set(candidates.map((line) => line.articleId))]));
  if (digital.length === 0) return;
  const releaseOf = new Map(digital.map((d) => [d.articleId, d.releaseAt]));
  const at = now.getTime();
  const missing: { orderLineId: number; articleId: number; missing: number }[] = [];
  for (const line of candidates) {
    if (!releaseOf.has(line.articleId)) continue;
    const d1 = db.$client;
    const [, held] = await d1.batch<{ n: number }>([
      d1
        .prepare(
          `UPDATE digital_codes
              SET status = 'ASSIGNED', user_id = ?, order_number = ?, order_line_id = ?, assigned_at = ?
            WHERE status = 'FREE'
              AND id IN (
                SELECT id FROM digital_codes
                 WHERE article_id = ? AND status = 'FREE'
                 ORDER BY id
                 LIMIT max(0, ? - (SELECT count(*) FROM digital_codes WHERE order_line_id = ? AND status IN ('ASSIGNED', 'FINISHED')))
              )`,
        )
        .bind(order.userId, order.orderNumber, line.id, at, line.articleId, line.qty, line.id),
      d1.prepare("SELECT count(*) AS n FROM digital_codes WHERE order_line_id = ? AND status IN ('ASSIGNED', 'FINISHED')").bind(line.id),
    ]);
    const holds = held?.results[0]?.n ?? 0;
    if (holds < line.qty) {
      missing.push({ orderLineId: line.id, articleId: line.articleId, missing: line.qty - holds });
      continue;
    }
    const releaseAt = releaseOf.get(line.articleId) ?? null;
    await tellUser(db, {
      userId: order.userId,
      kind: 'digital.codes',
      ref: String(line.id),
      params: { orderNumber: order.orderNumber, articleName: line.name, ...(releaseAt !== null ? { releaseAt } : {}) },
      at,
    });
  }
  if (missing.length > 0) {
    const error = new DigitalCodesShortError(order.orderNumber, missing);
    console.error(error.message);
    throw error;
  }
}

/**
 * Voids the codes of a cancelled order that its customer never revealed (ASSIGNED → DELETED), as a
 * statement of the cancellation's batch; guarded by the cancelled state, so it does nothing when
 * the cancellation lost a race. Revealed codes (FINISHED) stay: the customer has seen them.
 * Voided codes are not put back on sale: operations check them with the platform first.
 */
export function voidUnrevealedCodesStatement(d1: D1Database, orderNumber: string): D1PreparedStatement {
  return d1
    .prepare("UPDATE digital_codes SET status = 'DELETED' WHERE order_number = ? AND status = 'ASSIGNED' AND EXISTS (SELECT 1 FROM orders WHERE order_number = ? AND state = 'cancelled')")
    .bind(orderNumber, orderNumber);
}

const codeColumns = {
  idCode: digitalCodes.id,
  articleId: digitalCodes.articleId,
  code: digitalCodes.code,
  status: digitalCodes.status,
  orderNumber: digitalCodes.orderNumber,
  assignedAt: digitalCodes.assignedAt,
  articleName: orderLines.name,
  platform: digitalArticles.platform,
  guideUrl: digitalArticles.guideUrl,
  releaseAt: digitalArticles.releaseAt,
};

type CodeRow = { idCode: number; articleId: number; code: string; status: DigitalCodeState; orderNumber: string | null; assignedAt: number | null; articleName: string | null; platform: string | null; guideUrl: string | null; releaseAt: number | null };

function toUserCode(row: CodeRow, now: number): UserCode {
  return {
    idCode: row.idCode,
    articleId: row.articleId,
    articleName: row.articleName ?? '',
    orderNumber: row.orderNumber ?? '',
    codePlatform: row.platform ?? '',
    codeGuideUrl: row.guideUrl,
    code: visibleCode(row.status, row.code),
    status: row.status,
    canRevealCode: canRevealCode(row.status, row.releaseAt, now),
    releaseDate: row.releaseAt === null ? null : new Date(row.releaseAt).toISOString(),
    assignedAt: row.assignedAt === null ? null : new Date(row.assignedAt).toISOString(),
  };
}

const ownedBy = (userId: number) => and(eq(digitalCodes.userId, userId), inArray(digitalCodes.status, [...OWNED_CODE_STATES]));

/** The customer's codes, newest first (then by id, so a page is stable), a page at a time; one D1 batch. */
export async function userCodes(db: Db, userId: number, input: { page: number; pageSize: number; now: Date }): Promise<UserCodesPage> {
  const [rows, [total]] = await db.batch([
    db
      .select(codeColumns)
      .from(digitalCodes)
      .leftJoin(orderLines, eq(orderLines.id, digitalCodes.orderLineId))
      .leftJoin(digitalArticles, eq(digitalArticles.articleId, digitalCodes.articleId))
      .where(ownedBy(userId))
      .orderBy(desc(digitalCodes.assignedAt), desc(digitalCodes.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    db.select({ n: count() }).from(digitalCodes).where(ownedBy(userId)),
  ]);
  const now = input.now.getTime();
  return { items: rows.map((row) => toUserCode(row, now)), total: total?.n ?? 0, page: input.page, pageSize: input.pageSize };
}

/** Every code of the customer (the digital products screen groups them by article); oldest first. */
export async function allUserCodes(db: Db, userId: number, now: Date): Promise<UserCode[]> {
  const rows = await db
    .select(codeColumns)
    .from(digitalCodes)
    .leftJoin(orderLines, eq(orderLines.id, digitalCodes.orderLineId))
    .leftJoin(digitalArticles, eq(digitalArticles.articleId, digitalCodes.articleId))
    .where(ownedBy(userId))
    .orderBy(asc(digitalCodes.assignedAt), asc(digitalCodes.id));
  return rows.map((row) => toUserCode(row, now.getTime()));
}

/**
 * Reveals one of the customer's codes: another customer's (or no) code is the 404 of the
 * ownership rule; before the release date the 409 `digitalCodeNotReleased`; a voided code the
 * 409 `digitalCodeVoided`. The first reveal moves ASSIGNED → FINISHED with its time; later ones
 * answer the same code and change nothing.
 */
export async function revealCode(db: Db, userId: number, idCode: number, now: Date): Promise<UserCode> {
  const read = () =>
    db
      .select(codeColumns)
      .from(digitalCodes)
      .leftJoin(orderLines, eq(orderLines.id, digitalCodes.orderLineId))
      .leftJoin(digitalArticles, eq(digitalArticles.articleId, digitalCodes.articleId))
      .where(and(eq(digitalCodes.id, idCode), eq(digitalCodes.userId, userId)))
      .limit(1);
  const [row] = await read();
  if (!row) throw appError('notFound');
  const outcome = revealOutcome(row.status, row.releaseAt, now.getTime());
  if (!outcome.ok) throw appError(outcome.error);
  if (row.status === 'ASSIGNED') {
    await db
      .update(digitalCodes)
      .set({ status: outcome.next, revealedAt: now.getTime() })
      .where(and(eq(digitalCodes.id, idCode), eq(digitalCodes.userId, userId), eq(digitalCodes.status, 'ASSIGNED')));
    // A cancellation may have voided it in between: answer what the code is now.
    const [after] = await read();
    if (!after) throw appError('notFound');
    if (after.status !== 'FINISHED') throw appError('digitalCodeVoided');
    return toUserCode(after, now.getTime());
  }
  return toUserCode(row, now.getTime());
}
