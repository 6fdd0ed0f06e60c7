import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { CategoryNav } from '../../client/components/category-nav';
import { Island } from '../../client/components/island';
import { ProductGrid } from '../../client/components/product-bits';
import type { StoreContextValue } from '../../client/components/store-context';
import { DEFAULT_CHANNELS } from '../../worker/channel/channels';
import { i18nFor } from '../../worker/i18n/catalogs';
import { cardsByIds } from '../../worker/db/catalogue';
import { dbFor } from '../../worker/db/client';
import { menuTree } from '../../worker/db/menu';
import { renderDocument } from '../../worker/ssr/render';
import { fragmentRenderer, splitAtParts } from '../../worker/ssr/static-parts';

const store: StoreContextValue = {
  channel: { ...DEFAULT_CHANNELS.ES, toastPosition: 'top' },
  language: 'en_EN',
  menu: [],
  alternates: {},
  currentPath: '/en/',
};

function render(body: React.ReactNode) {
  return renderDocument({ status: 200, meta: { title: 'Test page' }, body, store, i18n: i18nFor('en_EN'), nonce: 'abc', complete: true });
}

function Broken(): React.ReactNode {
  throw new Error('page failed');
}

describe('renderDocument', () => {
  it('streams the page inside the layout with the requested status', async () => {
    const response = await render(<p>Hello shop</p>);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/^<!DOCTYPE html>/);
    expect(html).toContain('<p>Hello shop</p>');
    expect(html).toContain('<title>Test page</title>');
    expect(html).toContain('toast-region--top');
  });

  it('renders the fallback view with status 500 when the page fails before the shell', async () => {
    const original = console.error;
    console.error = () => {};
    try {
      const response = await render(<Broken />);
      expect(response.status).toBe(500);
      const html = await response.text();
      expect(html).toContain('Something went wrong');
      expect(html).toContain('role="alert"');
      expect(html).not.toContain('Test page');
    } finally {
      console.error = original;
    }
  });
});

describe('pre-rendered parts', () => {
  const db = dbFor(env.DB);
  const menu = menuTree(db, 'es_ES', 'ES');
  const esStore = async (): Promise<StoreContextValue> => ({ ...store, language: 'es_ES', menu: await menu, currentPath: '/' });
  const page = async (value: StoreContextValue, body: React.ReactNode = <p>Hello shop</p>) =>
    (await renderDocument({ status: 200, meta: { title: 'Test page' }, body, store: value, i18n: i18nFor(value.language), nonce: 'abc', complete: true })).text();

  it('gives the page the same markup as rendering the nav and the cards with the page', async () => {
    const full = await esStore();
    expect(full.menu.length).toBeGreaterThan(0);
    const { results } = await env.DB.prepare("SELECT article_id AS id FROM listings WHERE channel = 'ES' ORDER BY article_id LIMIT 6").all<{ id: number }>();
    const cards = await cardsByIds(db, 'es_ES', 'ES', results.map((r) => r.id));
    expect(cards.length).toBe(6);
    const body = <ProductGrid products={cards} eager={2} wishlist />;
    const html = await page({ ...full, fragment: fragmentRenderer(full, i18nFor('es_ES')) }, body);
    expect(html).toContain('class="category-nav__tops"');
    expect(html).toContain(`href="/${full.menu[0]!.slug}"`);
    expect(html).toContain(`href="/${cards[0]!.slug}"`);
    expect(html).toContain('data-island="wishlist-heart"');
    expect(html).toBe(await page(full, body));
  });

  it('gives an island rendered as a part the markup it has when rendered with the page', async () => {
    const full = await esStore();
    const { results } = await env.DB.prepare("SELECT article_id AS id FROM listings WHERE channel = 'ES' ORDER BY article_id LIMIT 3").all<{ id: number }>();
    const cards = await cardsByIds(db, 'es_ES', 'ES', results.map((r) => r.id));
    const memoized = { cards };
    let renders = 0;
    const Grid = (props: { products: typeof cards }) => {
      renders++;
      return <ProductGrid {...props} />;
    };
    const body = (
      <div className="listing__body">
        <Island name="compare-tray" component={Grid} props={{ products: cards }} part={{ of: memoized, variant: '/x' }} />
        <p>after</p>
      </div>
    );
    const html = await page({ ...full, fragment: fragmentRenderer(full, i18nFor('es_ES')) }, body);
    expect(await page({ ...full, fragment: fragmentRenderer(full, i18nFor('es_ES')) }, body)).toBe(html);
    expect(renders).toBe(1);
    expect(html).toContain('<div class="listing__body"><div class="island" data-island="compare-tray"');
    expect(html).toContain(`href="/${cards[0]!.slug}"`);
    expect(html).not.toContain('\u0007');
    expect(html).toBe(await page(full, body));
  });

  it('renders a part once per key object, variant, language and channel', async () => {
    const full = await esStore();
    const es = fragmentRenderer(full, i18nFor('es_ES'));
    let renders = 0;
    const Counted = () => {
      renders++;
      return <CategoryNav />;
    };
    es(full.menu, 'test', <Counted />);
    es(full.menu, 'test', <Counted />);
    fragmentRenderer({ ...full, currentPath: '/other' }, i18nFor('es_ES'))(full.menu, 'test', <Counted />);
    expect(renders).toBe(1);
    es(full.menu, 'other', <Counted />);
    es(full.menu.slice(1), 'test', <Counted />);
    fragmentRenderer({ ...full, language: 'en_EN' }, i18nFor('en_EN'))(full.menu, 'test', <Counted />);
    expect(renders).toBe(4);
    const english = { ...full, language: 'en_EN' as const };
    const html = await page({ ...english, fragment: fragmentRenderer(english, i18nFor('en_EN')) });
    expect(html).toContain(`<a class="category-nav__top" href="/en/${full.menu[0]!.slug}">`);
  });

  it('splices each part in wherever the writes cut its marker', async () => {
    const full = await esStore();
    const renderer = fragmentRenderer(full, i18nFor('es_ES'));
    const first = renderer({}, 'x', <b>uno</b>);
    const second = renderer({}, 'x', <i>dos · €</i>);
    const text = `<p>a${first}b${second}${first}c\u0007</p>`;
    const decoder = new TextDecoder();
    for (const size of [1, 2, 7, 64, text.length]) {
      let out = '';
      let rest = '';
      for (let i = 0; i < text.length; i += size) {
        const split = splitAtParts(rest + text.slice(i, i + size), renderer);
        rest = split.rest;
        out += split.pieces.map((piece) => (typeof piece === 'string' ? piece : decoder.decode(piece))).join('');
      }
      expect(out + rest).toBe('<p>a<b>uno</b>b<i>dos · €</i><b>uno</b>c\u0007</p>');
    }
  });
});
