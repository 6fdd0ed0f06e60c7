/**
 * Configurator presets: a preset's name and slugs, its components as product cards with their
 * current price and availability on the channel (the `listings` row, like every card), and the
 * other presets to link to — one D1 batch.
 */
import { and, asc, eq, ne } from 'drizzle-orm';
import type { Language } from '../../client/i18n/languages';
import type { ProductCard } from '../../client/types';
import type { ChannelId } from '../channel/channels';
import { cardColumns } from './catalogue';
import type { Db } from './client';
import {
  articles,
  articleTranslations,
  brands,
  configuratorPresetComponents,
  configuratorPresets,
  configuratorPresetTranslations,
  listings,
} from './schema';

export type ComponentRole = (typeof configuratorPresetComponents.role.enumValues)[number];

export interface PresetComponent {
  role: ComponentRole;
  qty: number;
  product: ProductCard;
}

export interface PresetDetail {
  id: number;
  name: string;
  description: string;
  slug: string;
  /** The preset's slug in every language. */
  slugs: Partial<Record<Language, string>>;
  components: PresetComponent[];
  /** The other presets, in their order, for links. */
  others: { id: number; name: string; slug: string }[];
}

export async function presetById(db: Db, id: number, language: Language, channel: ChannelId): Promise<PresetDetail | undefined> {
  const [translations, components, others] = await db.batch([
    db.select().from(configuratorPresetTranslations).where(eq(configuratorPresetTranslations.presetId, id)),
    db
      .select({ role: configuratorPresetComponents.role, qty: configuratorPresetComponents.qty, ...cardColumns })
      .from(configuratorPresetComponents)
      .innerJoin(articles, eq(articles.id, configuratorPresetComponents.articleId))
      .innerJoin(articleTranslations, and(eq(articleTranslations.articleId, articles.id), eq(articleTranslations.lang, language)))
      .innerJoin(brands, eq(brands.id, articles.brandId))
      .leftJoin(listings, and(eq(listings.articleId, articles.id), eq(listings.channel, channel)))
      .where(eq(configuratorPresetComponents.presetId, id))
      .orderBy(asc(configuratorPresetComponents.position)),
    db
      .select({ id: configuratorPresets.id, name: configuratorPresetTranslations.name, slug: configuratorPresetTranslations.slug })
      .from(configuratorPresets)
      .innerJoin(configuratorPresetTranslations, and(eq(configuratorPresetTranslations.presetId, configuratorPresets.id), eq(configuratorPresetTranslations.lang, language)))
      .where(ne(configuratorPresets.id, id))
      .orderBy(asc(configuratorPresets.position), asc(configuratorPresets.id)),
  ]);
  const own = translations.find((row) => row.lang === language);
  if (!own) return undefined;
  return {
    id,
    name: own.name,
    description: own.description,
    slug: own.slug,
    slugs: Object.fromEntries(translations.map((row) => [row.lang, row.slug])),
    components: components.map(({ role, qty, ...product }) => ({ role, qty, product })),
    others,
  };
}
