/**
 * PC configurations saved to the account (spec §2 /configuraciones; table saved_configurations):
 * components by slot ({ slot: articleId }) from a small fixed list of slots, each an article of
 * the catalogue, at most MAX_CONFIGURATIONS per customer. The configurator saves through
 * `saveConfiguration`; the account lists them with today's total on the channel and deletes them.
 */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { CONFIGURATION_SLOTS, MAX_DRIVES, type ChosenPart, type ConfigurationSlot } from '../domain/configurator/parts';
import { inList } from '../db/limits';
import { articles, listings, savedConfigurations } from '../db/schema';
import { appError } from '../http/errors';
import type { OwnedTable } from '../identity/owned';

/** The slots a configuration fills (the configurator's, worker/domain/configurator/parts.ts). */
export { CONFIGURATION_SLOTS, type ConfigurationSlot };
const MAX_CONFIGURATIONS = 50;
/** Spec §9 general list page size. */
export const CONFIGURATIONS_PAGE_SIZE = 16;
export const MAX_CONFIGURATIONS_PAGE_SIZE = 50;
export const MAX_CONFIGURATION_NAME = 80;

export const ownedConfigurations: OwnedTable = { table: savedConfigurations, id: savedConfigurations.id, userId: savedConfigurations.userId };

export interface SavedConfiguration {
  id: number;
  /** The shareable id the configurator's address carries (`/configurador/{publicId}`). */
  publicId: string;
  name: string;
  components: SavedComponents;
  partsCount: number;
  /** Today's price of the parts that can be bought on the channel (cents). */
  totalPrice: number;
  /** Parts without a price on the channel now (not in `totalPrice`). */
  unavailableParts: number;
  createdAt: string;
  updatedAt: string;
}

export interface ConfigurationPage {
  items: SavedConfiguration[];
  page: number;
  pageSize: number;
  total: number;
}

/** A configuration's parts by slot: one article a slot, the drives as a list (a single id is one drive). */
export type SavedComponents = Partial<Record<Exclude<ConfigurationSlot, 'storage'>, number>> & { storage?: number[] };

const isArticleId = (id: unknown): id is number => typeof id === 'number' && Number.isInteger(id) && id > 0;

/** Only the known slots, in their order (a stored row is trusted no further than that). */
function cleanComponents(value: unknown): SavedComponents {
  const out: SavedComponents = {};
  if (!value || typeof value !== 'object') return out;
  for (const slot of CONFIGURATION_SLOTS) {
    const id = (value as Record<string, unknown>)[slot];
    if (slot === 'storage') {
      const drives = (Array.isArray(id) ? id : [id]).filter(isArticleId).slice(0, MAX_DRIVES);
      if (drives.length) out.storage = drives;
    } else if (isArticleId(id)) out[slot] = id;
  }
  return out;
}

/** The parts of a configuration in slot order, as the configurator's build carries them. */
export function chosenOf(components: SavedComponents): ChosenPart[] {
  return CONFIGURATION_SLOTS.flatMap((slot) => (slot === 'storage' ? (components.storage ?? []) : components[slot] !== undefined ? [components[slot]!] : []).map((articleId) => ({ slot, articleId })));
}

/** The components of a build's parts (the inverse of `chosenOf`). */
export function componentsOf(parts: readonly ChosenPart[]): SavedComponents {
  const out: SavedComponents = {};
  for (const { slot, articleId } of parts) {
    if (slot === 'storage') out.storage = [...(out.storage ?? []), articleId];
    else out[slot] = articleId;
  }
  return out;
}

/** The configuration's articles, a drive bought twice counted twice. */
const articleIdsOf = (components: SavedComponents): number[] => chosenOf(components).map((part) => part.articleId);

/** A configuration by its shareable id, for anyone holding the link (null for none). */
export async function configurationByPublicId(db: Db, publicId: string): Promise<{ publicId: string; name: string; userId: number; parts: ChosenPart[] } | null> {
  const [row] = await db.select().from(savedConfigurations).where(eq(savedConfigurations.publicId, publicId));
  return row ? { publicId: row.publicId, name: row.name, userId: row.userId, parts: chosenOf(cleanComponents(row.components)) } : null;
}

/** 16 random bytes, base64url: a shareable id nobody can guess. */
function newPublicId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The customer's configurations, latest change first, with today's total on the channel. */
export async function listConfigurations(db: Db, args: { userId: number; channel: string; page: number; pageSize: number }): Promise<ConfigurationPage> {
  const mine = eq(savedConfigurations.userId, args.userId);
  const [[totals], rows] = await Promise.all([
    db.select({ total: count() }).from(savedConfigurations).where(mine),
    db
      .select()
      .from(savedConfigurations)
      .where(mine)
      .orderBy(desc(savedConfigurations.updatedAt), desc(savedConfigurations.id))
      .limit(args.pageSize)
      .offset((args.page - 1) * args.pageSize),
  ]);
  const parts = rows.map((row) => cleanComponents(row.components));
  const ids = [...new Set(parts.flatMap(articleIdsOf))];
  // At most 16 × 9 ids, in one JSON parameter.
  const prices = ids.length
    ? new Map(
        (await db.select({ articleId: listings.articleId, price: listings.price }).from(listings).where(and(eq(listings.channel, args.channel), inList(listings.articleId, ids)))).map((r) => [r.articleId, r.price]),
      )
    : new Map<number, number | null>();
  return {
    items: rows.map((row, i) => {
      const components = parts[i]!;
      const priced = articleIdsOf(components).map((id) => prices.get(id) ?? null);
      return {
        id: row.id,
        publicId: row.publicId,
        name: row.name,
        components,
        partsCount: priced.length,
        totalPrice: priced.reduce<number>((sum, price) => sum + (price ?? 0), 0),
        unavailableParts: priced.filter((price) => price === null || price <= 0).length,
        createdAt: new Date(row.createdAt).toISOString(),
        updatedAt: new Date(row.updatedAt).toISOString(),
      };
    }),
    page: args.page,
    pageSize: args.pageSize,
    total: totals?.total ?? 0,
  };
}

/**
 * Saves a new configuration: every component must be an article of the catalogue
 * (configurationUnknownArticle, 400), and the customer may hold MAX_CONFIGURATIONS
 * (configurationLimit, 409; the check and the insert are one statement, so racing saves cannot
 * pass it). Nothing is written on a refusal.
 */
export async function saveConfiguration(db: Db, args: { userId: number; name: string; components: SavedComponents; now: Date }): Promise<{ id: number; publicId: string; name: string; components: SavedComponents }> {
  const components = cleanComponents(args.components);
  const ids = [...new Set(articleIdsOf(components))];
  const known = await db.select({ id: articles.id }).from(articles).where(inList(articles.id, ids));
  if (ids.length === 0 || known.length !== ids.length) throw appError('configurationUnknownArticle');
  const at = args.now.getTime();
  const publicId = newPublicId();
  const [row] = await db.all<{ id: number }>(
    sql`INSERT INTO saved_configurations (public_id, user_id, name, components, created_at, updated_at) SELECT ${publicId}, ${args.userId}, ${args.name}, ${JSON.stringify(components)}, ${at}, ${at} WHERE (SELECT count(*) FROM saved_configurations WHERE user_id = ${args.userId}) < ${MAX_CONFIGURATIONS} RETURNING id`,
  );
  if (!row) throw appError('configurationLimit');
  return { id: row.id, publicId, name: args.name, components };
}

/** Deletes one of the customer's configurations (someone else's id is the 404 of loadOwned, checked by the caller). */
export async function deleteConfiguration(db: Db, userId: number, id: number): Promise<void> {
  await db.delete(savedConfigurations).where(and(eq(savedConfigurations.id, id), eq(savedConfigurations.userId, userId)));
}
