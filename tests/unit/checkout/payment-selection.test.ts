// Payment and stored-card selection on the summary step (spec §4).
import { describe, expect, it } from 'vitest';
import {
  chooseMethod,
  chooseStoredCard,
  isCardExpired,
  removeStoredCard,
  selectPaymentOnLoad,
  sortStoredCards,
  type PaymentSelection,
  type StoredCardRef,
} from '../../../worker/domain/checkout/payment-selection';

const NOW = new Date('2026-03-15T12:00:00Z');

const card = (id: string, month: number, year: number, expired = false): StoredCardRef => ({ id, expired, expirationDate: { month, year } });

describe('selectPaymentOnLoad', () => {
  it.each<[string, string | null, string[], string | null]>([
    ['keeps the current choice while offered', 'paypal', ['adyen', 'tarjeta', 'paypal'], 'paypal'],
    ['keeps a current card redirect over the card provider', 'tarjeta', ['adyen', 'tarjeta'], 'tarjeta'],
    ['only free offered: free', null, ['free'], 'free'],
    ['only free offered replaces a current paid choice', 'paypal', ['free'], 'free'],
    ['free stays free when still alone', 'free', ['free'], 'free'],
    ['no choice: card provider first', null, ['paypal', 'tarjeta', 'adyen'], 'adyen'],
    ['no choice, no card provider: card redirect', null, ['paypal', 'tarjeta'], 'tarjeta'],
    ['no choice, no card methods: first available', null, ['transferencia', 'paypal'], 'transferencia'],
    ['current no longer offered: preference', 'bizum', ['paypal', 'adyen'], 'adyen'],
    ['free chosen, others appear: card provider', 'free', ['adyen', 'paypal'], 'adyen'],
    ['free chosen, others appear: card redirect', 'free', ['paypal', 'tarjeta'], 'tarjeta'],
    ['free chosen, others appear, free still listed: first paid', 'free', ['free', 'paypal', 'bizum'], 'paypal'],
    ['first available skips free when others exist', null, ['free', 'transferencia'], 'transferencia'],
    ['nothing offered', 'paypal', [], null],
    ['nothing offered, nothing chosen', null, [], null],
  ])('%s', (_, current, available, expected) => {
    expect(selectPaymentOnLoad(current, available)).toBe(expected);
  });
});

describe('chooseStoredCard / chooseMethod', () => {
  const base: PaymentSelection & { other: string } = { paymentMethodSelected: 'paypal', selectedStoredCard: null, other: 'kept' };

  it('choosing a stored card sets the card provider', () => {
    expect(chooseStoredCard(base, 'c1')).toEqual({ paymentMethodSelected: 'adyen', selectedStoredCard: 'c1', other: 'kept' });
  });

  it.each<[string, string, PaymentSelection]>([
    ['another method clears the stored card', 'paypal', { paymentMethodSelected: 'paypal', selectedStoredCard: null }],
    ['the card redirect clears the stored card', 'tarjeta', { paymentMethodSelected: 'tarjeta', selectedStoredCard: null }],
    ['the card provider keeps the stored card', 'adyen', { paymentMethodSelected: 'adyen', selectedStoredCard: 'c1' }],
  ])('%s', (_, slug, expected) => {
    const withCard = chooseStoredCard(base, 'c1');
    expect(chooseMethod(withCard, slug)).toEqual({ ...expected, other: 'kept' });
  });

  it('does not modify the state it is given', () => {
    const state: PaymentSelection = { paymentMethodSelected: 'adyen', selectedStoredCard: 'c1' };
    chooseMethod(state, 'paypal');
    chooseStoredCard(state, 'c2');
    expect(state).toEqual({ paymentMethodSelected: 'adyen', selectedStoredCard: 'c1' });
  });
});

describe('removeStoredCard', () => {
  const cards = [card('a', 1, 2027), card('b', 2, 2028), card('c', 1, 2020)];
  const selected = (id: string | null): PaymentSelection => ({ paymentMethodSelected: 'adyen', selectedStoredCard: id });

  it.each<[string, StoredCardRef[], string | null, string, PaymentSelection, string[]]>([
    ['removing the selected card selects the first remaining', cards, 'a', 'a', selected('b'), ['b', 'c']],
    ['removing another card keeps the selection', cards, 'b', 'a', selected('b'), ['b', 'c']],
    ['removing a card when none is selected', cards, null, 'a', selected(null), ['b', 'c']],
    ['removing the last selected card leaves none', [card('a', 1, 2027)], 'a', 'a', selected(null), []],
    ['an expired remaining card is not selected', [card('a', 1, 2027), card('c', 1, 2020)], 'a', 'a', selected(null), ['c']],
    ['a card flagged expired is skipped', [card('a', 1, 2027), card('x', 1, 2030, true), card('b', 2, 2028)], 'a', 'a', selected('b'), ['x', 'b']],
    ['an unknown id changes nothing', cards, 'a', 'zz', selected('a'), ['a', 'b', 'c']],
  ])('%s', (_, list, current, removed, expectedState, expectedIds) => {
    const result = removeStoredCard(selected(current), list, removed, NOW);
    expect(result.state).toEqual(expectedState);
    expect(result.cards.map((c) => c.id)).toEqual(expectedIds);
  });

  it('selecting the next card also sets the card provider', () => {
    const state: PaymentSelection = { paymentMethodSelected: 'paypal', selectedStoredCard: 'a' };
    expect(removeStoredCard(state, cards, 'a', NOW).state).toEqual({ paymentMethodSelected: 'adyen', selectedStoredCard: 'b' });
  });
});

describe('isCardExpired', () => {
  it.each<[string, StoredCardRef, boolean]>([
    ['expiring this month still pays', card('a', 3, 2026), false],
    ['expired last month', card('a', 2, 2026), true],
    ['next month', card('a', 4, 2026), false],
    ['December of last year', card('a', 12, 2025), true],
    ['January of next year', card('a', 1, 2027), false],
    ['two-digit year 26, this month', card('a', 3, 26), false],
    ['two-digit year 25', card('a', 12, 25), true],
    ['flagged expired by the server', card('a', 1, 2030, true), true],
  ])('%s', (_, stored, expected) => {
    expect(isCardExpired(stored, NOW)).toBe(expected);
  });

  it('uses the UTC month', () => {
    expect(isCardExpired(card('a', 3, 2026), new Date('2026-03-31T23:59:59Z'))).toBe(false);
    expect(isCardExpired(card('a', 3, 2026), new Date('2026-04-01T00:00:00Z'))).toBe(true);
  });
});

describe('sortStoredCards', () => {
  it.each<[string, StoredCardRef[] | null | undefined, string[]]>([
    ['non-expired first, each group in server order', [card('old1', 1, 2020), card('ok1', 1, 2030), card('flag', 1, 2030, true), card('ok2', 6, 2027), card('old2', 2, 2026)], ['ok1', 'ok2', 'old1', 'flag', 'old2']],
    ['all valid keeps the order', [card('b', 1, 2030), card('a', 1, 2029)], ['b', 'a']],
    ['empty list', [], []],
    ['failed load (null) is empty', null, []],
    ['failed load (undefined) is empty', undefined, []],
  ])('%s', (_, cards, expected) => {
    expect(sortStoredCards(cards, NOW).map((c) => c.id)).toEqual(expected);
  });

  it('keeps extra card fields and does not modify the input', () => {
    const input = [{ ...card('old', 1, 2020), lastFourDigits: '1111' }, { ...card('ok', 1, 2030), lastFourDigits: '2222' }];
    const sorted = sortStoredCards(input, NOW);
    expect(sorted.map((c) => c.lastFourDigits)).toEqual(['2222', '1111']);
    expect(input.map((c) => c.id)).toEqual(['old', 'ok']);
  });
});
