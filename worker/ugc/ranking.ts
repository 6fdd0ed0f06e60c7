/**
 * The user ranking (spec §3 Ranking): points of the ledger (user_points) earned within a period,
 * per user with a nick (the ranking shows nicks; a user without one is not listed). The order is
 * the one of compareRanking/rank (worker/domain/ugc/points.ts) — more points, then whoever reached
 * their total first (their latest earning in the period), then the lower user id — computed in
 * SQL so a page never loads the whole ranking. Levels come from all-time points.
 *
 * No cache: the ranking page is personal (the caller's own row), so it never reaches the edge
 * cache, and one page is one indexed aggregate over the period's ledger rows.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { allRows } from '../db/raw';
import { levelOf, periodStart, type LevelId, type RankingPeriod } from '../domain/ugc/points';

export const RANKING_PAGE_SIZE = 20;

export interface RankingItem {
  position: number;
  nick: string;
  /** Points earned within the period. */
  points: number;
  /** The level of the user's all-time points. */
  level: LevelId;
}

export interface RankingMe {
  /** Null: no points within the period (not listed). */
  position: number | null;
  nick: string;
  points: number;
  /** All-time points, which give the level. */
  totalPoints: number;
  level: LevelId;
  next: LevelId | null;
  toNext: number | null;
}

export interface RankingPage {
  period: RankingPeriod;
  items: RankingItem[];
  totalItems: number;
  page: number;
  pageSize: number;
}

/** Each listed user's points within the period starting at `start`, and when they reached them. */
function periodTotals(start: number): SQL {
  return sql`SELECT p.user_id AS userId, u.nick AS nick, sum(p.points) AS points, max(p.created_at) AS reachedAt
    FROM user_points p JOIN users u ON u.id = p.user_id
    WHERE p.created_at >= ${start} AND u.nick IS NOT NULL
    GROUP BY p.user_id HAVING sum(p.points) > 0`;
}

/** The period's rows with their positions: the order of rank(), ties broken the same way. */
function ranked(start: number): SQL {
  return sql`SELECT r.userId, r.nick, r.points, r.reachedAt,
      row_number() OVER (ORDER BY r.points DESC, r.reachedAt ASC, r.userId ASC) AS position
    FROM (${periodTotals(start)}) r`;
}

interface RankedRow {
  userId: number;
  nick: string;
  points: number;
  reachedAt: number;
  position: number;
  total: number;
}

/** A user's all-time points (0 when they have none). */
function allTimePoints(userId: SQL | number): SQL {
  return sql`(SELECT coalesce(sum(t.points), 0) FROM user_points t WHERE t.user_id = ${userId})`;
}

/**
 * One page of the ranking (20 rows) and, when `meId` is given, that user's own standing in the
 * same period — in one D1 round trip.
 */
export async function readRanking(db: Db, period: RankingPeriod, page: number, now: Date, meId: number | null): Promise<{ ranking: RankingPage; me: RankingMe | null }> {
  const start = periodStart(period, now);
  const offset = (page - 1) * RANKING_PAGE_SIZE;
  const [rows, count, mine] = await allRows<[RankedRow, { n: number }, { nick: string | null; points: number | null; position: number | null; total: number }]>(db, [
    sql`SELECT k.*, ${allTimePoints(sql`k.userId`)} AS total FROM (${ranked(start)}) k ORDER BY k.position LIMIT ${RANKING_PAGE_SIZE} OFFSET ${offset}`,
    sql`SELECT count(*) AS n FROM (${periodTotals(start)})`,
    sql`SELECT u.nick AS nick, k.points AS points, k.position AS position, ${allTimePoints(sql`u.id`)} AS total
      FROM users u LEFT JOIN (${ranked(start)}) k ON k.userId = u.id WHERE u.id = ${meId ?? 0}`,
  ]);
  const ranking: RankingPage = {
    period,
    items: rows.map((row) => ({ position: row.position, nick: row.nick, points: row.points, level: levelOf(row.total).level })),
    totalItems: count[0]?.n ?? 0,
    page,
    pageSize: RANKING_PAGE_SIZE,
  };
  const own = mine[0];
  // Without a nick the caller is not in the ranking at all: the page offers the nick form instead.
  const me = meId !== null && own?.nick ? { position: own.position ?? null, nick: own.nick, points: own.points ?? 0, totalPoints: own.total, ...levelOf(own.total) } : null;
  return { ranking, me };
}
