// The all-brands index through the real Worker: localized addresses, grouping, links to each
// brand page, SEO (canonical, hreflang, breadcrumbs), the footer link and the sitemap.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { htmlLang, page } from './helpers';

const host = (id: string) => `http://${id.toLowerCase()}.localhost`;
const brandLinks = (html: string, prefix = '') =>
  [...html.matchAll(/<li><a href="([^"#]+)">([^<]+)<\/a>/g)].filter((m) => m[1]!.startsWith(`${prefix}/`)).map((m) => ({ href: m[1]!, name: m[2]! }));

async function brandRows() {
  const { results } = await env.DB.prepare(
    `SELECT b.id, b.name, b.slug, coalesce(f.count, 0) AS n FROM brands b
     LEFT JOIN listing_facets f ON f.channel = 'ES' AND f.category_id = 0 AND f.facet = 'brand' AND f.value = CAST(b.id AS TEXT)`,
  ).all<{ id: number; name: string; slug: string; n: number }>();
  return results;
}

describe('all-brands index', () => {
  it.each([
    ['ES', '/marcas', 'es-ES'],
    ['ES', '/en/brands', 'en-GB'],
    ['PT', '/marcas', 'pt-PT'],
    ['FR', '/marques', 'fr-FR'],
    ['IT', '/marche', 'it-IT'],
    ['DE', '/marken', 'de-DE'],
  ])('%s %s answers in its language', async (channel, path, lang) => {
    const { status, html } = await page(`${host(channel)}${path}`);
    expect(status).toBe(200);
    expect(htmlLang(html)).toBe(lang);
    expect(html).toContain('class="brand-index"');
  });

  it('lists every brand once, linked to its brand page in the visitor’s language', async () => {
    const rows = await brandRows();
    const es = brandLinks((await page(`${host('ES')}/marcas`)).html).filter((l) => rows.some((r) => `/${r.slug}` === l.href));
    expect(es.map((l) => l.href).sort()).toEqual(rows.map((r) => `/${r.slug}`).sort());
    const en = brandLinks((await page(`${host('ES')}/en/brands`)).html, '/en').filter((l) => rows.some((r) => `/en/${r.slug}` === l.href));
    expect(en).toHaveLength(rows.length);
    // A linked brand page exists.
    const withProducts = rows.find((r) => r.n > 0)!;
    expect((await page(`${host('ES')}/en/${withProducts.slug}`)).status).toBe(200);
  });

  it('groups brands under their initial with a jump list, digits first', async () => {
    const { html } = await page(`${host('ES')}/en/brands`);
    expect(html).toContain('aria-label="Brands by initial"');
    const headings = [...html.matchAll(/<h2 id="(brands-[a-z0-9-]+)" tabindex="-1">([^<]+)<\/h2>/g)].map((m) => m[2]);
    expect(headings[0]).toBe('0–9');
    expect(headings.slice(1)).toEqual([...headings.slice(1)].sort());
    for (const anchor of [...html.matchAll(/<h2 id="(brands-[a-z0-9-]+)"/g)].map((m) => m[1])) expect(html).toContain(`href="#${anchor}"`);
    // Acer sits in the A section, before the B section starts.
    const a = html.indexOf('id="brands-a"');
    expect(html.indexOf('>Acer</a>')).toBeGreaterThan(a);
    expect(html.indexOf('>Acer</a>')).toBeLessThan(html.indexOf('id="brands-b"'));
  });

  it('shows the number of products of a brand on the channel', async () => {
    const rows = await brandRows();
    const busiest = rows.reduce((best, row) => (row.n > best.n ? row : best));
    const { html } = await page(`${host('ES')}/en/brands`);
    expect(html).toMatch(new RegExp(`>${busiest.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</a> <span class="brand-index__count">\\(${busiest.n} products\\)</span>`));
  });

  it('has breadcrumbs, a canonical URL and the hreflang cluster with each language’s own path', async () => {
    const { html } = await page(`${host('ES')}/marcas`);
    expect(html).toContain(`<link rel="canonical" href="${host('ES')}/marcas"/>`);
    expect(html).toContain(`hrefLang="fr-FR" href="${host('FR')}/marques"`);
    expect(html).toContain(`hrefLang="de-DE" href="${host('DE')}/marken"`);
    expect(html).toContain(`hrefLang="en-IT" href="${host('IT')}/en/brands"`);
    expect(html).toContain('"@type":"BreadcrumbList"');
    expect(html).toContain('<nav aria-label="Ruta de navegación" class="breadcrumb"><ol><li><span aria-current="page">Todas las marcas</span>');
  });

  it('is linked from the footer of every page and listed in the pages sitemap', async () => {
    expect((await page(`${host('DE')}/`)).html).toContain('href="/marken"');
    expect((await page(`${host('PT')}/en/`)).html).toContain('href="/en/brands"');
    const xml = (await page(`${host('FR')}/sitemaps/pages-1.xml`)).html;
    expect(xml).toContain(`<loc>${host('FR')}/marques</loc>`);
    expect(xml).toContain(`<loc>${host('FR')}/en/brands</loc>`);
  });
});
