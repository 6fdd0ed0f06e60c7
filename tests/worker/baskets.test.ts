/**
 * Wishlists and baskets (worker/api/baskets.ts, worker/baskets/): every §7 basket call with good
 * and bad input (a refusal changes nothing), the default list of a first "add to wishlist",
 * prices then and now, private versus public, someone else's list (404, through the ownership
 * check and through a copy), copying with merged units and the e-mailed summary, and moving a
 * list to the basket with what could not be added and why.
 */
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_ARTICLES_PER_LIST, MAX_LISTS_PER_USER } from '../../worker/baskets/rules';
import { mailCount, signUp, TestBrowser, waitForMail } from './browser';

interface ListSummary {
  id: number;
  publicId: string;
  name: string;
  type: string;
  visibility: string;
  isDefault: boolean;
  count: number;
  units: number;
  total: number;
}
interface ListArticle {
  articleId: number;
  units: number;
  priceWhenAdded: number;
  priceNow: number | null;
  drop: number | null;
  availabilityCode: number | null;
  name: string;
}
interface Detail {
  list: ListSummary;
  articles: ListArticle[];
}

/** Articles sold by the store itself on ES with stock, their buy-box price (listings) first. */
let stocked: { id: number; price: number }[] = [];

beforeAll(async () => {
  const { results } = await env.DB.prepare(
    "SELECT l.article_id AS id, l.price FROM listings l WHERE l.channel = 'ES' AND l.price IS NOT NULL AND l.availability_code <= 3 AND EXISTS (SELECT 1 FROM offers o WHERE o.article_id = l.article_id AND o.channel = 'ES' AND o.seller_id = 0 AND o.stock > 5 AND o.availability_code <= 3 AND o.condition = 'new') ORDER BY l.article_id LIMIT 12",
  ).all<{ id: number; price: number }>();
  stocked = results;
  expect(stocked.length).toBeGreaterThanOrEqual(10);
});

async function signedIn(nick?: string): Promise<{ browser: TestBrowser; email: string }> {
  const browser = new TestBrowser();
  const email = await signUp(browser);
  if (nick) await env.DB.prepare('UPDATE users SET nick = ? WHERE email = ?').bind(nick, email).run();
  return { browser, email };
}

async function userId(email: string): Promise<number> {
  return (await env.DB.prepare('SELECT id FROM users WHERE email = ?').bind(email).first<number>('id'))!;
}

async function listCount(email: string): Promise<number> {
  return (await env.DB.prepare('SELECT count(*) AS n FROM baskets WHERE user_id = ?').bind(await userId(email)).first<number>('n'))!;
}

async function create(browser: TestBrowser, body: Record<string, unknown>) {
  const answer = await browser.api<ListSummary>('POST', '/api/basket/', body);
  expect(answer.status, JSON.stringify(answer.error)).toBe(201);
  return answer.data;
}

async function add(browser: TestBrowser, list: number | 'default', article: number, price: number, units = 1) {
  return browser.api<{ list: ListSummary; article: ListArticle }>('POST', `/api/basket/${list}/article`, { article, price, units });
}

describe('lists: create, read, rename, delete', () => {
  it('needs a session', async () => {
    const anonymous = new TestBrowser();
    expect((await anonymous.api('GET', '/api/basket')).status).toBe(401);
    expect((await anonymous.api('POST', '/api/basket/', { name: 'X' })).status).toBe(401);
  });

  it('creates a list, lists it with its count and total, renames it, makes it public and deletes it', async () => {
    const { browser } = await signedIn();
    const list = await create(browser, { name: '  Regalos   de Navidad ', type: 'wishlist', visibility: 'private' });
    expect(list).toMatchObject({ name: 'Regalos de Navidad', type: 'wishlist', visibility: 'private', count: 0, total: 0, isDefault: false });
    expect(list.publicId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const [a, b] = stocked;
    expect((await add(browser, list.id, a!.id, a!.price, 2)).status).toBe(200);
    expect((await add(browser, list.id, b!.id, b!.price, 1)).status).toBe(200);
    const all = await browser.api<{ lists: ListSummary[] }>('GET', '/api/basket');
    expect(all.status).toBe(200);
    expect(all.data.lists).toHaveLength(1);
    expect(all.data.lists[0]).toMatchObject({ id: list.id, count: 2, units: 3, total: a!.price * 2 + b!.price });

    const patched = await browser.api<ListSummary>('PATCH', `/api/basket/${list.id}`, { name: 'Cumpleaños', visibility: 'public' });
    expect(patched.status).toBe(200);
    expect(patched.data).toMatchObject({ name: 'Cumpleaños', visibility: 'public' });

    expect((await browser.api('DELETE', `/api/basket/${list.id}`)).status).toBe(200);
    expect((await browser.api('GET', `/api/basket/${list.id}/private`)).status).toBe(404);
    expect(await env.DB.prepare('SELECT count(*) AS n FROM basket_articles WHERE basket_id = ?').bind(list.id).first<number>('n')).toBe(0);
  });

  it('refuses bad input with a 400 and creates or changes nothing', async () => {
    const { browser, email } = await signedIn();
    for (const body of [{ name: '' }, { name: '   ' }, { name: 'x'.repeat(81) }, { name: 'Ok', type: 'cart' }, { name: 'Ok', visibility: 'secret' }, { name: 42 }, {}]) {
      const answer = await browser.api('POST', '/api/basket/', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.error?.code).toBe('INVALID_REQUEST');
    }
    expect(await listCount(email)).toBe(0);
    const list = await create(browser, { name: 'Mine', type: 'basket', visibility: 'private' });
    for (const body of [{}, { name: '' }, { visibility: 'everyone' }]) expect((await browser.api('PATCH', `/api/basket/${list.id}`, body)).status).toBe(400);
    for (const path of [`/api/basket/abc/private`, `/api/basket/0/private`, `/api/basket/-1/private`]) expect((await browser.api('GET', path)).status).toBe(400);
    expect((await browser.api<Detail>('GET', `/api/basket/${list.id}/private`)).data.list).toMatchObject({ name: 'Mine', type: 'basket', visibility: 'private' });
  });

  it(`allows at most ${MAX_LISTS_PER_USER} lists`, async () => {
    const { browser, email } = await signedIn();
    const id = await userId(email);
    const filler = Array.from({ length: MAX_LISTS_PER_USER - 1 }, (_, i) =>
      env.DB.prepare("INSERT INTO baskets (public_id, user_id, name, type, visibility, is_default, created_at, updated_at) VALUES (?, ?, ?, 'wishlist', 'private', 0, 1, 1)").bind(`filler${String(i).padStart(3, '0')}-${id}`.padEnd(22, 'x').slice(0, 22), id, `List ${i}`),
    );
    await env.DB.batch(filler);
    await create(browser, { name: 'The fiftieth' });
    const refused = await browser.api('POST', '/api/basket/', { name: 'One too many' });
    expect(refused.status).toBe(409);
    expect(refused.error?.code).toBe('BASKET_LIST_LIMIT');
    expect(await listCount(email)).toBe(MAX_LISTS_PER_USER);
  });
});

describe('articles in a list', () => {
  it('a first add to the default list creates one private "Wishlist", even when several arrive at once', async () => {
    const { browser, email } = await signedIn();
    const answers = await Promise.all(stocked.slice(0, 5).map((a) => add(browser, 'default', a.id, a.price)));
    for (const answer of answers) expect(answer.status).toBe(200);
    expect(await listCount(email)).toBe(1);
    const { data } = await browser.api<{ lists: ListSummary[]; defaultId: number; defaultArticleIds: number[] }>('GET', '/api/basket');
    expect(data.lists[0]).toMatchObject({ name: 'Lista de deseos', visibility: 'private', type: 'wishlist', isDefault: true, count: 5 });
    expect(data.defaultId).toBe(data.lists[0]!.id);
    expect([...data.defaultArticleIds].sort()).toEqual(stocked.slice(0, 5).map((a) => a.id).sort());
  });

  it('keeps the price seen when adding, shows the price now and the drop; re-adding sets the units', async () => {
    const { browser } = await signedIn();
    const [a, b] = stocked;
    const list = await create(browser, { name: 'Prices' });
    // Seen 50 € dearer than now: a drop. Seen cheaper than now: no drop.
    const first = await add(browser, list.id, a!.id, a!.price + 5000, 1);
    expect(first.status).toBe(200);
    expect(first.data.article).toMatchObject({ articleId: a!.id, priceWhenAdded: a!.price + 5000, priceNow: a!.price, drop: 5000, units: 1 });
    expect((await add(browser, list.id, b!.id, Math.max(0, b!.price - 100), 1)).data.article.drop).toBeNull();
    const again = await add(browser, list.id, a!.id, 1, 7);
    expect(again.data.article).toMatchObject({ units: 7, priceWhenAdded: a!.price + 5000 });
    expect(again.data.list.count).toBe(2);
  });

  it('refuses an article not sold on the channel, an offer that is not the article\'s and bad units, changing nothing', async () => {
    const { browser, email } = await signedIn();
    const [a] = stocked;
    const notSold = await add(browser, 'default', 99_999_999, 1000);
    expect(notSold.status).toBe(404);
    expect(notSold.error?.code).toBe('ARTICLE_NOT_FOUND');
    // A refused first add creates no default list.
    expect(await listCount(email)).toBe(0);
    const foreignOffer = (await env.DB.prepare("SELECT id FROM offers WHERE channel = 'ES' AND article_id <> ? LIMIT 1").bind(a!.id).first<number>('id'))!;
    expect((await browser.api('POST', '/api/basket/default/article', { article: a!.id, price: 1000, units: 1, key: foreignOffer })).status).toBe(404);
    for (const body of [
      { article: a!.id, price: 1000, units: 0 },
      { article: a!.id, price: 1000, units: 100 },
      { article: a!.id, price: -1, units: 1 },
      { article: a!.id, price: 10.5, units: 1 },
      { article: 'x', price: 1000, units: 1 },
      { price: 1000, units: 1 },
    ]) {
      expect((await browser.api('POST', '/api/basket/default/article', body)).status, JSON.stringify(body)).toBe(400);
    }
    expect(await listCount(email)).toBe(0);
  });

  it('removes an article; one that is not in the list is a 404', async () => {
    const { browser } = await signedIn();
    const [a, b] = stocked;
    const list = await create(browser, { name: 'Remove' });
    await add(browser, list.id, a!.id, a!.price);
    await add(browser, list.id, b!.id, b!.price);
    const removed = await browser.api<Detail>('DELETE', `/api/basket/${list.id}/article/${a!.id}`);
    expect(removed.status).toBe(200);
    expect(removed.data.articles.map((x) => x.articleId)).toEqual([b!.id]);
    const again = await browser.api('DELETE', `/api/basket/${list.id}/article/${a!.id}`);
    expect(again.status).toBe(404);
    expect(again.error?.code).toBe('BASKET_ARTICLE_NOT_IN_LIST');
  });

  it(`holds at most ${MAX_ARTICLES_PER_LIST} articles, but an article already in a full list can change its units`, async () => {
    const { browser } = await signedIn();
    const list = await create(browser, { name: 'Full' });
    const { results } = await env.DB.prepare('SELECT id FROM articles ORDER BY id LIMIT ?').bind(MAX_ARTICLES_PER_LIST + 20).all<{ id: number }>();
    const others = results.map((r) => r.id).filter((id) => !stocked.some((s) => s.id === id)).slice(0, MAX_ARTICLES_PER_LIST - 1);
    await env.DB.batch(others.map((id) => env.DB.prepare('INSERT INTO basket_articles (basket_id, article_id, offer_id, price, units, added_at) VALUES (?, ?, NULL, 100, 1, 1)').bind(list.id, id)));
    const [a, b] = stocked;
    expect((await add(browser, list.id, a!.id, a!.price)).status).toBe(200);
    const refused = await add(browser, list.id, b!.id, b!.price);
    expect(refused.status).toBe(409);
    expect(refused.error?.code).toBe('BASKET_ARTICLE_LIMIT');
    expect((await add(browser, list.id, a!.id, a!.price, 3)).data.article.units).toBe(3);
    expect(await env.DB.prepare('SELECT count(*) AS n FROM basket_articles WHERE basket_id = ?').bind(list.id).first<number>('n')).toBe(MAX_ARTICLES_PER_LIST);
  });
});

describe('private and public', () => {
  it('a public list answers anyone by its public id, showing only the owner\'s nickname; a private one is a 404', async () => {
    const { browser } = await signedIn('lauragamer');
    const [a] = stocked;
    const shared = await create(browser, { name: 'Shared', visibility: 'public' });
    const secret = await create(browser, { name: 'Secret', visibility: 'private' });
    await add(browser, shared.id, a!.id, a!.price, 2);
    await add(browser, secret.id, a!.id, a!.price, 2);
    const anonymous = new TestBrowser();
    const seen = await anonymous.api<{ list: Record<string, unknown>; articles: ListArticle[] }>('GET', `/api/basket/${shared.publicId}/public`);
    expect(seen.status).toBe(200);
    expect(seen.data.list).toMatchObject({ publicId: shared.publicId, name: 'Shared', owner: 'lauragamer', count: 1, units: 2 });
    expect(seen.data.list).not.toHaveProperty('id');
    expect(seen.data.list).not.toHaveProperty('userId');
    expect(JSON.stringify(seen.data)).not.toMatch(/@example\.com/);
    expect(seen.data.articles[0]).toMatchObject({ articleId: a!.id, units: 2 });
    expect((await anonymous.api('GET', `/api/basket/${secret.publicId}/public`)).status).toBe(404);
    expect((await anonymous.api('GET', `/api/basket/${'A'.repeat(22)}/public`)).status).toBe(404);
    expect((await anonymous.api('GET', `/api/basket/${secret.id}/public`)).status).toBe(400);
    // Made private again, the link stops working.
    await browser.api('PATCH', `/api/basket/${shared.id}`, { visibility: 'private' });
    expect((await anonymous.api('GET', `/api/basket/${shared.publicId}/public`)).status).toBe(404);
  });

  it('someone else\'s list is a 404 on every call by id, and nothing changes', async () => {
    const alice = await signedIn();
    const bob = await signedIn();
    const [a] = stocked;
    const list = await create(alice.browser, { name: 'Alice' });
    await add(alice.browser, list.id, a!.id, a!.price, 2);
    const before = await alice.browser.api('GET', `/api/basket/${list.id}/private`);
    for (const [method, path, body] of [
      ['GET', `/api/basket/${list.id}/private`],
      ['PATCH', `/api/basket/${list.id}`, { name: 'Mine now' }],
      ['POST', `/api/basket/${list.id}/article`, { article: a!.id, price: 1, units: 9 }],
      ['DELETE', `/api/basket/${list.id}/article/${a!.id}`],
      ['POST', `/api/basket/${list.id}/to-cart`],
      ['DELETE', `/api/basket/${list.id}`],
    ] as const) {
      const answer = await bob.browser.api(method, path, body);
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.data).toBeNull();
    }
    expect((await alice.browser.api('GET', `/api/basket/${list.id}/private`)).data).toEqual(before.data);
  });
});

describe('copying a list', () => {
  it('copies a public list into one of mine, adding up the units of articles in both, and e-mails a summary', async () => {
    const alice = await signedIn('alicelists');
    const bob = await signedIn();
    const [a, b, c] = stocked;
    const shared = await create(alice.browser, { name: 'Alice shares', visibility: 'public' });
    await add(alice.browser, shared.id, a!.id, a!.price, 2);
    await add(alice.browser, shared.id, b!.id, b!.price + 300, 1);
    const mine = await create(bob.browser, { name: 'Bob' });
    await add(bob.browser, mine.id, a!.id, a!.price, 3);
    await add(bob.browser, mine.id, c!.id, c!.price, 1);
    const copied = await bob.browser.api<{ added: number; merged: number; skipped: number[] } & Detail>('POST', `/api/basket/${mine.id}/from/${shared.publicId}`, { sendEmail: true });
    expect(copied.status).toBe(200);
    expect(copied.data).toMatchObject({ added: 1, merged: 1, skipped: [] });
    const units = Object.fromEntries(copied.data.articles.map((x) => [x.articleId, x.units]));
    expect(units).toEqual({ [a!.id]: 5, [b!.id]: 1, [c!.id]: 1 });
    await waitForMail(bob.email, /Bob.*\n?[\s\S]*\/mi-lista-de-deseos\?list=\d+/);
    // Alice's list is as it was.
    const aliceView = await alice.browser.api<Detail>('GET', `/api/basket/${shared.id}/private`);
    expect(aliceView.data.articles.map((x) => x.units).sort()).toEqual([1, 2]);
  });

  it('copies between two of my own lists by id, without an e-mail unless asked; a list into itself is refused', async () => {
    const { browser, email } = await signedIn();
    const [a] = stocked;
    const from = await create(browser, { name: 'From' });
    const to = await create(browser, { name: 'To' });
    await add(browser, from.id, a!.id, a!.price, 98);
    await add(browser, to.id, a!.id, a!.price, 5);
    const mails = await mailCount(email);
    const copied = await browser.api<Detail>('POST', `/api/basket/${to.id}/from/${from.id}`, {});
    expect(copied.status).toBe(200);
    // Units merge up to the 99 a list allows.
    expect(copied.data.articles[0]!.units).toBe(99);
    const itself = await browser.api('POST', `/api/basket/${to.id}/from/${to.id}`, {});
    expect(itself.status).toBe(400);
    expect(itself.error?.code).toBe('BASKET_COPY_SAME_LIST');
    expect(await mailCount(email)).toBe(mails);
  });

  it('someone else\'s private list cannot be copied, by its public id or by its id', async () => {
    const alice = await signedIn();
    const bob = await signedIn();
    const [a] = stocked;
    const secret = await create(alice.browser, { name: 'Secret', visibility: 'private' });
    await add(alice.browser, secret.id, a!.id, a!.price, 2);
    const mine = await create(bob.browser, { name: 'Bob' });
    for (const source of [secret.publicId, String(secret.id)]) {
      const answer = await bob.browser.api('POST', `/api/basket/${mine.id}/from/${source}`, { sendEmail: true });
      expect(answer.status, source).toBe(404);
    }
    // Nor into someone else's list.
    const bobPublic = await create(bob.browser, { name: 'Bob public', visibility: 'public' });
    expect((await alice.browser.api('POST', `/api/basket/${mine.id}/from/${bobPublic.publicId}`, {})).status).toBe(404);
    expect((await bob.browser.api<Detail>('GET', `/api/basket/${mine.id}/private`)).data.articles).toEqual([]);
  });
});

describe('moving a list to the basket', () => {
  it('adds every article that can be bought and says which could not, and why', async () => {
    const { browser } = await signedIn();
    const [a, b, c, d] = stocked;
    const list = await create(browser, { name: 'To the basket' });
    await add(browser, list.id, a!.id, a!.price, 2);
    await add(browser, list.id, b!.id, b!.price, 1);
    await add(browser, list.id, c!.id, c!.price, 1);
    await add(browser, list.id, d!.id, d!.price, 1);
    // Since they were added, b ran out of stock everywhere and c stopped being sold here.
    await env.DB.batch([
      env.DB.prepare("UPDATE offers SET availability_code = 7, stock = 0 WHERE article_id = ? AND channel = 'ES'").bind(b!.id),
      env.DB.prepare("DELETE FROM offers WHERE article_id = ? AND channel = 'ES'").bind(c!.id),
    ]);
    const moved = await browser.api<{ added: { articleId: number; units: number }[]; notAdded: { articleId: number; reason: string }[]; cartUnits: number }>('POST', `/api/basket/${list.id}/to-cart`);
    expect(moved.status).toBe(200);
    expect(moved.data.added.map((x) => [x.articleId, x.units]).sort()).toEqual([
      [a!.id, 2],
      [d!.id, 1],
    ].sort());
    expect(Object.fromEntries(moved.data.notAdded.map((x) => [x.articleId, x.reason]))).toEqual({ [b!.id]: 'outOfStock', [c!.id]: 'notSold' });
    expect(moved.data.cartUnits).toBe(3);
    const token = await browser.api<{ idCart: string }>('GET', '/api/checkout/cart/token');
    const cart = await browser.api<{ articles: { idArticle: number; qty: number }[] }>('GET', `/api/checkout/orders/${token.data.idCart}/cart`);
    expect(cart.data.articles.map((x) => [x.idArticle, x.qty]).sort()).toEqual([
      [a!.id, 2],
      [d!.id, 1],
    ].sort());
    // The list stays as it was.
    expect((await browser.api<Detail>('GET', `/api/basket/${list.id}/private`)).data.list.count).toBe(4);
  });

  it('anyone with the link can put a public list in their own basket', async () => {
    const alice = await signedIn();
    const [, , , , e] = stocked;
    const shared = await create(alice.browser, { name: 'Shared', visibility: 'public' });
    await add(alice.browser, shared.id, e!.id, e!.price, 1);
    const visitor = new TestBrowser();
    const moved = await visitor.api<{ added: { articleId: number }[] }>('POST', `/api/basket/${shared.publicId}/public/to-cart`);
    expect(moved.status).toBe(200);
    expect(moved.data.added.map((x) => x.articleId)).toEqual([e!.id]);
    await alice.browser.api('PATCH', `/api/basket/${shared.id}`, { visibility: 'private' });
    expect((await visitor.api('POST', `/api/basket/${shared.publicId}/public/to-cart`)).status).toBe(404);
  });
});

describe('the wishlist pages', () => {
  it('show the owner\'s lists and list; someone else\'s list is the 404 page; nothing is indexed', async () => {
    const alice = await signedIn('alicepages');
    const bob = await signedIn();
    const [a] = stocked;
    const secret = await create(alice.browser, { name: 'Alice secret' });
    await add(alice.browser, secret.id, a!.id, a!.price + 1000, 2);
    const lists = await alice.browser.fetch('/usuarios/panel/mis-listas-de-deseos');
    expect(lists.status).toBe(200);
    const listsHtml = await lists.text();
    expect(listsHtml).toContain('Alice secret');
    expect(listsHtml).toMatch(/<meta name="robots" content="noindex/);
    const own = await alice.browser.fetch(`/usuarios/panel/mi-lista-de-deseos?list=${secret.id}`);
    expect(own.status).toBe(200);
    const ownHtml = await own.text();
    expect(ownHtml).toContain(`data-article-id="${a!.id}"`);
    expect(ownHtml).toContain('data-drop="1000"');
    // Without `list`: the default list, else the oldest.
    expect(await (await alice.browser.fetch('/usuarios/panel/mi-lista-de-deseos')).text()).toContain('Alice secret');
    expect((await bob.browser.fetch(`/usuarios/panel/mi-lista-de-deseos?list=${secret.id}`)).status).toBe(404);
    expect((await bob.browser.fetch('/usuarios/panel/mi-lista-de-deseos?list=abc')).status).toBe(404);
    expect((await bob.browser.fetch(`/lista-de-deseos/${secret.publicId}`)).status).toBe(404);
    // Signed out, the account pages go to the sign-in page.
    expect((await new TestBrowser().fetch('/usuarios/panel/mis-listas-de-deseos')).status).toBe(302);
  });

  it('a public list has its page for anyone (noindex), the older address moves to it for good, and the landing finds a list by its link', async () => {
    const alice = await signedIn('alicepublic');
    const [a] = stocked;
    const shared = await create(alice.browser, { name: 'Para Bob', visibility: 'public' });
    await add(alice.browser, shared.id, a!.id, a!.price, 1);
    const visitor = new TestBrowser();
    const detail = await visitor.fetch(`/lista-de-deseos/${shared.publicId}`);
    expect(detail.status).toBe(200);
    const html = await detail.text();
    expect(html).toContain('Para Bob');
    expect(html).toContain('alicepublic');
    expect(html).toMatch(/<meta name="robots" content="noindex/);
    expect(html).not.toContain(alice.email);
    const legacy = await visitor.fetch(`/listas/${shared.publicId}`);
    expect(legacy.status).toBe(301);
    expect(legacy.headers.get('Location')).toBe(`/lista-de-deseos/${shared.publicId}`);
    const found = await visitor.fetch(`/lista-de-deseos?link=${encodeURIComponent(`https://es.localhost/lista-de-deseos/${shared.publicId}`)}`);
    expect(found.status).toBe(302);
    expect(found.headers.get('Location')).toBe(`/lista-de-deseos/${shared.publicId}`);
    const landing = await visitor.fetch('/lista-de-deseos?link=nonsense');
    expect(landing.status).toBe(200);
    expect(await landing.text()).toContain('wishlist-find-link-error');
  });

  it('product pages carry the heart, the same for everyone', async () => {
    const [a] = stocked;
    const slug = (await env.DB.prepare("SELECT slug FROM article_translations WHERE article_id = ? AND lang = 'es_ES'").bind(a!.id).first<string>('slug'))!;
    const anonymous = await (await new TestBrowser().fetch(`/${slug}`)).text();
    expect(anonymous).toContain(`data-wishlist-heart="${a!.id}"`);
    expect(anonymous).toMatch(new RegExp(`aria-pressed="false"[^>]*data-wishlist-heart="${a!.id}"`));
  });
});
