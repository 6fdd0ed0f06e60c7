/**
 * Home installation (spec §3 installation service, §7 installation data, §8 38001/38002):
 * technicians install an article of the service's categories at the customer's home, in the
 * service's country, at the price of the province the postal code belongs to. One pricing for
 * the data call, the cart line (re-priced from D1 on every cart read) and the checkout (which
 * re-prices it for the shipping address): the pure rules first, then the D1 reads.
 *
 * - 38002 (`installationServiceNotFound`): no such service, or not for the article's category
 *   or the channel's country;
 * - 38001 (`installationPriceNotFound`): the postal code is not one of the country's, or its
 *   province has no price (we do not install there).
 */
import { eq } from 'drizzle-orm';
import { inList, jsonList } from '../db/limits';
import type { Language } from '../../client/i18n/languages';
import type { Db } from '../db/client';
import { readOne, rowsRead, constantRead, type Read } from '../db/raw';
import { articles, installationServices } from '../db/schema';
import { languagePath, textIn } from './services';
import { normalizePostalCode } from '../domain/identity/postal-code';
import type { CartArticle } from './view';

export interface InstallationOffer {
  id: number;
  categoryIds: readonly number[];
  countryIso: string;
  /** Price in cents by province code; a province not listed is not served. */
  provincePrices: Readonly<Record<string, number>>;
  name: string;
  /** The warning shown before it is chosen (what the technician does and does not do). */
  summary: string;
}

/** A province and the postal-code prefixes it covers (comma-separated, as in `provinces`). */
export interface ProvincePrefixes {
  code: string;
  postalPrefixes: string;
}

export type InstallationPrice = { ok: true; postalCode: string; provinceCode: string; price: number } | { ok: false; reason: 'notServed' };

/** The installation services an article may have: of its category, in the channel's country, never for digital goods. */
export function eligibleInstallations<I extends Pick<InstallationOffer, 'countryIso' | 'categoryIds'>>(target: { categoryId: number; type: string }, countryIso: string, services: readonly I[]): I[] {
  if (target.type === 'digital') return [];
  return services.filter((s) => s.countryIso === countryIso && s.categoryIds.includes(target.categoryId));
}

/**
 * The province of a normalized postal code: the one with a listed prefix it starts with, the
 * longest prefix winning ("35" and "350" style lists). Provinces listing no prefix cannot be
 * told from a postal code and never match; null when nothing does.
 */
export function provinceOfPostalCode(postalCode: string, provinceList: readonly ProvincePrefixes[]): string | null {
  let best: { code: string; length: number } | null = null;
  for (const province of provinceList) {
    for (const raw of province.postalPrefixes.split(',')) {
      const prefix = raw.trim().toUpperCase();
      if (prefix !== '' && postalCode.startsWith(prefix) && prefix.length > (best?.length ?? 0)) best = { code: province.code, length: prefix.length };
    }
  }
  return best?.code ?? null;
}

/**
 * What `service` costs at `rawPostalCode` in `countryIso`: not served (38001) in another country,
 * for a code that is not the country's, or in a province without a price.
 */
export function installationPrice(service: Pick<InstallationOffer, 'countryIso' | 'provincePrices'>, countryIso: string, rawPostalCode: string, provinceList: readonly ProvincePrefixes[]): InstallationPrice {
  if (service.countryIso !== countryIso.toUpperCase()) return { ok: false, reason: 'notServed' };
  const postal = normalizePostalCode(countryIso, rawPostalCode);
  if (!postal.ok) return { ok: false, reason: 'notServed' };
  const provinceCode = provinceOfPostalCode(postal.postalCode, provinceList);
  const price = provinceCode === null ? undefined : service.provincePrices[provinceCode];
  if (provinceCode === null || price === undefined) return { ok: false, reason: 'notServed' };
  return { ok: true, postalCode: postal.postalCode, provinceCode, price };
}

const inLanguage = (texts: Record<string, string>, language: Language) => texts[language] ?? texts.en_EN ?? '';

/** ?1 the JSON path of the language. */
const INSTALLATIONS_SQL = `SELECT id, category_ids AS categoryIds, country_iso AS countryIso, province_prices AS provincePrices,
  ${textIn('names', 'name')}, ${textIn('summaries', 'summary')} FROM installation_services`;
type InstallationRow = Omit<InstallationOffer, 'categoryIds' | 'provincePrices'> & { categoryIds: string; provincePrices: string };

/** Every installation service, names and warnings in the visitor's language (read live on every cart read: its prices are money). */
export function installationCatalogueRead(language: Language): Read<InstallationOffer[]> {
  return rowsRead(INSTALLATIONS_SQL, [languagePath(language)], (rows: InstallationRow[]) =>
    rows.map((service) => ({ ...service, categoryIds: JSON.parse(service.categoryIds) as number[], provincePrices: JSON.parse(service.provincePrices) as Record<string, number> })),
  );
}

/** ?1 the countries' ISO codes. */
const PROVINCES_SQL = `SELECT c.iso, p.code, p.postal_prefixes AS postalPrefixes FROM provinces p JOIN countries c ON c.id = p.country_id
  WHERE c.iso IN (SELECT value FROM json_each(?1))`;

/** The provinces of some countries with their postal prefixes, by country ISO code. */
export function provincePrefixesRead(countryIsos: readonly string[]): Read<Map<string, ProvincePrefixes[]>> {
  if (countryIsos.length === 0) return constantRead(new Map());
  return rowsRead(PROVINCES_SQL, [jsonList(countryIsos)], (rows: (ProvincePrefixes & { iso: string })[]) => {
    const byCountry = new Map<string, ProvincePrefixes[]>();
    for (const { iso, ...province } of rows) byCountry.set(iso, [...(byCountry.get(iso) ?? []), province]);
    return byCountry;
  });
}

export async function provincePrefixes(db: Db, countryIsos: readonly string[]): Promise<Map<string, ProvincePrefixes[]>> {
  return readOne(db, provincePrefixesRead(countryIsos));
}

export type InstallationQuote =
  | { ok: true; installationServiceId: number; name: string; summary: string; postalCode: string; provinceCode: string; price: number }
  | { ok: false; error: 'installationServiceNotFound' | 'installationPriceNotFound' };

/** The price of installing article `articleId` at a postal code of the channel's country (the §7 data call, and the check before a cart line). */
export async function quoteInstallation(db: Db, language: Language, ask: { serviceId: number; articleId: number; countryIso: string; postalCode: string }): Promise<InstallationQuote> {
  const [[service], [article], provinceList] = await Promise.all([
    db.select().from(installationServices).where(eq(installationServices.id, ask.serviceId)),
    db.select({ categoryId: articles.categoryId, type: articles.type }).from(articles).where(eq(articles.id, ask.articleId)),
    provincePrefixes(db, [ask.countryIso]),
  ]);
  if (!service || !article || eligibleInstallations(article, ask.countryIso, [service]).length === 0) return { ok: false, error: 'installationServiceNotFound' };
  const priced = installationPrice(service, ask.countryIso, ask.postalCode, provinceList.get(ask.countryIso) ?? []);
  if (!priced.ok) return { ok: false, error: 'installationPriceNotFound' };
  const { postalCode, provinceCode, price } = priced;
  return { ok: true, installationServiceId: service.id, name: inLanguage(service.names, language), summary: inLanguage(service.summaries, language), postalCode, provinceCode, price };
}

export type InstallationAt =
  | { ok: true; installationServiceId: number; postalCode: string; provinceCode: string; unitPrice: number; totalPrice: number }
  | { ok: false; reason: 'notServed'; error: 'installationPriceNotFound' }
  | { ok: false; reason: 'serviceNotFound'; error: 'installationServiceNotFound' };

type InstallationLine = Pick<CartArticle, 'service' | 'familyId' | 'qty'>;

/**
 * For the checkout: an installation line of the cart view (`service.kind === 'installation'`)
 * priced again at the shipping address's postal code and country. 'notServed' (38001) when we
 * do not install there — the shopper priced it for one province and ships to another; the
 * quote must say so rather than keep the cart's price. 'serviceNotFound' (38002) when the
 * service is gone from the catalogue or no longer covers the article's category.
 */
export async function installationAt(db: Db, line: InstallationLine, postalCode: string, countryIso: string): Promise<InstallationAt> {
  return (await installationsAt(db, [line], postalCode, countryIso))[0]!;
}

/**
 * `installationAt` for several lines with two reads in all (the services named and the
 * country's provinces), whatever the number of lines: a full cart does not cost a round trip
 * per installation.
 */
export async function installationsAt(db: Db, lines: readonly InstallationLine[], postalCode: string, countryIso: string): Promise<InstallationAt[]> {
  const serviceNotFound = { ok: false, reason: 'serviceNotFound', error: 'installationServiceNotFound' } as const;
  const iso = countryIso.toUpperCase();
  const ids = lines.flatMap((line) => (line.service?.kind === 'installation' ? [line.service.id] : []));
  if (ids.length === 0) return lines.map(() => serviceNotFound);
  const [services, provinceList] = await Promise.all([db.select().from(installationServices).where(inList(installationServices.id, ids)), provincePrefixes(db, [iso])]);
  return lines.map((line) => {
    const service = line.service?.kind === 'installation' ? services.find((s) => s.id === line.service!.id) : undefined;
    if (!service || !service.categoryIds.includes(line.familyId)) return serviceNotFound;
    const priced = installationPrice(service, iso, postalCode, provinceList.get(iso) ?? []);
    if (!priced.ok) return { ok: false, reason: 'notServed', error: 'installationPriceNotFound' };
    return { ok: true, installationServiceId: service.id, postalCode: priced.postalCode, provinceCode: priced.provinceCode, unitPrice: priced.price, totalPrice: priced.price * line.qty };
  });
}
