// The data behind a listing card's badges: the buy-box offer's seller (named when it is a
// marketplace seller), the article's condition (refurbished grade) and the flag of a running
// campaign, in the campaign's colours, only inside its window.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { ListingResult, ProductCard } from '../../client/types';
import { createApp } from '../../worker/app';
import { BUYBOX_WINNERS_SQL } from '../../worker/db/refresh';
import { BLACK_FRIDAY_2025 } from '../../worker/domain/catalogue/campaign';
import { host, pageAt, SEED_NOW } from './helpers';

/** Inside the Black Friday 2025 window of the default channel configuration. */
const BLACK_FRIDAY = new Date(Date.UTC(2025, 10, 20));

const all = async <T>(sql: string, ...binds: unknown[]) => (await env.DB.prepare(sql).bind(...binds).all<T>()).results;

async function listingAt(now: Date, query: string): Promise<ListingResult> {
  const response = await createApp({ now: () => now }).fetch(new Request(`${host('ES')}/api/catalogue/listing?${query}`), env);
  expect(response.status).toBe(200);
  const body = (await response.json()) as { ok: boolean; data: ListingResult };
  return body.data;
}

async function blackFridayCollection(): Promise<{ id: number; slug: string }> {
  const [row] = await all<{ id: number; slug: string }>(
    `SELECT c.id, t.slug FROM collections c JOIN collection_translations t ON t.collection_id = c.id AND t.lang = 'es_ES'
     WHERE c.campaign = ? AND EXISTS (SELECT 1 FROM collection_articles ca JOIN listings l ON l.article_id = ca.article_id AND l.channel = 'ES' WHERE ca.collection_id = c.id)
     ORDER BY c.id LIMIT 1`,
    BLACK_FRIDAY_2025.slug,
  );
  expect(row).toBeDefined();
  return row!;
}

describe('listing card badges', () => {
  it('stores the buy-box offer’s seller on each listing row, and none when nothing can be bought', async () => {
    const mismatched = await all<{ n: number }>(
      `SELECT count(*) AS n FROM listings l LEFT JOIN (${BUYBOX_WINNERS_SQL}) w ON w.article_id = l.article_id AND w.channel = l.channel
       WHERE l.seller_id IS NOT w.seller_id OR (l.seller_id IS NULL) <> (l.price IS NULL)`,
    );
    expect(mismatched[0]!.n).toBe(0);
    const kinds = await all<{ kind: string }>(`SELECT DISTINCT s.kind FROM listings l JOIN sellers s ON s.id = l.seller_id`);
    expect(kinds.map((k) => k.kind)).toContain('marketplace');
  });

  it('names a marketplace seller on the card, never the retailer itself, and carries the condition', async () => {
    const { items } = await listingAt(SEED_NOW, 'seller=marketplace&pageSize=100');
    expect(items.length).toBeGreaterThan(0);
    const rows = await all<{ id: number; kind: string | null; name: string | null; condition: string }>(
      `SELECT a.id, s.kind, s.name, a.condition FROM articles a JOIN listings l ON l.article_id = a.id AND l.channel = 'ES'
       LEFT JOIN sellers s ON s.id = l.seller_id WHERE a.id IN (SELECT value FROM json_each(?))`,
      JSON.stringify(items.map((item) => item.id)),
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const item of items) {
      const row = byId.get(item.id)!;
      expect(item.sellerName ?? null).toBe(row.kind === 'marketplace' ? row.name : null);
      expect(item.condition).toBe(row.condition);
    }
    expect(items.some((item) => item.sellerName)).toBe(true);
  });

  it('shows a refurbished grade and a seller badge on the listing page', async () => {
    const [refurbished] = await all<{ condition: string }>(
      `SELECT a.condition FROM articles a JOIN listings l ON l.article_id = a.id AND l.channel = 'ES' WHERE a.condition <> 'new' ORDER BY a.id LIMIT 1`,
    );
    const grade = refurbished!.condition.slice(-1);
    const { html } = await pageAt(SEED_NOW, `${host('ES')}/en/search?condition=${refurbished!.condition}`);
    expect(html).toContain(`<span class="badge badge--grade">Refurbished, grade ${grade}</span>`);
    const sold = await pageAt(SEED_NOW, `${host('ES')}/en/search?query=a&seller=marketplace`);
    expect(sold.html).toMatch(/<span class="badge badge--seller">Sold by [^<]+<\/span>/);
  });

  it('flags the cards of a running campaign in the campaign’s colours, and only while it runs', async () => {
    const collection = await blackFridayCollection();
    const during = await listingAt(BLACK_FRIDAY, `collection=${collection.id}`);
    expect(during.items.length).toBeGreaterThan(0);
    for (const item of during.items) {
      expect(item.campaignSlugs).toContain(BLACK_FRIDAY_2025.slug);
      expect(item.campaignFlag).toEqual(BLACK_FRIDAY_2025.flag);
    }
    const after = await listingAt(SEED_NOW, `collection=${collection.id}`);
    expect(after.items.every((item: ProductCard) => item.campaignFlag === null)).toBe(true);

    const page = await pageAt(BLACK_FRIDAY, `${host('ES')}/${collection.slug}`);
    expect(page.status).toBe(200);
    const flag = /<svg class="card-flag" role="img" aria-label="([^"]+)"[^>]*><rect[^>]*fill="([^"]+)"[^>]*>(?:<\/rect>)?<text[^>]*fill="([^"]+)"/.exec(page.html);
    expect(flag?.slice(1)).toEqual([BLACK_FRIDAY_2025.flag.label, BLACK_FRIDAY_2025.flag.background, BLACK_FRIDAY_2025.flag.text]);
    const later = await pageAt(SEED_NOW, `${host('ES')}/${collection.slug}`);
    expect(later.html).not.toContain('class="card-flag"');
  });
});
