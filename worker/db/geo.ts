/** Countries and provinces, with names in the requested language. */
import { and, asc, eq } from 'drizzle-orm';
import type { Language } from '../../client/i18n/languages';
import type { Db } from './client';
import { countries, countryTranslations, provinces } from './schema';

export interface Country {
  id: number;
  iso: string;
  name: string;
  phonePrefix: string;
}

export interface Province {
  id: number;
  countryId: number;
  code: string;
  name: string;
}

export async function listCountries(db: Db, language: Language): Promise<Country[]> {
  return db
    .select({ id: countries.id, iso: countries.iso, name: countryTranslations.name, phonePrefix: countries.phonePrefix })
    .from(countries)
    .innerJoin(countryTranslations, and(eq(countryTranslations.countryId, countries.id), eq(countryTranslations.lang, language)))
    .orderBy(asc(countries.position), asc(countryTranslations.name));
}

/** Provinces of a country sorted by name, or undefined when the country does not exist. */
export async function listProvinces(db: Db, countryId: number): Promise<Province[] | undefined> {
  const [country] = await db.select({ id: countries.id }).from(countries).where(eq(countries.id, countryId));
  if (!country) return undefined;
  const rows = await db
    .select({ id: provinces.id, countryId: provinces.countryId, code: provinces.code, name: provinces.name })
    .from(provinces)
    .where(eq(provinces.countryId, countryId));
  // Sorted as people read names ("Ávila" with the A's), not by byte value.
  const collator = new Intl.Collator(undefined, { sensitivity: 'base' });
  return rows.sort((a, b) => collator.compare(a.name, b.name));
}
