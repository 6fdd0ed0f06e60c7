// Search-engine output through the real Worker: hreflang and canonical in the head, JSON-LD,
// sitemaps and robots.txt, on development and production hosts.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_INFO, type Language } from '../../client/i18n/languages';
import { createApp } from '../../worker/app';
import { CHANNEL_IDS, DEFAULT_CHANNELS, type ChannelId } from '../../worker/channel/channels';
import { productDetail } from '../../worker/db/catalogue';
import { createDb } from '../../worker/db/client';
import { breadcrumbJsonLd, productJsonLd } from '../../worker/seo/json-ld';
import { page } from './helpers';

const dev = (id: ChannelId) => `http://${id.toLowerCase()}.localhost`;
/** Every channel × language hreflang plus x-default: ES 2, PT 3, FR 2, IT 2, DE 2. */
const CLUSTER_SIZE = CHANNEL_IDS.reduce((n, id) => n + DEFAULT_CHANNELS[id].languages.length, 0) + 1;

const unescape = (text: string) => text.replace(/&amp;/g, '&');

function head(html: string) {
  const alternates = new Map([...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"\/>/g)].map((m) => [m[1]!, unescape(m[2]!)]));
  const canonical = /<link rel="canonical" href="([^"]+)"\/>/.exec(html)?.[1];
  const robots = /<meta name="robots" content="([^"]+)"\/>/.exec(html)?.[1];
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json" nonce="[^"]+">([^<]*)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
  return { alternates, canonical: canonical && unescape(canonical), robots, jsonLd };
}

/** The hreflang value of a language on a channel, as the store announces it. */
const tag = (language: Language, id: ChannelId) => `${LANGUAGE_INFO[language].prefix}-${id}`;
const prefix = (language: Language, id: ChannelId) => (language === DEFAULT_CHANNELS[id].defaultLanguage ? '' : `/${LANGUAGE_INFO[language].prefix}`);

async function slugsOf(table: 'article' | 'category', id: number): Promise<Record<Language, string>> {
  const { results } = await env.DB.prepare(`SELECT lang, slug FROM ${table}_translations WHERE ${table}_id = ?`).bind(id).all<{ lang: Language; slug: string }>();
  return Object.fromEntries(results.map((r) => [r.lang, r.slug])) as Record<Language, string>;
}

/** An article sold on ES by several sellers, and one sold there by one seller only. */
async function articleIds() {
  const several = await env.DB.prepare(
    `SELECT article_id AS id FROM offers WHERE channel = 'ES' AND availability_code <= 5 GROUP BY article_id HAVING count(DISTINCT seller_id) > 1 ORDER BY article_id LIMIT 1`,
  ).first<{ id: number }>();
  const single = await env.DB.prepare(
    `SELECT article_id AS id FROM offers WHERE channel = 'ES' GROUP BY article_id HAVING count(DISTINCT seller_id) = 1 AND min(availability_code) <= 3 ORDER BY article_id LIMIT 1`,
  ).first<{ id: number }>();
  return { several: several!.id, single: single!.id };
}

/** The top-level category with the most articles below it (more than one page of 40). */
async function bigCategory(): Promise<number> {
  const row = await env.DB.prepare(
    `SELECT coalesce(g.id, p.id, c.id) AS id, count(*) AS n FROM articles a JOIN categories c ON c.id = a.category_id
     LEFT JOIN categories p ON p.id = c.parent_id LEFT JOIN categories g ON g.id = p.parent_id GROUP BY 1 ORDER BY n DESC LIMIT 1`,
  ).first<{ id: number; n: number }>();
  expect(row!.n).toBeGreaterThan(40);
  return row!.id;
}

function expectFullCluster(alternates: Map<string, string>, origin: (id: ChannelId) => string, pathOf: (language: Language, id: ChannelId) => string, suffix = '') {
  expect(alternates.size).toBe(CLUSTER_SIZE);
  for (const id of CHANNEL_IDS) {
    for (const language of DEFAULT_CHANNELS[id].languages) expect(alternates.get(tag(language, id)), tag(language, id)).toBe(origin(id) + pathOf(language, id) + suffix);
  }
  expect(alternates.get('x-default')).toBe(origin('ES') + pathOf('es_ES', 'ES') + suffix);
}

describe('hreflang and canonical', () => {
  it('a product lists its localized slug on every channel and language, with x-default', async () => {
    const { several } = await articleIds();
    const slugs = await slugsOf('article', several);
    expect(new Set(Object.values(slugs)).size).toBeGreaterThan(3); // localized, not one slug for all
    const { status, html } = await page(`${dev('ES')}/${slugs.es_ES}`);
    expect(status).toBe(200);
    const { alternates, canonical, robots } = head(html);
    expectFullCluster(alternates, dev, (language, id) => `${prefix(language, id)}/${slugs[language]}`);
    expect(alternates.get('es-PT')).toBe(`${dev('PT')}/es/${slugs.es_ES}`);
    expect(alternates.get('en-DE')).toBe(`${dev('DE')}/en/${slugs.en_EN}`);
    expect(canonical).toBe(`${dev('ES')}/${slugs.es_ES}`);
    expect(robots).toBeUndefined();
  });

  it('the same product in English on PT is canonical there and points at the same cluster', async () => {
    const { several } = await articleIds();
    const slugs = await slugsOf('article', several);
    const { html } = await page(`${dev('PT')}/en/${slugs.en_EN}?utm_source=newsletter&gclid=x`);
    const { alternates, canonical } = head(html);
    expect(canonical).toBe(`${dev('PT')}/en/${slugs.en_EN}`);
    expectFullCluster(alternates, dev, (language, id) => `${prefix(language, id)}/${slugs[language]}`);
  });

  it('keeps the in-channel language switcher on relative paths of the channel', async () => {
    const { several } = await articleIds();
    const slugs = await slugsOf('article', several);
    const { html } = await page(`${dev('PT')}/${slugs.pt_PT}`);
    // The header's store selector, this store's languages.
    const picker = /<details class="store-picker"[\s\S]*?<\/details>/.exec(html)![0];
    const switcher = /<li class="store-list__store" data-store="PT" data-current="">[\s\S]*?<\/ul><\/li>/.exec(picker)![0];
    expect(switcher).toContain(`href="/en/${slugs.en_EN}"`);
    expect(switcher).toContain(`href="/es/${slugs.es_ES}"`);
    expect(switcher).toContain(`href="/${slugs.pt_PT}"`);
  });

  it('a category: localized slugs, page 2 keeps ?page=2, filters and sorting are noindex,follow', async () => {
    const id = await bigCategory();
    const slugs = await slugsOf('category', id);
    const first = head((await page(`${dev('FR')}/${slugs.fr_FR}`)).html);
    expectFullCluster(first.alternates, dev, (language, ch) => `${prefix(language, ch)}/${slugs[language]}`);
    expect(first.canonical).toBe(`${dev('FR')}/${slugs.fr_FR}`);

    const second = head((await page(`${dev('FR')}/${slugs.fr_FR}?page=2&utm_medium=email`)).html);
    expect(second.canonical).toBe(`${dev('FR')}/${slugs.fr_FR}?page=2`);
    expectFullCluster(second.alternates, dev, (language, ch) => `${prefix(language, ch)}/${slugs[language]}`, '?page=2');

    expect(head((await page(`${dev('FR')}/${slugs.fr_FR}?page=1`)).html).canonical).toBe(`${dev('FR')}/${slugs.fr_FR}`);

    for (const query of ['sort=new', 'brand=acme&page=2']) {
      const filtered = head((await page(`${dev('FR')}/${slugs.fr_FR}?${query}`)).html);
      expect(filtered.robots, query).toBe('noindex,follow');
      expect(filtered.canonical).toBeUndefined();
      expect(filtered.alternates.size).toBe(0);
    }
  });

  it('the home on two channels, and search is noindex,follow', async () => {
    const homePath = (language: Language, id: ChannelId) => `${prefix(language, id)}/`;
    for (const id of ['ES', 'IT'] as const) {
      const { alternates, canonical } = head((await page(`${dev(id)}/`)).html);
      expectFullCluster(alternates, dev, homePath);
      expect(canonical).toBe(`${dev(id)}/`);
    }
    const english = head((await page(`${dev('IT')}/en/`)).html);
    expect(english.canonical).toBe(`${dev('IT')}/en/`);
    expect(english.alternates.get('en-IT')).toBe(`${dev('IT')}/en/`);
    const search = head((await page(`${dev('ES')}/search?query=tv`)).html);
    expect(search.robots).toBe('noindex,follow');
    expect(search.alternates.size).toBe(0);
  });

  it('uses the production hosts over https in production', async () => {
    const { alternates, canonical } = head((await page('https://www.ampora.de/')).html);
    expectFullCluster(alternates, (id) => `https://${DEFAULT_CHANNELS[id].hosts.production}`, (language, id) => `${prefix(language, id)}/`);
    expect(canonical).toBe('https://www.ampora.de/');
  });

  it('keeps the port and scheme of a development host, and the request host for its own channel', async () => {
    const { alternates, canonical } = head((await page('http://localhost:8787/en/')).html);
    expect(canonical).toBe('http://localhost:8787/en/');
    expect(alternates.get('en-ES')).toBe('http://localhost:8787/en/');
    expect(alternates.get('x-default')).toBe('http://localhost:8787/');
    expect(alternates.get('pt-PT')).toBe('http://pt.localhost:8787/');
    expect(alternates.get('en-FR')).toBe('http://fr.localhost:8787/en/');
  });

  it('a 404 has no canonical and no alternates', async () => {
    const { status, html } = await page(`${dev('ES')}/no-such-thing-here`);
    expect(status).toBe(404);
    const { alternates, canonical, robots } = head(html);
    expect(alternates.size).toBe(0);
    expect(canonical).toBeUndefined();
    expect(robots).toBe('noindex,follow');
  });
});

describe('JSON-LD', () => {
  it('the home carries an Organization, valid JSON with the nonce of the response', async () => {
    const { html, headers } = await page(`${dev('ES')}/`);
    const nonce = /'nonce-([^']+)'/.exec(headers.get('Content-Security-Policy')!)![1];
    expect(html).toContain(`<script type="application/ld+json" nonce="${nonce}">`);
    const docs = head(html).jsonLd;
    expect(docs).toContainEqual(expect.objectContaining({ '@context': 'https://schema.org', '@type': 'Organization', name: 'Ampora', url: `${dev('ES')}/` }));
  });

  it('a Product from the catalogue: AggregateOffer for several sellers, Offer for one, prices in euros', async () => {
    const db = createDb(env.DB);
    const { several, single } = await articleIds();
    const at = { origin: dev('ES'), language: 'es_ES' as const, channel: DEFAULT_CHANNELS.ES };
    const many = (await productDetail(db, 'es_ES', 'ES', several))!;
    const doc = JSON.parse(JSON.stringify(productJsonLd(many, at)));
    expect(doc).toMatchObject({ '@type': 'Product', sku: many.reference, mpn: many.reference, brand: { '@type': 'Brand', name: many.brand }, url: `${dev('ES')}/${many.slug}` });
    expect(doc.offers['@type']).toBe('AggregateOffer');
    expect(doc.offers.priceCurrency).toBe('EUR');
    expect(doc.offers.lowPrice).toMatch(/^\d+\.\d{2}$/);
    const buyable = many.offers.filter((o) => o.availabilityCode <= 5).map((o) => o.price);
    expect(Number(doc.offers.lowPrice) * 100).toBeCloseTo(Math.min(...buyable));
    expect(Number(doc.offers.highPrice) * 100).toBeCloseTo(Math.max(...buyable));
    expect(doc.offers.offerCount).toBe(buyable.length);

    const one = (await productDetail(db, 'es_ES', 'ES', single))!;
    const offer = JSON.parse(JSON.stringify(productJsonLd(one, at))).offers;
    expect(offer).toMatchObject({ '@type': 'Offer', priceCurrency: 'EUR', availability: 'https://schema.org/InStock' });
    expect(offer.price).toBe((Math.min(...one.offers.map((o) => o.price)) / 100).toFixed(2));
  });

  it('a page that gives breadcrumbs and JSON-LD gets them in the head, escaped', async () => {
    const { renderDocument } = await import('../../worker/ssr/render');
    const { i18nFor } = await import('../../worker/i18n/catalogs');
    const trail = breadcrumbJsonLd([{ name: 'Portátiles </script><script>alert(1)</script>', path: '/portatiles' }], dev('ES'));
    const response = await renderDocument({
      status: 200,
      meta: { title: 'T' },
      head: { jsonLd: [trail] },
      body: null,
      store: { channel: DEFAULT_CHANNELS.ES, language: 'es_ES', menu: [], alternates: {}, currentPath: '/' },
      i18n: i18nFor('es_ES'),
      nonce: 'n0nce',
      complete: true,
    });
    const html = await response.text();
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('\\u003c/script>');
    const [doc] = head(html).jsonLd;
    expect(doc).toMatchObject({ '@type': 'BreadcrumbList', itemListElement: [{ '@type': 'ListItem', position: 1, item: `${dev('ES')}/portatiles` }] });
    expect((doc as { itemListElement: { name: string }[] }).itemListElement[0]!.name).toContain('</script>');
  });
});

/** A strict-enough well-formedness check: balanced tags, quoted attributes, known entities only. */
function assertWellFormedXml(xml: string) {
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  const body = xml.replace(/^<\?xml[^?]*\?>/, '');
  const stack: string[] = [];
  const token = /<(\/?)([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>|([^<]+)|(<)/g;
  let roots = 0;
  for (const m of body.matchAll(token)) {
    if (m[6]) throw new Error(`stray "<" at ${m.index}: ${body.slice(m.index, m.index + 60)}`);
    if (m[5] !== undefined) {
      for (const amp of m[5].matchAll(/&([^;\s]*);?/g)) expect(['amp', 'lt', 'gt', 'quot', 'apos']).toContain(amp[1]);
      if (stack.length === 0) expect(m[5].trim()).toBe('');
      continue;
    }
    const [, closing, name, , selfClosing] = m;
    if (closing) expect(stack.pop()).toBe(name);
    else {
      if (stack.length === 0) roots++;
      if (!selfClosing) stack.push(name!);
    }
  }
  expect(stack).toEqual([]);
  expect(roots).toBe(1);
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => unescape(m[1]!));

describe('sitemaps', () => {
  it('the index lists the child sitemaps of the request channel', async () => {
    const { status, headers, html: xml } = await page(`${dev('PT')}/sitemap.xml`);
    expect(status).toBe(200);
    expect(headers.get('Content-Type')).toMatch(/application\/xml/);
    assertWellFormedXml(xml);
    expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const children = locs(xml);
    for (const kind of ['pages', 'categories', 'products', 'cms', 'blog']) expect(children).toContain(`${dev('PT')}/sitemaps/${kind}-1.xml`);
    expect(children.every((loc) => loc.startsWith(`${dev('PT')}/sitemaps/`))).toBe(true);
  });

  it('a products sitemap lists each product in every PT language with the full cluster', async () => {
    const { status, html: xml } = await page(`${dev('PT')}/sitemaps/products-1.xml`);
    expect(status).toBe(200);
    assertWellFormedXml(xml);
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const urls = [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((m) => m[1]!);
    const { n } = (await env.DB.prepare(`SELECT count(DISTINCT entity_id) AS n FROM slugs WHERE kind = 'product'`).first<{ n: number }>())!;
    expect(urls.length).toBe(n * 3);
    expect(urls.length).toBeLessThanOrEqual(10_000);

    const { several } = await articleIds();
    const slugs = await slugsOf('article', several);
    for (const [language, path] of [['pt_PT', `/${slugs.pt_PT}`], ['en_EN', `/en/${slugs.en_EN}`], ['es_ES', `/es/${slugs.es_ES}`]] as const) {
      const url = urls.find((u) => u.includes(`<loc>${dev('PT')}${path}</loc>`));
      expect(url, language).toBeDefined();
      const links = new Map([...url!.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map((m) => [m[1]!, m[2]!]));
      expectFullCluster(links, dev, (lang, id) => `${prefix(lang, id)}/${slugs[lang]}`);
    }
  });

  it('categories, cms and blog children parse, with lastmod where known', async () => {
    for (const kind of ['categories', 'cms', 'blog', 'pages']) {
      const { status, html: xml } = await page(`${dev('ES')}/sitemaps/${kind}-1.xml`);
      expect(status, kind).toBe(200);
      assertWellFormedXml(xml);
      expect(locs(xml).length, kind).toBeGreaterThan(0);
    }
    const blog = (await page(`${dev('ES')}/sitemaps/blog-1.xml`)).html;
    expect(locs(blog)).toContain(`${dev('ES')}/blog`);
    expect(locs(blog)).toContain(`${dev('ES')}/en/blog`);
    expect(blog).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z<\/lastmod>/);
    const pages = (await page(`${dev('ES')}/sitemaps/pages-1.xml`)).html;
    expect(locs(pages)).toContain(`${dev('ES')}/`);
    expect(pages).toContain(`hreflang="x-default" href="${dev('ES')}/"`);
  });

  it('answers 404 for an unknown kind or a chunk past the end', async () => {
    expect((await page(`${dev('ES')}/sitemaps/widgets-1.xml`)).status).toBe(404);
    expect((await page(`${dev('ES')}/sitemaps/products-9.xml`)).status).toBe(404);
    expect((await page(`${dev('ES')}/sitemaps/products-0.xml`)).status).toBe(404);
  });
});

describe('robots.txt', () => {
  it('per channel: allow all, disallow private areas in every language, absolute sitemap', async () => {
    const { status, headers, html: text } = await page(`${dev('FR')}/robots.txt`);
    expect(status).toBe(200);
    expect(headers.get('Content-Type')).toMatch(/text\/plain/);
    const lines = text.trim().split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of ['/api/', '/cart/', '/en/cart/', '/cms-preview/', '/compte$', '/compte/', '/en/account/', '/recherche$', '/recherche?', '/en/search?']) {
      expect(lines, path).toContain(`Disallow: ${path}`);
    }
    expect(lines).toContain(`Sitemap: ${dev('FR')}/sitemap.xml`);
    const production = await page('https://www.ampora.it/robots.txt');
    expect(production.html).toContain('Sitemap: https://www.ampora.it/sitemap.xml');
  });

  it('unknown hosts and refused domains answer as every other path does', async () => {
    expect((await page('http://shop.example.com/robots.txt')).status).toBe(404);
    expect((await page('http://shop.example.com/sitemap.xml')).status).toBe(404);
    // Its own KV stand-in: the channel configuration is cached per KV binding.
    const documents = new Map([['config:channel:IT', JSON.stringify({ canonicalDomain: 'www.ampora.it' })]]);
    const config = { get: async (key: string) => documents.get(key) ?? null, put: async (key: string, value: string) => void documents.set(key, value) };
    const app = createApp({ edgeCache: false });
    const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
    for (const path of ['/robots.txt', '/sitemap.xml', '/sitemaps/pages-1.xml']) {
      const response = await app.fetch(new Request(`${dev('IT')}${path}`), { ...env, CONFIG: config as unknown as KVNamespace }, ctx);
      expect(response.status, path).toBe(421);
    }
  });
});
