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

const INSURANCES_SQL = 'SELECT id, years, article_price_min AS articlePriceMin, article_price_max AS articlePriceMax, price, category_ids AS categoryIds, names, texts FROM extended_insurances';
const SERVICES_SQL = 'SELECT id, price, allow_in_marketplace AS allowInMarketplace, category_ids AS categoryIds, names, descriptions FROM extra_services';

/** JSON columns come as their text. */
type PlanRow = Omit<InsurancePlan, 'categoryIds'> & { categoryIds: string; names: string; texts: string };
type ServiceRow = Omit<ExtraService, 'categoryIds' | 'allowInMarketplace'> & { categoryIds: string; allowInMarketplace: number; names: string; descriptions: string };

/** A text of a JSON column keyed by language: the visitor's, else English. */
export const inLanguage = (texts: Record<string, string>, language: Language): string => texts[language] ?? texts.en_EN ?? '';
const parsedIn = (json: string, language: Language): string => inLanguage(JSON.parse(json) as Record<string, string>, language);

/** Both lists, read live on every cart read (their prices are money). */
export function serviceCatalogueRead(language: Language): Read<ServiceCatalogue> {
  return {
    statements: [
      { sql: INSURANCES_SQL, params: [] },
      { sql: SERVICES_SQL, params: [] },
    ],
    value: ([plans, services]) => ({
      insurances: (plans as unknown as PlanRow[]).map(({ categoryIds, names, texts, ...plan }) => ({
        ...plan,
        categoryIds: JSON.parse(categoryIds) as number[],
        name: parsedIn(names, language),
        text: parsedIn(texts, language),
      })),
      services: (services as unknown as ServiceRow[]).map(({ categoryIds, allowInMarketplace, names, descriptions, ...service }) => ({
        ...service,
        allowInMarketplace: allowInMarketplace === 1,
        categoryIds: JSON.parse(categoryIds) as number[],
        name: parsedIn(names, language),
        description: parsedIn(descriptions, language),
      })),
    }),
  };
}

export async function serviceCatalogue(db: Db, language: Language): Promise<ServiceCatalogue> {
  return readOne(db, serviceCatalogueRead(language));
}
