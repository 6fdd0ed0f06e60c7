import { describe, expect, it } from 'vitest';
import { GATEWAY_METHODS, initialState, isPlaceableMethod } from '../../../worker/domain/orders/state-machine';
import { PAYMENT_METHODS } from '../../../worker/domain/checkout/payments';

describe('placing with a payment gateway', () => {
  it.each(GATEWAY_METHODS)('%s orders wait for the payment', (method) => {
    expect(isPlaceableMethod(method)).toBe(true);
    expect(initialState(method)).toBe('awaiting_payment');
  });

  it('every method of the catalogue can be placed; the offline methods keep their first state', () => {
    for (const method of PAYMENT_METHODS) expect(isPlaceableMethod(method.slug)).toBe(true);
    expect(isPlaceableMethod('cheque')).toBe(false);
    expect(initialState('transferencia')).toBe('awaiting_payment');
    expect(initialState('contrareembolso')).toBe('confirmed');
    expect(initialState('free')).toBe('confirmed');
  });

  it('every method with a gateway in the catalogue is a gateway method', () => {
    const withGateway = PAYMENT_METHODS.filter((m) => m.needsGateway).map((m) => m.slug).sort();
    expect([...GATEWAY_METHODS].sort()).toEqual(withGateway);
  });
});
