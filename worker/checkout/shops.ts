/** Our physical shops with their country, for store pickup (rules: worker/domain/checkout/delivery-options.ts). */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { countries, physicalShops, provinces } from '../db/schema';

export interface PickupShopRow {
  id: number;
  name: string;
  countryIso: string;
}

/** Every shop by name, with the country of its province. */
export function pickupShopRows(db: Db): Promise<PickupShopRow[]> {
  return db
    .select({ id: physicalShops.id, name: physicalShops.name, countryIso: countries.iso })
    .from(physicalShops)
    .innerJoin(provinces, eq(provinces.id, physicalShops.provinceId))
    .innerJoin(countries, eq(countries.id, provinces.countryId))
    .orderBy(asc(physicalShops.name));
}
