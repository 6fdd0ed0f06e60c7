// Phone numbers: separators, international prefixes, trunk zeros and each country's numbering rules.
import { describe, expect, it } from 'vitest';
import { PHONE_PREFIXES, validatePhone, type PhoneReason } from '../../../worker/domain/identity/phone';
import { COUNTRIES } from '../../../scripts/seed/geo';

describe('PHONE_PREFIXES', () => {
  it('matches the prefixes of the seeded countries', () => {
    expect(Object.fromEntries(COUNTRIES.map((c) => [c.iso, c.phonePrefix]))).toEqual(PHONE_PREFIXES);
  });
});

describe('validatePhone', () => {
  it.each([
    // [country, raw, e164]
    ['ES', '612345678', '+34612345678'],
    ['ES', '612 34 56 78', '+34612345678'],
    ['ES', '+34 612 345 678', '+34612345678'],
    ['ES', '0034-612-345-678', '+34612345678'],
    ['ES', '(+34) 912.345.678', '+34912345678'],
    ['ES', '712345678', '+34712345678'],
    ['ES', '812345678', '+34812345678'],
    ['PT', '912 345 678', '+351912345678'],
    ['PT', '+351 212 345 678', '+351212345678'],
    ['PT', '00351912345678', '+351912345678'],
    ['FR', '06 12 34 56 78', '+33612345678'],
    ['FR', '612345678', '+33612345678'],
    ['FR', '+33 6 12 34 56 78', '+33612345678'],
    ['FR', '+33 (0)1 23 45 67 89', '+33123456789'],
    ['FR', '0033 9 12 34 56 78', '+33912345678'],
    ['IT', '02 1234 5678', '+390212345678'],
    ['IT', '+39 06 123456', '+3906123456'],
    ['IT', '0039 0212345678', '+390212345678'],
    ['IT', '0123456789', '+390123456789'],
    ['IT', '01234567890', '+3901234567890'],
    ['IT', '312 345 6789', '+393123456789'],
    ['IT', '+39 312 345 678', '+39312345678'],
    ['DE', '030 1234567', '+49301234567'],
    ['DE', '030/1234567', '+49301234567'],
    ['DE', '+49 (0)30 1234567', '+49301234567'],
    ['DE', '+49 30 1234567', '+49301234567'],
    ['DE', '0049 151 23456789', '+4915123456789'],
    ['DE', '0151 23456789', '+4915123456789'],
    ['DE', '0123456', '+49123456'],
    ['DE', '01234567890123', '+491234567890123'],
    ['AD', '812 345', '+376812345'],
    ['AD', '+376 312345', '+376312345'],
    ['AD', '00376 712345', '+376712345'],
    ['es', '612345678', '+34612345678'],
  ])('%s %j → %s', (country, raw, e164) => {
    const prefix = PHONE_PREFIXES[country.toUpperCase() as keyof typeof PHONE_PREFIXES];
    expect(validatePhone(country, raw)).toEqual({ ok: true, e164, national: e164.slice(prefix.length), prefix });
  });

  it('keeps the Italian landline 0 in the national number and drops the French and German trunk 0', () => {
    expect(validatePhone('IT', '06 123456')).toMatchObject({ national: '06123456', prefix: '+39' });
    expect(validatePhone('FR', '01 23 45 67 89')).toMatchObject({ national: '123456789', prefix: '+33' });
    expect(validatePhone('DE', '030 1234567')).toMatchObject({ national: '301234567', prefix: '+49' });
  });

  it.each([
    // [why, country, raw, reason]
    ['unknown country', 'GB', '07700900123', 'unsupportedCountry'],
    ['no country', '', '612345678', 'unsupportedCountry'],
    ['empty', 'ES', '', 'required'],
    ['only separators', 'FR', ' ( ) - ', 'required'],
    ['ES starting 5', 'ES', '512345678', 'format'],
    ['ES 8 digits', 'ES', '61234567', 'format'],
    ['ES 10 digits', 'ES', '6123456789', 'format'],
    ['ES with the country code but no +', 'ES', '34612345678', 'format'],
    ['ES with another country’s prefix', 'ES', '+351912345678', 'format'],
    ['ES with a trunk 0', 'ES', '+34 0612345678', 'format'],
    ['PT starting 3', 'PT', '312345678', 'format'],
    ['PT 8 digits', 'PT', '91234567', 'format'],
    ['FR starting 00 after the trunk 0', 'FR', '0012345678', 'format'],
    ['FR 10 digits without the trunk 0', 'FR', '6123456789', 'format'],
    ['FR 8 digits', 'FR', '06123456', 'format'],
    ['FR with the Spanish prefix', 'FR', '+34 612345678', 'format'],
    ['IT landline 5 digits', 'IT', '02123', 'format'],
    ['IT landline 12 digits', 'IT', '021234567890', 'format'],
    ['IT mobile 8 digits', 'IT', '31234567', 'format'],
    ['IT mobile 11 digits', 'IT', '31234567890', 'format'],
    ['IT toll-free', 'IT', '800123456', 'format'],
    ['DE 5 significant digits', 'DE', '012345', 'format'],
    ['DE 14 significant digits', 'DE', '012345678901234', 'format'],
    ['DE two trunk zeros', 'DE', '+49 00301234567', 'format'],
    ['AD 5 digits', 'AD', '81234', 'format'],
    ['AD 7 digits', 'AD', '8123456', 'format'],
    ['letters', 'ES', '61234567A', 'format'],
    ['a + in the middle', 'ES', '612+345678', 'format'],
    ['+ alone', 'ES', '+', 'format'],
    ['prefix alone', 'ES', '+34', 'format'],
  ] as [string, string, string, PhoneReason][])('%s → %s', (_, country, raw, reason) => {
    expect(validatePhone(country, raw)).toEqual({ ok: false, reason });
  });
});
