// The design tokens of client/styles/app.css: the dark theme is declared twice (the system
// setting's media query and the `.theme-dark` box of the design-system page), both copies say
// the same, and every text colour meets WCAG AA (4.5:1) on the backgrounds it is used on, in
// light and in dark.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const STYLES = join(__dirname, '../../client/styles');
const css = readFileSync(join(STYLES, 'app.css'), 'utf8');

/** The custom properties declared in the first rule whose selector text matches. */
function tokens(selector: RegExp): Record<string, string> {
  const match = selector.exec(css);
  if (!match) throw new Error(`no rule ${selector}`);
  const body = css.slice(match.index + match[0].length, css.indexOf('}', match.index + match[0].length));
  return Object.fromEntries([...body.matchAll(/(--[\w-]+):\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim()]));
}

const light = tokens(/:root,\s*\.theme-light\s*\{/);
const darkMedia = tokens(/@media \(prefers-color-scheme: dark\)\s*\{\s*:root\s*\{/);
const darkBox = tokens(/\n\.theme-dark\s*\{/);

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (high! + 0.05) / (low! + 0.05);
}

/** Text colour → the backgrounds it sits on (components in app.css). */
const TEXT_ON: Record<string, string[]> = {
  '--color-ink': ['--color-bg', '--color-surface', '--color-surface-2', '--color-ok-soft', '--color-warn-soft', '--color-bad-soft'],
  '--color-muted': ['--color-bg', '--color-surface', '--color-surface-2'],
  '--color-brand-ink': ['--color-bg', '--color-surface'],
  '--color-accent': ['--color-bg', '--color-surface'],
  '--color-ok': ['--color-bg', '--color-ok-soft'],
  '--color-warn': ['--color-bg', '--color-warn-soft'],
  '--color-bad': ['--color-bg', '--color-bad-soft'],
  '--color-on-brand': ['--color-brand'],
  // Filled buttons and toasts write in the page colour on a strong one.
  '--color-bg': ['--color-brand-ink', '--color-ink', '--color-ok', '--color-bad'],
};

describe('design tokens', () => {
  it('declares every colour token in light and dark, as six-digit hex', () => {
    const names = Object.keys(light).filter((name) => name.startsWith('--color-'));
    expect(names).toHaveLength(17);
    for (const name of names) {
      expect(light[name], name).toMatch(/^#[0-9a-f]{6}$/);
      expect(darkMedia[name], name).toMatch(/^#[0-9a-f]{6}$/);
    }
  });

  it('keeps the two copies of the dark theme equal', () => {
    expect(darkBox).toEqual(darkMedia);
    expect(Object.keys(darkMedia).sort()).toEqual(Object.keys(light).sort());
  });

  it.each([
    ['light', light],
    ['dark', darkMedia],
  ])('meets AA contrast for every text colour on its backgrounds (%s)', (_name, theme) => {
    for (const [text, backgrounds] of Object.entries(TEXT_ON)) {
      for (const background of backgrounds) {
        expect(contrast(theme[text]!, theme[background]!), `${text} on ${background}`).toBeGreaterThanOrEqual(4.5);
      }
    }
    // Focus ring and field borders: 3:1 against the page (WCAG 1.4.11).
    expect(contrast(theme['--color-focus']!, theme['--color-bg']!)).toBeGreaterThanOrEqual(3);
    expect(contrast(theme['--color-muted']!, theme['--color-bg']!)).toBeGreaterThanOrEqual(3);
  });

  it('finds a contrast failure when there is one', () => {
    expect(contrast('#ffffff', '#ff6a1a')).toBeLessThan(4.5);
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
  });

  it('declares the short alias names on every theme root', () => {
    const aliases = tokens(/:root,\s*\.theme-light,\s*\.theme-dark\s*\{/);
    for (const alias of ['--ink', '--muted', '--line', '--bg', '--soft', '--brand', '--brand-ink', '--ok', '--warn', '--bad', '--focus', '--radius']) expect(aliases, alias).toHaveProperty(alias);
  });
});
