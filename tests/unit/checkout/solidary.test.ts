import { describe, expect, it } from 'vitest';
import { solidaryAvailable, solidaryChoice } from '../../../worker/domain/checkout/solidary';

describe('solidary amount (spec §3, §4)', () => {
  it.each([
    [{ amount: 100 }, 'ES', true],
    [{ amount: 100 }, 'PT', false],
    [{ amount: 100 }, null, false],
    [undefined, 'ES', false],
    [{ amount: 0 }, 'ES', false],
  ] as const)('article %j, invoice to %s → offered %s', (article, country, offered) => {
    expect(solidaryAvailable(article, country)).toBe(offered);
  });

  it('clears the choice when the option is gone', () => {
    expect(solidaryChoice(true, true)).toBe(true);
    expect(solidaryChoice(true, false)).toBe(false);
    expect(solidaryChoice(false, true)).toBe(false);
  });
});
