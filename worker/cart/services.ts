/** The services catalogue (insurance plans, extra services) in the visitor's language. */
import type { Language } from '../../client/i18n/languages';
import type { Db } from '../db/client';
import { extendedInsurances, extraServices } from '../db/schema';
import type { ExtraService, InsurancePlan } from './rules';

export interface InsuranceOffer extends InsurancePlan {
  name: string;
  text: string;
}

export interface ExtraServiceOffer extends ExtraService {
  name: string;
  description: string;
}

export async function serviceCatalogue(db: Db, language: Language): Promise<{ insurances: InsuranceOffer[]; services: ExtraServiceOffer[] }> {
  const [plans, services] = await Promise.all([db.select().from(extendedInsurances), db.select().from(extraServices)]);
  return {
    insurances: plans.map(({ names, texts, ...plan }) => ({ ...plan, name: names[language] ?? names.en_EN ?? '', text: texts[language] ?? texts.en_EN ?? '' })),
    services: services.map(({ names, descriptions, ...service }) => ({ ...service, name: names[language] ?? names.en_EN ?? '', description: descriptions[language] ?? descriptions.en_EN ?? '' })),
  };
}
