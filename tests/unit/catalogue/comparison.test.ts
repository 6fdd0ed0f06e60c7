import { describe, expect, it } from 'vitest';
import { comparisonHref } from '../../../client/catalogue/compare';
import { compareRefusal, comparisonRows, joinComparisonSlug, parseCompareIds, splitComparisonSlug } from '../../../worker/domain/catalogue/comparison';

const DE = { defaultLanguage: 'de_DE', languages: ['de_DE', 'en_EN'] } as const;
const article = (categoryId: number) => ({ categoryId });

describe('parseCompareIds', () => {
  it.each([
    [['12', '7'], [12, 7]],
    [['12', '12', '7'], [12, 7]],
    [['0'], null],
    [['12', 'abc'], null],
    [['-1'], null],
    [['1234567890'], null],
    [[], null],
  ])('%j → %j', (parts, expected) => {
    expect(parseCompareIds(parts)).toEqual(expected);
  });
});

describe('compareRefusal', () => {
  it.each([
    ['two of one category', 2, [article(5), article(5)], 5, null],
    ['four of one category', 4, [article(5), article(5), article(5), article(5)], undefined, null],
    ['one', 1, [article(5)], 5, 'tooFew'],
    ['five (before reading them)', 5, [], 5, 'tooMany'],
    ['an unknown one', 2, [article(5)], 5, 'unknownArticle'],
    ['two categories', 2, [article(5), article(6)], undefined, 'mixedCategories'],
    ['another category than the address', 2, [article(6), article(6)], 5, 'mixedCategories'],
  ] as const)('%s', (_, asked, found, category, expected) => {
    expect(compareRefusal(asked, found, category)).toBe(expected);
  });
});

describe('comparisonRows', () => {
  it('lists every key once in the sheet groups, a missing value as null, and marks the rows that differ', () => {
    const rows = comparisonRows([
      { panel: 'IPS', screen: '27"', colour: 'black' },
      { screen: '27"', panel: 'VA', battery: '5000 mAh' },
    ]);
    expect(rows.map((row) => [row.key, row.group, row.values, row.differs])).toEqual([
      ['panel', 'display', ['IPS', 'VA'], true],
      ['screen', 'display', ['27"', '27"'], false],
      ['battery', 'power', [null, '5000 mAh'], true],
      ['colour', 'features', ['black', null], true],
    ]);
  });
});

describe('addresses', () => {
  it('a fixed comparison joins and splits the slugs with -vs-', () => {
    expect(joinComparisonSlug(['dell-s2725ds', 'lg-27gr75q'])).toBe('dell-s2725ds-vs-lg-27gr75q');
    expect(splitComparisonSlug('dell-s2725ds-vs-lg-27gr75q')).toEqual(['dell-s2725ds', 'lg-27gr75q']);
  });

  it('a chosen set carries the ids in the path; one id is the numeric slug', () => {
    expect(comparisonHref('monitore', [12, 7, 3], 'de_DE', DE)).toBe('/komparator/monitore/12/7/3');
    expect(comparisonHref('monitors', [12], 'en_EN', DE)).toBe('/en/comparator/monitors/12');
  });
});
