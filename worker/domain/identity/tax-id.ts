/**
 * The billing tax id ("nif") of each country, checked against the billing type and with the
 * country's published check-digit algorithm. Pure: failures are reason codes that another module
 * turns into translated messages.
 *
 * Normalization: uppercase, with spaces, dots and hyphens removed. A leading VAT prefix of the
 * country being checked (ESB12345674, PT501964843, IT00743110157) is accepted and dropped, so an
 * id is stored the same with or without it. Two ids keep it, because it is part of how they are
 * written and not just a VAT marker: the French TVA number (FR + key + SIREN; the key makes it a
 * different number from the SIREN) and the German USt-IdNr (DE + 9 digits, which gains "DE" when
 * typed without it).
 *
 * Which reason wins: an empty id is `required`; an id that looks like none of the country's ids is
 * `format`; one that is recognised but not accepted for the billing type is
 * `wrongTypeForBillingType` (even with a wrong check digit, because "enter your DNI, not a CIF"
 * is the useful message); then a failed check is `checksum`.
 */

export const TAX_ID_COUNTRIES = ['ES', 'PT', 'FR', 'IT', 'DE', 'AD'] as const;
export type TaxIdCountry = (typeof TAX_ID_COUNTRIES)[number];
export type BillingType = 'company' | 'freelance' | 'individual';

export type TaxIdKind =
  | 'dni' | 'nie' | 'cif' // ES
  | 'nif' | 'nipc' // PT: natural persons / entities
  | 'none' | 'spi' | 'siren' | 'siret' | 'tva' // FR: 'none' = left empty, 'spi' = numéro fiscal de référence
  | 'codiceFiscale' | 'partitaIva' // IT
  | 'steuerId' | 'ustId' // DE: Steuer-IdNr / USt-IdNr
  | 'nrtPerson' | 'nrtEntity'; // AD: NRT starting F or E / any other letter

export type TaxIdReason = 'required' | 'format' | 'checksum' | 'wrongTypeForBillingType' | 'unsupportedCountry';
export type TaxIdResult = { ok: true; normalized: string; kind: TaxIdKind } | { ok: false; reason: TaxIdReason };

/**
 * The ids accepted per country and billing type. Freelancers are natural persons: they may use
 * their personal id, plus the business id their country gives the self-employed (FR SIREN/SIRET/
 * TVA, IT partita IVA, DE USt-IdNr, PT and AD either kind). French consumers need no id on an
 * invoice, so they may leave it empty.
 */
export const ACCEPTED_TAX_IDS: Record<TaxIdCountry, Record<BillingType, readonly TaxIdKind[]>> = {
  ES: { individual: ['dni', 'nie'], freelance: ['dni', 'nie'], company: ['cif'] },
  PT: { individual: ['nif'], freelance: ['nif', 'nipc'], company: ['nipc'] },
  FR: { individual: ['none', 'spi'], freelance: ['siren', 'siret', 'tva', 'spi'], company: ['siren', 'siret', 'tva'] },
  IT: { individual: ['codiceFiscale'], freelance: ['codiceFiscale', 'partitaIva'], company: ['partitaIva'] },
  DE: { individual: ['steuerId'], freelance: ['steuerId', 'ustId'], company: ['ustId'] },
  AD: { individual: ['nrtPerson'], freelance: ['nrtPerson', 'nrtEntity'], company: ['nrtEntity'] },
};

export function isTaxIdCountry(country: string): country is TaxIdCountry {
  return (TAX_ID_COUNTRIES as readonly string[]).includes(country);
}

/** Validates and normalizes `raw` as the tax id of a `billingType` customer billed in `country` (ISO code, any case). */
export function validateTaxId(country: string, billingType: BillingType, raw: string): TaxIdResult {
  const iso = country.trim().toUpperCase();
  if (!isTaxIdCountry(iso)) return { ok: false, reason: 'unsupportedCountry' };
  const accepted = ACCEPTED_TAX_IDS[iso][billingType];
  const value = raw.toUpperCase().replace(/[\s.-]/g, '');
  if (value === '') return accepted.includes('none') ? { ok: true, normalized: '', kind: 'none' } : { ok: false, reason: 'required' };
  const id = RECOGNISE[iso](value);
  if (!id) return { ok: false, reason: 'format' };
  if (!accepted.includes(id.kind)) return { ok: false, reason: 'wrongTypeForBillingType' };
  if (!id.valid) return { ok: false, reason: 'checksum' };
  return { ok: true, normalized: id.normalized, kind: id.kind };
}

/** An id recognised by its shape; `valid` says whether its check digits (or rules) hold. */
interface Recognised {
  kind: TaxIdKind;
  normalized: string;
  valid: boolean;
}

const RECOGNISE: Record<TaxIdCountry, (value: string) => Recognised | null> = {
  ES: spain,
  PT: portugal,
  FR: france,
  IT: italy,
  DE: germany,
  AD: andorra,
};

/** `value` without a leading `prefix` when what follows has the given length. */
function withoutPrefix(value: string, prefix: string, length: number): string {
  return value.length === prefix.length + length && value.startsWith(prefix) ? value.slice(prefix.length) : value;
}

// ES ------------------------------------------------------------------------------------------

const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';

/**
 * DNI: 8 digits + letter (number mod 23). NIE: X/Y/Z + 7 digits + letter, X/Y/Z read as 0/1/2.
 * CIF: entity letter + 7 digits + control (see `cifControlOk`). The K/L/M NIFs of people without
 * DNI or NIE are not accepted.
 */
function spain(value: string): Recognised | null {
  const id = withoutPrefix(value, 'ES', 9);
  if (/^\d{8}[A-Z]$/.test(id)) return { kind: 'dni', normalized: id, valid: DNI_LETTERS[Number(id.slice(0, 8)) % 23] === id[8] };
  if (/^[XYZ]\d{7}[A-Z]$/.test(id)) {
    const number = Number('XYZ'.indexOf(id[0]!) + id.slice(1, 8));
    return { kind: 'nie', normalized: id, valid: DNI_LETTERS[number % 23] === id[8] };
  }
  if (/^[ABCDEFGHJNPQRSUVW]\d{7}[0-9A-J]$/.test(id)) return { kind: 'cif', normalized: id, valid: cifControlOk(id) };
  return null;
}

/**
 * CIF control (Orden EHA/451/2008): on the 7 digits, digits in odd positions are doubled and their
 * digits added, even ones added as they are; the control is 10 − units of the total (10 → 0),
 * written as that digit or as the letter "JABCDEFGHI"[digit]. It must be the letter for entity
 * letters N, P, Q, R, S, W and for non-residents (province digits 00), the digit for A, B, E, H,
 * and may be either for the others.
 */
function cifControlOk(id: string): boolean {
  let sum = 0;
  for (let i = 1; i <= 7; i++) {
    const digit = Number(id[i]);
    sum += i % 2 === 1 ? digitSum(digit * 2) : digit;
  }
  const digit = (10 - (sum % 10)) % 10;
  const asLetter = 'JABCDEFGHI'[digit];
  const control = id[8];
  if ('NPQRSW'.includes(id[0]!) || id.startsWith('00', 1)) return control === asLetter;
  if ('ABEH'.includes(id[0]!)) return control === String(digit);
  return control === asLetter || control === String(digit);
}

// PT ------------------------------------------------------------------------------------------

/**
 * NIF/NIPC: 9 digits, the last = 11 − (Σ digit × weight 9..2 mod 11), 10 and 11 giving 0. The
 * first digit tells the holder: 1, 2, 3 and 45 are natural persons (45 non-residents); 5, 6, 8
 * and 9 are entities (companies, public bodies, sole traders, others). Other first digits
 * (0, 4x but 45, 7) are not accepted.
 */
function portugal(value: string): Recognised | null {
  const id = withoutPrefix(value, 'PT', 9);
  if (!/^\d{9}$/.test(id)) return null;
  const kind = /^(?:[123]|45)/.test(id) ? 'nif' : /^[5689]/.test(id) ? 'nipc' : null;
  if (!kind) return null;
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(id[i]) * (9 - i);
  const check = 11 - (sum % 11);
  return { kind, normalized: id, valid: (check >= 10 ? 0 : check) === Number(id[8]) };
}

// FR ------------------------------------------------------------------------------------------

const LA_POSTE_SIREN = '356000000';

/**
 * SIREN: 9 digits, Luhn. SIRET: SIREN + 5-digit establishment, Luhn on both the SIREN and the 14
 * digits; La Poste's establishments (SIREN 356000000) instead have a digit sum divisible by 5.
 * TVA: FR + 2-character key + SIREN; a numeric key must be (12 + 3 × (SIREN mod 97)) mod 97, an
 * alphanumeric key (issued to some entities, letters without I and O) is checked for format only.
 * The SIREN part must pass Luhn unless it starts 000 (Monaco). Numéro fiscal de référence: 13
 * digits starting 0–3, whose last 3 are the first 10 mod 511.
 */
function france(value: string): Recognised | null {
  if (/^\d{9}$/.test(value)) return { kind: 'siren', normalized: value, valid: luhnOk(value) };
  if (/^\d{14}$/.test(value)) {
    const laPoste = value.startsWith(LA_POSTE_SIREN) && digitSum(value) % 5 === 0;
    return { kind: 'siret', normalized: value, valid: luhnOk(value.slice(0, 9)) && (luhnOk(value) || laPoste) };
  }
  if (/^[0-3]\d{12}$/.test(value)) {
    const body = Number(value.slice(0, 10));
    return { kind: 'spi', normalized: value, valid: body > 0 && String(body % 511).padStart(3, '0') === value.slice(10) };
  }
  const tva = /^FR([0-9A-HJ-NP-Z]{2})(\d{9})$/.exec(value);
  if (tva) {
    const [, key = '', siren = ''] = tva;
    const sirenOk = siren.startsWith('000') || luhnOk(siren);
    const keyOk = !/^\d\d$/.test(key) || Number(key) === (12 + 3 * (Number(siren) % 97)) % 97;
    return { kind: 'tva', normalized: value, valid: sirenOk && keyOk };
  }
  return null;
}

// IT ------------------------------------------------------------------------------------------

/** Digits, or the omocodia letters that replace them in a codice fiscale (L = 0 … V = 9). */
const OMOCODIA = 'LMNPQRSTUV';
const CF_PATTERN = /^[A-Z]{6}[\dLMNPQRSTUV]{2}[ABCDEHLMPRST][\dLMNPQRSTUV]{2}[A-Z][\dLMNPQRSTUV]{3}[A-Z]$/;
/** Provincial office codes (digits 8–10) of a partita IVA: 001–100, 120, 121, 888, 999. */
const IVA_OFFICE = /^(?:0(?!00)\d\d|100|12[01]|888|999)$/;
/** Values of A–Z (and of 0–9, read as A–J) in the odd positions of a codice fiscale (DM 23/12/1976). */
const CF_ODD = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];

/**
 * Partita IVA: 11 digits: company number, provincial office code, and a Luhn check digit (digits
 * in even positions doubled). Codice fiscale: 6 letters, year,
 * month letter, day (01–31, +40 for women), place code, check letter; digits may be replaced by
 * omocodia letters. The check letter is Σ (odd-position table values + even-position values, where
 * 0–9 and A–Z count 0–9 and 0–25) mod 26, as a letter.
 */
function italy(value: string): Recognised | null {
  const id = withoutPrefix(value, 'IT', 11);
  if (/^\d{11}$/.test(id)) return { kind: 'partitaIva', normalized: id, valid: IVA_OFFICE.test(id.slice(7, 10)) && luhnOk(id) };
  if (!CF_PATTERN.test(id)) return null;
  const day = Number([...id.slice(9, 11)].map((c) => (/\d/.test(c) ? c : OMOCODIA.indexOf(c))).join(''));
  if (!((day >= 1 && day <= 31) || (day >= 41 && day <= 71))) return null;
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    const c = id.charCodeAt(i);
    const index = c <= 57 ? c - 48 : c - 65; // 0–9 → 0–9, A–Z → 0–25
    sum += i % 2 === 0 ? CF_ODD[index]! : index;
  }
  return { kind: 'codiceFiscale', normalized: id, valid: String.fromCharCode(65 + (sum % 26)) === id[15] };
}

// DE ------------------------------------------------------------------------------------------

/**
 * USt-IdNr: DE + 9 digits, the last an ISO 7064 MOD 11,10 check digit. Steuer-IdNr: 11 digits, not
 * starting 0, ISO 7064 MOD 11,10 check digit, and (rule in force since 2016) among the first 10
 * digits exactly one digit occurs twice or three times, never three times in a row. The older
 * Steuernummer, whose format differs per Land, is not accepted.
 */
function germany(value: string): Recognised | null {
  const ust = /^(?:DE)?(\d{9})$/.exec(value);
  if (ust) return { kind: 'ustId', normalized: `DE${ust[1]}`, valid: iso7064Mod11_10Ok(ust[1]!) };
  if (/^[1-9]\d{10}$/.test(value)) {
    return { kind: 'steuerId', normalized: value, valid: steuerIdDigitsOk(value.slice(0, 10)) && iso7064Mod11_10Ok(value) };
  }
  return null;
}

function steuerIdDigitsOk(digits: string): boolean {
  const counts = new Map<string, number>();
  for (const d of digits) counts.set(d, (counts.get(d) ?? 0) + 1);
  const repeated = [...counts.values()].filter((n) => n > 1);
  return repeated.length === 1 && repeated[0]! <= 3 && !/(\d)\1\1/.test(digits);
}

/** ISO 7064 MOD 11,10 (hybrid): the last digit checks the others. */
function iso7064Mod11_10Ok(digits: string): boolean {
  let product = 10;
  for (const d of digits.slice(0, -1)) {
    const sum = (Number(d) + product) % 10 || 10;
    product = (sum * 2) % 11;
  }
  return (11 - product) % 10 === Number(digits.at(-1));
}

// AD ------------------------------------------------------------------------------------------

/**
 * NRT: a letter for the kind of holder, 6 digits and a letter. F (resident) and E (non-resident)
 * are natural persons; A, L (companies), C, D, G, O, P, U are entities. Andorra publishes no
 * check-letter algorithm, so only the format is checked.
 */
function andorra(value: string): Recognised | null {
  if (!/^[ACDEFGLOPU]\d{6}[A-Z]$/.test(value)) return null;
  return { kind: 'FE'.includes(value[0]!) ? 'nrtPerson' : 'nrtEntity', normalized: value, valid: true };
}

// Shared --------------------------------------------------------------------------------------

/** Luhn: from the right, every second digit doubled (its digits added), total a multiple of 10. */
function luhnOk(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    const digit = Number(digits[digits.length - 1 - i]);
    sum += i % 2 === 1 ? digitSum(digit * 2) : digit;
  }
  return sum % 10 === 0;
}

function digitSum(n: number | string): number {
  let sum = 0;
  for (const d of String(n)) sum += Number(d);
  return sum;
}
