/**
 * Saved PC configurations (worker/api/configurations.ts): save with the slot and article checks
 * and the 50 cap, list with today's total, delete (API and the form without script), someone
 * else's id (404, nothing changed), and the account screen.
 */
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '../../worker/http/errors';
import { signUp, TestBrowser } from './browser';

interface Saved {
  id: number;
  publicId: string;
  name: string;
  components: Record<string, number>;
}
interface Listed extends Saved {
  partsCount: number;
  totalPrice: number;
  unavailableParts: number;
}
interface ListPage {
  items: Listed[];
  page: number;
  pageSize: number;
  total: number;
}

let priced: { articleId: number; price: number }[] = [];
beforeAll(async () => {
  priced = (await env.DB.prepare("SELECT article_id AS articleId, price FROM listings WHERE channel = 'ES' AND price > 0 ORDER BY article_id LIMIT 3").all<{ articleId: number; price: number }>()).results;
  expect(priced).toHaveLength(3);
});

async function customer(): Promise<{ browser: TestBrowser; id: number }> {
  const browser = new TestBrowser();
  const email = await signUp(browser);
  return { browser, id: (await env.DB.prepare('SELECT id FROM users WHERE email = ?').bind(email).first<number>('id'))! };
}
const countOf = async (userId: number) => (await env.DB.prepare('SELECT count(*) AS n FROM saved_configurations WHERE user_id = ?').bind(userId).first<number>('n'))!;

describe('saved configurations API', () => {
  it('saves one and lists it with its parts and the price today', async () => {
    const { browser } = await customer();
    const [cpu, gpu, memory] = priced;
    const saved = await browser.api<Saved>('POST', '/api/user/configurations', { name: '  Gaming build  ', components: { cpu: cpu!.articleId, gpu: gpu!.articleId, memory: memory!.articleId } });
    expect(saved.status).toBe(201);
    expect(saved.data).toMatchObject({ name: 'Gaming build', components: { cpu: cpu!.articleId, memory: memory!.articleId, gpu: gpu!.articleId } });
    expect(saved.data.publicId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const list = await browser.api<ListPage>('GET', '/api/user/configurations');
    expect(list.data).toMatchObject({ page: 1, pageSize: 16, total: 1 });
    expect(list.data.items[0]).toMatchObject({ id: saved.data.id, partsCount: 3, totalPrice: cpu!.price + gpu!.price + memory!.price, unavailableParts: 0 });
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const { browser, id } = await customer();
    const article = priced[0]!.articleId;
    const bodies: [unknown, string | number][] = [
      [{ name: 'x', components: {} }, 'INVALID_REQUEST'],
      [{ name: '', components: { cpu: article } }, 'INVALID_REQUEST'],
      [{ name: 'x'.repeat(81), components: { cpu: article } }, 'INVALID_REQUEST'],
      [{ name: 'x', components: { toaster: article } }, 'INVALID_REQUEST'],
      [{ name: 'x', components: { cpu: -1 } }, 'INVALID_REQUEST'],
      [{ name: 'x', components: { cpu: '12' } }, 'INVALID_REQUEST'],
      [{ name: 'x' }, 'INVALID_REQUEST'],
      [{ name: 'x', components: { cpu: 999_999_999 } }, ERRORS.configurationUnknownArticle.code],
    ];
    for (const [body, code] of bodies) {
      const answer = await browser.api('POST', '/api/user/configurations', body);
      expect(answer, JSON.stringify(body)).toMatchObject({ status: 400, data: null, error: { code } });
    }
    expect(await countOf(id)).toBe(0);
    expect((await new TestBrowser().api('POST', '/api/user/configurations', { name: 'x', components: { cpu: article } })).status).toBe(401);
    expect((await new TestBrowser().api('GET', '/api/user/configurations')).status).toBe(401);
    for (const query of ['page=0', 'pageSize=51', 'page=x']) expect((await browser.api('GET', `/api/user/configurations?${query}`)).status, query).toBe(400);
  });

  it('keeps at most 50 per customer, even when saves race', async () => {
    const { browser, id } = await customer();
    const now = Date.now();
    await env.DB.batch(Array.from({ length: 48 }, (_, i) => env.DB.prepare("INSERT INTO saved_configurations (public_id, user_id, name, components, created_at, updated_at) VALUES (?, ?, ?, '{}', ?, ?)").bind(`fill-${id}-${i}`, id, `Fill ${i}`, now, now)));
    const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => browser.api('POST', '/api/user/configurations', { name: `Race ${i}`, components: { cpu: priced[0]!.articleId } })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(2);
    expect(answers.filter((a) => a.status === 409).every((a) => a.error?.code === ERRORS.configurationLimit.code)).toBe(true);
    expect(await countOf(id)).toBe(50);
  });

  it('pages the list by 16, latest change first', async () => {
    const { browser, id } = await customer();
    const now = Date.now();
    await env.DB.batch(Array.from({ length: 17 }, (_, i) => env.DB.prepare("INSERT INTO saved_configurations (public_id, user_id, name, components, created_at, updated_at) VALUES (?, ?, ?, '{}', ?, ?)").bind(`page-${id}-${i}`, id, `Build ${i}`, now + i, now + i)));
    const first = await browser.api<ListPage>('GET', '/api/user/configurations');
    expect(first.data.items).toHaveLength(16);
    expect(first.data.items[0]!.name).toBe('Build 16');
    expect((await browser.api<ListPage>('GET', '/api/user/configurations?page=2')).data.items.map((c) => c.name)).toEqual(['Build 0']);
  });

  it("deletes the owner's own; someone else's id answers 404 and changes nothing", async () => {
    const alice = await customer();
    const bob = await customer();
    const saved = await alice.browser.api<Saved>('POST', '/api/user/configurations', { name: 'Mine', components: { cpu: priced[0]!.articleId } });
    for (const [method, path] of [
      ['DELETE', `/api/user/configurations/${saved.data.id}`],
      ['POST', `/api/user/configurations/${saved.data.id}/delete`],
    ] as const) {
      expect(await bob.browser.api(method, path), path).toMatchObject({ status: 404, data: null, error: { code: 'NOT_FOUND' } });
    }
    expect(await countOf(alice.id)).toBe(1);
    expect((await alice.browser.api('DELETE', '/api/user/configurations/abc')).status).toBe(400);
    expect((await alice.browser.api('DELETE', `/api/user/configurations/${saved.data.id}`)).data).toEqual({ id: saved.data.id, deleted: true });
    expect(await countOf(alice.id)).toBe(0);
    expect((await alice.browser.api('DELETE', `/api/user/configurations/${saved.data.id}`)).status).toBe(404);
  });

  it('deletes through the form without script: a 303 back to the list', async () => {
    const { browser, id } = await customer();
    const saved = await browser.api<Saved>('POST', '/api/user/configurations', { name: 'Form', components: { cpu: priced[0]!.articleId } });
    const post = () =>
      browser.fetch(`/api/user/configurations/${saved.data.id}/delete`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'respond=page&lang=es_ES' });
    const done = await post();
    expect(done.status).toBe(303);
    expect(done.headers.get('Location')).toBe('/usuarios/panel/configuraciones?deleted=1');
    expect(await countOf(id)).toBe(0);
    expect((await post()).headers.get('Location')).toBe('/usuarios/panel/configuraciones?error=NOT_FOUND');
  });
});

describe('the configurations screen', () => {
  it('lists the saved ones with an open link and a delete form, or explains how to make one', async () => {
    const { browser } = await customer();
    const empty = await (await browser.fetch('/usuarios/panel/configuraciones')).text();
    expect(empty).toContain('data-configurations-empty');
    expect(empty).toContain('href="/configurador"');
    const saved = await browser.api<Saved>('POST', '/api/user/configurations', { name: 'Estudio', components: { cpu: priced[0]!.articleId, gpu: priced[1]!.articleId } });
    const html = await (await browser.fetch('/usuarios/panel/configuraciones')).text();
    expect(html).toContain('Estudio');
    expect(html).toContain(`href="/configurador/${saved.data.publicId}"`);
    expect(html).toContain(`action="/api/user/configurations/${saved.data.id}/delete"`);
    expect(html).toContain(`data-total-cents="${priced[0]!.price + priced[1]!.price}"`);
  });
});
