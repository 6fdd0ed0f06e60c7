// The product comparator through the real Worker: GET /api/compare (good input and every
// refusal), the comparison pages in several languages (chosen sets not indexed, fixed
// comparisons canonical with their address in every language) and the 404s.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../client/i18n/format';
import type { Language } from '../../client/i18n/languages';
import { apiCall, host, page } from './helpers';

interface Monitor {
  id: number;
  price: number | null;
  specs: Record<string, string>;
  slugs: Record<Language, string>;
}

const unescape = (text: string) => text.replace(/&amp;/g, '&');
const canonicalOf = (html: string) => unescape(/<link rel="canonical" href="([^"]+)"\/>/.exec(html)?.[1] ?? '') || undefined;
const robotsOf = (html: string) => /<meta name="robots" content="([^"]+)"\/>/.exec(html)?.[1];
const alternatesOf = (html: string) => new Map([...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"\/>/g)].map((m) => [m[1]!, unescape(m[2]!)]));

async function slugsOf(table: 'article' | 'category', id: number): Promise<Record<Language, string>> {
  const { results } = await env.DB.prepare(`SELECT lang, slug FROM ${table}_translations WHERE ${table}_id = ?`).bind(id).all<{ lang: Language; slug: string }>();
  return Object.fromEntries(results.map((r) => [r.lang, r.slug])) as Record<Language, string>;
}

let monitorCategory: Record<Language, string>;
let monitors: Monitor[];
let otherArticle: number;

beforeAll(async () => {
  const category = await env.DB.prepare(`SELECT category_id AS id FROM category_translations WHERE lang = 'en_EN' AND name = 'Monitors'`).first<{ id: number }>();
  monitorCategory = await slugsOf('category', category!.id);
  const { results } = await env.DB.prepare(
    `SELECT a.id, a.specs, l.price FROM articles a JOIN listings l ON l.article_id = a.id AND l.channel = 'ES' WHERE a.category_id = ? AND l.price IS NOT NULL ORDER BY a.id LIMIT 5`,
  )
    .bind(category!.id)
    .all<{ id: number; specs: string; price: number | null }>();
  monitors = await Promise.all(results.map(async (row) => ({ id: row.id, price: row.price, specs: JSON.parse(row.specs) as Record<string, string>, slugs: await slugsOf('article', row.id) })));
  otherArticle = (await env.DB.prepare('SELECT id FROM articles WHERE category_id <> ? ORDER BY id LIMIT 1').bind(category!.id).first<{ id: number }>())!.id;
  expect(monitors.length).toBe(5);
});

const ids = (count: number) => monitors.slice(0, count).map((m) => m.id);

describe('GET /api/compare', () => {
  it('answers the articles in the order asked, their prices and the attribute rows marked where they differ', async () => {
    const asked = [ids(3)[2]!, ids(3)[0]!, ids(3)[1]!];
    const { status, body } = await apiCall<{
      categorySlug: string;
      articles: { id: number; price: number | null; offerId: number | null }[];
      rows: { key: string; label: string; values: (string | null)[]; differs: boolean }[];
    }>(`${host('ES')}/api/compare?ids=${asked.join(',')}`, { headers: { 'X-Selected-Language': 'es_ES' } });
    expect(status).toBe(200);
    const data = body.data!;
    expect(data.categorySlug).toBe(monitorCategory.es_ES);
    expect(data.articles.map((a) => a.id)).toEqual(asked);
    for (const article of data.articles) {
      expect(article.price).toBe(monitors.find((m) => m.id === article.id)!.price);
      expect(article.offerId).not.toBeNull();
    }
    const sheets = asked.map((id) => monitors.find((m) => m.id === id)!.specs);
    const resolution = data.rows.find((row) => row.key === 'resolution')!;
    expect(resolution.label).toBe('Resolución');
    expect(resolution.values).toEqual(sheets.map((sheet) => sheet.resolution ?? null));
    for (const row of data.rows) expect(row.differs).toBe(new Set(row.values).size > 1);
  });

  it.each([
    ['not numbers', 'ids=a,b', 400, 'INVALID_REQUEST'],
    ['no ids', '', 400, 'INVALID_REQUEST'],
    ['a zero id', 'ids=0,1', 400, 'INVALID_REQUEST'],
  ])('refuses %s with 400', async (_, query, status, code) => {
    const { status: got, body, error } = await apiCall(`${host('ES')}/api/compare?${query}`);
    expect(got).toBe(status);
    expect(body.ok).toBe(false);
    expect(error!.code).toBe(code);
  });

  it('refuses one article (also one asked twice) and five articles', async () => {
    for (const query of [`${ids(1)[0]}`, `${ids(1)[0]},${ids(1)[0]}`]) {
      const { status, error } = await apiCall(`${host('ES')}/api/compare?ids=${query}`);
      expect(status).toBe(400);
      expect(error!.code).toBe('COMPARE_TOO_FEW');
    }
    const five = await apiCall(`${host('DE')}/api/compare?ids=${ids(5).join(',')}`, { headers: { 'X-Selected-Language': 'de_DE' } });
    expect(five.status).toBe(400);
    expect(five.error!.code).toBe('COMPARE_TOO_MANY');
    expect(five.error!.message).toMatch(/^Sie können bis zu 4 Produkte/);
  });

  it('refuses unknown ids with 404 and articles of different categories with 422', async () => {
    const unknown = await apiCall(`${host('ES')}/api/compare?ids=${ids(1)[0]},999999`);
    expect(unknown.status).toBe(404);
    expect(unknown.error!.code).toBe('COMPARE_UNKNOWN_ARTICLE');
    const mixed = await apiCall(`${host('FR')}/api/compare?ids=${ids(1)[0]},${otherArticle}`, { headers: { 'X-Selected-Language': 'fr_FR' } });
    expect(mixed.status).toBe(422);
    expect(mixed.error!.code).toBe('COMPARE_MIXED_CATEGORIES');
    expect(mixed.error!.message).toContain('même catégorie');
  });
});

describe('comparison pages', () => {
  it.each([
    ['ES', 'es_ES', '/comparador', 'es-ES', 'Precio'],
    ['DE', 'de_DE', '/komparator', 'de-DE', 'Preis'],
    ['IT', 'it_IT', '/comparatore', 'it-IT', 'Prezzo'],
  ] as const)('%s: a chosen set in a table, not indexed', async (channel, language, path, lang, priceLabel) => {
    const { status, html } = await page(`${host(channel)}${path}/${monitorCategory[language]}/${ids(3).join('/')}`);
    expect(status).toBe(200);
    expect(html).toContain(`<html lang="${lang}"`);
    expect(html).toContain(`data-compared="${ids(3).join(',')}"`);
    expect(html).toContain('<caption id="comparison-caption">');
    expect(html).toMatch(new RegExp(`<th scope="row">${priceLabel}`));
    expect((html.match(/<th scope="col" class="comparator__product">/g) ?? []).length).toBe(3);
    expect(robotsOf(html)).toBe('noindex,follow');
    expect(canonicalOf(html)).toBeUndefined();
    expect(alternatesOf(html).size).toBe(0);
  });

  it('marks the rows whose values differ in words, and adds the add-to-basket island per product', async () => {
    const [a, b] = [monitors[0]!, monitors[1]!];
    const { html } = await page(`${host('ES')}/en/comparator/${monitorCategory.en_EN}/${a.id}/${b.id}`);
    const differing = Object.keys({ ...a.specs, ...b.specs }).filter((key) => a.specs[key] !== b.specs[key]);
    expect((html.match(/<span class="badge comparator__differs">Differs<\/span>/g) ?? []).length).toBeGreaterThanOrEqual(differing.length);
    expect((html.match(/data-island="add-to-cart"/g) ?? []).length).toBe(2);
    expect(html).toContain(formatMoney(a.price!, 'en_EN'));
    expect(html).toContain('id="compare-only-differences"');
  });

  it('a fixed comparison by slugs is canonical and has its address in every language', async () => {
    const [a, b] = [monitors[0]!, monitors[1]!];
    const url = `${host('FR')}/comparateur/${monitorCategory.fr_FR}/${a.slugs.fr_FR}-vs-${b.slugs.fr_FR}`;
    const { status, html } = await page(url);
    expect(status).toBe(200);
    expect(robotsOf(html)).toBeUndefined();
    expect(canonicalOf(html)).toBe(url);
    const alternates = alternatesOf(html);
    expect(alternates.get('de-DE')).toBe(`${host('DE')}/komparator/${monitorCategory.de_DE}/${a.slugs.de_DE}-vs-${b.slugs.de_DE}`);
    expect(alternates.get('x-default')).toBe(`${host('ES')}/comparador/${monitorCategory.es_ES}/${a.slugs.es_ES}-vs-${b.slugs.es_ES}`);
    expect(alternates.get('en-PT')).toBe(`${host('PT')}/en/comparator/${monitorCategory.en_EN}/${a.slugs.en_EN}-vs-${b.slugs.en_EN}`);
    // The other order is the same comparison: sent to its one address.
    const reversed = await page(`${host('FR')}/comparateur/${monitorCategory.fr_FR}/${b.slugs.fr_FR}-vs-${a.slugs.fr_FR}`, { redirect: 'manual' });
    expect(reversed.status).toBe(302);
    expect(reversed.headers.get('Location')).toBe(`/comparateur/${monitorCategory.fr_FR}/${a.slugs.fr_FR}-vs-${b.slugs.fr_FR}`);
  });

  it('one chosen product offers others to add, by plain links', async () => {
    const { status, html } = await page(`${host('DE')}/komparator/${monitorCategory.de_DE}/${ids(1)[0]}`);
    expect(status).toBe(200);
    expect(html).toContain('Wählen Sie mindestens 2 Produkte aus');
    expect(html).toMatch(new RegExp(`href="/komparator/${monitorCategory.de_DE}/${ids(1)[0]}/\\d+"`));
    expect(robotsOf(html)).toBe('noindex,follow');
  });

  it('explains five products and mixed categories on the page', async () => {
    const five = await page(`${host('DE')}/komparator/${monitorCategory.de_DE}/${ids(5).join('/')}`);
    expect(five.status).toBe(200);
    expect(five.html).toContain('Sie können bis zu 4 Produkte');
    expect(five.html).not.toContain('<table');
    const mixed = await page(`${host('ES')}/comparador/${monitorCategory.es_ES}/${ids(1)[0]}/${otherArticle}`);
    expect(mixed.status).toBe(200);
    expect(mixed.html).toContain('misma categoría');
  });

  it.each([
    ['an unknown category', () => `/comparador/no-existe/${ids(2).join('/')}`],
    ['an unknown slug', () => `/comparador/${monitorCategory.es_ES}/no-existe-vs-tampoco`],
    ['a slug of another language', () => `/comparador/${monitorCategory.es_ES}/${monitors[0]!.slugs.de_DE}-vs-${monitors[1]!.slugs.de_DE}`],
    ['an unknown id', () => `/comparador/${monitorCategory.es_ES}/${ids(1)[0]}/999999`],
    ['a part that is not an id', () => `/comparador/${monitorCategory.es_ES}/${ids(1)[0]}/abc`],
  ])('%s is the 404 page', async (_, path) => {
    expect((await page(`${host('ES')}${path()}`)).status).toBe(404);
  });

  it('cards and the product page link to the comparator with the product chosen', async () => {
    const listing = await page(`${host('DE')}/${monitorCategory.de_DE}`);
    expect(listing.html).toMatch(new RegExp(`<a class="compare-link" href="/komparator/${monitorCategory.de_DE}/(\\d+)" aria-label="Zum Vergleich hinzufügen: [^"]+" data-compare="\\1"`));
    expect(listing.html).toContain('data-island="compare-tray"');
    const product = await page(`${host('DE')}/${monitors[0]!.slugs.de_DE}`);
    expect(product.html).toMatch(new RegExp(`href="/komparator/${monitorCategory.de_DE}/${monitors[0]!.id}" aria-label="[^"]+" data-compare="${monitors[0]!.id}"`));
  });
});
