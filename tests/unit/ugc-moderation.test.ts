/**
 * The text rules of user content (worker/domain/ugc/moderation.ts): normalisation, length
 * limits, every hold rule with what trips it and what does not, and the starting state.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldText, holdRules, initialState, lengthProblem, normaliseText, REPORTS_TO_HIDE, TEXT_LIMITS, type UgcTextKind } from '../../worker/domain/ugc/moderation';

describe('normaliseText', () => {
  it.each([
    ['  padded  ', 'padded'],
    ['e\u0301te\u0301', 'été'],
    ['one\r\ntwo\rthree', 'one\ntwo\nthree'],
    ['a\n\n\n\n\nb', 'a\n\nb'],
    ['tab\tkept', 'tab\tkept'],
    ['bell\u0007 and nul\u0000 and esc\u001b gone\u007f', 'bell and nul and esc gone'],
    ['\n\n  text  \n\n', 'text'],
  ])('%j → %j', (raw, stored) => {
    expect(normaliseText(raw)).toBe(stored);
  });

  it('is idempotent', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (raw) => normaliseText(normaliseText(raw)) === normaliseText(raw)));
  });
});

describe('lengthProblem', () => {
  const kinds = Object.keys(TEXT_LIMITS) as UgcTextKind[];
  it.each(kinds.flatMap((kind) => {
    const { min, max } = TEXT_LIMITS[kind];
    return [
      [kind, min - 1, 'tooShort'],
      [kind, min, null],
      [kind, max, null],
      [kind, max + 1, 'tooLong'],
    ] as const;
  }))('%s of %i characters → %s', (kind, length, problem) => {
    expect(lengthProblem('a'.repeat(length), kind)).toBe(problem);
  });

  it('counts characters, not UTF-16 units: emoji and accents count once', () => {
    const { min } = TEXT_LIMITS.reviewTitle;
    expect(lengthProblem('👍'.repeat(min), 'reviewTitle')).toBeNull();
    expect(lengthProblem('👍'.repeat(min - 1), 'reviewTitle')).toBe('tooShort');
    expect(lengthProblem('é'.repeat(TEXT_LIMITS.reviewBody.max), 'reviewBody')).toBeNull();
  });

  it('has the limits the forms announce', () => {
    expect(TEXT_LIMITS).toEqual({ reviewTitle: { min: 3, max: 120 }, reviewBody: { min: 20, max: 3000 }, question: { min: 10, max: 1000 }, answer: { min: 5, max: 2000 } });
  });
});

describe('holdRules', () => {
  it.each([
    // link
    ['See https://example.org/page for more', ['link']],
    ['Go to www.shop.example today', ['link']],
    ['Cheaper at ampora-rival.com', ['link']],
    ['Bought it at otra-tienda.es/oferta yesterday', ['link']],
    // contact
    ['Write to me: jane.doe@correo.eu', ['contact']],
    // An address on a domain the link rule knows is a link as well.
    ['Write to me: jane.doe@example.org', ['link', 'contact']],
    ['Call me at 612 345 678 if you want it', ['contact']],
    ['My number: +34-612-34-56-78', ['contact']],
    // markup
    ['Nice <script>alert(1)</script>', ['markup']],
    ['<b>bold</b> claims', ['markup']],
    ['click javascript:alert(1)', ['markup']],
    ['an image onerror = steal()', ['markup']],
    // shouting
    ['THIS IS THE WORST PRODUCT EVER MADE', ['shouting']],
    // repetition
    ['Sooooooooo good', ['repetition']],
    ['Great!!!!!!!!', ['repetition']],
    // blocked words, whatever the case and accents
    ['This is a piece of SHIT honestly', ['blocked-word']],
    ['Menudo imbécil el vendedor', ['blocked-word']],
    ['Was für ein Arschloch-Produkt', ['blocked-word']],
    // several, in the fixed order
    ['VISIT WWW.CHEAP.EXAMPLE NOW OR CALL 612345678!!!!!!!!', ['link', 'contact', 'shouting', 'repetition']],
  ] as const)('%j → %j', (text, rules) => {
    expect(holdRules(text)).toEqual(rules);
  });

  it.each([
    'A clean review: works well, arrived on time and the battery lasts 2 days.',
    // A short acronym or two is not shouting; fewer than 20 letters never is.
    'The USB-C port and the LED are great',
    'OK GREAT',
    // Seven in a row is enthusiasm, not repetition.
    'Goooooood',
    // A number that is not a phone: 8 digits, a price, a model.
    'Model 12345678 costs 19.99 €',
    // "a < b" is not markup; a dot between words is not a link.
    'Size 3 < size 4, as expected. Battery.Life is fine',
    // Blocked words only as whole words (shiitake, Scunthorpe-style false hits).
    'Cooked shiitake and the class assessment went well',
  ])('%j is clean', (text) => {
    expect(holdRules(text)).toEqual([]);
  });

  it('folds case, accents and punctuation before matching words', () => {
    expect(foldText('¡Coño, QUÉ bien!').trim().split(/\s+/)).toEqual(['cono', 'que', 'bien']);
    expect(foldText('x')).toBe(' x ');
  });
});

describe('initialState', () => {
  it.each([
    [['Great title', 'A clean body of text that says enough.'], true, { state: 'OK', rules: [] }],
    [['Great title', 'A clean body of text that says enough.'], false, { state: 'PENDING_REVIEW', rules: [] }],
    [['Great title', 'Go to www.example.org now'], true, { state: 'PENDING_REVIEW', rules: ['link'] }],
    // The same rule tripped by two texts is named once; rules of both texts in order of appearance.
    [['www.a.example', 'www.b.example and me@example.org'], true, { state: 'PENDING_REVIEW', rules: ['link', 'contact'] }],
    [[], true, { state: 'OK', rules: [] }],
  ] as const)('%j (may publish: %s) → %j', (texts, mayPublish, expected) => {
    expect(initialState(texts, mayPublish)).toEqual(expected);
  });

  it('never publishes text that trips a rule, whoever writes it', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), fc.boolean(), (text, mayPublish) => {
        const { state, rules } = initialState([text], mayPublish);
        expect(state === 'OK').toBe(mayPublish && holdRules(text).length === 0);
        expect(rules).toEqual(holdRules(text));
      }),
    );
  });

  it('hides published content after three reports', () => {
    expect(REPORTS_TO_HIDE).toBe(3);
  });
});
