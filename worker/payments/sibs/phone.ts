/**
 * MB WAY phones: Portuguese mobile numbers (nine digits, 91, 92, 93 or 96 first), typed as the
 * shopper likes (spaces, dashes, a +351 or 00351 prefix), kept as the nine digits and sent to SIBS
 * as its alias "351#9xxxxxxxx". Pure; shared by the start fields and the island.
 */

export const PT_MOBILE_PATTERN = /^9[1236]\d{7}$/;

/** The nine digits of a Portuguese mobile number as typed, or undefined when it is not one. */
export function portugueseMobile(typed: string): string | undefined {
  const compact = typed.replace(/[\s().-]/g, '');
  const digits = compact.replace(/^(?:\+|00)351/, '');
  return PT_MOBILE_PATTERN.test(digits) ? digits : undefined;
}

/** SIBS' MB WAY alias of a phone: country code, "#", national number. */
export const mbwayAlias = (mobile: string): string => `351#${mobile}`;
