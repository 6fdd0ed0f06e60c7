import { env } from 'cloudflare:workers';
import { and, asc, eq, gt } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dbFor, handleOver } from '../../worker/db/client';
import { articles, offers } from '../../worker/db/schema';
import { slot, statementTemplate } from '../../worker/db/templates';

describe('statementTemplate', () => {
  it('builds the SQL once and gives, for any values, the rows the built statement gives, mapped alike, in a batch or awaited', async () => {
    const db = dbFor(env.DB);
    let builds = 0;
    const build = (d: typeof db, channel: string, above: number) =>
      d
        .select({ id: offers.id, article: offers.articleId, price: offers.price, name: articles.reference })
        .from(offers)
        .innerJoin(articles, eq(articles.id, offers.articleId))
        .where(and(eq(offers.channel, channel), gt(offers.price, above)))
        .orderBy(asc(offers.id))
        .limit(5);
    const template = statementTemplate((d) => {
      builds++;
      return build(d, slot('channel'), slot('above'));
    });
    for (const [channel, above] of [['ES', 10_000], ['PT', 50_000], ['DE', 0]] as const) {
      // A per-request handle over its own client, as pages use.
      const request = handleOver(env.DB);
      const expected = await build(request, channel, above);
      expect(expected.length).toBeGreaterThan(0);
      const [inBatch, other] = await request.batch([template(request, { channel, above }), build(request, channel, above)]);
      expect(inBatch).toEqual(expected);
      expect(other).toEqual(expected);
      expect(await template(request, { channel, above })).toEqual(expected);
    }
    expect(builds).toBe(1);
  });
});
