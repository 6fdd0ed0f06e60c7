// Sealed tokens (worker/identity/crypto.ts): what `seal` made opens to its text, every time, and
// nothing else opens, also after the genuine token was opened once (opened tokens are kept).
import { describe, expect, it } from 'vitest';
import { seal, unseal } from '../../../worker/identity/crypto';

const SECRET = 'a test secret of enough length for the key';

describe('seal and unseal', () => {
  it('opens a sealed text, again and again', async () => {
    const token = await seal(SECRET, 'cart-id', 'a.cart.123');
    expect(await unseal(SECRET, 'cart-id', token)).toBe('a.cart.123');
    expect(await unseal(SECRET, 'cart-id', token)).toBe('a.cart.123');
  });

  it('refuses an altered token, another secret and another purpose, even once the genuine token was opened', async () => {
    const token = await seal(SECRET, 'cart-id', 'a.cart.456');
    expect(await unseal(SECRET, 'cart-id', token)).toBe('a.cart.456');
    const altered = token.slice(0, 20) + (token[20] === 'A' ? 'B' : 'A') + token.slice(21);
    expect(await unseal(SECRET, 'cart-id', altered)).toBeUndefined();
    expect(await unseal(`${SECRET}!`, 'cart-id', token)).toBeUndefined();
    expect(await unseal(SECRET, 'known-device', token)).toBeUndefined();
    expect(await unseal(SECRET, 'cart-id', 'not base64!')).toBeUndefined();
  });
});
