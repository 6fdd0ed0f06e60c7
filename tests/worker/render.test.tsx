import { describe, expect, it } from 'vitest';
import type { StoreContextValue } from '../../client/components/store-context';
import { DEFAULT_CHANNELS } from '../../worker/channel/channels';
import { i18nFor } from '../../worker/i18n/catalogs';
import { renderDocument } from '../../worker/ssr/render';

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
