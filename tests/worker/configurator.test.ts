// The configurator kind of the dynamic resolver: a preset's slug in any language renders its
// components with today's prices on the channel, the total in cents and the availability.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../client/i18n/format';
import { host, htmlLang, page } from './helpers';

const all = async <T>(sql: string, ...binds: unknown[]) => (await env.DB.prepare(sql).bind(...binds).all<T>()).results;
const run = (sql: string, ...binds: unknown[]) => env.DB.prepare(sql).bind(...binds).run();

/** A preset's components with their ES slug and their price and availability on a channel. */
function parts(presetId: number, channel: string) {
  return all<{ article_id: number; role: string; qty: number; slug: string; price: number | null; code: number | null }>(
    `SELECT c.article_id, c.role, c.qty, t.slug, l.price, l.availability_code AS code
     FROM configurator_preset_components c JOIN article_translations t ON t.article_id = c.article_id AND t.lang = 'es_ES'
     LEFT JOIN listings l ON l.article_id = c.article_id AND l.channel = ?
     WHERE c.preset_id = ? ORDER BY c.position`,
    channel,
    presetId,
  );
}

const totalCents = (html: string) => Number(/data-total-cents="(\d+)"/.exec(html)?.[1]);
const roles = (html: string) => [...html.matchAll(/<tr data-role="([a-z]+)">/g)].map((m) => m[1]);

describe('configurator presets through the resolver', () => {
  it.each([
    ['ES', '/configuracion-pc-gaming', 'es-ES'],
    ['ES', '/en/gaming-pc-build', 'en-GB'],
    ['PT', '/configuracao-pc-gaming', 'pt-PT'],
    ['FR', '/configuration-pc-gamer', 'fr-FR'],
    ['IT', '/configurazione-pc-gaming', 'it-IT'],
    ['DE', '/gaming-pc-konfiguration', 'de-DE'],
  ])('%s %s renders the preset in its language', async (channel, path, lang) => {
    const { status, html } = await page(`${host(channel)}${path}`);
    expect(status).toBe(200);
    expect(htmlLang(html)).toBe(lang);
    expect(html).toContain('class="configuration" data-preset-id="2"');
  });

  it('lists each component in its role, linked to its product, with the listing price and the total in cents', async () => {
    const expected = await parts(2, 'ES');
    expect(expected.map((p) => p.role)).toEqual(['cpu', 'motherboard', 'ram', 'gpu', 'storage', 'psu']);
    const { html } = await page(`${host('ES')}/configuracion-pc-gaming`);
    expect(roles(html)).toEqual(expected.map((p) => p.role));
    expect(html).toContain('<th scope="row">Procesador</th>');
    for (const part of expected) {
      expect(html).toContain(`href="/${part.slug}"`);
      // A part that cannot be bought on the channel has no price (its card has none either) and stays out of the total.
      if (part.price !== null) expect(html).toContain(formatMoney(part.price, 'es_ES'));
    }
    const sum = expected.reduce((total, p) => total + (p.price ?? 0) * p.qty, 0);
    expect(totalCents(html)).toBe(sum);
    expect(html).toContain(`data-total-cents="${sum}">${formatMoney(sum, 'es_ES')}</td>`);
    // A linked product page exists.
    expect((await page(`${host('ES')}/${expected[0]!.slug}`)).status).toBe(200);
  });

  it('multiplies a part by its units (two SSDs in the creator workstation)', async () => {
    const expected = await parts(3, 'ES');
    const storage = expected.find((p) => p.role === 'storage')!;
    expect(storage.qty).toBe(2);
    const { html } = await page(`${host('ES')}/en/creator-workstation-build`);
    const row = new RegExp(`<tr data-role="storage">[\\s\\S]*?<td>2</td>[\\s\\S]*?<td class="configuration__line-total">([^<]+)</td>`).exec(html)!;
    expect(row[1]).toBe(formatMoney(storage.price! * 2, 'en_EN'));
    expect(totalCents(html)).toBe(expected.reduce((total, p) => total + p.price! * p.qty, 0));
  });

  it('prices each channel from its own listings', async () => {
    const pt = await parts(1, 'PT');
    const es = await parts(1, 'ES');
    const ptTotal = pt.reduce((total, p) => total + (p.price ?? 0) * p.qty, 0);
    expect(totalCents((await page(`${host('PT')}/en/office-pc-build`)).html)).toBe(ptTotal);
    expect(totalCents((await page(`${host('ES')}/en/office-pc-build`)).html)).toBe(es.reduce((total, p) => total + (p.price ?? 0) * p.qty, 0));
  });

  it('says whether the build can be bought now, from the parts’ availability', async () => {
    const expected = await parts(2, 'ES');
    const worst = Math.max(...expected.map((p) => (p.price === null || p.code === null ? Infinity : p.code)));
    const { html } = await page(`${host('ES')}/en/gaming-pc-build`);
    expect(html).toContain(worst <= 3 ? 'Every component is in stock.' : worst <= 5 ? 'Some components are on order' : 'Some components cannot be bought right now.');
    // Put every part in stock, then one out of stock (code 7): the status follows.
    const part = expected[0]!;
    const ids = expected.map((p) => p.article_id);
    // Every part priced and in stock (a part nobody can buy has no price on its listing row).
    await run(`UPDATE listings SET availability_code = 1, price = coalesce(price, 10000) WHERE channel = 'ES' AND article_id IN (${ids.join(',')})`);
    try {
      expect((await page(`${host('ES')}/en/gaming-pc-build`)).html).toContain('Every component is in stock.');
      await run(`UPDATE listings SET availability_code = 4 WHERE channel = 'ES' AND article_id = ?`, part.article_id);
      expect((await page(`${host('ES')}/en/gaming-pc-build`)).html).toContain('Some components are on order: the build ships when they arrive.');
      await run(`UPDATE listings SET availability_code = 7 WHERE channel = 'ES' AND article_id = ?`, part.article_id);
      const after = await page(`${host('ES')}/en/gaming-pc-build`);
      expect(after.html).toContain('Some components cannot be bought right now.');
      expect(after.html).toContain('Out of stock');
    } finally {
      for (const p of expected) await run(`UPDATE listings SET availability_code = ?, price = ? WHERE channel = 'ES' AND article_id = ?`, p.code, p.price, p.article_id);
    }
  });

  it('has a canonical URL and the hreflang cluster with each language’s own slug, and a breadcrumb', async () => {
    const { html } = await page(`${host('ES')}/configuracion-pc-gaming`);
    expect(html).toContain(`<link rel="canonical" href="${host('ES')}/configuracion-pc-gaming"/>`);
    expect(html).toContain(`hrefLang="fr-FR" href="${host('FR')}/configuration-pc-gamer"`);
    expect(html).toContain(`hrefLang="en-DE" href="${host('DE')}/en/gaming-pc-build"`);
    expect(html).toContain('"@type":"BreadcrumbList"');
    // The other presets are linked.
    expect(html).toContain('href="/configuracion-pc-oficina"');
    expect(html).toContain('href="/configuracion-estacion-creadores"');
  });

  it('answers 404 for a configurator slug whose preset is gone, and for a slug of another language', async () => {
    await run(`INSERT INTO slugs (lang, slug, kind, entity_id) VALUES ('es_ES', 'configuracion-retirada', 'configurator', 999)`);
    try {
      expect((await page(`${host('ES')}/configuracion-retirada`)).status).toBe(404);
    } finally {
      await run(`DELETE FROM slugs WHERE slug = 'configuracion-retirada'`);
    }
    expect((await page(`${host('ES')}/gaming-pc-build`)).status).toBe(404);
  });

  it('lists the presets in their own sitemap, and the PC components promotion links to one', async () => {
    const xml = (await page(`${host('IT')}/sitemaps/configurations-1.xml`)).html;
    expect(xml).toContain(`<loc>${host('IT')}/configurazione-pc-gaming</loc>`);
    expect(xml).toContain(`<loc>${host('IT')}/en/gaming-pc-build</loc>`);
    expect((await page(`${host('IT')}/sitemap.xml`)).html).toContain('/sitemaps/configurations-1.xml');
    const { slug } = (await all<{ slug: string }>(`SELECT t.slug FROM category_translations t JOIN category_translations e ON e.category_id = t.category_id WHERE e.lang = 'en_EN' AND e.name = 'PC components' AND t.lang = 'es_ES'`))[0]!;
    expect((await page(`${host('ES')}/${slug}`)).html).toMatch(/data-promotion-id="1">[\s\S]*?href="\/configuracion-pc-gaming"/);
  });
});
