// The /images route (old front-view addresses and the per-view ones) and the product gallery's
// server markup, through the real Worker.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { viewsOf } from '../../worker/media/views';
import { host, page } from './helpers';

const IMMUTABLE = 'public, max-age=31536000, immutable';

describe('/images', () => {
  it('keeps the old address as the front view, cached for a year as immutable', async () => {
    const old = await page(`${host('ES')}/images/large/laptop-12.svg?label=Lenovo`);
    expect(old.status).toBe(200);
    expect(old.headers.get('Content-Type')).toBe('image/svg+xml; charset=utf-8');
    expect(old.headers.get('Cache-Control')).toBe(IMMUTABLE);
    expect(old.html).toMatch(/^<svg[^>]*width="530" height="530"/);
    expect(old.html).toContain('>Lenovo</text>');
    const front = await page(`${host('ES')}/images/large/laptop-12/front.svg?label=Lenovo`);
    expect(front.status).toBe(200);
    expect(front.html).toBe(old.html);
  });

  it.each(viewsOf('laptop-12').map((view) => [view]))('draws the %s view at every preset', async (view) => {
    for (const [preset, size] of [['tiny', 44], ['small', 140], ['medium', 300], ['large', 530]] as const) {
      const { status, headers, html } = await page(`${host('PT')}/images/${preset}/laptop-12/${view}.svg?label=Lenovo`);
      expect(status).toBe(200);
      expect(headers.get('Content-Type')).toBe('image/svg+xml; charset=utf-8');
      expect(headers.get('Cache-Control')).toBe(IMMUTABLE);
      expect(html).toMatch(new RegExp(`^<svg[^>]*width="${size}" height="${size}"`));
    }
  });

  it('draws each view differently', async () => {
    const bodies = await Promise.all(viewsOf('phone-3').map(async (view) => (await page(`${host('ES')}/images/medium/smartphone-3/${view}.svg`)).html));
    expect(new Set(bodies).size).toBe(bodies.length);
  });

  it.each([
    ['an unknown view', '/images/large/laptop-12/top.svg'],
    ['a view the shape does not have', '/images/large/chair-12/ports.svg'],
    ['a view without .svg', '/images/large/laptop-12/side'],
    ['an unknown preset', '/images/huge/laptop-12/side.svg'],
    ['an unknown preset (old address)', '/images/huge/laptop-12.svg'],
    ['a pixel size instead of a preset', '/images/530/laptop-12.svg'],
    ['a key outside the pattern', '/images/small/..%2Fx/side.svg'],
    ['a key outside the pattern (old address)', '/images/small/..%2Fx.svg'],
    ['a file that is not .svg', '/images/small/laptop-12.png'],
    ['a too long key', `/images/small/${'a'.repeat(65)}/side.svg`],
    ['an Object.prototype member as preset', '/images/constructor/laptop-12.svg'],
    ['an Object.prototype member as preset (view address)', '/images/toString/laptop-12/front.svg'],
  ])('answers 404 for %s, as a page, never cached as an image', async (_, path) => {
    const { status, headers } = await page(`${host('ES')}${path}`);
    expect(status).toBe(404);
    expect(headers.get('Content-Type')).toMatch(/text\/html/);
    expect(headers.get('Cache-Control') ?? '').not.toContain('immutable');
  });
});

describe('product gallery markup', () => {
  async function productHtml() {
    const row = await env.DB.prepare(
      "SELECT t.slug, a.image_key AS imageKey FROM article_translations t JOIN articles a ON a.id = t.article_id WHERE t.lang = 'es_ES' AND a.image_key LIKE 'laptop-%' ORDER BY a.id LIMIT 1",
    ).first<{ slug: string; imageKey: string }>();
    const { status, html } = await page(`${host('ES')}/${row!.slug}`);
    expect(status).toBe(200);
    return { html, imageKey: row!.imageKey };
  }

  it('shows every view, the first one eager with high priority and the rest lazy, with srcset and dimensions', async () => {
    const { html, imageKey } = await productHtml();
    const gallery = html.slice(html.indexOf('class="gallery"'), html.indexOf('class="gallery__thumbs"'));
    const images = [...gallery.matchAll(/<img [^>]*>/g)].map((m) => m[0]);
    expect(images).toHaveLength(viewsOf(imageKey).length);
    expect(images[0]).toContain('fetchPriority="high"');
    expect(images[0]).toContain('loading="eager"');
    for (const img of images.slice(1)) {
      expect(img).toContain('loading="lazy"');
      expect(img).not.toMatch(/fetchPriority/i);
    }
    for (const img of images) {
      expect(img).toMatch(/width="530" height="530"/);
      expect(img).toMatch(/srcSet="[^"]*44w, [^"]*140w, [^"]*300w, [^"]*530w"/i);
      expect(img).toMatch(/sizes="/);
    }
    expect(images[1]).toContain(`/images/large/${imageKey}/side.svg`);
    // Translated alternative texts (es_ES).
    expect(images[1]).toMatch(/alt="[^"]+, vista lateral"/);
  });

  it("lists on a listing's cards only the presets a card can use: its own size and up", async () => {
    const { status, html } = await page(`${host('ES')}/portatiles`);
    expect(status).toBe(200);
    const cards = [...html.matchAll(/<article class="product-card">[\s\S]*?<img [^>]*>/g)].map((m) => m[0]);
    expect(cards.length).toBeGreaterThan(10);
    for (const card of cards) {
      expect(card).toMatch(/sizes="140px" width="140" height="140"/);
      expect(card).toMatch(/srcSet="\/images\/small\/[^" ]+ 140w, \/images\/medium\/[^" ]+ 300w, \/images\/large\/[^" ]+ 530w"/);
    }
  });

  it('links each thumbnail to its view and each view to its zoom, for use without JavaScript', async () => {
    const { html, imageKey } = await productHtml();
    for (const view of viewsOf(imageKey)) {
      expect(html).toContain(`href="#gallery-${view}"`);
      expect(html).toContain(`id="gallery-${view}"`);
      expect(html).toContain(`href="#zoom-${view}"`);
      expect(html).toContain(`id="zoom-${view}"`);
    }
    expect(html).toMatch(/data-island="product-gallery" data-hydrate="interaction"/);
  });
});
