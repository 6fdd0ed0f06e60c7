/**
 * The digital-code rules (worker/digital/rules.ts: spec §4 states, reveal only after the release
 * date) as tables, and the demo seed's digital delivery (scripts/seed/digital.ts).
 */
import { describe, expect, it } from 'vitest';
import { generateCatalogue } from '../../scripts/seed/generate';
import { PRESALE_RELEASES } from '../../scripts/seed/digital';
import { DIGITAL_CODE_STATES, type DigitalCodeState } from '../../worker/db/schema';
import { beforeRelease, canRevealCode, codeDisplay, DIGITAL_CODES_PAGE_SIZE, OWNED_CODE_STATES, revealOutcome, visibleCode } from '../../worker/digital/rules';

const RELEASE = Date.UTC(2027, 2, 15);

describe('digital code rules', () => {
  it('pages 5 codes (spec §9)', () => {
    expect(DIGITAL_CODES_PAGE_SIZE).toBe(5);
  });

  it.each([
    [null, RELEASE, false],
    [RELEASE, RELEASE - 1, true],
    [RELEASE, RELEASE, false],
    [RELEASE, RELEASE + 1, false],
  ])('release %s at %s: before the release is %s', (releaseAt, now, expected) => {
    expect(beforeRelease(releaseAt, now)).toBe(expected);
  });

  const table: [DigitalCodeState, number | null, number, boolean, string | null, string][] = [
    // status, releaseAt, now, canReveal, visible code, display
    ['FREE', null, RELEASE, false, null, 'ready'],
    ['RESERVE', null, RELEASE, false, null, 'ready'],
    ['ASSIGNED', null, RELEASE, true, null, 'ready'],
    ['ASSIGNED', RELEASE, RELEASE - 1, false, null, 'presale'],
    ['ASSIGNED', RELEASE, RELEASE, true, null, 'ready'],
    ['FINISHED', null, RELEASE, true, 'AAAAA-BBBBB-CCCCC', 'revealed'],
    ['FINISHED', RELEASE, RELEASE + 1, true, 'AAAAA-BBBBB-CCCCC', 'revealed'],
    ['DELETED', null, RELEASE, false, null, 'cancelled'],
    ['DELETED', RELEASE, RELEASE - 1, false, null, 'cancelled'],
  ];
  it.each(table)('%s, release %s, at %s: canReveal %s, code %s, shown as %s', (status, releaseAt, now, canReveal, code, display) => {
    expect(canRevealCode(status, releaseAt, now)).toBe(canReveal);
    expect(visibleCode(status, 'AAAAA-BBBBB-CCCCC')).toBe(code);
    expect(codeDisplay(status, releaseAt, now)).toBe(display);
  });

  it.each([
    ['ASSIGNED', null, RELEASE, { ok: true, next: 'FINISHED' }],
    ['FINISHED', null, RELEASE, { ok: true, next: 'FINISHED' }],
    ['ASSIGNED', RELEASE, RELEASE - 1, { ok: false, error: 'digitalCodeNotReleased' }],
    ['FINISHED', RELEASE, RELEASE - 1, { ok: false, error: 'digitalCodeNotReleased' }],
    ['ASSIGNED', RELEASE, RELEASE, { ok: true, next: 'FINISHED' }],
    ['DELETED', null, RELEASE, { ok: false, error: 'digitalCodeVoided' }],
    ['FREE', null, RELEASE, { ok: false, error: 'notFound' }],
    ['RESERVE', null, RELEASE, { ok: false, error: 'notFound' }],
  ] as const)('revealing a %s code (release %s) at %s', (status, releaseAt, now, outcome) => {
    expect(revealOutcome(status, releaseAt, now)).toEqual(outcome);
  });

  it('lists as the customer\'s only codes given to them', () => {
    expect(DIGITAL_CODE_STATES.filter((s) => OWNED_CODE_STATES.includes(s))).toEqual(['ASSIGNED', 'FINISHED', 'DELETED']);
  });
});

describe('the demo seed\'s digital delivery', () => {
  const tables = generateCatalogue({ articles: 1500 });
  const rows = (name: string) => tables.find((t) => t.table === name)!.rows;
  const articles = rows('articles');
  const digital = rows('digital_articles');
  const codes = rows('digital_codes');

  it('gives every digital article a platform, a guide and 10–20 FREE codes, and no other article any', () => {
    const digitalIds = articles.filter((a) => a['type'] === 'digital').map((a) => a['id']);
    expect(digital.map((d) => d['article_id'])).toEqual(digitalIds);
    for (const d of digital) {
      expect(d['platform']).toMatch(/^(Steam|PlayStation|Xbox|Nintendo|Microsoft|Norton|Bitdefender|Kaspersky|Adobe)$/);
      expect(d['guide_url']).toMatch(/^https:\/\//);
      const free = codes.filter((c) => c['article_id'] === d['article_id'] && c['status'] === 'FREE');
      expect(free.length).toBeGreaterThanOrEqual(10);
      expect(free.length).toBeLessThanOrEqual(20);
    }
    expect(new Set(codes.map((c) => c['article_id'])).size).toBe(digital.length);
  });

  it('writes codes in their platform\'s format, never twice', () => {
    const formats: Record<string, RegExp> = {
      Steam: /^[A-Z2-9]{5}(-[A-Z2-9]{5}){2}$/,
      PlayStation: /^[A-Z2-9]{4}(-[A-Z2-9]{4}){2}$/,
      Xbox: /^[A-Z2-9]{5}(-[A-Z2-9]{5}){4}$/,
      Nintendo: /^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/,
      Adobe: /^\d{4}(-\d{4}){5}$/,
    };
    const platformOf = new Map(digital.map((d) => [d['article_id'], d['platform'] as string]));
    for (const c of codes) {
      const format = formats[platformOf.get(c['article_id'])!];
      if (format) expect(c['code']).toMatch(format);
    }
    expect(new Set(codes.map((c) => `${c['article_id']}:${c['code']}`)).size).toBe(codes.length);
    expect(codes.some((c) => c['status'] === 'RESERVE')).toBe(true);
  });

  it('has a few presales, video games only, released on the fixed 2027 dates', () => {
    const presales = digital.filter((d) => d['release_at'] !== null);
    expect(presales.length).toBeGreaterThanOrEqual(2);
    expect(presales.length).toBeLessThan(digital.length / 3);
    for (const p of presales) expect(PRESALE_RELEASES).toContain(p['release_at']);
    const kinds = new Set(presales.map((p) => articles.find((a) => a['id'] === p['article_id'])!['category_id']));
    expect(kinds.size).toBe(1);
  });

  it('is the same every time', () => {
    expect(generateCatalogue({ articles: 1500 }).find((t) => t.table === 'digital_codes')!.rows).toEqual(codes);
  });
});
