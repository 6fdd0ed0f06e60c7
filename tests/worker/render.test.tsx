import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { StoreContextValue } from '../../client/components/store-context';
import { DEFAULT_CHANNELS } from '../../worker/channel/channels';
import { i18nFor } from '../../worker/i18n/catalogs';
import { dbFor } from '../../worker/db/client';
import { menuTree } from '../../worker/db/menu';
import { renderDocument } from '../../worker/ssr/render';
import { menuHtml } from '../../worker/ssr/static-parts';

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

describe('pre-rendered category nav', () => {
  const menu = menuTree(dbFor(env.DB), 'es_ES', 'ES');
  const esStore = async (): Promise<StoreContextValue> => ({ ...store, language: 'es_ES', menu: await menu, currentPath: '/' });
  const page = async (value: StoreContextValue) =>
    (await renderDocument({ status: 200, meta: { title: 'Test page' }, body: <p>Hello shop</p>, store: value, i18n: i18nFor('es_ES'), nonce: 'abc', complete: true })).text();

  it('gives the page the same markup as rendering the nav with the page', async () => {
    const full = await esStore();
    expect(full.menu.length).toBeGreaterThan(0);
    const withHtml = { ...full, menuHtml: menuHtml(full, i18nFor('es_ES')) };
    const html = await page(withHtml);
    expect(html).toContain('class="category-nav__tops"');
    expect(html).toContain(`href="/${full.menu[0]!.slug}"`);
    expect(html).toBe(await page(full));
  });

  it('renders once per menu, language and channel, and again for another of them', async () => {
    const full = await esStore();
    const first = menuHtml(full, i18nFor('es_ES'));
    expect(menuHtml({ ...full, currentPath: '/other' }, i18nFor('es_ES'))).toBe(first);
    const english = menuHtml({ ...full, language: 'en_EN' }, i18nFor('en_EN'));
    expect(english).not.toBe(first);
    expect(english).toContain(`href="/en/${full.menu[0]!.slug}"`);
    const otherMenu = menuHtml({ ...full, menu: full.menu.slice(1) }, i18nFor('es_ES'));
    expect(otherMenu).not.toContain(`href="/${full.menu[0]!.slug}"`);
  });
});
