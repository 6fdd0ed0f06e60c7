/**
 * Seeded user content (scripts/seed/ugc.ts): deterministic, consistent with the article rows
 * (rating average and count), valid nicks, texts that pass the store's own rules, a points ledger
 * that follows POINTS, and SQL that loads into SQLite with the real migrations, where `clear`
 * removes only what was seeded.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { articleAt, type CatalogueContext } from '../../scripts/seed/articles';
import { generateCatalogue, type SeedRow } from '../../scripts/seed/generate';
import { toSqlStatements } from '../../scripts/seed/sql';
import { COMMUNITY_SIZE, STORE_EMAIL, communityUsers, ledgerOf, questionsOf, reviewsOf } from '../../scripts/seed/ugc';
import { checkNick, nickKey } from '../../worker/domain/identity/nick';
import { ORDER_NUMBER_PATTERN } from '../../worker/domain/orders/order-number';
import { TEXT_LIMITS, holdRules, lengthProblem, normaliseText, type UgcTextKind } from '../../worker/domain/ugc/moderation';
import { POINTS } from '../../worker/domain/ugc/points';
import { parsePasswordHash } from '../../worker/identity/password';

const ARTICLES = 300;
const NOW = Date.UTC(2026, 10, 1) / 1000;
const ctx: CatalogueContext = { seed: 1, now: NOW, articles: ARTICLES };
const catalogue = generateCatalogue({ articles: ARTICLES });
const rows = (table: string): SeedRow[] => catalogue.find((t) => t.table === table)!.rows;
const articles = Array.from({ length: ARTICLES }, (_, i) => articleAt(ctx, i + 1));
const reviews = articles.flatMap((a) => reviewsOf(ctx, a));
const questions = articles.flatMap((a) => questionsOf(ctx, a));

describe('seeded community users', () => {
  const users = communityUsers(ctx);

  it('are the store author plus COMMUNITY_SIZE customers with valid nicks, unique by nick key', () => {
    expect(users).toHaveLength(COMMUNITY_SIZE + 1);
    expect(users[0]).toMatchObject({ nick: 'Ampora', email: STORE_EMAIL });
    for (const u of users.slice(1)) {
      const checked = checkNick(u.nick);
      expect(checked, u.nick).toEqual({ ok: true, nick: u.nick, key: nickKey(u.nick) });
      expect(u.nickKey).toBe(nickKey(u.nick));
    }
    expect(new Set(users.map((u) => u.nickKey)).size).toBe(users.length);
    expect(new Set(users.map((u) => u.email)).size).toBe(users.length);
    expect(new Set(users.map((u) => u.hashId)).size).toBe(users.length);
    expect(new Set(users.map((u) => u.cartId)).size).toBe(users.length);
  });

  it('have community addresses, a well-formed password hash and every language and channel', () => {
    for (const u of users) {
      expect(u.email).toMatch(/^[a-z0-9.]+@community\.ampora\.test$/);
      expect(parsePasswordHash(u.passwordHash)).toBeDefined();
      expect(u.cartId).toMatch(/^[0-9a-f-]{36}$/);
      expect(u.createdAt).toBeLessThan(NOW);
    }
    expect(new Set(users.map((u) => u.lang)).size).toBe(6);
    expect(new Set(users.map((u) => u.channel)).size).toBe(5);
  });
});

describe('seeded reviews', () => {
  it('are deterministic', () => {
    const again = generateCatalogue({ articles: ARTICLES });
    for (const table of ['users', 'product_reviews', 'review_votes', 'questions', 'answers', 'answer_votes', 'user_points']) {
      expect(again.find((t) => t.table === table)!.rows, table).toEqual(rows(table));
    }
    expect(generateCatalogue({ articles: 40, seed: 2 }).find((t) => t.table === 'product_reviews')!.rows).not.toEqual(
      generateCatalogue({ articles: 40 }).find((t) => t.table === 'product_reviews')!.rows,
    );
  });

  it('give each article row its count and rounded mean score', () => {
    const byArticle = new Map<number, number[]>();
    for (const r of reviews) byArticle.set(r.articleId, [...(byArticle.get(r.articleId) ?? []), r.rating]);
    for (const a of rows('articles')) {
      const scores = byArticle.get(Number(a.id)) ?? [];
      expect(a.rating_count).toBe(scores.length);
      const mean = scores.length ? scores.reduce((s, x) => s + x, 0) / scores.length : 0;
      expect(a.rating_average).toBe(Math.round(mean));
    }
    expect(rows('product_reviews')).toHaveLength(reviews.length);
    expect(reviews.length).toBeGreaterThan(1000);
    expect(reviews.length).toBeLessThan(3000);
    // Averages vary, and so do the star buckets.
    expect(new Set(rows('articles').map((a) => a.rating_average)).size).toBeGreaterThan(5);
    expect(new Set(reviews.map((r) => r.rating)).size).toBe(10);
  });

  it('are one per user and article, in the author’s language and channel, within the last 18 months', () => {
    const seen = new Set<string>();
    for (const r of reviews) {
      const key = `${r.author.email}/${r.articleId}`;
      expect(seen.has(key)).toBe(false);
      seen.add(key);
      expect(r.rating).toBeGreaterThanOrEqual(1);
      expect(r.rating).toBeLessThanOrEqual(10);
      expect(r.createdAt).toBeGreaterThanOrEqual(NOW - 548 * 86_400);
      expect(r.createdAt).toBeGreaterThan(articles[r.articleId - 1]!.createdAt);
      expect(r.publishedAt).toBeGreaterThanOrEqual(r.createdAt);
      expect(r.publishedAt).toBeLessThan(NOW);
      if (r.verifiedOrder !== null) expect(r.verifiedOrder).toMatch(ORDER_NUMBER_PATTERN);
      expect(r.votes.every((v) => v.voter.index !== r.author.index)).toBe(true);
      expect(new Set(r.votes.map((v) => v.voter.index)).size).toBe(r.votes.length);
    }
    expect(reviews.filter((r) => r.verifiedOrder).length / reviews.length).toBeGreaterThan(0.7);
    for (const row of rows('product_reviews')) expect(row).toMatchObject({ state: 'OK' });
  });
});

describe('seeded texts', () => {
  const texts: [UgcTextKind, string][] = [
    ...reviews.flatMap((r): [UgcTextKind, string][] => [['reviewTitle', r.title], ['reviewBody', r.body]]),
    ...questions.flatMap((q): [UgcTextKind, string][] => [['question', q.body], ...q.answers.map((a): [UgcTextKind, string] => ['answer', a.body])]),
  ];

  it('are within TEXT_LIMITS, already normalised, and pass the hold rules', () => {
    expect(texts.length).toBeGreaterThan(4000);
    for (const [kind, text] of texts) {
      expect(normaliseText(text)).toBe(text);
      expect(lengthProblem(text, kind), `${kind}: ${text}`).toBeNull();
      expect(holdRules(text), text).toEqual([]);
    }
    expect(TEXT_LIMITS.reviewBody.min).toBeLessThanOrEqual(Math.min(...reviews.map((r) => [...r.body].length)));
  });

  it('vary within an article and come in all six languages', () => {
    expect(new Set(reviews.map((r) => r.body)).size).toBeGreaterThan(reviews.length / 4);
    expect(new Set(reviews.map((r) => r.author.lang)).size).toBe(6);
    expect(new Set(questions.map((q) => q.lang)).size).toBe(6);
  });
});

describe('seeded questions and answers', () => {
  it('cover about 15 % of articles, leave about 30 % open, and count their answers', () => {
    const asked = new Set(questions.map((q) => q.articleId)).size;
    expect(asked / ARTICLES).toBeGreaterThan(0.08);
    expect(asked / ARTICLES).toBeLessThan(0.22);
    const open = questions.filter((q) => q.answers.length === 0).length / questions.length;
    expect(open).toBeGreaterThan(0.15);
    expect(open).toBeLessThan(0.45);
    const rowsByKey = rows('questions');
    expect(rowsByKey).toHaveLength(questions.length);
    questions.forEach((q, i) => expect(rowsByKey[i]!.answer_count).toBe(q.answers.length));
    expect(questions.some((q) => q.answers.some((a) => a.kind === 'store'))).toBe(true);
    expect(questions.some((q) => q.answers.some((a) => a.isOwner))).toBe(true);
  });

  it('have distinct askers per article, one answer per user, answers in the question’s language, best answers by others', () => {
    const askers = new Set<string>();
    for (const q of questions) {
      const key = `${q.articleId}/${q.asker.email}`;
      expect(askers.has(key)).toBe(false);
      askers.add(key);
      expect(new Set(q.answers.map((a) => a.author.email)).size).toBe(q.answers.length);
      for (const a of q.answers) {
        expect(a.author.email).not.toBe(q.asker.email);
        expect(a.createdAt).toBeGreaterThan(q.createdAt);
        if (a.kind === 'customer') expect(a.author.lang).toBe(q.lang);
        else expect(a.author.email).toBe(STORE_EMAIL);
      }
      if (q.best) {
        expect(q.answers[q.best.index]!.kind).toBe('customer');
        expect(q.best.at).toBeGreaterThanOrEqual(q.answers[q.best.index]!.createdAt);
      }
    }
    expect(questions.some((q) => q.best)).toBe(true);
  });
});

describe('the seeded points ledger', () => {
  it('is POINTS applied to the seeded reviews, questions, answers, best answers and helpful votes', () => {
    const ledger = ledgerOf(reviews, questions);
    const expected = new Map<string, number>();
    const add = (reason: keyof typeof POINTS, user: number, ...ref: (string | number | null)[]) => expected.set(`${user} ${reason} ${ref.join(':')}`, POINTS[reason]);
    for (const r of reviews) {
      add('review', r.author.index, 'review', r.articleId, r.author.index, null, null);
      for (const v of r.votes.filter((v) => v.helpful)) add('helpfulVote', r.author.index, 'reviewVote', r.articleId, r.author.index, null, v.voter.index);
    }
    for (const q of questions) {
      add('question', q.asker.index, 'question', q.articleId, q.asker.index, null, null);
      q.answers.forEach((a, i) => {
        if (a.kind === 'store') return;
        const answer = ['answer', q.articleId, q.asker.index, a.author.index, null] as const;
        add('answer', a.author.index, ...answer);
        if (a.source === 'game') add('gameAnswer', a.author.index, ...answer);
        if (q.best?.index === i) add('bestAnswer', a.author.index, ...answer);
        for (const v of a.votes) add('helpfulVote', a.author.index, 'answerVote', q.articleId, q.asker.index, a.author.index, v.voter.index);
      });
    }
    const actual = new Map(ledger.map((e) => [`${e.user} ${e.reason} ${[e.kind, e.article, e.x, e.y, e.voter].join(':')}`, e.points]));
    expect(ledger).toHaveLength(actual.size);
    expect(actual).toEqual(expected);
    expect(rows('user_points')).toHaveLength(ledger.length);
    // Every ranking period has a population.
    for (const days of [7, 30, 365]) expect(ledger.some((e) => e.at > NOW - days * 86_400)).toBe(true);
    expect(ledger.every((e) => e.at <= NOW)).toBe(true);
  });
});

describe('seeded content in SQLite', () => {
  it('loads with the real migrations, resolves every reference and is cleared without touching real users', async () => {
    const sqlite = await import('node:sqlite');
    const db = new sqlite.DatabaseSync(':memory:');
    const dir = new URL('../../migrations/', import.meta.url);
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.sql')).sort()) {
      for (const part of readFileSync(new URL(file, dir), 'utf8').split('--> statement-breakpoint')) if (part.trim()) db.exec(part);
    }
    const small = generateCatalogue({ articles: 120 });
    const load = () => {
      for (const s of toSqlStatements(small, { clear: true })) db.exec(s);
    };
    const one = (sql: string) => Object.values(db.prepare(sql).get() as Record<string, unknown>)[0];
    // A real user and their review exist before the seed runs, with the ids a fresh seed would take.
    db.exec(`INSERT INTO users (id, hash_id, email, password_hash, channel, language, cart_id, created_at) VALUES (1, 'real-1', 'real@example.test', 'x', 'ES', 'es_ES', 'c', 1)`);
    db.exec(`INSERT INTO product_reviews (id, user_id, article_id, rating, created_at, title, body, state) VALUES (1, 1, 3, 8, 1, 'Mine', 'My own words about it.', 'OK')`);
    load();
    load();
    expect(one("SELECT count(*) FROM users WHERE email LIKE '%@community.ampora.test'")).toBe(COMMUNITY_SIZE + 1);
    expect(one("SELECT count(*) FROM users WHERE email = 'real@example.test'")).toBe(1);
    // One INSERT in index order: consecutive ids, user i = id of user 0 + i (what every key join relies on).
    const seededUsers = db.prepare("SELECT id, email FROM users WHERE email LIKE '%@community.ampora.test' ORDER BY id").all() as { id: number; email: string }[];
    expect(seededUsers.map((u) => [u.id - seededUsers[0]!.id, u.email])).toEqual(communityUsers({ seed: 1, now: NOW, articles: 120 }).map((u) => [u.index, u.email]));
    expect(seededUsers[0]!.id).toBeGreaterThan(1);
    expect(one('SELECT count(*) FROM product_reviews WHERE user_id = 1')).toBe(1);
    const seededReviews = small.find((t) => t.table === 'product_reviews')!.rows.length;
    expect(one('SELECT count(*) FROM product_reviews')).toBe(seededReviews + 1);
    // The ledger's refs point at the seeded rows, by the contract's conventions.
    expect(one(`SELECT count(*) FROM user_points p WHERE reason = 'review' AND NOT EXISTS (SELECT 1 FROM product_reviews r WHERE CAST(r.id AS TEXT) = p.ref_id AND r.user_id = p.user_id)`)).toBe(0);
    expect(one(`SELECT count(*) FROM user_points p WHERE reason IN ('answer', 'bestAnswer', 'gameAnswer') AND NOT EXISTS (SELECT 1 FROM answers a WHERE CAST(a.id AS TEXT) = p.ref_id AND a.user_id = p.user_id AND a.author_kind = 'customer')`)).toBe(0);
    expect(one(`SELECT count(*) FROM user_points p WHERE reason = 'bestAnswer' AND NOT EXISTS (SELECT 1 FROM questions q WHERE CAST(q.best_answer_id AS TEXT) = p.ref_id)`)).toBe(0);
    expect(one(`SELECT count(*) FROM user_points WHERE reason = 'helpfulVote'`)).toBe(
      Number(one('SELECT count(*) FROM review_votes WHERE helpful = 1')) + Number(one(`SELECT count(*) FROM answer_votes v JOIN answers a ON a.id = v.answer_id WHERE a.author_kind = 'customer'`)),
    );
    expect(one(`SELECT count(*) FROM user_points p WHERE reason = 'helpfulVote' AND ref_id NOT IN (
      SELECT 'review:' || review_id || ':' || user_id FROM review_votes WHERE helpful = 1 UNION ALL SELECT 'answer:' || answer_id || ':' || user_id FROM answer_votes)`)).toBe(0);
    // Stored counts agree with the rows.
    expect(one(`SELECT count(*) FROM product_reviews r WHERE user_id <> 1 AND (helpful_count <> (SELECT count(*) FROM review_votes v WHERE v.review_id = r.id AND helpful = 1)
      OR unhelpful_count <> (SELECT count(*) FROM review_votes v WHERE v.review_id = r.id AND helpful = 0))`)).toBe(0);
    expect(one(`SELECT count(*) FROM questions q WHERE answer_count <> (SELECT count(*) FROM answers a WHERE a.question_id = q.id AND a.state = 'OK')`)).toBe(0);
    expect(one(`SELECT count(*) FROM answers a WHERE vote_count <> (SELECT count(*) FROM answer_votes v WHERE v.answer_id = a.id)`)).toBe(0);
    expect(one(`SELECT count(*) FROM review_votes v JOIN product_reviews r ON r.id = v.review_id WHERE v.user_id = r.user_id`)).toBe(0);
    // Seeded ratings are the seeded reviews' (the real review on article 3 is not in the seeded aggregate).
    expect(one(`SELECT count(*) FROM articles a WHERE rating_count <> (SELECT count(*) FROM product_reviews r WHERE r.article_id = a.id AND r.user_id <> 1)`)).toBe(0);
    // The listings refresh carries the same rating.
    expect(one(`SELECT count(*) FROM listings l JOIN articles a ON a.id = l.article_id WHERE l.rating_count <> a.rating_count OR l.rating_average <> a.rating_average`)).toBe(0);
    db.close();
 }, 30_000);
});
