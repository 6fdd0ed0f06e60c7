import { describe, expect, it } from 'vitest';
import { brandInitial, groupBrandsByInitial, type BrandIndexEntry } from '../../../worker/domain/catalogue/brand-index';

const brand = (id: number, name: string, productCount = 1): BrandIndexEntry => ({ id, name, slug: name.toLowerCase(), productCount });

describe('brandInitial', () => {
  it.each([
    ['Acer', 'A'],
    ['be quiet!', 'B'],
    ['iRobot', 'I'],
    ['Österreich Audio', 'O'],
    ['Élan', 'E'],
    ['8BitDo', '0–9'],
    ['3M', '0–9'],
    ['(Other)', '#'],
    ['  Zotac', 'Z'],
    ['Ñandú', 'N'],
  ])('%s → %s', (name, initial) => {
    expect(brandInitial(name)).toBe(initial);
  });
});

describe('groupBrandsByInitial', () => {
  const brands = [brand(1, 'Zotac'), brand(2, 'acer'), brand(3, 'ASUS'), brand(4, '8BitDo'), brand(5, 'Äpfel'), brand(6, '@home'), brand(7, 'be quiet!'), brand(8, 'Beko')];

  it('puts digits first, then letters in order, then everything else', () => {
    expect(groupBrandsByInitial(brands, 'en-GB').map((g) => g.label)).toEqual(['0–9', 'A', 'B', 'Z', '#']);
  });

  it('sorts inside a group ignoring case and accents, in the language given', () => {
    const a = groupBrandsByInitial(brands, 'de-DE').find((g) => g.label === 'A')!;
    expect(a.brands.map((b) => b.name)).toEqual(['acer', 'Äpfel', 'ASUS']);
    const b = groupBrandsByInitial(brands, 'es-ES').find((g) => g.label === 'B')!;
    expect(b.brands.map((x) => x.name)).toEqual(['be quiet!', 'Beko']);
  });

  it('gives each group a fragment id that is a valid, unique anchor', () => {
    const anchors = groupBrandsByInitial(brands, 'en-GB').map((g) => g.anchor);
    expect(anchors).toEqual(['brands-0-9', 'brands-a', 'brands-b', 'brands-z', 'brands-other']);
  });

  it('keeps every brand exactly once and does not change its input', () => {
    const before = brands.map((b) => b.id);
    const groups = groupBrandsByInitial(brands, 'fr-FR');
    expect(groups.flatMap((g) => g.brands.map((b) => b.id)).sort()).toEqual([...before].sort());
    expect(brands.map((b) => b.id)).toEqual(before);
    expect(groupBrandsByInitial([], 'fr-FR')).toEqual([]);
  });
});
