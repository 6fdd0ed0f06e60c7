import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { passwordProblem } from '../../../worker/domain/identity/password-rules';
import { COMMON_PASSWORDS_TEXT } from '../../../worker/identity/common-passwords';
import { PASSWORD_MIN_LENGTH } from '../../../worker/identity/password';

const EMAIL = 'Ana.Garcia@example.com';

describe('passwordProblem (NIST SP 800-63B blocklist)', () => {
  it.each([
    ['12345678', 'common'],
    ['password', 'common'],
    ['PASSWORD', 'common'],
    [' Password1 ', 'common'],
    ['qwertyuiop', 'common'],
    ['contraseña', 'common'],
    ['motdepasse', 'common'],
    ['passwort', 'common'],
    ['        ', 'trivial'],
    ['\t\t\t\t\t\t\t\t', 'trivial'],
    ['aaaaaaaa', 'trivial'],
    ['ÑÑÑÑÑÑÑÑ', 'trivial'],
    ['x1x1x1x1x1', 'trivial'],
    ['wxyzwxyz', 'trivial'],
    ['ana.garcia@example.com', 'personal'],
    ['ANA.GARCIA', 'personal'],
    ['anagarcia', 'personal'],
    ['ana_garcia!', 'personal'],
    ['anagarcia1990', 'personal'],
    ['ampora2026', 'personal'],
    ['Ampora-2026!', 'personal'],
  ] as const)('refuses %j (%s)', (password, problem) => {
    expect(passwordProblem(password, EMAIL)).toBe(problem);
  });

  it.each(['correct horse battery', 'ampora-demo-1', 'Tres tristes tigres', 'garcía 1990 Málaga', 'zq8#Lm2!vR'])('accepts %j', (password) => {
    expect(passwordProblem(password, EMAIL)).toBeNull();
  });

  it('bundles about ten thousand distinct, lower-cased entries of the minimum length or more', () => {
    const entries = COMMON_PASSWORDS_TEXT.split('\n');
    expect(entries.length).toBeGreaterThanOrEqual(9_000);
    expect(new Set(entries).size).toBe(entries.length);
    expect(entries.every((entry) => entry === entry.toLowerCase() && [...entry].length >= PASSWORD_MIN_LENGTH)).toBe(true);
  });

  it('refuses every listed password, whatever its case', () => {
    const entries = COMMON_PASSWORDS_TEXT.split('\n');
    fc.assert(
      fc.property(fc.constantFrom(...entries), fc.boolean(), (entry, upper) => {
        expect(passwordProblem(upper ? entry.toUpperCase() : entry, 'someone@example.org')).not.toBeNull();
      }),
      { numRuns: 500 },
    );
  });

  it('refuses a Greek capital sigma repeated, whose last one lower-cases differently (ς)', () => {
    expect('ΣΣΣΣΣΣΣΣ'.toLowerCase()).toBe('σσσσσσσς');
    expect(passwordProblem('ΣΣΣΣΣΣΣΣ', 'someone@example.org')).toBe('trivial');
    expect(passwordProblem('σσσσσσσς', 'someone@example.org')).toBe('trivial');
  });

  it('refuses any character (grapheme) repeated', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 1, unit: 'grapheme' }), fc.integer({ min: 8, max: 64 }), (char, times) => {
        expect(passwordProblem(char.repeat(times), 'someone@example.org')).not.toBeNull();
      }),
    );
  });
});
