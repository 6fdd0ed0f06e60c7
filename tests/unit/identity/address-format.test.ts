import { describe, expect, it } from 'vitest';
import { addressLabel, addressLine, addressLines, addressPartsOf, type AddressParts } from '../../../worker/domain/identity/address-format';
import { destinationLine } from '../../../worker/orders/read';

describe('addresses written by their country', () => {
  it.each<[string, AddressParts, string[]]>([
    ['ES', { address: 'C/ Mayor', streetNumber: '5', optionalInformation: '2º B', postalCode: '28013', city: 'Madrid', provinceName: 'Madrid', provinceCode: '28', countryIso: 'ES' }, ['C/ Mayor 5, 2º B', '28013 Madrid (Madrid)']],
    ['ES without floor', { address: 'Gran Vía', streetNumber: '3', postalCode: '30001', city: 'Murcia', provinceName: 'Murcia', countryIso: 'es' }, ['Gran Vía 3', '30001 Murcia (Murcia)']],
    ['PT', { address: 'Rua Augusta', streetNumber: '100', postalCode: '1100-053', city: 'Lisboa', provinceName: 'Lisboa', provinceCode: '11', countryIso: 'PT' }, ['Rua Augusta 100', '1100-053 Lisboa']],
    ['FR', { address: 'rue de Rivoli', streetNumber: '42', postalCode: '75001', city: 'Paris', provinceName: 'Paris', provinceCode: '75', countryIso: 'FR' }, ['42 rue de Rivoli', '75001 Paris']],
    ['FR with a complement', { address: 'rue de Rivoli', streetNumber: '42', optionalInformation: 'Bâtiment B, 3e étage', postalCode: '75001', city: 'Paris', countryIso: 'FR' }, ['Bâtiment B, 3e étage', '42 rue de Rivoli', '75001 Paris']],
    ['IT', { address: 'Via Roma', streetNumber: '10', postalCode: '20121', city: 'Milano', provinceName: 'Milano', provinceCode: 'MI', countryIso: 'IT' }, ['Via Roma 10', '20121 Milano MI']],
    ['IT without a sigla', { address: 'Via Roma', streetNumber: '10', postalCode: '20121', city: 'Milano', provinceCode: '25', countryIso: 'IT' }, ['Via Roma 10', '20121 Milano']],
    ['DE', { address: 'Hauptstraße', streetNumber: '5', postalCode: '10115', city: 'Berlin', provinceName: 'Berlin', provinceCode: 'BE', countryIso: 'DE' }, ['Hauptstraße 5', '10115 Berlin']],
    ['DE with c/o', { address: 'Hauptstraße', streetNumber: '5', optionalInformation: 'c/o Müller', postalCode: '10115', city: 'Berlin', countryIso: 'DE' }, ['c/o Müller', 'Hauptstraße 5', '10115 Berlin']],
    ['AD', { address: 'Avinguda Meritxell', streetNumber: '12', postalCode: 'AD500', city: 'Andorra la Vella', provinceName: 'Andorra la Vella', countryIso: 'AD' }, ['Avinguda Meritxell 12', 'AD500 Andorra la Vella']],
    ['no number, spaces tidied', { address: '  Lugar  de Abaixo ', streetNumber: '', postalCode: '36001', city: 'Pontevedra', countryIso: 'ES' }, ['Lugar de Abaixo', '36001 Pontevedra']],
  ])('%s', (_, parts, lines) => {
    expect(addressLines(parts)).toEqual(lines);
    expect(addressLine(parts)).toBe(lines.join(', '));
  });

  it('reads the parts of a listed address (province object) and of an order’s stored one (flat province)', () => {
    const listed = { address: 'Via Roma', streetNumber: '10', postalCode: '20121', city: 'Milano', countryIso: 'IT', province: { id: 413, name: 'Milano', code: 'MI' } };
    expect(addressLine(addressPartsOf(listed))).toBe('Via Roma 10, 20121 Milano MI');
    const stored = { address: 'rue de Rivoli', streetNumber: '42', postalCode: '75001', city: 'Paris', countryIso: 'FR', provinceCode: '75', provinceName: 'Paris', phone: '+33612345678' };
    expect(addressLine(addressPartsOf(stored))).toBe('42 rue de Rivoli, 75001 Paris');
  });
});

describe('addressLabel', () => {
  it('names the person (and the company first) before the address written the country’s way', () => {
    const base = { name: 'Marie', surname: 'Dupont', address: 'rue de Rivoli', streetNumber: '42', postalCode: '75001', city: 'Paris', countryIso: 'FR', province: { id: 275, name: 'Paris', code: '75' } };
    expect(addressLabel(base)).toBe('Marie Dupont, 42 rue de Rivoli, 75001 Paris');
    expect(addressLabel({ ...base, companyName: 'Dupont SARL' })).toBe('Dupont SARL · Marie Dupont, 42 rue de Rivoli, 75001 Paris');
  });

  it('reads the address book’s nested country and province (the checkout step relabels a saved address from it)', () => {
    const book = { name: 'Giulia', surname: 'Rossi', address: 'Via Roma', streetNumber: '10', postalCode: '20121', city: 'Milano', province: { id: 1, name: 'Milano', code: 'MI' }, country: { iso: 'IT', name: 'Italia' } };
    expect(addressLabel(book)).toBe('Giulia Rossi, Via Roma 10, 20121 Milano MI');
    expect(addressLabel({ ...book, country: { iso: 'FR', name: 'France' } })).toBe('Giulia Rossi, 10 Via Roma, 20121 Milano');
  });
});

describe('destinationLine (order pages, checkout summary)', () => {
  it('writes a stored French address the French way, after the recipient', () => {
    expect(destinationLine({ name: 'Marie', surname: 'Dupont', address: 'rue de Rivoli', streetNumber: '42', postalCode: '75001', city: 'Paris', countryIso: 'FR', provinceCode: '75', provinceName: 'Paris' })).toBe('Marie Dupont, 42 rue de Rivoli, 75001 Paris');
  });

  it('writes a shop marker (no country) as the Spanish shop it is, and a collection point by its name', () => {
    expect(destinationLine({ kind: 'shop', shopId: 30, name: 'Ampora Madrid', address: 'Calle de Fuencarral 45', postalCode: '28004', city: 'Madrid' })).toBe('Ampora Madrid, Calle de Fuencarral 45, 28004 Madrid');
    expect(destinationLine({ kind: 'point', pointName: 'Edicola Isola', address: 'Via Pietro Borsieri, 10', postalCode: '20159', city: 'Milano', countryIso: 'IT', name: 'Giulia', surname: 'Rossi' })).toBe('Edicola Isola, Via Pietro Borsieri, 10, 20159 Milano');
  });
});
