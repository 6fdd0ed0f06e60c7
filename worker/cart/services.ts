/** The services catalogue (insurance plans, extra services) in the visitor's language. */
import type { Language } from '../../client/i18n/languages';
import type { Db } from '../db/client';
import { readOne, type Read } from '../db/raw';
import type { ExtraService, InsurancePlan } from './rules';

export interface InsuranceOffer extends InsurancePlan {
  name: string;
  text: string;
}

export interface ExtraServiceOffer extends ExtraService {
  name: string;
  description: string;
}

export interface ServiceCatalogue {
  insurances: InsuranceOffer[];
  services: ExtraServiceOffer[];
}

/** The text of a JSON column keyed by language, in the language of the path ?1 (`$.es_ES`), else English: only that text travels. */
export const textIn = (column: string, as: string) => `COALESCE(json_extract(${column}, ?1), json_extract(${column}, '$.en_EN'), '') AS ${as}`;
/** ?1 the JSON path of the language. */
const INSURANCES_SQL = `SELECT id, years, article_price_min AS articlePriceMin, article_price_max AS articlePriceMax, price, category_ids AS categoryIds,
  ${textIn('names', 'name')}, ${textIn('texts', 'text')} FROM extended_insurances`;
const SERVICES_SQL = `SELECT id, price, allow_in_marketplace AS allowInMarketplace, category_ids AS categoryIds,
  ${textIn('names', 'name')}, ${textIn('descriptions', 'description')} FROM extra_services`;

/** The parameter of `textIn`. */
export const languagePath = (language: Language) => `$.${language}`;

/** JSON columns come as their text. */
type PlanRow = Omit<InsuranceOffer, 'categoryIds'> & { categoryIds: string };
type ServiceRow = Omit<ExtraServiceOffer, 'categoryIds' | 'allowInMarketplace'> & { categoryIds: string; allowInMarketplace: number };

/** Both lists, read live on every cart read (their prices are money). */
export function serviceCatalogueRead(language: Language): Read<ServiceCatalogue> {
  const params = [languagePath(language)];
  return {
    statements: [
      { sql: INSURANCES_SQL, params },
      { sql: SERVICES_SQL, params },
    ],
    value: ([plans, services]) => ({
      insurances: (plans as unknown as PlanRow[]).map((plan) => ({ ...plan, categoryIds: JSON.parse(plan.categoryIds) as number[] })),
      services: (services as unknown as ServiceRow[]).map((service) => ({ ...service, allowInMarketplace: service.allowInMarketplace === 1, categoryIds: JSON.parse(service.categoryIds) as number[] })),
    }),
  };
}

export async function serviceCatalogue(db: Db, language: Language): Promise<ServiceCatalogue> {
  return readOne(db, serviceCatalogueRead(language));
}
