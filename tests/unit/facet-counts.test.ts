// Disjunctive seller / availability / condition / rating facets from combo counts, and the
// text side of search: word folding, MATCH expressions, edit distance, bigrams, the vocabulary's corrections.
import { describe, expect, it } from 'vitest';
import { articleName } from '../../scripts/seed/article-texts';
import { articleAt } from '../../scripts/seed/articles';
import { mulberry32 } from '../../scripts/seed/random';
import { availabilityGroupOf, parseCombo, smallFacetCounts, type ComboCount } from '../../worker/domain/catalogue/facet-counts';
import { allowedEdits, bigrams, editDistance, matchExpression, searchWords, Vocabulary } from '../../worker/db/search';

/** The combo integer the refresh SQL (comboSql) computes. */
const pack = (kinds: number, code: number, rating: number, condition: number) => kinds + 8 * (code + 10_000 * (rating + 11 * condition));

describe('parseCombo', () => {
  it.each([
    [1, 0, 10, 0, 'new'],
    [7, 9999, 0, 3, 'Reaconditioned-C'],
    [2, 9876, 5, 1, 'Reaconditioned-A'],
    [4, 7, 1, 4, 'other'],
  ])('unpacks kinds %i, code %i, rating %i, condition %i', (kinds, code, rating, condition, name) => {
    expect(parseCombo(pack(kinds, code, rating, condition), 3)).toEqual({ sellerKinds: kinds, availabilityCode: code, ratingAverage: rating, condition: name, count: 3 });
  });
});

describe('availabilityGroupOf', () => {
  it.each([
    [0, 'in-stock'],
    [1, 'in-stock'],
    [2, 'soon'],
    [5, 'soon'],
    [6, 'out-of-stock'],
    [7, 'out-of-stock'],
    [9876, 'unavailable'],
    [9999, 'unavailable'],
    [8, undefined],
  ])('%i → %s', (code, group) => expect(availabilityGroupOf(code)).toBe(group));
});

describe('smallFacetCounts', () => {
  const combos: ComboCount[] = [
    { sellerKinds: 1, availabilityCode: 0, ratingAverage: 9, condition: 'new', count: 10 },
    { sellerKinds: 3, availabilityCode: 2, ratingAverage: 6, condition: 'new', count: 5 },
    { sellerKinds: 2, availabilityCode: 7, ratingAverage: 0, condition: 'Reaconditioned-B', count: 2 },
    { sellerKinds: 4, availabilityCode: 9876, ratingAverage: 4, condition: 'new', count: 1 },
  ];

  it('counts every facet and the total without filters; sellers overlap, ratings accumulate', () => {
    const counts = smallFacetCounts(combos, {});
    expect(counts.total).toBe(18);
    expect(counts.seller).toEqual({ own: 15, marketplace: 7, dropshipping: 1 });
    expect(counts.availability).toEqual({ 'in-stock': 10, soon: 5, 'out-of-stock': 2, unavailable: 1 });
    expect(counts.condition).toMatchObject({ new: 16, 'Reaconditioned-B': 2, 'Reaconditioned-A': 0 });
    expect(counts.rating).toEqual({ '5': 0, '4': 10, '3': 15, '2': 16, '1': 16 });
  });

  it('lets each facet ignore its own filter but apply the others', () => {
    const counts = smallFacetCounts(combos, { seller: ['marketplace'], rating: ['3'] });
    // Total: marketplace offers rated 3★+ → only the second combo.
    expect(counts.total).toBe(5);
    // Seller counts apply the rating filter only.
    expect(counts.seller).toEqual({ own: 15, marketplace: 5, dropshipping: 0 });
    // Rating counts apply the seller filter only.
    expect(counts.rating).toMatchObject({ '4': 0, '3': 5, '1': 5 });
    // Untouched facets apply both.
    expect(counts.availability).toEqual({ 'in-stock': 0, soon: 5, 'out-of-stock': 0, unavailable: 0 });
  });

  it('ORs the values within a filter', () => {
    expect(smallFacetCounts(combos, { availability: ['in-stock', 'unavailable'] }).total).toBe(11);
    expect(smallFacetCounts(combos, { condition: ['Reaconditioned-B', 'new'] }).total).toBe(18);
  });
});

describe('smallFacetCounts against its definition', () => {
  // The definition, one combo and one facet at a time: a facet counts the combos that pass every
  // filter but its own; the total, those that pass all four.
  const CONDITION_NAMES = ['new', 'Reaconditioned-A', 'Reaconditioned-B', 'Reaconditioned-C', 'other'];
  const passes = (c: ComboCount, key: string, values: readonly string[] | undefined): boolean => {
    if (!values || values.length === 0) return true;
    if (key === 'seller') return values.some((v) => (c.sellerKinds & ({ own: 1, marketplace: 2, dropshipping: 4 } as Record<string, number>)[v]!) !== 0);
    if (key === 'availability') return values.includes(availabilityGroupOf(c.availabilityCode) ?? '');
    if (key === 'condition') return values.includes(c.condition);
    return c.ratingAverage >= 2 * Number(values[0]);
  };
  const KEYS = ['seller', 'availability', 'condition', 'rating'];
  const sum = (combos: ComboCount[], filters: Record<string, string[]>, own: string | null, test: (c: ComboCount) => boolean) =>
    combos.filter((c) => KEYS.every((k) => k === own || passes(c, k, filters[k])) && test(c)).reduce((n, c) => n + c.count, 0);

  it('gives what the definition gives for random combos and filters', () => {
    let seed = 7;
    const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    const pickSome = <T,>(items: readonly T[]) => items.filter(() => random(3) === 0);
    for (let round = 0; round < 300; round++) {
      const combos = Array.from({ length: random(40) }, (): ComboCount => ({
        sellerKinds: 1 + random(7),
        availabilityCode: [0, 1, 2, 5, 6, 7, 8, 9876, 9999][random(9)]!,
        ratingAverage: random(11),
        condition: CONDITION_NAMES[random(5)]!,
        count: 1 + random(50),
      }));
      const filters: Record<string, string[]> = {};
      const sellers = pickSome(['own', 'marketplace', 'dropshipping']);
      if (sellers.length) filters.seller = sellers;
      const groups = pickSome(['in-stock', 'soon', 'out-of-stock', 'unavailable']);
      if (groups.length) filters.availability = groups;
      const conditions = pickSome(CONDITION_NAMES);
      if (conditions.length) filters.condition = conditions;
      if (random(2)) filters.rating = [String(1 + random(5))];
      const counts = smallFacetCounts(combos, filters);
      expect(counts.total).toBe(sum(combos, filters, null, () => true));
      for (const [kind, bit] of [['own', 1], ['marketplace', 2], ['dropshipping', 4]] as const) expect(counts.seller[kind]).toBe(sum(combos, filters, 'seller', (c) => (c.sellerKinds & bit) !== 0));
      for (const group of ['in-stock', 'soon', 'out-of-stock', 'unavailable'] as const) expect(counts.availability[group]).toBe(sum(combos, filters, 'availability', (c) => availabilityGroupOf(c.availabilityCode) === group));
      for (const condition of CONDITION_NAMES) expect(counts.condition[condition] ?? 0).toBe(sum(combos, filters, 'condition', (c) => c.condition === condition));
      for (const n of [5, 4, 3, 2, 1]) expect(counts.rating[String(n)]).toBe(sum(combos, filters, 'rating', (c) => c.ratingAverage >= 2 * n));
    }
  });
});

describe('search text', () => {
  it('folds words like the FTS tokenizer and keeps at most eight', () => {
    expect(searchWords('  Portátil  LENOVO i5-1334U, 15.6" ')).toEqual(['portatil', 'lenovo', 'i5', '1334u', '15', '6']);
    expect(searchWords('Größe Télé télé')).toEqual(['große', 'tele']);
    expect(searchWords('a b c d e f g h i j')).toHaveLength(8);
    expect(searchWords('"*()^:')).toEqual([]);
  });

  it('builds a prefix MATCH over the language name column, brand and reference', () => {
    expect(matchExpression('es_ES', ['portat', 'lenovo', '5'])).toBe('{name_es_ES brand reference} : ("portat"* AND "lenovo"* AND "5")');
  });

  it.each([
    ['lenvo', 'lenovo', 1],
    ['portatl', 'portatil', 1],
    ['lenovo', 'lenovo', 0],
    ['ryzne', 'ryzen', 1],
    ['protatill', 'portatil', 2],
    ['abcd', 'wxyz', 3],
  ])('edit distance %s → %s is %i (capped at max + 1)', (a, b, distance) => {
    expect(editDistance(a, b, 2)).toBe(distance);
  });

  it('allows 1 edit for 4–7 letters, 2 from 8, none for short words or words with digits', () => {
    expect(['lnv', 'lenv', 'lenovoo', 'ideapadd', 'rtx4060'].map(allowedEdits)).toEqual([0, 1, 1, 2, 0]);
  });

  it('pads bigrams', () => {
    expect(bigrams('lenvo')).toEqual(['^l', 'le', 'en', 'nv', 'vo', 'o$']);
  });

});

describe('Vocabulary', () => {
  const vocabulary = new Vocabulary([
    { term: 'portatil', docCount: 40 },
    { term: 'lenovo', docCount: 25 },
    { term: 'lenora', docCount: 1 },
    { term: 'raton', docCount: 12 },
    { term: 'ration', docCount: 3 },
    { term: 'ratio', docCount: 30 },
    { term: 'große', docCount: 2 },
    { term: 'monitor', docCount: 9 },
  ]);

  it('knows a word when some term starts with it, whatever the rows\' order', () => {
    expect(['port', 'portatil', 'len', 'lenov', 'große', 'monitor', 'ratio'].every((w) => vocabulary.knows(w))).toBe(true);
    expect(['portatl', 'lenovoo', 'a', 'zz', 'monitors', 'grosse'].some((w) => vocabulary.knows(w))).toBe(false);
    expect(new Vocabulary([]).knows('a')).toBe(false);
  });

  it('knows what only begins indexed words (a count of 0) and never corrects to it', () => {
    const withModels = new Vocabulary([{ term: 'boom', docCount: 3 }, { term: 'book', docCount: 0 }]);
    expect(withModels.knows('book')).toBe(true);
    expect(withModels.correct(['book'])).toBeUndefined();
    expect(withModels.closest('bool')).toBe('boom'); // book is as close, but no word of its own
    expect(new Vocabulary([{ term: 'book', docCount: 0 }]).closest('bool')).toBeUndefined();
  });

  it('corrects to the closest term within the allowed edits, ties going to the more common term', () => {
    expect(vocabulary.closest('lenvo')).toBe('lenovo'); // 1 edit: lenovo; lenora is 2 away
    expect(vocabulary.closest('protatill')).toBe('portatil'); // 9 letters: 2 edits allowed
    expect(vocabulary.closest('ratoin')).toBe('raton'); // raton (a letter less) and ration (a swap) are 1 away: raton is more common
    expect(vocabulary.closest('monitro')).toBe('monitor'); // a swap is 1 edit
    expect(vocabulary.closest('ratin')).toBe('ratio'); // raton, ration and ratio are 1 away: ratio is the most common
    expect(vocabulary.closest('zzzzzz')).toBeUndefined();
  });

  it('finds through its bigrams the term a scan of every term finds, for one-edit typos of catalogue words', () => {
    const random = mulberry32(7);
    const counts = new Map<string, number>();
    const context = { seed: 1, now: Math.floor(Date.UTC(2026, 10, 1) / 1000), articles: 3_000 };
    for (let id = 1; id <= 3_000; id++)
      for (const word of new Set(searchWords(articleName(articleAt(context, id), 'es_ES')))) if (!/\d/.test(word)) counts.set(word, (counts.get(word) ?? 0) + 1);
    const rows = [...counts].map(([term, docCount]) => ({ term, docCount }));
    const catalogue = new Vocabulary(rows);
    const scan = (word: string) => {
      const edits = allowedEdits(word);
      const found = rows.map((row) => ({ ...row, distance: editDistance(word, row.term, edits) })).filter((row) => row.distance <= edits);
      found.sort((a, b) => a.distance - b.distance || b.docCount - a.docCount || (a.term < b.term ? -1 : 1));
      return found[0]?.term;
    };
    const words = rows.map((row) => row.term).filter((term) => term.length >= 4 && term.length <= 7 && /^\p{L}+$/u.test(term));
    expect(words.length).toBeGreaterThan(50);
    let corrected = 0;
    for (let n = 0; n < 400; n++) {
      const word = words[Math.floor(random() * words.length)]!;
      const at = Math.floor(random() * word.length);
      const typo = [word.slice(0, at) + word.slice(at + 1), word.slice(0, at) + 'x' + word.slice(at + 1), word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2), word.slice(0, at) + 'e' + word.slice(at)][n % 4]!;
      if (allowedEdits(typo) === 0) continue;
      expect(catalogue.closest(typo), typo).toBe(scan(typo));
      if (catalogue.closest(typo) !== undefined) corrected++;
    }
    expect(corrected).toBeGreaterThan(300);
  });

  it('corrects only the words it does not know, never short words or words with digits', () => {
    expect(vocabulary.correct(['portatl', 'lenovo', 'i5'])).toEqual(['portatil', 'lenovo', 'i5']);
    expect(vocabulary.correct(['port', 'len'])).toBeUndefined(); // known prefixes
    expect(vocabulary.correct(['lnv', 'rtx4060', 'zzzzzz'])).toBeUndefined(); // too short, digits, nothing close
  });
});
