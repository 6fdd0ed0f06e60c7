// Content pages (blog, CMS pages and preview, shops, gift cards, rewards) through the real app
// with an injected clock, the recommendations API through the real Worker, and the content rules.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../client/i18n/format';
import { CHANNEL_IDS, DEFAULT_CHANNELS, type ChannelId } from '../../worker/channel/channels';
import { GIFT_CARDS } from '../../worker/domain/content/gift-cards';
import { publicContent } from '../../worker/domain/content/publication';
import { levelFor, pointsFor, REWARDS } from '../../worker/domain/content/rewards';
import { mapUrl, parseOpeningHours, telHref } from '../../worker/domain/content/shops';
import { createApp } from '../../worker/app';
import { signPreviewToken, type PreviewTarget } from '../../worker/domain/content/preview-token';
import { apiCall, host, htmlLang, pageAt, SEED_NOW } from './helpers';

/** After the future post (6 Nov) and the returns update (15 Nov), before the shipping update (1 Dec). */
const LATER = new Date(Date.UTC(2026, 10, 20));
const count = (html: string, needle: string) => html.split(needle).length - 1;
const rows = async <T>(sql: string, ...binds: unknown[]) => (await env.DB.prepare(sql).bind(...binds).all<T>()).results;

describe('blog', () => {
  it('lists 16 published posts a page, newest first, never a future one', async () => {
    const first = await pageAt(SEED_NOW, `${host('ES')}/blog`);
    expect(first.status).toBe(200);
    expect(htmlLang(first.html)).toBe('es-ES');
    expect(count(first.html, 'class="post-teaser"')).toBe(16);
    expect(first.html.indexOf('/blog/como-cuidar-la-bateria-de-tu-movil-y-tu-portatil')).toBeLessThan(first.html.indexOf('/blog/wi-fi-7-que-es-y-cuando-merece-la-pena-cambiar-de-router'));
    expect(first.html).not.toContain('camaras-sin-espejo-guia-de-compra');
    expect(first.html).toContain('href="/blog?page=2"');
    const second = await pageAt(SEED_NOW, `${host('ES')}/blog?page=2`);
    expect(count(second.html, 'class="post-teaser"')).toBe(3);
    expect((await pageAt(SEED_NOW, `${host('ES')}/blog?page=3`)).status).toBe(404);
    const later = await pageAt(LATER, `${host('ES')}/blog`);
    expect(later.html).toContain('/blog/camaras-sin-espejo-guia-de-compra');
  });

  it('serves English under /en/ on every channel', async () => {
    for (const id of CHANNEL_IDS) {
      const { status, html } = await pageAt(SEED_NOW, `${host(id)}/en/blog`);
      expect(status).toBe(200);
      expect(htmlLang(html)).toBe('en-GB');
      expect(html).toContain('/en/blog/how-to-look-after-your-phone-and-laptop-batteries');
    }
  });

  it('shows a post in the page language with its sanitized body, tags and alternates', async () => {
    const { status, html } = await pageAt(SEED_NOW, `${host('ES')}/blog/portatiles-gaming-guia-de-compra`);
    expect(status).toBe(200);
    expect(html).toMatch(/<h1 id="post-title">[^<]+<\/h1>/);
    expect(html).toMatch(/<div class="prose"><p>.+<h2>/);
    expect(html).toContain('href="/blog/tag/guias-de-compra"');
    // The store selector (English as offered by the Spanish store) and the alternates go to the same post in English.
    expect(html).toContain('<a href="/en/blog/gaming-laptops-a-buying-guide" hrefLang="en-ES" lang="en-GB"');
    expect(html).toMatch(/rel="alternate" hreflang="[^"]+" href="http:\/\/es\.localhost\/en\/blog\/gaming-laptops-a-buying-guide"/i);
    // On the Portuguese channel, Spanish is a prefixed language.
    const ptSlug = (await rows<{ slug: string }>("select slug from post_translations where post_id = 1 and lang = 'pt_PT'"))[0]!.slug;
    const ptPost = await pageAt(SEED_NOW, `${host('PT')}/blog/${ptSlug}`);
    expect(ptPost.status).toBe(200);
    expect(ptPost.html).toContain('<a href="/es/blog/portatiles-gaming-guia-de-compra" hrefLang="es-PT" lang="es-ES"');
  });

  it('answers 404 for a future post until its time, then shows it', async () => {
    const url = `${host('ES')}/en/blog/mirrorless-cameras-a-buying-guide`;
    expect((await pageAt(SEED_NOW, url)).status).toBe(404);
    expect((await pageAt(LATER, url)).status).toBe(200);
  });

  it.each([
    ['another language’s slug', '/blog/gaming-laptops-a-buying-guide'],
    ['an unknown slug', '/blog/no-such-post'],
    ['a CMS page', '/blog/envios'],
  ])('answers 404 for %s', async (_label, path) => {
    expect((await pageAt(SEED_NOW, `${host('ES')}${path}`)).status).toBe(404);
  });

  it('lists a tag’s published posts, with the tag’s alternates', async () => {
    const { status, html } = await pageAt(SEED_NOW, `${host('ES')}/en/blog/tag/buying-guides`);
    expect(status).toBe(200);
    expect(html).toContain('Blog posts about Buying guides');
    expect(count(html, 'class="post-teaser"')).toBe(15);
    expect(html).toMatch(/rel="alternate" hreflang="[^"]+" href="http:\/\/es\.localhost\/blog\/tag\/guias-de-compra"/i);
    expect((await pageAt(SEED_NOW, `${host('ES')}/blog/tag/no-such-tag`)).status).toBe(404);
  });

  it('keeps a tag whose only post is in the future out of sight', async () => {
    const before = await pageAt(SEED_NOW, `${host('ES')}/en/blog/tag/photography`);
    expect(before.html).not.toContain('mirrorless-cameras-a-buying-guide');
    expect((await pageAt(SEED_NOW, `${host('ES')}/en/blog`)).html).not.toContain('/en/blog/tag/photography');
    const after = await pageAt(LATER, `${host('ES')}/en/blog/tag/photography`);
    expect(after.html).toContain('/en/blog/mirrorless-cameras-a-buying-guide');
  });
});

describe('CMS pages', () => {
  it('show the published body, with alternates in the other language', async () => {
    const { status, html } = await pageAt(SEED_NOW, `${host('ES')}/envios`);
    expect(status).toBe(200);
    expect(html).toContain('<h1 id="post-title">Envíos y entregas</h1>');
    expect(html).not.toContain('Entregas en Navidad');
    expect(html).toMatch(/rel="alternate" hreflang="[^"]+" href="http:\/\/es\.localhost\/en\/shipping"/i);
    expect(html).toContain('rel="canonical"');
    const de = await pageAt(SEED_NOW, `${host('DE')}/impressum`);
    expect(de.status).toBe(200);
    expect(htmlLang(de.html)).toBe('de-DE');
  });

  it('show scheduled content once its time has come, and not before', async () => {
    expect((await pageAt(SEED_NOW, `${host('ES')}/en/returns`)).html).not.toContain('Extended Christmas returns');
    expect((await pageAt(LATER, `${host('ES')}/en/returns`)).html).toContain('Extended Christmas returns');
    expect((await pageAt(LATER, `${host('ES')}/en/shipping`)).html).not.toContain('Christmas deliveries');
  });
});

describe('CMS preview', () => {
  /** A preview link signed with the Worker's PREVIEW_SECRET, valid for an hour after `now` unless told. */
  async function previewUrl(path: string, target: PreviewTarget, expires = SEED_NOW.getTime() / 1000 + 3600, channel = 'ES') {
    const token = await signPreviewToken(env.PREVIEW_SECRET, target, Math.floor(expires));
    return `${host(channel)}${path}?token=${encodeURIComponent(token)}`;
  }

  it('shows future scheduled content under a Preview banner, not indexed and not stored', async () => {
    const response = await createApp({ now: () => SEED_NOW }).fetch(new Request(await previewUrl('/en/cms-preview/22/2', { postId: 22, scheduledId: 2 })), env);
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('private, no-store');
    expect(response.headers.get('X-Robots-Tag')).toBe('noindex, nofollow');
    expect(html).toContain('class="preview-banner"');
    expect(html).toContain('<strong>Preview</strong>');
    expect(html).toContain('Christmas deliveries');
    expect(html).toContain('Shoppers will see this content from');
    expect(html).toMatch(/<meta name="robots" content="noindex/);
    expect(html).not.toContain('rel="canonical"');
  });

  it('shows the post’s own body without a scheduled id, and a future blog post', async () => {
    const shipping = await pageAt(SEED_NOW, await previewUrl('/en/cms-preview/22', { postId: 22 }));
    expect(shipping.status).toBe(200);
    expect(shipping.html).not.toContain('Christmas deliveries');
    const future = await pageAt(SEED_NOW, await previewUrl('/en/cms-preview/20', { postId: 20 }));
    expect(future.status).toBe(200);
    expect(future.html).toContain('Shoppers will see this content from');
  });

  it('marks content of another language with its own lang', async () => {
    const { html } = await pageAt(SEED_NOW, await previewUrl('/cms-preview/22/2', { postId: 22, scheduledId: 2 }));
    expect(htmlLang(html)).toBe('es-ES');
    expect(html).toContain('<article class="post" lang="en-GB"');
  });

  it.each([
    ['/cms-preview/999', { postId: 999 }],
    ['/cms-preview/22/999', { postId: 22, scheduledId: 999 }],
    ['/cms-preview/22/7', { postId: 22, scheduledId: 7 }],
  ])('answers 404 for %s even with a good token', async (path, target) => {
    expect((await pageAt(SEED_NOW, await previewUrl(path, target))).status).toBe(404);
  });

  it.each(['/cms-preview/abc', '/cms-preview/22/x'])('answers 404 for %s', async (path) => {
    expect((await pageAt(SEED_NOW, `${host('ES')}${path}`)).status).toBe(404);
  });

  describe('access', () => {
    const target = { postId: 22, scheduledId: 2 };
    const path = '/en/cms-preview/22/2';
    const status = async (url: string, now = SEED_NOW) => (await pageAt(now, url)).status;

    it('needs a token', async () => {
      expect(await status(`${host('ES')}${path}`)).toBe(404);
      expect(await status(`${host('ES')}${path}?token=`)).toBe(404);
    });

    it('refuses a bad token: forged, malformed, or signed for other content', async () => {
      const good = new URL(await previewUrl(path, target)).searchParams.get('token')!;
      const [expires, signature] = good.split('.') as [string, string];
      const forged = `${expires}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
      for (const token of [forged, `${Number(expires) + 60}.${signature}`, 'not-a-token', `${expires}.${signature}`.slice(0, -2)]) {
        expect(await status(`${host('ES')}${path}?token=${encodeURIComponent(token)}`), token).toBe(404);
      }
      expect(await status(await previewUrl(path, { postId: 22, scheduledId: 3 }))).toBe(404);
      expect(await status(await previewUrl(path, { postId: 22 }))).toBe(404);
      const other = await signPreviewToken('another-secret-that-is-long-enough-0123456789', target, SEED_NOW.getTime() / 1000 + 3600);
      expect(await status(`${host('ES')}${path}?token=${encodeURIComponent(other)}`)).toBe(404);
    });

    it('works until the token expires, and not from then on', async () => {
      const expires = SEED_NOW.getTime() / 1000 + 600;
      const url = await previewUrl(path, target, expires);
      expect(await status(url, new Date((expires - 1) * 1000))).toBe(200);
      expect(await status(url, new Date(expires * 1000))).toBe(404);
      expect(await status(url, new Date((expires + 86_400) * 1000))).toBe(404);
    });

    it('answers a refused preview exactly like a preview of nothing', async () => {
      const refused = await pageAt(SEED_NOW, `${host('ES')}${path}?token=1.${'A'.repeat(43)}`);
      const missing = await pageAt(SEED_NOW, await previewUrl('/en/cms-preview/999', { postId: 999 }));
      const strip = (html: string) => html.replace(/nonce="[^"]+"/g, '').replace(/\/cms-preview\/[^"]*/g, '');
      expect(refused.status).toBe(404);
      expect(missing.status).toBe(404);
      expect(strip(refused.html)).toBe(strip(missing.html));
    });

    it('is refused when the Worker has no usable secret', async () => {
      const url = await previewUrl(path, target);
      for (const PREVIEW_SECRET of ['', 'short']) {
        const response = await createApp({ now: () => SEED_NOW }).fetch(new Request(url), { ...env, PREVIEW_SECRET });
        expect(response.status).toBe(404);
        await response.text();
      }
      // Production refuses the development secret of wrangler.toml (the preview's own refusal: the
      // secrets guard, which would answer 503 first, is tested in production-secrets.test.ts).
      const onProduction = url.replace(host('ES'), 'https://www.ampora.es');
      const production = await createApp({ now: () => SEED_NOW, secretsGuard: false }).fetch(new Request(onProduction), { ...env, ENVIRONMENT: 'production' });
      expect(production.status).toBe(404);
      await production.text();
      const withSecret = await createApp({ now: () => SEED_NOW, secretsGuard: false }).fetch(new Request(onProduction), { ...env, ENVIRONMENT: 'production', PREVIEW_SECRET: 'x'.repeat(40) });
      expect(withSecret.status).toBe(404);
      await withSecret.text();
      const token = await signPreviewToken('x'.repeat(40), target, SEED_NOW.getTime() / 1000 + 3600);
      const signed = await createApp({ now: () => SEED_NOW, secretsGuard: false }).fetch(new Request(`https://www.ampora.es${path}?token=${token}`), { ...env, ENVIRONMENT: 'production', PREVIEW_SECRET: 'x'.repeat(40) });
      expect(signed.status).toBe(200);
      await signed.text();
    });
  });
});

describe('physical shops', () => {
  const SHOPS = [
    { id: 30, slug: 'madrid', tel: 'tel:+34910482130', map: 'https://www.openstreetmap.org/?mlat=40.425080&amp;mlon=-3.701850' },
    { id: 1, slug: 'murcia', tel: 'tel:+34968204511', map: 'https://www.openstreetmap.org/?mlat=37.992240&amp;mlon=-1.130650' },
    { id: 71, slug: 'barcelona', tel: 'tel:+34932716840', map: 'https://www.openstreetmap.org/?mlat=41.400930&amp;mlon=2.197740' },
    { id: 80, slug: 'murcia-thader', tel: 'tel:+34968307722', map: 'https://www.openstreetmap.org/?mlat=38.024410&amp;mlon=-1.137020' },
  ];

  it.each(SHOPS)('$slug shows address, phone, hours, map and stock', async (shop) => {
    const { status, html } = await pageAt(SEED_NOW, `${host('ES')}/en/stores/${shop.slug}`);
    expect(status).toBe(200);
    expect(html).toContain('<address>');
    expect(html).toContain(`href="${shop.tel}"`);
    expect(html).toContain(`href="${shop.map}`);
    expect(html).toContain('Monday');
    const [{ n }] = (await rows<{ n: number }>('select count(*) as n from physical_shop_stock where shop_id = ? and qty > 0', shop.id)) as [{ n: number }];
    expect(n).toBeGreaterThan(0);
    expect(html).toContain(`${n} products in stock in this shop`);
    expect(count(html, 'class="product-card"')).toBe(Math.min(n, 8));
  });

  it('every shop link of every channel footer leads to its shop page', async () => {
    for (const id of CHANNEL_IDS) {
      const home = await pageAt(SEED_NOW, `${host(id)}/`);
      const links = [...home.html.matchAll(/<a href="(\/[a-z-]+\/(?:madrid|murcia|barcelona|murcia-thader))">/g)].map((m) => m[1]!);
      expect(links).toHaveLength(4);
      for (const link of links) {
        const shop = await pageAt(SEED_NOW, `${host(id)}${link}`);
        expect(shop.status, `${id} ${link}`).toBe(200);
        expect(htmlLang(shop.html)).toBe(htmlLang(home.html));
      }
    }
  });

  it('answers 404 for an unknown shop', async () => {
    expect((await pageAt(SEED_NOW, `${host('ES')}/tiendas/valencia`)).status).toBe(404);
  });
});

describe('gift cards and rewards', () => {
  it.each([
    ['ES', '/tarjetas-regalo', 'es_ES', ['/aviso-legal', '/devoluciones']],
    ['PT', '/cartoes-presente', 'pt_PT', ['/aviso-legal', '/devolucoes']],
    ['DE', '/geschenkkarten', 'de_DE', ['/impressum', '/rueckgabe']],
  ] as const)('%s %s lists the amounts and links the conditions', async (id, path, language, conditions) => {
    const { status, html } = await pageAt(SEED_NOW, `${host(id)}${path}`);
    expect(status).toBe(200);
    expect(htmlLang(html)).toBe(language.replace('_', '-'));
    for (const amount of GIFT_CARDS.amounts) expect(html).toContain(`<li>${formatMoney(amount, language)}</li>`);
    for (const link of conditions) expect(html).toContain(`href="${link}"`);
  });

  it('explains validity and use at checkout', async () => {
    const { html } = await pageAt(SEED_NOW, `${host('IT')}/en/gift-cards`);
    expect(html).toContain(`for ${GIFT_CARDS.validityMonths} months`);
    expect(html).toContain('How to use it at checkout');
  });

  it('rewards are marked as a preview, not indexed, with every level', async () => {
    const { status, html } = await pageAt(SEED_NOW, `${host('FR')}/en/rewards`);
    expect(status).toBe(200);
    expect(html).toContain('<strong>Preview</strong>');
    expect(html).toContain('noindex');
    for (const name of ['Bronze', 'Silver', 'Gold', 'Platinum']) expect(html).toContain(`<th scope="row">${name}</th>`);
    expect((await pageAt(SEED_NOW, `${host('FR')}/recompenses`)).status).toBe(200);
  });
});

describe('GET /api/checkout/articles/os-recommendations', () => {
  type Card = { id: number; name: string; price: number | null };
  const url = (id: ChannelId, query = '') => `${host(id)}/api/checkout/articles/os-recommendations${query}`;

  it.each(CHANNEL_IDS)('%s recommends up to 12 in-stock cards in its language', async (id) => {
    const { status, body } = await apiCall<Card[]>(url(id));
    expect(status).toBe(200);
    expect(body.ok).toBe(true);
    const cards = body.data!;
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.length).toBeLessThanOrEqual(12);
    for (const card of cards) {
      expect(card.price).not.toBeNull();
      const [row] = await rows<{ name: string; inStock: number }>(
        'select name, exists(select 1 from offers where article_id = ?1 and channel = ?2 and availability_code <= 3) as inStock from article_translations where article_id = ?1 and lang = ?3',
        card.id,
        id,
        DEFAULT_CHANNELS[id].defaultLanguage,
      );
      expect(row).toMatchObject({ name: card.name, inStock: 1 });
    }
  });

  it('follows the selected language, the limit and the article’s category', async () => {
    const english = await apiCall<Card[]>(url('ES', '?limit=5'), { headers: { 'X-Selected-Language': 'en_EN' } });
    expect(english.body.data).toHaveLength(5);
    const first = english.body.data![0]!;
    const [name] = await rows<{ name: string }>("select name from article_translations where article_id = ? and lang = 'en_EN'", first.id);
    expect(first.name).toBe(name!.name);
    expect((await apiCall<Card[]>(url('ES', '?limit=40'))).body.data!.length).toBeGreaterThan(12);
    const related = (await apiCall<Card[]>(url('ES', `?articleId=${first.id}`))).body.data!;
    const [{ category_id: category }] = (await rows<{ category_id: number }>('select category_id from articles where id = ?', first.id)) as [{ category_id: number }];
    for (const card of related) {
      expect(card.id).not.toBe(first.id);
      expect((await rows<{ category_id: number }>('select category_id from articles where id = ?', card.id))[0]!.category_id).toBe(category);
    }
  });

  it.each(['?limit=0', '?limit=41', '?limit=abc', '?limit=2.5', '?articleId=-1'])('answers 400 for %s', async (query) => {
    const { status, error } = await apiCall(url('ES', query));
    expect(status).toBe(400);
    expect(error).toMatchObject({ type: 'validation', code: 'INVALID_REQUEST' });
  });

  it('answers 404 for an unknown article', async () => {
    const { status, error } = await apiCall(url('ES', '?articleId=99999999'));
    expect(status).toBe(404);
    expect(error).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('content rules', () => {
  const base = { title: 'Base', body: '<p>base</p>' };
  const at = (day: number) => new Date(Date.UTC(2026, 10, day));

  it('public content is the newest scheduled content whose time has come', () => {
    const scheduled = [
      { id: 1, title: 'A', body: 'a', publishAt: at(5) },
      { id: 2, title: 'B', body: 'b', publishAt: at(10) },
      { id: 3, title: 'C', body: 'c', publishAt: at(30) },
    ];
    expect(publicContent(base, scheduled, at(1))).toEqual({ ...base, scheduledId: null });
    expect(publicContent(base, scheduled, at(5)).scheduledId).toBe(1);
    expect(publicContent(base, scheduled, at(20))).toEqual({ title: 'B', body: 'b', scheduledId: 2 });
  });

  it('reads opening hours and builds the map and phone links', () => {
    expect(parseOpeningHours(['Mo-Fr 09:30-14:00,17:00-21:00', 'Su 11:00-20:00', 'PH off'])).toEqual([
      { days: { from: 0, to: 4 }, intervals: [['09:30', '14:00'], ['17:00', '21:00']], raw: 'Mo-Fr 09:30-14:00,17:00-21:00' },
      { days: { from: 6, to: 6 }, intervals: [['11:00', '20:00']], raw: 'Su 11:00-20:00' },
      { days: null, intervals: [], raw: 'PH off' },
    ]);
    expect(mapUrl(40_425_080, -3_701_850)).toBe('https://www.openstreetmap.org/?mlat=40.425080&mlon=-3.701850#map=17/40.425080/-3.701850');
    expect(telHref('+34 910 482 130')).toBe('tel:+34910482130');
  });

  it('earns points by level', () => {
    const [bronze, , gold] = REWARDS.levels;
    expect(pointsFor(10_000, bronze!)).toBe(100);
    expect(pointsFor(10_099, gold!)).toBe(151);
    expect(levelFor(0).id).toBe('bronze');
    expect(levelFor(2_999).id).toBe('silver');
    expect(levelFor(100_000).id).toBe('platinum');
  });
});
