import { describe, expect, it } from 'vitest';
import { CARD_PROVIDER_METHODS, initialState, isPlaceableMethod } from '../../../worker/domain/orders/state-machine';

describe('placing with the card provider', () => {
  it.each(CARD_PROVIDER_METHODS)('%s orders wait for the payment', (method) => {
    expect(isPlaceableMethod(method)).toBe(true);
    expect(initialState(method)).toBe('awaiting_payment');
  });

  it('other gateways cannot be placed yet; the offline methods keep their first state', () => {
    for (const method of ['paypal', 'bizum', 'aplazame', 'inespay']) expect(isPlaceableMethod(method)).toBe(false);
    expect(initialState('transferencia')).toBe('awaiting_payment');
    expect(initialState('contrareembolso')).toBe('confirmed');
  });
});
