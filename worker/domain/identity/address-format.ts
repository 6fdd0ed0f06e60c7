/**
 * How an address is written in its country (pure, used by pages, the checkout, order pages and
 * e-mails alike). The lines are the street part and the locality; the recipient and the country
 * are the caller's to add. Conventions (Correos, CTT, La Poste / AFNOR NF Z10-011, Poste
 * Italiane, Deutsche Post / DIN 5008):
 * - ES: "C/ Mayor 5, 2º B" / "28013 Madrid (Madrid)": number after the street, floor and door after
 *   a comma, the province in brackets after the town.
 * - PT: "Rua Augusta 100, 2.º Esq." / "1100-053 Lisboa".
 * - FR: "42 rue de Rivoli" / "75001 Paris": number first; the complement (apartment, building)
 *   on its own line above the street.
 * - IT: "Via Roma 10, scala B" / "20121 Milano MI": number after the street, the CAP before the
 *   town and the province's sigla after it.
 * - DE: "Hauptstraße 5" / "10115 Berlin": the complement on its own line above the street.
 * - AD and any other country: street and number, then postal code and town.
 * Empty parts are left out, and nothing is added around them.
 */

export interface AddressParts {
  address: string;
  streetNumber?: string | null;
  /** Floor, door, building, "c/o"… (the shipping address's optional information). */
  optionalInformation?: string | null;
  postalCode: string;
  city: string;
  /** The province's name (Spain shows it) and code (Italy shows the sigla). */
  provinceName?: string | null;
  provinceCode?: string | null;
  countryIso: string;
}

const clean = (value: string | null | undefined): string => (value ?? '').replace(/\s+/g, ' ').trim();
const joined = (separator: string, ...parts: string[]): string => parts.filter((part) => part !== '').join(separator);

/** The street part and the locality of an address, as its country writes them. */
export function addressLines(parts: AddressParts): string[] {
  const street = clean(parts.address);
  const number = clean(parts.streetNumber);
  const extra = clean(parts.optionalInformation);
  const postalCode = clean(parts.postalCode);
  const city = clean(parts.city);
  const province = clean(parts.provinceName);
  const sigla = clean(parts.provinceCode);
  let lines: string[];
  switch (parts.countryIso.trim().toUpperCase()) {
    case 'ES':
      lines = [joined(', ', joined(' ', street, number), extra), joined(' ', postalCode, city, province ? `(${province})` : '')];
      break;
    case 'IT':
      lines = [joined(', ', joined(' ', street, number), extra), joined(' ', postalCode, city, /^[A-Z]{2}$/i.test(sigla) ? sigla.toUpperCase() : '')];
      break;
    case 'FR':
      lines = [extra, joined(' ', number, street), joined(' ', postalCode, city)];
      break;
    case 'DE':
      lines = [extra, joined(' ', street, number), joined(' ', postalCode, city)];
      break;
    default:
      lines = [joined(', ', joined(' ', street, number), extra), joined(' ', postalCode, city)];
  }
  return lines.filter((line) => line !== '');
}

/** The same lines on one line, for lists and one-line summaries. */
export function addressLine(parts: AddressParts): string {
  return addressLines(parts).join(', ');
}

/** Reads the parts from a stored address (a row, or the JSON an order keeps) whatever it holds. */
export function addressPartsOf(address: Record<string, unknown>): AddressParts {
  const text = (key: string) => (typeof address[key] === 'string' ? (address[key] as string) : '');
  // The address book's shape nests them: province { name, code }, country { iso }.
  const nested = (key: 'province' | 'country', field: string) => {
    const value = address[key];
    return typeof value === 'object' && value !== null && typeof (value as Record<string, unknown>)[field] === 'string' ? ((value as Record<string, unknown>)[field] as string) : '';
  };
  return {
    address: text('address'),
    streetNumber: text('streetNumber'),
    optionalInformation: text('optionalInformation'),
    postalCode: text('postalCode'),
    city: text('city'),
    provinceName: text('provinceName') || nested('province', 'name'),
    provinceCode: text('provinceCode') || nested('province', 'code'),
    countryIso: text('countryIso') || nested('country', 'iso'),
  };
}

/** An address to choose from a list: who (company first), then the address on one line. */
export function addressLabel(address: Record<string, unknown>): string {
  const text = (key: string) => (typeof address[key] === 'string' ? (address[key] as string).trim() : '');
  const who = `${text('name')} ${text('surname')}`.trim();
  return [joined(' · ', text('companyName'), who), addressLine(addressPartsOf(address))].filter((part) => part !== '').join(', ');
}
