/**
 * The configurator screen (worker/ssr/pages/configurator.tsx) and its actions through the real
 * Worker on the seeded catalogue: steps and links that carry the build, the parts that fit and
 * those that do not with their reasons, every language; saving (JSON and the form without
 * script) and opening a saved configuration by its link; the whole build into the basket with
 * the assembly service; an incompatible build refused; bad input 4xx with nothing changed.
 */
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../client/i18n/languages';
import { href } from '../../client/routes';
import { DEFAULT_CHANNELS } from '../../worker/channel/channels';
import { ASSEMBLY_SERVICE_ID } from '../../worker/domain/checkout/sale-restrictions';
import { ERRORS } from '../../worker/http/errors';
import { signUp, TestBrowser } from './browser';
import { host, page } from './helpers';

const ES = host('ES');
const all = async <T,>(sql: string, ...binds: unknown[]) => (await env.DB.prepare(sql).bind(...binds).all<T>()).results;

/** The cheapest part of `slot` sold by the store on ES whose data matches `where` (SQL over p.data). */
async function part(slot: string, where = '1'): Promise<number> {
  const [row] = await all<{ id: number }>(
    `SELECT p.article_id AS id FROM pc_components p JOIN listings l ON l.article_id = p.article_id AND l.channel = 'ES' AND l.price IS NOT NULL
     WHERE p.slot = ? AND ${where} ORDER BY l.price, p.article_id LIMIT 1`,
    slot,
  );
  if (!row) throw new Error(`no ${slot} where ${where}`);
  return row.id;
}

/** Decoded `href` values of links in `html` that contain `needle`. */
const links = (html: string, needle: string) => [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&')).filter((h) => h.includes(needle));
const form = (fields: Record<string, string>) => new URLSearchParams(fields);

let am5Cpu: number;
let am5Board: number;
let intelBoard: number;
let ddr5: number;
beforeAll(async () => {
  am5Cpu = await part('cpu', "json_extract(p.data, '$.socket') = 'AM5' AND json_extract(p.data, '$.integratedGraphics') = 1");
  am5Board = await part('motherboard', "json_extract(p.data, '$.socket') = 'AM5'");
  intelBoard = await part('motherboard', "json_extract(p.data, '$.socket') = 'LGA1851'");
  ddr5 = await part('memory', "json_extract(p.data, '$.type') = 'DDR5' AND json_extract(p.data, '$.modules') <= 2");
});

describe('the configurator screen', () => {
  it('starts at the processor, lists parts that fit with links that carry the build to the next step', async () => {
    const { status, html, headers } = await page(`${ES}/configurador`);
    expect(status).toBe(200);
    expect(headers.get('Cache-Control')).toMatch(/no-store|private/);
    expect(html).toContain('data-step="cpu"');
    expect(html).toContain('Elige un procesador');
    const choose = links(html, `build=cpu%3A${am5Cpu}`);
    expect(choose).toHaveLength(1);
    expect(choose[0]).toMatch(/^\/configurador\?build=cpu%3A\d+&step=motherboard#configurator-step$/);
  });

  it('at the motherboard step shows the boards that fit; the others are listed with the reason, not as choices', async () => {
    const fitting = await page(`${ES}/configurador?build=cpu:${am5Cpu}&step=motherboard`);
    expect(fitting.status).toBe(200);
    expect(fitting.html).toContain(`data-article-id="${am5Board}" data-fits="true"`);
    expect(fitting.html).not.toContain(`data-article-id="${intelBoard}"`);
    expect(links(fitting.html, 'show=excluded')).toHaveLength(1);
    const excluded = await page(`${ES}/configurador?build=cpu:${am5Cpu}&step=motherboard&show=excluded`);
    expect(excluded.status).toBe(200);
    const item = excluded.html.slice(excluded.html.indexOf(`data-article-id="${intelBoard}"`));
    expect(item).toMatch(/^data-article-id="\d+" data-fits="false"/);
    const reasons = item.slice(0, item.indexOf('</li></ul>'));
    expect(reasons).toContain('data-reason="socket"');
    expect(reasons).toContain('El socket del procesador es AM5 y el de la placa base es LGA1851.');
    // Nothing in the excluded list can be chosen.
    expect(links(excluded.html, `motherboard%3A${intelBoard}`)).toEqual([]);
  });

  it('shows the build with its total and power budget, and what does not fit together', async () => {
    const fine = await page(`${ES}/configurador?build=cpu:${am5Cpu},motherboard:${am5Board},memory:${ddr5}&step=gpu`);
    const prices = await all<{ price: number }>(`SELECT price FROM listings WHERE channel = 'ES' AND article_id IN (?, ?, ?)`, am5Cpu, am5Board, ddr5);
    expect(fine.html).toContain(`data-total-cents="${prices.reduce((sum, p) => sum + p.price, 0)}"`);
    expect(fine.html).toMatch(/data-draw="\d+" data-recommended="\d+"/);
    expect(fine.html).not.toContain('configurator__problems');
    // A board chosen first, then a processor of another socket: the build says so, and where to change it.
    const { html } = await page(`${ES}/configurador?build=cpu:${am5Cpu},motherboard:${intelBoard}&step=memory`);
    expect(html).toContain('configurator__problems');
    expect(html).toContain('data-reason="socket"');
    expect(html).toContain('El socket del procesador es AM5 y el de la placa base es LGA1851.');
    expect(html).toContain('configurator__step--problem');
  });

  it('is a page in every language of every channel, with its own words', async () => {
    const seen = new Set<string>();
    for (const channel of Object.values(DEFAULT_CHANNELS)) {
      for (const language of LANGUAGES) {
        if (!channel.languages.includes(language)) continue;
        const path = href('configurator', language, channel);
        const { status, html } = await page(`${host(channel.id)}${path}?build=cpu:${am5Cpu}`);
        expect(status, `${channel.id} ${language} ${path}`).toBe(200);
        const heading = /<h2 id="configurator-step"[^>]*>([^<]+)</.exec(html)?.[1];
        expect(heading, `${channel.id} ${language}`).toBeTruthy();
        seen.add(`${language}:${heading}`);
      }
    }
    // One wording of "Choose a motherboard" per language.
    expect(new Set([...seen].map((s) => s.split(':')[1])).size).toBe(LANGUAGES.length);
  });

  it('answers 404 for a build that is not one, an unknown saved configuration and a page past the last', async () => {
    for (const path of ['/configurador?build=toaster:1', '/configurador?build=cpu:abc', '/configurador/no-such-configuration', '/configurador?step=cpu&page=999']) {
      expect((await page(`${ES}${path}`)).status, path).toBe(404);
    }
  });
});

describe('saving and sharing', () => {
  async function customer() {
    const browser = new TestBrowser();
    await signUp(browser);
    return browser;
  }

  it('saves from the form without script and opens the saved build by its link, for anyone', async () => {
    const browser = await customer();
    const build = `cpu:${am5Cpu},motherboard:${am5Board},memory:${ddr5}`;
    const saved = await browser.fetch('/api/user/configurations', { method: 'POST', body: form({ name: 'Mi equipo AM5', build, respond: 'page', lang: 'es_ES' }) });
    expect(saved.status).toBe(303);
    const location = saved.headers.get('Location')!;
    expect(location).toMatch(/^\/configurador\/[A-Za-z0-9_-]{22}\?saved=1$/);
    const mine = await browser.fetch(location);
    const html = await mine.text();
    expect(html).toContain('Mi equipo AM5');
    expect(html).toContain('role="status"');
    for (const id of [am5Cpu, am5Board, ddr5]) expect(html).toContain(`data-article-id="${id}"`);
    // The link works for someone else, without the account.
    const shared = await page(`${ES}${location.replace(/\?.*$/, '')}`);
    expect(shared.status).toBe(200);
    expect(shared.html).toContain('Mi equipo AM5');
    // And the account lists it, with a link back to the configurator.
    const account = await (await browser.fetch('/usuarios/panel/configuraciones')).text();
    expect(account).toContain(location.replace(/\?.*$/, ''));
  });

  it('keeps several drives, and refuses a bad form with its code back on the page', async () => {
    const browser = await customer();
    const ssd = await part('storage', "json_extract(p.data, '$.interface') = 'm2'");
    const json = await browser.api<{ publicId: string; components: Record<string, unknown> }>('POST', '/api/user/configurations', { name: 'Dos discos', components: { cpu: am5Cpu, storage: [ssd, ssd] } });
    expect(json.status).toBe(201);
    expect(json.data.components).toEqual({ cpu: am5Cpu, storage: [ssd, ssd] });
    const { html } = await page(`${ES}/configurador/${json.data.publicId}?step=storage`);
    expect(html.match(new RegExp(`<tr data-slot="storage" data-article-id="${ssd}"`, 'g'))).toHaveLength(2);
    const before = (await env.DB.prepare('SELECT count(*) AS n FROM saved_configurations').first<number>('n'))!;
    const refused = await browser.fetch('/api/user/configurations', { method: 'POST', body: form({ name: 'x', build: 'cpu:999999999', respond: 'page', lang: 'es_ES' }) });
    expect(refused.status).toBe(303);
    expect(refused.headers.get('Location')).toBe(`/configurador?build=cpu%3A999999999&error=${ERRORS.configurationUnknownArticle.code}#configurator-save`);
    const bad = await browser.api('POST', '/api/user/configurations', { name: 'x', build: 'cpu:nope' });
    expect(bad.status).toBe(400);
    expect((await env.DB.prepare('SELECT count(*) AS n FROM saved_configurations').first<number>('n'))!).toBe(before);
    expect((await new TestBrowser().fetch('/api/user/configurations', { method: 'POST', body: form({ name: 'x', build: `cpu:${am5Cpu}`, respond: 'page' }) })).status).toBe(401);
  });
});

describe('the whole build into the basket', () => {
  it('adds every part and the assembly service in one action (the form without script lands on the basket)', async () => {
    const browser = new TestBrowser();
    const build = `cpu:${am5Cpu},motherboard:${am5Board},memory:${ddr5}`;
    const answer = await browser.fetch('/api/configurator/to-cart', { method: 'POST', body: form({ build, assembly: '1', respond: 'page', lang: 'es_ES' }) });
    expect(answer.status).toBe(303);
    expect(answer.headers.get('Location')).toBe('/cart/shopping_basket');
    const token = await browser.api<{ idCart: string }>('GET', '/api/checkout/cart/token');
    const cart = await browser.api<{ articles: { idArticle: number; qty: number; service: { kind: string; id: number } | null }[] }>('GET', `/api/checkout/orders/${token.data.idCart}/cart`);
    const articles = cart.data.articles.filter((a) => a.service === null);
    expect(articles.map((a) => a.idArticle).sort()).toEqual([am5Cpu, am5Board, ddr5].sort());
    expect(cart.data.articles.filter((a) => a.service?.kind === 'service' && a.service.id === ASSEMBLY_SERVICE_ID)).toHaveLength(1);
  });

  it('answers a script with what was added, and without assembly adds none', async () => {
    const browser = new TestBrowser();
    const answer = await browser.api<{ added: { articleId: number }[]; notAdded: unknown[]; assembled: boolean; cartUnits: number }>('POST', '/api/configurator/to-cart', { build: `cpu:${am5Cpu},motherboard:${am5Board}`, assembly: false });
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ notAdded: [], assembled: false, cartUnits: 2 });
    expect(answer.data.added.map((a) => a.articleId)).toEqual([am5Cpu, am5Board]);
  });

  it('refuses a build whose parts do not fit together, or that is not a build, and adds nothing', async () => {
    const browser = new TestBrowser();
    const incompatible = await browser.api('POST', '/api/configurator/to-cart', { build: `cpu:${am5Cpu},motherboard:${intelBoard}`, assembly: true });
    expect(incompatible.status).toBe(409);
    expect(incompatible.error?.code).toBe(ERRORS.configurationIncompatible.code);
    const page = await browser.fetch('/api/configurator/to-cart', { method: 'POST', body: form({ build: `cpu:${am5Cpu},motherboard:${intelBoard}`, respond: 'page', lang: 'es_ES' }) });
    expect(page.headers.get('Location')).toBe(`/configurador?build=cpu%3A${am5Cpu}%2Cmotherboard%3A${intelBoard}&error=${ERRORS.configurationIncompatible.code}#configurator-actions`);
    for (const body of [{ build: 'cpu:1,cpu:2' }, { build: '' }, { build: 'gpu:x' }, { build: 42 }, {}]) {
      const refused = await browser.api('POST', '/api/configurator/to-cart', body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
    }
    expect((await browser.api('POST', '/api/configurator/to-cart', { build: `cpu:${ddr5}` })).error?.code).toBe(ERRORS.configurationUnknownArticle.code);
    const token = await browser.api<{ idCart: string }>('GET', '/api/checkout/cart/token');
    const cart = await browser.api<{ articles: unknown[] }>('GET', `/api/checkout/orders/${token.data.idCart}/cart`);
    expect(cart.data?.articles ?? []).toEqual([]);
  });
});

describe('presets', () => {
  it('open in the configurator with their parts', async () => {
    const [preset] = await all<{ slug: string }>("SELECT slug FROM configurator_preset_translations WHERE lang = 'es_ES' ORDER BY preset_id LIMIT 1");
    const { html } = await page(`${ES}/${preset!.slug}`);
    const [open] = links(html, '/configurador?build=');
    expect(open).toMatch(/^\/configurador\?build=cpu%3A\d+%2Cmotherboard%3A\d+/);
    const configurator = await page(`${ES}${open}`);
    expect(configurator.status).toBe(200);
    expect(configurator.html).toContain('<tr data-slot="cpu"');
  });
});
