// The listing query string (spec §7) ⇄ ListingQuery: parsing table, round trip, junk input.
import { describe, expect, it } from 'vitest';
import type { ListingQuery } from '../../client/types';
import {
  DEFAULT_PAGE_SIZE,
  MAX_FILTER_VALUES,
  activeFilterKeys,
  eurosToCents,
  listingSearchParams,
  parseListingQuery,
  toggleFilter,
  withPage,
  withRange,
} from '../../worker/domain/catalogue/listing-query';

const parse = (qs: string, defaults?: Parameters<typeof parseListingQuery>[1]) => parseListingQuery(new URLSearchParams(qs), defaults);
const EMPTY: ListingQuery = { sort: 'relevance', page: 1, pageSize: DEFAULT_PAGE_SIZE, query: '', filters: {}, ranges: {} };

describe('parseListingQuery', () => {
  it('gives the defaults of spec §9 for an empty query string', () => {
    expect(parse('')).toEqual(EMPTY);
    expect(parse('', { sort: 'new', pageSize: 15 })).toEqual({ ...EMPTY, sort: 'new', pageSize: 15 });
  });

  it.each([
    ['sort=price-asc', { sort: 'price-asc' }],
    ['sort=new', { sort: 'new' }],
    ['sort=cheapest', { sort: 'relevance' }],
    ['sort=', { sort: 'relevance' }],
    ['page=3', { page: 3 }],
    ['page=0', { page: 1 }],
    ['page=-4', { page: 1 }],
    ['page=99999', { page: 1000 }],
    ['page=2.5', { page: 1 }],
    ['page=abc', { page: 1 }],
    ['pageSize=15', { pageSize: 15 }],
    ['pageSize=100', { pageSize: 100 }],
    ['pageSize=101', { pageSize: 40 }],
    ['pageSize=0', { pageSize: 40 }],
    ['pageSize=ten', { pageSize: 40 }],
    ['query=%20%20port%C3%A1til%20%20%20lenovo%20', { query: 'portátil lenovo' }],
  ] as const)('%s', (qs, expected) => {
    expect(parse(qs)).toEqual({ ...EMPTY, ...expected });
  });

  it('splits filter values on commas, trims, de-duplicates and merges repeated keys', () => {
    expect(parse('brand=Lenovo,%20hp,,lenovo&brand=asus').filters).toEqual({ brand: ['lenovo', 'hp', 'asus'] });
  });

  it('keeps only the values each filter key takes, in canonical spelling', () => {
    const q = parse('seller=own,shop,Marketplace&condition=new,reaconditioned-b,used&availability=in-stock,soon,never&rating=4,2,9');
    expect(q.filters).toEqual({
      seller: ['own', 'marketplace'],
      condition: ['new', 'Reaconditioned-B'],
      availability: ['in-stock', 'soon'],
      rating: ['4'],
    });
  });

  it('takes attribute filters as attr.<name> with values as written in the specs', () => {
    expect(parse('attr.ram=16%20GB,32%20GB&attr.screen=15.6%22').filters).toEqual({ 'attr.ram': ['16 GB', '32 GB'], 'attr.screen': ['15.6"'] });
  });

  it('drops unknown keys, bad brand slugs, bad attribute names and empty filters', () => {
    expect(parse('colour=red&brand=%3Cscript%3E&attr.=x&attr.Bad%20Name=1&condition=&analytics=1&channel=ES').filters).toEqual({});
  });

  it(`keeps at most ${MAX_FILTER_VALUES} values per filter`, () => {
    const many = Array.from({ length: 30 }, (_, i) => `brand-${i}`).join(',');
    expect(parse(`brand=${many}`).filters.brand).toHaveLength(MAX_FILTER_VALUES);
  });

  it.each([
    ['price_from=100&price_to=250.5', { price: { from: 100, to: 250.5 } }],
    ['price_from=49,90', { price: { from: 49.9 } }],
    ['price_to=0', { price: { to: 0 } }],
    ['price_from=300&price_to=100', { price: { from: 100, to: 300 } }],
    ['price_from=-5&price_to=abc', {}],
    ['price_from=1.999', {}],
    ['price_from=1e3', {}],
    ['weight_from=3', {}],
  ] as const)('ranges: %s', (qs, ranges) => {
    expect(parse(qs).ranges).toEqual(ranges);
  });

  it('survives junk of every kind', () => {
    const junk = 'sort[]=x&page=%00&pageSize=-1&query=' + 'x'.repeat(500) + '&price_from=%FF&brand=' + ','.repeat(50) + '&&=&=%20';
    const q = parse(junk);
    expect(q).toMatchObject({ sort: 'relevance', page: 1, pageSize: 40, filters: {}, ranges: {} });
    expect(q.query.length).toBeLessThanOrEqual(100);
  });
});

describe('listingSearchParams', () => {
  const full: ListingQuery = {
    sort: 'price-desc',
    page: 3,
    pageSize: 15,
    query: 'portátil gaming',
    filters: { brand: ['lenovo', 'hp'], 'attr.ram': ['16 GB'], rating: ['4'] },
    ranges: { price: { from: 300, to: 999.99 } },
  };

  it('leaves the defaults out', () => {
    expect(listingSearchParams(EMPTY).toString()).toBe('');
    expect(listingSearchParams({ ...EMPTY, sort: 'new' }, { sort: 'new' }).toString()).toBe('');
  });

  it('writes filters as comma lists and ranges as _from / _to', () => {
    expect(Object.fromEntries(listingSearchParams(full))).toEqual({
      query: 'portátil gaming',
      'attr.ram': '16 GB',
      brand: 'lenovo,hp',
      rating: '4',
      price_from: '300',
      price_to: '999.99',
      sort: 'price-desc',
      pageSize: '15',
      page: '3',
    });
  });

  it.each([EMPTY, full, { ...EMPTY, ranges: { price: { to: 50 } } }, { ...EMPTY, filters: { condition: ['Reaconditioned-A'], seller: ['own'] } }])('round-trips %#', (query) => {
    expect(parseListingQuery(new URLSearchParams(listingSearchParams(query).toString()))).toEqual(query);
  });
});

describe('link helpers', () => {
  const base: ListingQuery = { ...EMPTY, page: 4, filters: { brand: ['lenovo'] } };

  it('toggleFilter adds and removes a value and goes back to page 1', () => {
    expect(toggleFilter(base, 'brand', 'hp')).toMatchObject({ page: 1, filters: { brand: ['lenovo', 'hp'] } });
    expect(toggleFilter(base, 'brand', 'lenovo')).toMatchObject({ page: 1, filters: {} });
    expect(toggleFilter(base, 'seller', 'own').filters).toEqual({ brand: ['lenovo'], seller: ['own'] });
    expect(base.filters).toEqual({ brand: ['lenovo'] });
  });

  it('toggleFilter replaces the minimum rating instead of adding one', () => {
    const rated = toggleFilter(base, 'rating', '4');
    expect(toggleFilter(rated, 'rating', '3').filters.rating).toEqual(['3']);
    expect(toggleFilter(rated, 'rating', '4').filters.rating).toBeUndefined();
  });

  it('withPage clamps to 1…1000', () => {
    expect(withPage(base, 7).page).toBe(7);
    expect(withPage(base, 0).page).toBe(1);
    expect(withPage(base, 5000).page).toBe(1000);
    expect(withPage(base, Number.NaN).page).toBe(1);
  });

  it('withRange sets and clears a range on page 1', () => {
    expect(withRange(base, 'price', { from: 10 })).toMatchObject({ page: 1, ranges: { price: { from: 10 } } });
    expect(withRange({ ...base, ranges: { price: { from: 10 } } }, 'price', {}).ranges).toEqual({});
  });

  it('lists the active filter keys and converts euros to cents', () => {
    expect(activeFilterKeys({ ...base, ranges: { price: { to: 5 } } })).toEqual(['brand', 'price']);
    expect(eurosToCents(999.99)).toBe(99999);
    expect(eurosToCents(0.1 + 0.2)).toBe(30);
  });
});
