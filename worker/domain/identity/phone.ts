/**
 * Phone numbers of the shipping countries, checked against each numbering plan and returned in
 * E.164. Pure: failures are reason codes that another module turns into translated messages.
 *
 * Input may contain spaces, dots, hyphens, parentheses and slashes (German writing: 030/1234567).
 * It may start with +<country code> or 00<country code>, which must be the country's; otherwise it
 * is read as a national number. The trunk 0 of France and Germany is dropped whether or not the
 * country code was typed, so "+33 (0)6 12 34 56 78" works. Rules on the national significant
 * number (what follows the country code):
 *
 * - ES +34: 9 digits starting 6, 7, 8 or 9.
 * - PT +351: 9 digits starting 2 or 9.
 * - FR +33: 9 digits starting 1–9, typed as 10 digits with the trunk 0 or 9 without it.
 * - IT +39: landlines start 0, which is kept, and have 6–11 digits; mobiles start 3 and have 9–10
 *   digits. Other first digits (toll-free, services) are refused.
 * - DE +49: 6–13 digits starting 1–9, after dropping one trunk 0.
 * - AD +376: 6 digits.
 */

/** International prefix per country, as stored in the countries table. */
export const PHONE_PREFIXES = { ES: '+34', PT: '+351', FR: '+33', IT: '+39', DE: '+49', AD: '+376' } as const;
export type PhoneCountry = keyof typeof PHONE_PREFIXES;

export type PhoneReason = 'required' | 'format' | 'unsupportedCountry';
/** `national` is the national significant number, so `e164` is always `prefix + national`. */
export type PhoneResult = { ok: true; e164: string; national: string; prefix: string } | { ok: false; reason: PhoneReason };

/** The national significant number from the digits after the country code (or typed nationally), or null. */
const SIGNIFICANT: Record<PhoneCountry, (digits: string) => string | null> = {
  ES: (digits) => (/^[6-9]\d{8}$/.test(digits) ? digits : null),
  PT: (digits) => (/^[29]\d{8}$/.test(digits) ? digits : null),
  FR: (digits) => /^0?([1-9]\d{8})$/.exec(digits)?.[1] ?? null,
  IT: (digits) => (/^0\d{5,10}$/.test(digits) || /^3\d{8,9}$/.test(digits) ? digits : null),
  DE: (digits) => /^0?([1-9]\d{5,12})$/.exec(digits)?.[1] ?? null,
  AD: (digits) => (/^\d{6}$/.test(digits) ? digits : null),
};

export function isPhoneCountry(country: string): country is PhoneCountry {
  return Object.hasOwn(PHONE_PREFIXES, country);
}

/** Validates `raw` as a phone number of `countryIso` (ISO code, any case) and returns it in E.164. */
export function validatePhone(countryIso: string, raw: string): PhoneResult {
  const iso = countryIso.trim().toUpperCase();
  if (!isPhoneCountry(iso)) return { ok: false, reason: 'unsupportedCountry' };
  const value = raw.replace(/[\s.\-()/]/g, '');
  if (value === '') return { ok: false, reason: 'required' };
  const prefix = PHONE_PREFIXES[iso];
  const code = prefix.slice(1);
  let digits = value;
  for (const international of ['+', '00']) {
    if (!value.startsWith(international)) continue;
    if (!value.startsWith(international + code)) return { ok: false, reason: 'format' };
    digits = value.slice(international.length + code.length);
    break;
  }
  const national = /^\d+$/.test(digits) ? SIGNIFICANT[iso](digits) : null;
  if (national === null) return { ok: false, reason: 'format' };
  return { ok: true, e164: prefix + national, national, prefix };
}
