// The header's data and markup through the real Worker: the menu query (tree and each top
// category's featured brands, checked against counts taken straight from `listings`), the
// mega-menu's links and the store selector of header and footer.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_INFO, type Language } from '../../client/i18n/languages';
import type { MenuBrand } from '../../client/types';
import { CHANNEL_IDS, DEFAULT_CHANNELS, type ChannelId } from '../../worker/channel/channels';
import { dbFor } from '../../worker/db/client';
import { byListings, FEATURED_BRANDS, menuTree } from '../../worker/db/menu';
import { page } from './helpers';

const dev = (id: ChannelId) => `http://${id.toLowerCase()}.localhost`;
const unescape = (text: string) => text.replace(/&amp;/g, '&');

/** Every category id below (and including) each top category, from the categories table. */
async function subtrees(): Promise<Map<number, number[]>> {
  const { results } = await env.DB.prepare('SELECT id, parent_id AS parentId FROM categories').all<{ id: number; parentId: number | null }>();
  const parent = new Map(results.map((r) => [r.id, r.parentId]));
  const top = (id: number): number => {
    const up = parent.get(id);
    return up === null || up === undefined ? id : top(up);
  };
  const trees = new Map<number, number[]>();
  for (const { id } of results) trees.set(top(id), [...(trees.get(top(id)) ?? []), id]);
  return trees;
}

/** The expected featured brands of a category subtree on a channel, counted from `listings` rows. */
async function expectedBrands(channel: ChannelId, ids: number[]): Promise<MenuBrand[]> {
  const { results } = await env.DB.prepare(
    `SELECT b.id, b.name, b.slug, count(*) AS count FROM listings l JOIN brands b ON b.id = l.brand_id
     WHERE l.channel = ? AND l.category_id IN (SELECT value FROM json_each(?)) GROUP BY b.id`,
  )
    .bind(channel, JSON.stringify(ids))
    .all<MenuBrand>();
  return results.sort(byListings).slice(0, FEATURED_BRANDS);
}

describe('menu query', () => {
  it.each(['ES', 'DE'] as const)('features, on each top category of %s, the brands with most listings in its subtree', async (channel) => {
    const menu = await menuTree(dbFor(env.DB), 'en_EN', channel);
    const trees = await subtrees();
    expect(menu.length).toBe(trees.size);
    let featured = 0;
    for (const top of menu) {
      const expected = await expectedBrands(channel, trees.get(top.id)!);
      expect(top.featuredBrands, top.name).toEqual(expected);
      featured += expected.length;
      // Only top categories carry brands; the tree below keeps its children.
      for (const child of top.children) expect(child.featuredBrands).toBeUndefined();
    }
    expect(featured).toBeGreaterThan(menu.length); // the seed has brands in every department
    expect(menu.some((top) => top.children.some((child) => child.children.length > 0))).toBe(true);
  });

  it('orders by listings, then by name, then by id', () => {
    const brand = (id: number, name: string, count: number): MenuBrand => ({ id, name, slug: name.toLowerCase(), count });
    const sorted = [brand(1, 'Zeta', 3), brand(2, 'Alpha', 3), brand(3, 'Beta', 9), brand(4, 'Alpha', 3)].sort(byListings);
    expect(sorted.map((b) => b.id)).toEqual([3, 2, 4, 1]);
  });
});

describe('header markup', () => {
  it('links each featured brand to its top category filtered by that brand, and lists the children and grandchildren', async () => {
    const menu = await menuTree(dbFor(env.DB), 'es_ES', 'ES');
    const { html } = await page(`${dev('ES')}/`);
    const nav = /<nav id="category-nav" class="category-nav"[\s\S]*?<\/nav>/.exec(html)![0];
    for (const top of menu) {
      expect(nav).toContain(`href="/${top.slug}"`);
      for (const brand of top.featuredBrands!) expect(unescape(nav)).toContain(`href="/${top.slug}?brand=${brand.slug}"`);
      for (const child of top.children) {
        expect(nav).toContain(`href="/${child.slug}"`);
        for (const grandchild of child.children) expect(nav).toContain(`href="/${grandchild.slug}"`);
      }
    }
    // The drawer's Menu disclosure controls the nav; the icons are decorative.
    expect(html).toMatch(/<details class="menu-toggle" data-popover=""><summary class="header-button" aria-controls="category-nav">/);
    expect(html).not.toMatch(/<svg(?![^>]*aria-hidden="true")/);
  });

  it('offers the five stores and each store’s languages, the same product where it exists', async () => {
    const article = await env.DB.prepare(`SELECT article_id AS id FROM article_translations GROUP BY article_id HAVING count(*) = 6 ORDER BY article_id LIMIT 1`).first<{ id: number }>();
    const { results } = await env.DB.prepare('SELECT lang, slug FROM article_translations WHERE article_id = ?').bind(article!.id).all<{ lang: Language; slug: string }>();
    const slugs = Object.fromEntries(results.map((r) => [r.lang, r.slug])) as Record<Language, string>;
    const { html } = await page(`${dev('FR')}/${slugs.fr_FR}`);
    const picker = /<details class="store-picker"[\s\S]*?<\/details>/.exec(html)![0];
    const footer = /<nav class="store-directory"[\s\S]*?<\/nav>/.exec(html)![0];
    expect(picker).toContain('<span class="header-button__label">FR<span class="store-picker__language" lang="fr-FR"> · Français</span></span>');
    for (const list of [picker, footer]) {
      expect([...list.matchAll(/data-store="([A-Z]{2})"/g)].map((m) => m[1])).toEqual([...CHANNEL_IDS]);
      for (const id of CHANNEL_IDS) {
        const store = new RegExp(`data-store="${id}"[\\s\\S]*?</ul></li>`).exec(list)![0];
        const hrefs = [...store.matchAll(/<a href="([^"]+)" hrefLang="([^"]+)"/g)].map((m) => [m[2], m[1]]);
        const channel = DEFAULT_CHANNELS[id];
        const origin = id === 'FR' ? '' : dev(id);
        expect(hrefs).toEqual(
          channel.languages.map((language) => {
            const prefix = language === channel.defaultLanguage ? '' : `/${LANGUAGE_INFO[language].prefix}`;
            return [`${LANGUAGE_INFO[language].prefix}-${id}`, `${origin}${prefix}/${slugs[language]}`];
          }),
        );
      }
    }
    // The page's own store and language is the current one, and only it.
    expect([...picker.matchAll(/aria-current="true"/g)]).toHaveLength(1);
    expect(picker).toMatch(/<a href="\/[^"]+" hrefLang="fr-FR" lang="fr-FR" aria-current="true">Français/);
  });

  it('falls back to each store’s home where the page has no address (a 404)', async () => {
    const { status, html } = await page(`${dev('IT')}/en/no-such-page-anywhere`);
    expect(status).toBe(404);
    const footer = /<nav class="store-directory"[\s\S]*?<\/nav>/.exec(html)![0];
    expect(footer).toContain('href="http://pt.localhost/es/" hrefLang="es-PT"');
    expect(footer).toContain('href="/en/" hrefLang="en-IT"');
    expect(footer).toContain('href="http://de.localhost/" hrefLang="de-DE"');
  });
});
