import { describe, expect, it } from 'vitest';
import { alertFor } from '../../../worker/domain/checkout/alerts';
import { betterOffer, offerMatchErrors, type ArticleOffer, type OfferMatchLine } from '../../../worker/domain/checkout/offer-match';

const MARKETPLACE_SHOP = 12;

/** A line of article 7 bought from marketplace shop 12 at 100.00 €, new. */
const line = (over: Partial<OfferMatchLine> = {}): OfferMatchLine => ({
  idArticle: 7,
  name: 'Monitor 27"',
  unitPrice: 10_000,
  condition: 'new',
  seller: { id: MARKETPLACE_SHOP, kind: 'marketplace' },
  service: null,
  ...over,
});

const offer = (idOffer: number, shopId: number, price: number, condition = 'new'): ArticleOffer => ({ idOffer, shopId, shopName: `Shop ${shopId}`, price, condition, availabilityCode: 0 });

const OWN_CHEAPER = offer(1, 0, 9_500);
const OTHER_CHEAPER = offer(2, 20, 9_900);
const THE_LINE_ITSELF = offer(3, MARKETPLACE_SHOP, 10_000);

describe('a better offer for a marketplace line (1147)', () => {
  it.each<[string, OfferMatchLine, ArticleOffer[], ArticleOffer | null]>([
    ['another marketplace seller, cheaper, same condition', line(), [THE_LINE_ITSELF, OTHER_CHEAPER], OTHER_CHEAPER],
    ['our own offer counts as another seller', line(), [OWN_CHEAPER, THE_LINE_ITSELF], OWN_CHEAPER],
    ['the cheapest of several', line(), [OTHER_CHEAPER, OWN_CHEAPER, THE_LINE_ITSELF], OWN_CHEAPER],
    ['equal prices go to the lower offer id', line(), [offer(9, 30, 9_000), offer(8, 31, 9_000)], offer(8, 31, 9_000)],
    ['a tie is not a better offer', line(), [offer(4, 20, 10_000)], null],
    ['one cent cheaper is', line(), [offer(4, 20, 9_999)], offer(4, 20, 9_999)],
    ['a dearer offer is not', line(), [offer(4, 20, 10_001)], null],
    ['another condition never matches', line(), [offer(4, 20, 5_000, 'Reaconditioned-A')], null],
    ['a refurbished line matches its own condition only', line({ condition: 'Reaconditioned-B' }), [offer(4, 20, 5_000, 'Reaconditioned-A'), offer(5, 21, 9_000, 'Reaconditioned-B'), offer(6, 22, 8_000, 'new')], offer(5, 21, 9_000, 'Reaconditioned-B')],
    ['the same seller never matches itself', line(), [offer(4, MARKETPLACE_SHOP, 5_000, 'new')], null],
    ['our own line never matches', line({ seller: { id: 0, kind: 'own' } }), [OTHER_CHEAPER], null],
    ['a dropshipping line never matches', line({ seller: { id: 40, kind: 'dropshipping' } }), [OWN_CHEAPER], null],
    ['a service line never matches', line({ service: { kind: 'insurance', id: 1 } }), [OWN_CHEAPER], null],
    ['no other offer', line(), [THE_LINE_ITSELF], null],
    ['no offer at all', line(), [], null],
  ])('%s', (_label, cartLine, offers, expected) => {
    expect(betterOffer(cartLine, offers)).toEqual(expected);
  });
});

describe('the 1147 critical errors of a cart', () => {
  it('gives one per matching line, in cart order, with the article name, using each article’s offers', () => {
    const lines = [
      line({ idArticle: 7, name: 'Monitor 27"' }),
      line({ idArticle: 8, name: 'Keyboard' }),
      line({ idArticle: 9, name: 'Mouse', seller: { id: 0, kind: 'own' } }),
      line({ idArticle: 10, name: 'Headset' }),
    ];
    const offers = new Map<number, ArticleOffer[]>([
      [7, [OWN_CHEAPER]],
      [8, [offer(20, 20, 10_000)]],
      [9, [offer(30, 20, 1)]],
      [10, [OTHER_CHEAPER]],
    ]);
    expect(offerMatchErrors(lines, offers)).toEqual([
      { code: 1147, articleName: 'Monitor 27"' },
      { code: 1147, articleName: 'Headset' },
    ]);
    expect(offerMatchErrors([...lines].reverse(), offers).map((e) => e.articleName)).toEqual(['Headset', 'Monitor 27"']);
    // An article whose offers were not read has no better offer.
    expect(offerMatchErrors([line({ idArticle: 99 })], offers)).toEqual([]);
    expect(offerMatchErrors([], offers)).toEqual([]);
  });

  it('is a warning that never blocks the next step', () => {
    expect(alertFor(1147)).toMatchObject({ kind: 'marketplaceOfferMatch', type: 'warning', blocksNextStep: false });
  });
});
