import { describe, expect, it } from 'vitest';
import { CHANNEL_IDS, DEFAULT_CHANNELS } from '../../worker/channel/channels';
import { LANGUAGE_INFO } from '../../client/i18n/languages';
import { htmlLang, page } from './helpers';

const host = (id: string) => `http://${id.toLowerCase()}.localhost`;

/** The home's category heading as our translators wrote it. */
const SHOP_BY_CATEGORY = { ES: 'Compra por categoría', PT: 'Compre por categoria', FR: 'Achetez par catégorie', IT: 'Acquista per categoria', DE: 'Nach Kategorie einkaufen' };

describe('channel home pages', () => {
  it.each(CHANNEL_IDS)('%s renders its home in its own language', async (id) => {
    const channel = DEFAULT_CHANNELS[id];
    const { status, html, headers } = await page(`${host(id)}/`);
    expect(status).toBe(200);
    expect(headers.get('Content-Type')).toMatch(/text\/html/);
    expect(htmlLang(html)).toBe(LANGUAGE_INFO[channel.defaultLanguage].tag);
    expect(html).toContain(`data-channel="${id}"`);
    expect(html).toContain(SHOP_BY_CATEGORY[id]);
    // The store selector offers each language of the channel, as that store's (language-country).
    for (const language of channel.languages) expect(html).toContain(`hrefLang="${LANGUAGE_INFO[language].prefix}-${id}" lang="${LANGUAGE_INFO[language].tag}"`);
  });

  it.each(CHANNEL_IDS)('%s renders English under /en/', async (id) => {
    const { status, html } = await page(`${host(id)}/en/`);
    expect(status).toBe(200);
    expect(htmlLang(html)).toBe('en-GB');
    expect(html).toContain('Shop by category');
  });

  it('plain localhost is the Spanish channel', async () => {
    const { html } = await page('http://localhost/');
    expect(html).toContain('data-channel="ES"');
  });

  it('lists the category menu from the catalogue, linked by translated slug', async () => {
    const es = await page(`${host('ES')}/`);
    const en = await page(`${host('ES')}/en/`);
    const esLinks = [...es.html.matchAll(/<a href="(\/[a-z0-9-]+)">/g)].map((m) => m[1]);
    const enLinks = [...en.html.matchAll(/<a href="(\/en\/[a-z0-9-]+)">/g)].map((m) => m[1]);
    expect(esLinks.length).toBeGreaterThan(5);
    expect(enLinks.length).toBeGreaterThan(5);
    const category = await page(`${host('ES')}${esLinks[0]}`);
    expect(category.status).toBe(200);
  });
});

describe('translated paths', () => {
  it('serve a screen in its own language and are not matched in another', async () => {
    const fr = await page(`${host('FR')}/recherche?query=a`);
    expect(fr.status).toBe(200);
    expect(htmlLang(fr.html)).toBe('fr-FR');
    const en = await page(`${host('FR')}/en/search?query=a`);
    expect(en.status).toBe(200);
    expect(htmlLang(en.html)).toBe('en-GB');
    expect((await page(`${host('FR')}/en/recherche?query=a`)).status).toBe(404);
    expect((await page(`${host('FR')}/search?query=a`)).status).toBe(404);
  });

  it('redirects the default language prefix to the unprefixed address', async () => {
    const response = await page(`${host('IT')}/it/cerca?query=tv`, { redirect: 'manual' });
    expect(response.status).toBe(301);
    expect(response.headers.get('Location')).toBe('/cerca?query=tv');
  });

  it('answers an unknown path with the localized 404 page and a search form', async () => {
    const { status, html } = await page(`${host('DE')}/en/no-such-page-anywhere`);
    expect(status).toBe(404);
    expect(htmlLang(html)).toBe('en-GB');
    expect(html).toContain('role="search"');
    expect(html).toContain('noindex');
  });
});

describe('product and category pages', () => {
  it('a category lists products that link to product pages with price and availability', async () => {
    const home = await page(`${host('ES')}/en/`);
    const categoryPath = /<a href="(\/en\/[a-z0-9-]+)">/.exec(home.html)![1]!;
    const category = await page(`${host('ES')}${categoryPath}`);
    expect(category.status).toBe(200);
    const productPath = /<a href="(\/en\/[a-z0-9-]+-\d+)">/.exec(category.html)?.[1];
    expect(productPath).toBeDefined();
    const product = await page(`${host('ES')}${productPath}`);
    expect(product.status).toBe(200);
    expect(product.html).toMatch(/<h1>[^<]+<\/h1>/);
    expect(product.html).toMatch(/class="availability availability--(ok|warn|bad)"/);
    expect(product.html).toContain('data-island="share-button"');
    // Its alternates point to the same product in the channel's other language.
    expect(product.html).toMatch(/<link rel="alternate" hrefLang="es-ES" href="http:\/\/es\.localhost\/[a-z0-9-]+-\d+"/);
  });
});

describe('security headers', () => {
  it('sends a nonce CSP that matches the page script, and the other headers', async () => {
    const { headers, html } = await page(`${host('ES')}/`);
    const csp = headers.get('Content-Security-Policy')!;
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain('frame-ancestors');
    for (const script of html.matchAll(/<script\b[^>]*>/g)) expect(script[0]).toContain(`nonce="${nonce}"`);
    expect(headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(headers.get('Strict-Transport-Security')).toMatch(/max-age=\d+/);
    expect(headers.get('Referrer-Policy')).toBeTruthy();
  });

  it('uses a different nonce on every response', async () => {
    const a = (await page(`${host('ES')}/`)).headers.get('Content-Security-Policy');
    const b = (await page(`${host('ES')}/`)).headers.get('Content-Security-Policy');
    expect(a).not.toBe(b);
  });
});

describe('unknown host', () => {
  it('answers a clear 404 page listing the stores', async () => {
    const { status, html } = await page('http://shop.example.com/');
    expect(status).toBe(404);
    expect(html).toContain('www.ampora.es');
    expect(html).not.toContain('data-channel');
  });
});

describe('product images', () => {
  it.each([
    ['tiny', 44],
    ['small', 140],
    ['medium', 300],
    ['large', 530],
  ])('draws the %s preset at %i px', async (preset, size) => {
    const { status, headers, html } = await page(`${host('ES')}/images/${preset}/laptop-12.svg?label=Lenovo`);
    expect(status).toBe(200);
    expect(headers.get('Content-Type')).toMatch(/image\/svg\+xml/);
    expect(html).toMatch(new RegExp(`<svg[^>]*width="${size}"`));
  });

  it('refuses an unknown preset or file name', async () => {
    expect((await page(`${host('ES')}/images/huge/laptop-12.svg`)).status).toBe(404);
    expect((await page(`${host('ES')}/images/small/..%2Fx.svg`)).status).toBe(404);
  });
});
