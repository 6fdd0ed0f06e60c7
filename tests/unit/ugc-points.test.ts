import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareRanking, LEVELS, levelOf, periodStart, rank, type RankingRow } from '../../worker/domain/ugc/points';

describe('levelOf', () => {
  it.each([
    [0, 'newcomer', 'contributor', 50],
    [1, 'newcomer', 'contributor', 49],
    [49, 'newcomer', 'contributor', 1],
    [50, 'contributor', 'expert', 150],
    [199, 'contributor', 'expert', 1],
    [200, 'expert', 'master', 300],
    [499, 'expert', 'master', 1],
    [500, 'master', 'legend', 500],
    [999, 'master', 'legend', 1],
    [1000, 'legend', null, null],
    [25_000, 'legend', null, null],
  ] as const)('%i points → %s (next %s in %s)', (points, level, next, toNext) => {
    expect(levelOf(points)).toEqual({ level, next, toNext });
  });

  it('never lowers the level when points grow, and toNext always reaches the next threshold', () => {
    const order = LEVELS.map((l) => l.id as string);
    fc.assert(
      fc.property(fc.nat(5000), fc.nat(500), (points, more) => {
        const a = levelOf(points);
        const b = levelOf(points + more);
        expect(order.indexOf(b.level)).toBeGreaterThanOrEqual(order.indexOf(a.level));
        if (a.toNext !== null) expect(levelOf(points + a.toNext).level).toBe(a.next);
      }),
    );
  });
});

describe('periodStart', () => {
  const now = new Date('2026-11-25T08:00:00.000Z');
  it.each([
    ['week', '2026-11-18T08:00:00.000Z'],
    ['month', '2026-10-26T08:00:00.000Z'],
    ['year', '2025-11-25T08:00:00.000Z'],
  ] as const)('%s starts at %s', (period, start) => {
    expect(new Date(periodStart(period, now)).toISOString()).toBe(start);
  });

  it('all time starts at the epoch', () => {
    expect(periodStart('all', now)).toBe(0);
  });
});

describe('compareRanking and rank', () => {
  const row = (userId: number, points: number, reachedAt: number): RankingRow => ({ userId, points, reachedAt });

  it.each([
    ['more points first', row(2, 10, 500), row(1, 5, 100), -1],
    ['equal points: who got there first', row(2, 10, 100), row(1, 10, 200), -1],
    ['equal points and moment: the lower id', row(1, 10, 100), row(2, 10, 100), -1],
    ['fewer points after more', row(1, 3, 1), row(2, 4, 9), 1],
  ] as const)('%s', (_name, a, b, sign) => {
    expect(Math.sign(compareRanking(a, b))).toBe(sign);
    expect(Math.sign(compareRanking(b, a))).toBe(-sign);
  });

  it('gives every row its own place, ties broken by the earlier reach', () => {
    const ranked = rank([row(3, 20, 300), row(1, 20, 100), row(2, 35, 900), row(4, 20, 100)]);
    expect(ranked.map((r) => [r.position, r.userId])).toEqual([
      [1, 2],
      [2, 1],
      [3, 4],
      [4, 3],
    ]);
  });

  it('orders the same whatever order the rows come in', () => {
    const rows = fc.uniqueArray(fc.record({ userId: fc.integer({ min: 1, max: 1000 }), points: fc.integer({ min: 1, max: 30 }), reachedAt: fc.integer({ min: 0, max: 20 }) }), { selector: (r) => r.userId, maxLength: 30 });
    fc.assert(
      fc.property(rows, (list) => {
        const forward = rank(list).map((r) => r.userId);
        const backward = rank([...list].reverse()).map((r) => r.userId);
        expect(backward).toEqual(forward);
        expect(rank(list).map((r) => r.position)).toEqual(list.map((_, i) => i + 1));
      }),
    );
  });
});
