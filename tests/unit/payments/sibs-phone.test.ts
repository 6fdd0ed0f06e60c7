/** MB WAY phones (worker/payments/sibs/phone.ts) and the start field that checks them (worker/payments/start-fields.ts). */
import { describe, expect, it } from 'vitest';
import { mbwayAlias, portugueseMobile } from '../../../worker/payments/sibs/phone';
import { startFieldsSchema } from '../../../worker/payments/start-fields';

describe('MB WAY phone', () => {
  it.each([
    ['912345678', '912345678'],
    ['912 345 678', '912345678'],
    ['+351 912 345 678', '912345678'],
    ['00351912345678', '912345678'],
    ['(+351) 96-123-4567', '961234567'],
    ['931234567', '931234567'],
    ['921234567', '921234567'],
  ])('reads %s as %s', (typed, digits) => {
    expect(portugueseMobile(typed)).toBe(digits);
  });

  it.each(['212345678', '941234567', '91234567', '9123456789', '+34 612 345 678', '351912345678x', '', 'nove um dois'])('refuses %s', (typed) => {
    expect(portugueseMobile(typed)).toBeUndefined();
  });

  it('sends SIBS the alias "351#" and the nine digits', () => {
    expect(mbwayAlias('912345678')).toBe('351#912345678');
  });

  it('the mbway start field keeps the nine digits and refuses anything else or more', () => {
    const schema = startFieldsSchema('mbway');
    expect(schema.parse({ phone: '+351 912 345 678' })).toEqual({ phone: '912345678' });
    expect(schema.safeParse({ phone: '612345678' }).success).toBe(false);
    expect(schema.safeParse({}).success).toBe(false);
    expect(schema.safeParse({ phone: '912345678', extra: 1 }).success).toBe(false);
    expect(startFieldsSchema('multibanco').safeParse({ phone: '912345678' }).success).toBe(false);
  });
});
