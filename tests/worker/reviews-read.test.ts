// Reading reviews: the list API (filters, sorts, 10 per page, only OK reviews), helpful votes,
// the article's rating derived from its OK reviews (articles and listings), the reviews page
// and the product page's reviews section and JSON-LD.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../worker/db/client';
import { comboSql, parseCombo } from '../../worker/domain/catalogue/facet-counts';
import { setReviewState } from '../../worker/ugc/reviews';
import { articleRatingStatements } from '../../worker/ugc/rating';
import { compareReviews, type ReviewSort } from '../../worker/ugc/review-list';
import type { ReviewView } from '../../client/ugc/review-card';
import { signUp, TestBrowser } from './browser';
import { host, page } from './helpers';

const DAY = 86_400_000;
const ES = host('ES');

interface ReviewPage {
  items: ReviewView[];
  totalItems: number;
  page: number;
  pageSize: number;
  summary: { count: number; stars: number; buckets: Record<string, number> };
}

let userSeq = 0;
/** A community user with a nick, straight into the table (no password needed: they never sign in). */
async function communityUser(): Promise<number> {
  const n = ++userSeq;
  const nick = `reader${Date.now() % 1_000_000}x${n}`;
  const row = await env.DB.prepare(
    "INSERT INTO users (hash_id, email, password_hash, nick, nick_key, channel, language, cart_id, created_at) VALUES (?, ?, 'x', ?, ?, 'ES', 'es_ES', ?, 0) RETURNING id",
  )
    .bind(`h-${nick}`, `${nick}@example.com`, nick, nick.toLowerCase(), `cart-${nick}`)
    .first<{ id: number }>();
  return row!.id;
}

interface ReviewSpec {
  rating: number;
  state?: 'OK' | 'PENDING_REVIEW' | 'REJECTED';
  verified?: boolean;
  /** Days before now it was written (and published, when OK). */
  age?: number;
  helpful?: number;
  unhelpful?: number;
  language?: string;
  title?: string;
  body?: string;
  userId?: number;
}

async function addReview(articleId: number, spec: ReviewSpec): Promise<number> {
  const userId = spec.userId ?? (await communityUser());
  const at = Date.now() - (spec.age ?? 1) * DAY;
  const state = spec.state ?? 'OK';
  const row = await env.DB.prepare(
    `INSERT INTO product_reviews (user_id, article_id, rating, created_at, title, body, language, channel, state, verified_order, helpful_count, unhelpful_count, updated_at, published_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, 'ES', ?, ?, ?, ?, ?, ?) RETURNING id`,
  )
    .bind(userId, articleId, spec.rating, at, spec.title ?? `Title ${spec.rating}`, spec.body ?? `Body of a review scored ${spec.rating}.`, spec.language ?? 'es_ES', state, spec.verified ? 'A-000001' : null, spec.helpful ?? 0, spec.unhelpful ?? 0, at, state === 'OK' ? at : null)
    .first<{ id: number }>();
  return row!.id;
}

/** The n-th article sold on ES, its reviews removed (the demo seed may have given it some) and its rating recomputed. */
async function freshArticle(n: number): Promise<{ id: number; slug: string }> {
  const row = await env.DB.prepare(
    "SELECT l.article_id AS id, t.slug FROM listings l JOIN article_translations t ON t.article_id = l.article_id AND t.lang = 'es_ES' WHERE l.channel = 'ES' ORDER BY l.article_id LIMIT 1 OFFSET ?",
  )
    .bind(n)
    .first<{ id: number; slug: string }>();
  await env.DB.batch([
    env.DB.prepare('DELETE FROM review_votes WHERE review_id IN (SELECT id FROM product_reviews WHERE article_id = ?)').bind(row!.id),
    env.DB.prepare('DELETE FROM product_reviews WHERE article_id = ?').bind(row!.id),
  ]);
  const db = createDb(env.DB);
  const [first, ...rest] = articleRatingStatements(db, row!.id);
  await db.batch([first!, ...rest]);
  return row!;
}

async function list(query: string, browser = new TestBrowser()) {
  return browser.api<ReviewPage>('GET', `/api/ugc/reviews?${query}`);
}

describe('GET /api/ugc/reviews', () => {
  let article: { id: number; slug: string };
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    article = await freshArticle(3);
    // 12 OK reviews (2 pages), plus hidden ones that must never show or count.
    const specs: [string, ReviewSpec][] = [
      ['a', { rating: 10, verified: true, age: 10, helpful: 3 }],
      ['b', { rating: 9, age: 20, helpful: 5, unhelpful: 1 }],
      ['c', { rating: 8, verified: true, age: 30, helpful: 4 }],
      ['d', { rating: 7, age: 40 }],
      ['e', { rating: 6, verified: true, age: 120 }],
      ['f', { rating: 5, age: 130, unhelpful: 2 }],
      ['g', { rating: 4, age: 250 }],
      ['h', { rating: 3, verified: true, age: 260 }],
      ['i', { rating: 2, age: 400 }],
      ['j', { rating: 1, age: 500, language: 'fr_FR' }],
      ['k', { rating: 10, age: 50, helpful: 1 }],
      ['l', { rating: 8, age: 60 }],
      ['pending', { rating: 10, state: 'PENDING_REVIEW', age: 5, helpful: 99 }],
      ['rejected', { rating: 1, state: 'REJECTED', age: 5, helpful: 99 }],
    ];
    for (const [key, spec] of specs) ids[key] = await addReview(article.id, spec);
  });

  it('lists OK reviews only, 10 a page, with the summary of all of them', async () => {
    const first = await list(`articleId=${article.id}`);
    expect(first.status).toBe(200);
    expect(first.data).toMatchObject({ totalItems: 12, page: 1, pageSize: 10 });
    expect(first.data.items).toHaveLength(10);
    const second = await list(`articleId=${article.id}&page=2`);
    expect(second.data.items).toHaveLength(2);
    const shown = [...first.data.items, ...second.data.items].map((r) => r.id);
    expect(new Set(shown).size).toBe(12);
    expect(shown).not.toContain(ids.pending);
    expect(shown).not.toContain(ids.rejected);
    // Scores 10,9,8,7,6,5,4,3,2,1,10,8: mean 6.083… → 3.0 stars.
    expect(first.data.summary).toEqual({ count: 12, stars: 3, buckets: { 1: 2, 2: 2, 3: 2, 4: 3, 5: 3 } });
    const a = first.data.items.find((r) => r.id === ids.a)!;
    expect(a).toMatchObject({ rating: 10, stars: 5, verified: true, helpful: 3, unhelpful: 0, language: 'es_ES', media: [] });
    expect(a.nick).toMatch(/^reader/);
    expect(a).not.toHaveProperty('myVote');
  });

  it('filters by star buckets (score pairs), age and verified purchase', async () => {
    const idsOf = async (query: string) => (await list(`articleId=${article.id}&${query}`)).data.items.map((r) => r.id).sort((x, y) => x - y);
    const sorted = (...keys: string[]) => keys.map((k) => ids[k]!).sort((x, y) => x - y);
    expect(await idsOf('stars=5')).toEqual(sorted('a', 'b', 'k'));
    expect(await idsOf('stars=1,4')).toEqual(sorted('i', 'j', 'c', 'd', 'l'));
    expect(await idsOf('age=under-3-months')).toEqual(sorted('a', 'b', 'c', 'd', 'k', 'l'));
    expect(await idsOf('age=3-to-6-months')).toEqual(sorted('e', 'f'));
    expect(await idsOf('age=6-to-12-months')).toEqual(sorted('g', 'h'));
    expect(await idsOf('verified=1')).toEqual(sorted('a', 'c', 'e', 'h'));
    expect(await idsOf('stars=3,2&verified=1&age=3-to-6-months')).toEqual(sorted('e'));
    const filtered = await list(`articleId=${article.id}&stars=5`);
    expect(filtered.data.totalItems).toBe(3);
    // The summary is the article's, whatever the filters.
    expect(filtered.data.summary.count).toBe(12);
  });

  it.each(['relevance', 'new', 'old', 'best', 'worst'] as const)('sorts by %s as the pure comparator does', async (sort: ReviewSort) => {
    const pages = [await list(`articleId=${article.id}&sort=${sort}`), await list(`articleId=${article.id}&sort=${sort}&page=2`)];
    const items = pages.flatMap((p) => p.data.items);
    const sortable = items.map((r) => ({ id: r.id, rating: r.rating, verified: r.verified, helpful: r.helpful, unhelpful: r.unhelpful, date: Date.parse(r.publishedAt ?? r.createdAt) }));
    expect(items.map((r) => r.id)).toEqual([...sortable].sort(compareReviews(sort)).map((r) => r.id));
  });

  it('orders by relevance: helpful minus unhelpful, then verified, then newest', async () => {
    const { items } = (await list(`articleId=${article.id}`)).data;
    // b and c both 5 − 1 / 4 − 0 = 4: c, a verified purchase, first; then a (3).
    expect(items.slice(0, 3).map((r) => r.id)).toEqual([ids.c, ids.b, ids.a]);
    expect(items.at(-1)!.id).not.toBe(ids.f);
    expect((await list(`articleId=${article.id}&sort=relevance&page=2`)).data.items.at(-1)!.id).toBe(ids.f);
  });

  it('refuses bad parameters with the 400 envelope', async () => {
    for (const query of ['', 'articleId=0', `articleId=${article.id}&stars=6`, `articleId=${article.id}&age=older`, `articleId=${article.id}&sort=random`, `articleId=${article.id}&page=0`]) {
      const result = await list(query);
      expect(result.status, query).toBe(400);
      expect(result.error?.type, query).toBe('validation');
    }
  });

  it('an article without reviews: an empty list and summary', async () => {
    const empty = await freshArticle(4);
    expect((await list(`articleId=${empty.id}`)).data).toEqual({ items: [], totalItems: 0, page: 1, pageSize: 10, summary: { count: 0, stars: 0, buckets: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } } });
  });
});

describe('POST /api/ugc/reviews/:id/vote', () => {
  it('one vote per user, changeable; counts and the author\'s points follow; own review 400; hidden 404', async () => {
    const article = await freshArticle(5);
    const author = await communityUser();
    const reviewId = await addReview(article.id, { rating: 8, userId: author });
    const pending = await addReview(article.id, { rating: 8, state: 'PENDING_REVIEW' });
    const voter = new TestBrowser();
    const email = await signUp(voter);
    const voterId = (await env.DB.prepare('SELECT id FROM users WHERE email = ?').bind(email).first<number>('id'))!;
    const points = () => env.DB.prepare("SELECT user_id, ref_id, points FROM user_points WHERE reason = 'helpfulVote' AND ref_id = ?").bind(`review:${reviewId}:${voterId}`).all();

    expect((await new TestBrowser().api('POST', `/api/ugc/reviews/${reviewId}/vote`, { helpful: true })).status).toBe(401);

    const first = await voter.api('POST', `/api/ugc/reviews/${reviewId}/vote`, { helpful: true });
    expect(first).toMatchObject({ status: 200, data: { helpful: 1, unhelpful: 0, myVote: true } });
    expect((await points()).results).toEqual([{ user_id: author, ref_id: `review:${reviewId}:${voterId}`, points: 1 }]);
    // The same vote again changes nothing.
    expect((await voter.api('POST', `/api/ugc/reviews/${reviewId}/vote`, { helpful: true })).data).toEqual({ helpful: 1, unhelpful: 0, myVote: true });
    expect((await points()).results).toHaveLength(1);

    const changed = await voter.api('POST', `/api/ugc/reviews/${reviewId}/vote`, { helpful: false });
    expect(changed.data).toEqual({ helpful: 0, unhelpful: 1, myVote: false });
    expect((await points()).results).toHaveLength(0);
    const votes = await env.DB.prepare('SELECT count(*) AS n FROM review_votes WHERE review_id = ?').bind(reviewId).first<number>('n');
    expect(votes).toBe(1);
    const counts = await env.DB.prepare('SELECT helpful_count, unhelpful_count FROM product_reviews WHERE id = ?').bind(reviewId).first();
    expect(counts).toEqual({ helpful_count: 0, unhelpful_count: 1 });

    // The list carries the signed-in caller's vote.
    const listed = await voter.api<ReviewPage>('GET', `/api/ugc/reviews?articleId=${article.id}`);
    expect(listed.data.items.find((r) => r.id === reviewId)).toMatchObject({ myVote: false, unhelpful: 1 });

    const own = await addReview((await freshArticle(6)).id, { rating: 6, userId: voterId });
    const refused = await voter.api('POST', `/api/ugc/reviews/${own}/vote`, { helpful: true });
    expect(refused).toMatchObject({ status: 400, error: { code: 'OWN_REVIEW_VOTE' } });
    expect(await env.DB.prepare('SELECT count(*) AS n FROM review_votes WHERE review_id = ?').bind(own).first<number>('n')).toBe(0);

    expect((await voter.api('POST', `/api/ugc/reviews/${pending}/vote`, { helpful: true })).status).toBe(404);
    expect((await voter.api('POST', '/api/ugc/reviews/999999999/vote', { helpful: true })).status).toBe(404);
    expect((await voter.api('POST', `/api/ugc/reviews/${reviewId}/vote`, { helpful: 'yes' })).status).toBe(400);
  });
});

describe('the article rating from its OK reviews', () => {
  const ratingOf = (id: number) => env.DB.prepare('SELECT rating_average, rating_count FROM articles WHERE id = ?').bind(id).first<{ rating_average: number; rating_count: number }>();
  const listingOf = (id: number) =>
    env.DB.prepare(`SELECT rating_average, rating_count, combo, relevance, created_at, ${comboSql('')} AS expected_combo FROM listings WHERE article_id = ? AND channel = 'ES'`)
      .bind(id)
      .first<{ rating_average: number; rating_count: number; combo: number; relevance: number; created_at: number; expected_combo: number }>();
  /** The rating part of relevance: (relevance + created_at) / 2³² = rank × 16 + (10 − rating). */
  const relevanceRating = (row: { relevance: number; created_at: number }) => 10 - (((row.relevance + row.created_at) / 4_294_967_296) % 16);

  it('follows approvals and rejections through setReviewState, into articles and listings', async () => {
    const article = await freshArticle(7);
    expect(await ratingOf(article.id)).toEqual({ rating_average: 0, rating_count: 0 });
    const before = (await listingOf(article.id))!;
    expect(before).toMatchObject({ rating_average: 0, rating_count: 0 });
    expect(before.combo).toBe(before.expected_combo);

    await addReview(article.id, { rating: 9 });
    await addReview(article.id, { rating: 6 });
    const held = await addReview(article.id, { rating: 10, state: 'PENDING_REVIEW' });
    const db = createDb(env.DB);
    const [first, ...rest] = articleRatingStatements(db, article.id);
    await db.batch([first!, ...rest]);
    // Mean 7.5 → 8 on the doubled scale; the held review does not count.
    expect(await ratingOf(article.id)).toEqual({ rating_average: 8, rating_count: 2 });

    expect(await setReviewState(db, held, 'OK', [], new Date())).toBe(true);
    // 9, 6, 10: mean 8.33 → 8, three reviews.
    expect(await ratingOf(article.id)).toEqual({ rating_average: 8, rating_count: 3 });
    const after = (await listingOf(article.id))!;
    expect(after).toMatchObject({ rating_average: 8, rating_count: 3 });
    expect(after.combo).toBe(after.expected_combo);
    expect(parseCombo(after.combo, 1).ratingAverage).toBe(8);
    expect(relevanceRating(after)).toBe(8);
    expect(relevanceRating(before)).toBe(0);

    expect(await setReviewState(db, held, 'REJECTED', ['spam'], new Date())).toBe(true);
    expect(await ratingOf(article.id)).toEqual({ rating_average: 8, rating_count: 2 });
    await env.DB.prepare("UPDATE product_reviews SET state = 'REJECTED' WHERE article_id = ?").bind(article.id).run();
    const [again, ...more] = articleRatingStatements(db, article.id);
    await db.batch([again!, ...more]);
    expect(await ratingOf(article.id)).toEqual({ rating_average: 0, rating_count: 0 });
    const none = (await listingOf(article.id))!;
    expect(none).toMatchObject({ rating_average: 0, rating_count: 0, combo: none.expected_combo });
    expect(none.relevance).toBe(before.relevance);
  });
});

/** Expects a page's HTML to hold a text or match a pattern, or not (a failure names the needle, not the whole page). */
function expectIn(html: string, needle: string | RegExp, present = true): void {
  const found = typeof needle === 'string' ? html.includes(needle) : needle.test(html);
  expect(found, `${present ? '' : 'no '}${String(needle)}`).toBe(present);
}

/** The JSON-LD documents of a page. */
function jsonLdOf(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
}
const productDoc = (html: string) => jsonLdOf(html).find((doc) => doc['@type'] === 'Product')!;

describe('pages', () => {
  let article: { id: number; slug: string };
  let bare: { id: number; slug: string };

  beforeAll(async () => {
    article = await freshArticle(8);
    bare = await freshArticle(9);
    for (let i = 0; i < 11; i++) await addReview(article.id, { rating: i % 2 === 0 ? 10 : 7, helpful: i, verified: i < 3, title: `Opinión número ${i}`, body: `Texto <b>${i}</b>` });
    await addReview(article.id, { rating: 4, language: 'fr_FR', title: 'Très déçu', body: 'Pas terrible', helpful: 20 });
    await addReview(article.id, { rating: 1, state: 'PENDING_REVIEW', title: 'Oculta pendiente', helpful: 50 });
    await addReview(article.id, { rating: 1, state: 'REJECTED', title: 'Oculta rechazada' });
    const db = createDb(env.DB);
    const [first, ...rest] = articleRatingStatements(db, article.id);
    await db.batch([first!, ...rest]);
  });

  it('the product page shows the real average, the histogram, the most helpful reviews and JSON-LD from them', async () => {
    const { status, html } = await page(`${ES}/${article.slug}`);
    expect(status).toBe(200);
    // 6 × 10, 5 × 7, 1 × 4: mean 99 / 12 = 8.25 → 4.1 stars, 12 reviews.
    expectIn(html, '4.1 de 5');
    expectIn(html, /12 opiniones/);
    expectIn(html, 'Oculta', false);
    // User text is text: the markup in a body is shown, never interpreted.
    expectIn(html, 'Texto &lt;b&gt;10&lt;/b&gt;');
    // Histogram rows: each says its share.
    expectIn(html, /5 estrellas: 50\s?%/);
    expectIn(html, /4 estrellas: 42\s?%/);
    expectIn(html, /2 estrellas: 8\s?%/);
    // The 3 most helpful: the French one (20), then 10 and 9 helpful votes.
    expectIn(html, 'Très déçu');
    expectIn(html, 'lang="fr-FR"');
    expectIn(html, 'Opinión número 10');
    expectIn(html, 'Opinión número 9');
    expectIn(html, 'Opinión número 8<', false);
    const doc = productDoc(html);
    expect(doc.aggregateRating).toMatchObject({ '@type': 'AggregateRating', ratingValue: 4.1, ratingCount: 12 });
    expect((doc.review as unknown[]).length).toBe(3);
    expect(JSON.stringify(doc)).not.toContain('Oculta');
  });

  it('an article without an OK review has no aggregateRating, whatever its stored columns say', async () => {
    await env.DB.prepare('UPDATE articles SET rating_average = 9, rating_count = 40 WHERE id = ?').bind(bare.id).run();
    await addReview(bare.id, { rating: 10, state: 'PENDING_REVIEW' });
    const { html } = await page(`${ES}/${bare.slug}`);
    const doc = productDoc(html);
    expect(doc).toBeDefined();
    expect(doc.aggregateRating).toBeUndefined();
    expect(doc.review).toBeUndefined();
    expectIn(html, 'Todavía no hay opiniones');
  });

  it('the reviews page: heading, summary, filters form, 10 a page, JSON-LD, canonical and noindex variants', async () => {
    const path = `/opiniones/${article.slug}`;
    const { status, html } = await page(`${ES}${path}`);
    expect(status).toBe(200);
    expectIn(html, /<h1[^>]*>Opiniones de /);
    expectIn(html, `<link rel="canonical" href="${ES}${path}"`);
    expectIn(html, 'noindex', false);
    expectIn(html, /<form[^>]*class="review-filters"[^>]*method="get"/);
    for (const field of ['name="stars"', 'name="age"', 'name="verified"', 'name="sort"']) expectIn(html, field);
    expect(html.match(/class="review-card"/g)).toHaveLength(10);
    expectIn(html, '5 de 5 estrellas');
    expectIn(html, `href="${path}?stars=5"`);
    expectIn(html, `href="${path}?page=2"`);
    expectIn(html, '/opinion-productos/');
    expectIn(html, 'data-island="review-votes"');
    expectIn(html, '/login?next=');
    expectIn(html, 'Oculta', false);
    // Alternates carry each language's own slug.
    const english = await env.DB.prepare("SELECT slug FROM article_translations WHERE article_id = ? AND lang = 'en_EN'").bind(article.id).first<string>('slug');
    expectIn(html, `hrefLang="en-ES" href="${ES}/en/reviews/${english}"`);
    const doc = productDoc(html);
    expect(doc.aggregateRating).toMatchObject({ ratingValue: 4.1, ratingCount: 12 });
    expect((doc.review as unknown[]).length).toBe(10);

    const second = await page(`${ES}${path}?page=2`);
    expect(second.html.match(/class="review-card"/g)).toHaveLength(2);
    expectIn(second.html, 'noindex');
    expectIn(second.html, 'rel="canonical"', false);

    const filtered = await page(`${ES}${path}?stars=2&verified=1`);
    expectIn(filtered.html, 'noindex');
    expect(filtered.html.match(/class="review-card"/g) ?? []).toHaveLength(0);
    expectIn(filtered.html, 'Ninguna opinión coincide');
    const french = await page(`${ES}${path}?stars=2`);
    expect(french.html.match(/class="review-card"/g)).toHaveLength(1);
    // The form shows the filters applied.
    expectIn(french.html, /<input type="checkbox" name="stars" checked="" value="2"/);
    expectIn(french.html, /<input type="checkbox" name="stars" checked="" value="5"/, false);
  });

  it('404 for an unknown product, another language\'s slug or a page past the last', async () => {
    expect((await page(`${ES}/opiniones/no-such-product-at-all`)).status).toBe(404);
    const english = await env.DB.prepare("SELECT slug FROM article_translations WHERE article_id = ? AND lang = 'en_EN'").bind(article.id).first<string>('slug');
    if (english !== article.slug) expect((await page(`${ES}/opiniones/${english}`)).status).toBe(404);
    expect((await page(`${ES}/en/reviews/${english}`)).status).toBe(200);
    expect((await page(`${ES}/opiniones/${article.slug}?page=3`)).status).toBe(404);
  });

  it('an article without reviews: the empty state and a link to write one', async () => {
    const { status, html } = await page(`${ES}/opiniones/${bare.slug}`);
    expect(status).toBe(200);
    expectIn(html, 'Nadie ha opinado todavía');
    expectIn(html, '/opinion-productos/');
    expect(productDoc(html).aggregateRating).toBeUndefined();
  });
});

describe('report buttons', () => {
  /** `kind:id` of each report island of a page, from its escaped `data-props`. */
  const reportsOf = (html: string) =>
    [...html.matchAll(/data-island="report-button" data-hydrate="([^"]+)" data-props="([^"]*)"/g)].map((m) => {
      const props = JSON.parse(m[2]!.replace(/&quot;/g, '"').replace(/&amp;/g, '&')) as { kind: string; id: number; signedIn: boolean; loginHref?: string };
      return { hydrate: m[1]!, ...props };
    });

  it('the reviews page carries one per review, not on the viewer\'s own, hydrated on interaction; the product page has none', async () => {
    const article = await freshArticle(10);
    const browser = new TestBrowser();
    const email = await signUp(browser);
    const me = (await env.DB.prepare('SELECT id FROM users WHERE email = ?').bind(email).first<number>('id'))!;
    const others = [await addReview(article.id, { rating: 8, title: 'Ajena uno' }), await addReview(article.id, { rating: 6, title: 'Ajena dos' })];
    const mine = await addReview(article.id, { rating: 10, title: 'La mía', userId: me });
    const db = createDb(env.DB);
    const [first, ...rest] = articleRatingStatements(db, article.id);
    await db.batch([first!, ...rest]);
    const path = `/opiniones/${article.slug}`;

    const signedInHtml = await (await browser.fetch(path)).text();
    const signedIn = reportsOf(signedInHtml);
    expect(signedIn.map((r) => r.id).sort()).toEqual([...others].sort());
    expect(signedIn.every((r) => r.kind === 'review' && r.hydrate === 'interaction' && r.signedIn === true)).toBe(true);

    const anonymous = reportsOf((await page(`${ES}${path}`)).html);
    expect(anonymous.map((r) => r.id).sort()).toEqual([...others, mine].sort());
    expect(anonymous.every((r) => r.signedIn === false && r.loginHref?.includes('/login?next='))).toBe(true);

    // The product page stays light: its reviews carry no report button.
    const product = await page(`${ES}/${article.slug}`);
    expectIn(product.html, 'Ajena uno');
    expectIn(product.html, 'data-island="report-button"', false);
  });
});
