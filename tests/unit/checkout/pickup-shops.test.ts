/** Store pickup by delivery country (spec §3 shops, notAvailableShopsReasons). */
import { describe, expect, it } from 'vitest';
import { pickupShops, shopServes } from '../../../worker/domain/checkout/delivery-options';

const SPANISH = [
  { id: 71, countryIso: 'ES' },
  { id: 30, countryIso: 'ES' },
  { id: 1, countryIso: 'ES' },
  { id: 80, countryIso: 'ES' },
];
const ids = (shops: { id: number }[]) => shops.map((s) => s.id);

describe('pickupShops', () => {
  it.each([
    ['a delivery to Spain: every Spanish shop, in order', 'ES', ['own'], [71, 30, 1, 80], []],
    ['lower case and spaces are the same country', ' es ', ['own', 'own'], [71, 30, 1, 80], []],
    ['a delivery to Paris: no Spanish shop', 'FR', ['own'], [], ['noShopInCountry']],
    ['Portugal, Italy, Germany, Andorra: none either', 'PT', ['own'], [], ['noShopInCountry']],
    ['Italy', 'IT', ['own'], [], ['noShopInCountry']],
    ['Andorra', 'AD', ['own'], [], ['noShopInCountry']],
    ['other sellers’ articles in Spain', 'ES', ['own', 'marketplace'], [], ['otherSellers']],
    ['a dropshipper’s article in France: both reasons', 'FR', ['dropshipping'], [], ['noShopInCountry', 'otherSellers']],
    ['no country at all', '', ['own'], [], ['noShopInCountry']],
  ] as const)('%s', (_, deliveryCountry, sellerKinds, shops, reasons) => {
    const result = pickupShops(SPANISH, { deliveryCountry, sellerKinds });
    expect(ids(result.shops)).toEqual(shops);
    expect(result.notAvailableShopsReasons).toEqual(reasons);
  });

  it('offers a shop abroad only when its country is listed as serving the delivery country', () => {
    const shops = [...SPANISH, { id: 500, countryIso: 'PT' }];
    expect(ids(pickupShops(shops, { deliveryCountry: 'PT', sellerKinds: ['own'] }).shops)).toEqual([500]);
    expect(ids(pickupShops(shops, { deliveryCountry: 'AD', sellerKinds: ['own'] }, { ES: ['AD'] }).shops)).toEqual([71, 30, 1, 80]);
    expect(shopServes('ES', 'FR')).toBe(false);
    expect(shopServes('ES', 'FR', { ES: ['FR'] })).toBe(true);
    expect(shopServes('', '')).toBe(false);
  });
});
