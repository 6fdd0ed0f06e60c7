// The design system's component sheet through the real Worker: its address in each language,
// every shared component's class, no island, and not indexed (no canonical, not in the sitemap).
import { describe, expect, it } from 'vitest';
import { ROUTE_TABLE } from '../../client/route-table';
import { host, htmlLang, page } from './helpers';

/** The shared component classes of client/styles/app.css, each with a state the page must show. */
const COMPONENT_CLASSES = [
  'button',
  'button--primary',
  'button--secondary',
  'button--ghost',
  'button--danger',
  'button--block',
  'field',
  'field--invalid',
  'field__hint',
  'field__error',
  'field--check',
  'alert',
  'alert--info',
  'alert--ok',
  'alert--warn',
  'alert--bad',
  'form-alert',
  'toast',
  'toast--success',
  'toast--error',
  'toast__close',
  'badge',
  'badge--discount',
  'badge--lowest',
  'badge--premium',
  'badge--expired',
  'badge--campaign',
  'badge--seller',
  'badge--grade',
  'price',
  'price__now',
  'price__was',
  'price--deal',
  'card',
  'card--flat',
  'card--raised',
  'table',
  'table--zebra',
  'table--compact',
  'table--stack',
  'steps',
  'steps__item',
  'steps__item--done',
  'modal',
  'modal__actions',
  'drawer',
  'drawer__panel',
  'theme-light',
  'theme-dark',
];

/** Every class attribute's classes, once each. */
function classesOf(html: string): Set<string> {
  return new Set([...html.matchAll(/class="([^"]*)"/g)].flatMap((match) => match[1]!.split(/\s+/)));
}

describe('design-system page', () => {
  it.each([
    ['ES', '/sistema-de-diseno', 'es-ES', 'Sistema de diseño'],
    ['ES', '/en/design-system', 'en-GB', 'Design system'],
    ['FR', '/systeme-de-design', 'fr-FR', 'Système de design'],
    ['DE', '/designsystem', 'de-DE', 'Designsystem'],
  ])('%s %s answers 200 in its language with every component, not indexed', async (channel, path, lang, title) => {
    const { status, html } = await page(`${host(channel)}${path}`);
    expect(status).toBe(200);
    expect(htmlLang(html)).toBe(lang);
    expect(html).toContain(`<h1>${title}</h1>`);
    const classes = classesOf(html);
    for (const name of COMPONENT_CLASSES) expect(classes, name).toContain(name);
    expect(html).toContain('<meta name="robots" content="noindex,follow"/>');
    expect(html).not.toContain('rel="canonical"');
  });

  it('shows the states: disabled, loading, invalid, current and done steps, a phone label on each stacked cell', async () => {
    const { html } = await page(`${host('ES')}/en/design-system`);
    expect(html).toMatch(/<button type="button" class="button button--primary" disabled="">/);
    expect(html).toContain('aria-busy="true"');
    expect(html).toMatch(/aria-invalid="true" aria-describedby="ds-f-postcode-error"/);
    expect(html).toContain('aria-current="step"');
    for (const label of ['Seller', 'Delivery', 'Price']) expect(html).toContain(`data-label="${label}"`);
    // The drawer is a <details>: it opens and closes without script.
    expect(html).toMatch(/<details class="drawer"><summary/);
  });

  it('has no island of its own: its main part needs no script', async () => {
    const { html } = await page(`${host('ES')}/en/design-system`);
    const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
    expect(main).toContain('class="design-system"');
    expect(main).not.toContain('data-island');
    expect(main).not.toContain('<script');
  });

  it('has an address in each of the six languages and stays out of the sitemap', async () => {
    const paths = Object.values(ROUTE_TABLE.designSystem);
    expect(new Set(paths).size).toBeGreaterThanOrEqual(5);
    const { html } = await page(`${host('PT')}${ROUTE_TABLE.designSystem.pt_PT}`);
    expect(htmlLang(html)).toBe('pt-PT');
    expect(html).toContain('<h1>Sistema de design</h1>');
    const sitemap = await page(`${host('ES')}/sitemaps/pages-1.xml`);
    expect(sitemap.status).toBe(200);
    expect(sitemap.html).toContain('/brands<');
    for (const path of paths) expect(sitemap.html).not.toContain(`${path}<`);
  });
});
