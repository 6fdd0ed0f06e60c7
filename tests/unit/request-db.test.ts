/**
 * A request's D1 session and a session opened elsewhere for it (the cart's object): where that
 * one starts, and which bookmark the answer hands back.
 */
import { describe, expect, it } from 'vitest';
import { requestDb } from '../../worker/db/client';

/** A D1 binding whose sessions record where they start and answer every batch with a bookmark of their own. */
function fakeD1() {
  const opened: string[] = [];
  const d1 = {
    withSession(constraint: string) {
      opened.push(constraint);
      let bookmark: string | null = null;
      return {
        prepare: () => ({ bind: () => ({}) }),
        batch: async () => {
          bookmark = `after-${constraint}`;
          return [];
        },
        getBookmark: () => bookmark,
      };
    },
  } as unknown as D1Database;
  return { d1, opened };
}

const timer = { time: <T>(call: () => Promise<T>) => call() };

describe('requestDb', () => {
  it('starts a session elsewhere where this request would start, then hands back the bookmark it reached', () => {
    const { d1 } = fakeD1();
    const writing = requestDb(d1, { writes: true, timer });
    expect(writing.startAt()).toBe('first-primary');
    expect(requestDb(d1, { writes: false, timer }).startAt()).toBe('first-unconstrained');
    expect(requestDb(d1, { writes: true, bookmark: 'from-cookie', timer }).startAt()).toBe('from-cookie');
    expect(writing.bookmark()).toBeNull();
    writing.observe('reached-elsewhere');
    expect(writing.bookmark()).toBe('reached-elsewhere');
    expect(writing.startAt()).toBe('reached-elsewhere');
    writing.observe(null);
    expect(writing.bookmark()).toBe('reached-elsewhere');
  });

  it("opens the request's own session from what was reached elsewhere, and hands back its bookmark once it has read", async () => {
    const { d1, opened } = fakeD1();
    const session = requestDb(d1, { writes: true, bookmark: 'from-cookie', timer });
    session.observe('reached-elsewhere');
    await session.db.$client.batch([]);
    expect(opened).toEqual(['reached-elsewhere']);
    expect(session.bookmark()).toBe('after-reached-elsewhere');
    expect(session.startAt()).toBe('after-reached-elsewhere');
  });
});
