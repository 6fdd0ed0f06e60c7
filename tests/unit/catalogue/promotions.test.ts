import { describe, expect, it } from 'vitest';
import { isPromotionLive, livePromotions, promotionHref, PROMOTION_COUNT, type PromotionRecord } from '../../../worker/domain/catalogue/promotions';

const at = (iso: string) => new Date(iso);
const START = at('2026-11-10T00:00:00Z');
const END = at('2026-11-20T00:00:00Z');

const record = (id: number, over: Partial<PromotionRecord> = {}): PromotionRecord => ({
  id,
  categoryId: 2,
  startsAt: null,
  endsAt: null,
  position: 0,
  title: `Promotion ${id}`,
  text: '',
  linkLabel: 'See',
  link: '/somewhere',
  ...over,
});

describe('isPromotionLive', () => {
  it.each([
    ['a second before the start', '2026-11-09T23:59:59Z', false],
    ['at the start', '2026-11-10T00:00:00Z', true],
    ['inside the window', '2026-11-15T12:00:00Z', true],
    ['a millisecond before the end', '2026-11-19T23:59:59.999Z', true],
    ['at the end', '2026-11-20T00:00:00Z', false],
  ])('windowed: %s → %s', (_label, now, live) => {
    expect(isPromotionLive({ startsAt: START, endsAt: END }, at(now))).toBe(live);
  });

  it('treats a missing start or end as open', () => {
    expect(isPromotionLive({ startsAt: null, endsAt: null }, at('1999-01-01T00:00:00Z'))).toBe(true);
    expect(isPromotionLive({ startsAt: null, endsAt: END }, at('2026-11-19T00:00:00Z'))).toBe(true);
    expect(isPromotionLive({ startsAt: null, endsAt: END }, END)).toBe(false);
    expect(isPromotionLive({ startsAt: START, endsAt: null }, at('2099-01-01T00:00:00Z'))).toBe(true);
    expect(isPromotionLive({ startsAt: START, endsAt: null }, at('2026-11-09T00:00:00Z'))).toBe(false);
  });
});

describe('promotionHref', () => {
  it.each([
    ['/portatiles', '', '/portatiles'],
    ['/laptops', '/en', '/en/laptops'],
    ['https://help.ampora.es/envios', '/en', 'https://help.ampora.es/envios'],
    ['//evil.example/x', '', null],
    ['javascript:alert(1)', '', null],
    ['http://plain.example', '', null],
    ['relative/path', '', null],
  ])('%s with prefix "%s" → %s', (link, prefix, expected) => {
    expect(promotionHref(link, prefix)).toBe(expected);
  });
});

describe('livePromotions', () => {
  const trail = [1, 2, 3]; // root 1 › 2 › listing's own category 3
  const now = at('2026-11-15T00:00:00Z');

  it('shows the category’s own promotions first, then each ancestor’s going up, by position', () => {
    const records = [record(1, { categoryId: 1 }), record(2, { categoryId: 3, position: 2 }), record(3, { categoryId: 2 }), record(4, { categoryId: 3, position: 1 })];
    expect(livePromotions(records, trail, now, '').map((p) => p.id)).toEqual([4, 2, 3]);
  });

  it(`leaves out promotions outside their window or of other categories, and shows at most ${PROMOTION_COUNT}`, () => {
    const records = [record(1, { categoryId: 9 }), record(2, { endsAt: at('2026-11-14T00:00:00Z') }), record(3, { startsAt: at('2026-11-16T00:00:00Z') }), record(4), record(5), record(6), record(7)];
    expect(livePromotions(records, trail, now, '').map((p) => p.id)).toEqual([4, 5, 6]);
  });

  it('gives each the link with the language prefix of the channel', () => {
    const [view] = livePromotions([record(1, { link: '/laptops', title: 'T', text: 'x', linkLabel: 'Go' })], trail, now, '/en');
    expect(view).toEqual({ id: 1, title: 'T', text: 'x', linkLabel: 'Go', href: '/en/laptops' });
  });
});
