/**
 * The configurator's reads: the data of component articles (table pc_components, checked by the
 * slot's zod schema here, at the boundary), and the candidates of a slot on a channel as product
 * cards (the `listings` row's price and availability, like every card) with whether each fits
 * a partial build and why not (worker/domain/configurator). Lists of ids travel as one JSON
 * parameter (`inList`), so no statement nears D1's 100-parameter limit.
 */
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Language } from '../../client/i18n/languages';
import type { ProductCard } from '../../client/types';
import type { ChannelId } from '../channel/channels';
import { candidateFits, type Fit } from '../domain/configurator/fit';
import { recommendOs, type OsCandidate } from '../domain/configurator/os';
import { buildOf, parsePart, type Build, type ChosenPart, type ConfigurationSlot, type SlotPart } from '../domain/configurator/parts';
import { cardColumns } from './catalogue';
import type { Db } from './client';
import { inList } from './limits';
import { articles, articleTranslations, brands, listings, pcComponents } from './schema';

/** Spec §9 general list page size. */
export const CANDIDATES_PAGE_SIZE = 16;

export type CandidateCard = ProductCard & Fit & { part: SlotPart };

export interface CandidatePage {
  slot: ConfigurationSlot;
  items: CandidateCard[];
  page: number;
  pageSize: number;
  total: number;
  /** How many of all the slot's candidates fit. */
  fitting: number;
  /** How many of all the slot's candidates do not. */
  excluded: number;
}

const partOf = (row: { slot: ConfigurationSlot; data: unknown }): SlotPart | undefined => parsePart(row.slot, row.data);

/** The configurator data of `ids` that have some (rows that fail their slot's schema are left out). */
export async function componentParts(db: Db, ids: readonly number[]): Promise<Map<number, SlotPart>> {
  if (!ids.length) return new Map();
  const rows = await db.select().from(pcComponents).where(inList(pcComponents.articleId, ids));
  const parts = new Map<number, SlotPart>();
  for (const row of rows) {
    const part = partOf(row);
    if (part) parts.set(row.articleId, part);
  }
  return parts;
}

/**
 * The build of the chosen parts, or the first choice that is not a part of its slot (an unknown
 * article, or one of another slot).
 */
export async function loadBuild(db: Db, chosen: readonly ChosenPart[]): Promise<{ build: Build } | { unknown: ChosenPart }> {
  const parts = await componentParts(db, chosen.map((c) => c.articleId));
  const unknown = chosen.find((c) => parts.get(c.articleId)?.slot !== c.slot);
  return unknown ? { unknown } : { build: buildOf(chosen.map((c) => parts.get(c.articleId)!)) };
}

/** Cards of `ids` on the channel, in the request's language, by id. */
export async function cardsOf(db: Db, ids: readonly number[], language: Language, channel: ChannelId): Promise<Map<number, ProductCard>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select(cardColumns)
    .from(articles)
    .innerJoin(articleTranslations, and(eq(articleTranslations.articleId, articles.id), eq(articleTranslations.lang, language)))
    .innerJoin(brands, eq(brands.id, articles.brandId))
    .innerJoin(listings, and(eq(listings.articleId, articles.id), eq(listings.channel, channel)))
    .where(inList(articles.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * An article's configurator data: its part, null for an article that is no PC part, undefined
 * for no article.
 */
export async function articlePart(db: Db, id: number): Promise<SlotPart | null | undefined> {
  const [row] = await db
    .select({ slot: pcComponents.slot, data: pcComponents.data })
    .from(articles)
    .leftJoin(pcComponents, eq(pcComponents.articleId, articles.id))
    .where(eq(articles.id, id));
  if (!row) return undefined;
  return row.slot ? (partOf({ slot: row.slot, data: row.data }) ?? null) : null;
}

/** Every article of `slot` with a price on the channel, with its data, cheapest first. */
async function slotParts(db: Db, slot: ConfigurationSlot, channel: ChannelId): Promise<{ articleId: number; part: SlotPart; price: number }[]> {
  const rows = await db
    .select({ articleId: pcComponents.articleId, slot: pcComponents.slot, data: pcComponents.data, price: listings.price })
    .from(pcComponents)
    .innerJoin(listings, and(eq(listings.articleId, pcComponents.articleId), eq(listings.channel, channel)))
    .where(and(eq(pcComponents.slot, slot), isNotNull(listings.price)))
    .orderBy(asc(listings.price), asc(pcComponents.articleId));
  return rows.flatMap((row) => {
    const part = partOf(row);
    return part ? [{ articleId: row.articleId, part, price: row.price! }] : [];
  });
}

/**
 * The candidates of `slot` on the channel, each judged against `build`: those that fit first,
 * then the rest, each group cheapest first; one page of them as cards.
 */
export async function listCandidates(
  db: Db,
  args: { slot: ConfigurationSlot; build: Build; channel: ChannelId; language: Language; page: number; pageSize: number; which?: 'fitting' | 'excluded' },
): Promise<CandidatePage> {
  const judged = candidateFits(args.build, await slotParts(db, args.slot, args.channel));
  const fitting = judged.filter((c) => c.fits);
  const excluded = judged.filter((c) => !c.fits);
  // Both groups, or only one of them (the configurator pages each on its own).
  const ordered = args.which === 'fitting' ? fitting : args.which === 'excluded' ? excluded : [...fitting, ...excluded];
  const pageRows = ordered.slice((args.page - 1) * args.pageSize, args.page * args.pageSize);
  const cards = await cardsOf(db, pageRows.map((c) => c.articleId), args.language, args.channel);
  return {
    slot: args.slot,
    items: pageRows.flatMap(({ articleId, part, fits, reasons, notices }) => {
      const card = cards.get(articleId);
      return card ? [{ ...card, part, fits, reasons, notices }] : [];
    }),
    page: args.page,
    pageSize: args.pageSize,
    total: ordered.length,
    fitting: fitting.length,
    excluded: excluded.length,
  };
}

export type OsRecommendationCard = ProductCard & Fit & { part: SlotPart; recommended: boolean };

/** The operating systems sold on the channel, ranked for `build` (worker/domain/configurator/os.ts), as cards. */
export async function osRecommendations(db: Db, args: { build: Build; channel: ChannelId; language: Language }): Promise<OsRecommendationCard[]> {
  const systems: OsCandidate[] = (await slotParts(db, 'os', args.channel)).flatMap((c) => (c.part.slot === 'os' ? [{ articleId: c.articleId, data: c.part.data }] : []));
  const ranked = recommendOs(args.build, systems);
  const cards = await cardsOf(db, ranked.map((r) => r.articleId), args.language, args.channel);
  return ranked.flatMap(({ articleId, data, fits, reasons, notices, recommended }) => {
    const card = cards.get(articleId);
    return card ? [{ ...card, part: { slot: 'os' as const, data }, fits, reasons, notices, recommended }] : [];
  });
}
