/**
 * Postal codes of the shipping countries: format and normalized form, and whether a code lies in
 * the province chosen in an address (spec error 1201, province and postal mismatch). Pure:
 * failures are reason codes that another module turns into translated messages.
 *
 * Input is uppercased and whitespace removed. Rules:
 * - ES: 5 digits, 01000–52999 (the first two digits are the province, 01–52).
 * - PT: CP7 NNNN-NNN, first digit 1–9; "NNNNNNN" and "NNNN NNN" are accepted and hyphenated.
 * - FR, IT, DE: 5 digits (Italy's start 00 in Rome).
 * - AD: "AD" + 3 digits; the bare 3 digits are accepted and get the "AD".
 */

export const POSTAL_CODE_COUNTRIES = ['ES', 'PT', 'FR', 'IT', 'DE', 'AD'] as const;
export type PostalCodeCountry = (typeof POSTAL_CODE_COUNTRIES)[number];

export type PostalCodeReason = 'required' | 'format' | 'unsupportedCountry';
export type PostalCodeResult = { ok: true; postalCode: string } | { ok: false; reason: PostalCodeReason };

const fiveDigits = (code: string) => (/^\d{5}$/.test(code) ? code : null);

/** The normalized code, or null when `code` (uppercase, no whitespace) is not one of the country's. */
const NORMALIZE: Record<PostalCodeCountry, (code: string) => string | null> = {
  ES: (code) => (/^(?:0[1-9]|[1-4]\d|5[0-2])\d{3}$/.test(code) ? code : null),
  PT: (code) => {
    const match = /^([1-9]\d{3})-?(\d{3})$/.exec(code);
    return match ? `${match[1]}-${match[2]}` : null;
  },
  FR: fiveDigits,
  IT: fiveDigits,
  DE: fiveDigits,
  AD: (code) => {
    const match = /^(?:AD)?(\d{3})$/.exec(code);
    return match ? `AD${match[1]}` : null;
  },
};

export function isPostalCodeCountry(country: string): country is PostalCodeCountry {
  return (POSTAL_CODE_COUNTRIES as readonly string[]).includes(country);
}

/** Validates `raw` as a postal code of `countryIso` (ISO code, any case) and returns its normalized form. */
export function normalizePostalCode(countryIso: string, raw: string): PostalCodeResult {
  const iso = countryIso.trim().toUpperCase();
  if (!isPostalCodeCountry(iso)) return { ok: false, reason: 'unsupportedCountry' };
  const code = raw.toUpperCase().replace(/\s/g, '');
  if (code === '') return { ok: false, reason: 'required' };
  const postalCode = NORMALIZE[iso](code);
  return postalCode === null ? { ok: false, reason: 'format' } : { ok: true, postalCode };
}

/**
 * Whether a normalized `postalCode` lies in a province whose `postalPrefixes` column is a
 * comma-separated list of prefixes: "28" (Madrid), "10,11,…,19,26,27" (Lisboa), "AD500"
 * (Andorra la Vella, a whole code). The code matches when it starts with any of them, so prefixes
 * of any length work. An empty list means the country's provinces cannot be told from the postal
 * code (most German Länder), and anything matches.
 */
export function provinceMatchesPostalCode(postalCode: string, postalPrefixes: string): boolean {
  const prefixes = postalPrefixes
    .split(',')
    .map((prefix) => prefix.trim().toUpperCase())
    .filter((prefix) => prefix !== '');
  if (prefixes.length === 0) return true;
  const code = postalCode.toUpperCase().replace(/\s/g, '');
  return prefixes.some((prefix) => code.startsWith(prefix));
}

/**
 * The province code a postal code decides, where it decides one (scripts/seed/geo.ts codes):
 * Spain's first two digits (INE code); France's département — the first three digits overseas
 * (971–976), Corsica by its third digit (200–201 Corse-du-Sud 2A, 202–206 Haute-Corse 2B), else
 * the first two. Elsewhere (Italian CAPs are shared, German zones cross Länder, Portuguese CP4 do
 * not follow districts) null: the shopper chooses.
 */
export function provinceCodeForPostalCode(countryIso: string, raw: string): string | null {
  const iso = countryIso.trim().toUpperCase();
  if (iso !== 'ES' && iso !== 'FR') return null;
  const postal = normalizePostalCode(iso, raw);
  if (!postal.ok) return null;
  const code = postal.postalCode;
  if (iso === 'ES') return code.slice(0, 2);
  if (code.startsWith('97')) return /^97[1-46]/.test(code) ? code.slice(0, 3) : null;
  if (code.startsWith('20')) return code[2] === '0' || code[2] === '1' ? '2A' : code[2] === '2' || code[2] === '6' ? '2B' : null;
  return code.slice(0, 2) === '00' || code.slice(0, 2) === '96' || code.slice(0, 2) === '98' || code.slice(0, 2) === '99' ? null : code.slice(0, 2);
}
