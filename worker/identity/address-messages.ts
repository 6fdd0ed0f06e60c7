/**
 * What a person reads when an address field is refused: one message per field problem, and per
 * country for the tax id (each country names its own document).
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export const ADDRESS_MESSAGES = {
  countryUnknown: msg`Choose a country from the list.`,
  provinceUnknown: msg`Choose a province from the list.`,
  postalCodeRequired: msg`Enter the postal code.`,
  postalCodeFormat: msg`This postal code does not have the right format for the chosen country.`,
  phoneRequired: msg`Enter a phone number.`,
  phoneFormat: msg`This phone number is not valid for the chosen country. Check the digits and the prefix.`,
  companyNameRequired: msg`Enter the company name.`,
  taxIdRequired: msg`Enter the tax identification number.`,
} satisfies Record<string, MessageDescriptor>;

/** The tax id expected per country, for a person (individual, freelance) and for a company. */
export const TAX_ID_MESSAGES: Record<string, { person: MessageDescriptor; company: MessageDescriptor }> = {
  ES: {
    person: msg`Enter a valid DNI or NIE: 8 digits and a letter, or X, Y or Z, 7 digits and a letter.`,
    company: msg`Enter a valid CIF: a letter, 7 digits and a control digit or letter.`,
  },
  PT: {
    person: msg`Enter a valid NIF: 9 digits beginning with 1, 2, 3 or 45.`,
    company: msg`Enter a valid NIPC: 9 digits beginning with 5, 6, 8 or 9.`,
  },
  FR: {
    person: msg`Enter a valid tax number (numéro fiscal): 13 digits, or leave it empty.`,
    company: msg`Enter a valid SIREN (9 digits), SIRET (14 digits) or VAT number (FR and 11 characters).`,
  },
  IT: {
    person: msg`Enter a valid codice fiscale: 16 letters and digits.`,
    company: msg`Enter a valid partita IVA: 11 digits.`,
  },
  DE: {
    person: msg`Enter a valid tax identification number (Steuer-IdNr.): 11 digits.`,
    company: msg`Enter a valid VAT number (USt-IdNr.): DE and 9 digits.`,
  },
  AD: {
    person: msg`Enter a valid NRT: a letter, 6 digits and a letter.`,
    company: msg`Enter a valid NRT: a letter, 6 digits and a letter.`,
  },
};
