/**
 * What a cart view reads from D1, in one round trip: the offers of the lines (with the stock
 * check's facts when asked), their articles' shop stock and other offers, the lines added on
 * other channels (kept for their store, never dropped here), the service and installation
 * catalogues (read live on every read: their prices are money), the provinces when an
 * installation line is priced at its postal code, and the articles standalone insurance lines
 * (renewals, new policies) cover. An empty cart shows nothing of all this and reads nothing.
 *
 * A mutation reads this for the lines it finds, together with the facts it needs to decide, and
 * the answer uses it when the lines the mutation leaves need nothing more (`covers`): one round
 * trip for the whole call.
 */
import type { Language } from '../../client/i18n/languages';
import { constantRead, readsTogether, type Read } from '../db/raw';
import { coveredArticlesRead, type CoveredArticle } from '../insurances/covered';
import type { CartLineRow } from './cart-do';
import { articleExtrasRead, articleOffersRead, factsRead, lineDetailsRead, offersElsewhereRead, type ArticleExtras, type LineDetail, type OfferElsewhere } from './facts';
import { installationCatalogueRead, provincePrefixesRead, type InstallationOffer, type ProvincePrefixes } from './installation';
import type { OfferFact } from './rules';
import { serviceCatalogueRead, type ServiceCatalogue } from './services';

/** What must be read for a cart view. */
export interface ViewNeeds {
  /** The offers shown: the lines', and those a mutation is about to add. */
  offerIds: readonly number[];
  /** The country's provinces, to price installation lines. */
  provinces: boolean;
  /** The articles standalone insurance lines cover. */
  coveredIds: readonly number[];
  /** The facts of every offer for the stock check (`readCart`'s recalculateStock). */
  stockCheck: boolean;
}

/** What the view of `lines` needs, with `offerIds` about to join them. */
export function viewNeeds(lines: readonly CartLineRow[], { offerIds = [], stockCheck = false }: { offerIds?: readonly number[]; stockCheck?: boolean } = {}): ViewNeeds {
  return {
    offerIds: [...new Set([...lines.map((l) => l.offerId), ...offerIds])],
    provinces: lines.some((l) => l.kind === 'installation'),
    coveredIds: lines.filter((l) => l.kind === 'insurance' && !!l.details).map((l) => l.articleId),
    stockCheck,
  };
}

/** Whether what was read for `read` is all that `wanted` needs. */
export function covers(read: ViewNeeds, wanted: ViewNeeds): boolean {
  const within = (some: readonly number[], all: readonly number[]) => some.every((id) => all.includes(id));
  return within(wanted.offerIds, read.offerIds) && within(wanted.coveredIds, read.coveredIds) && (!wanted.provinces || read.provinces) && (!wanted.stockCheck || read.stockCheck);
}

/** A cart view's data from D1, and what it was read for. */
export interface ViewData {
  needs: ViewNeeds;
  details: Map<number, LineDetail>;
  /** Only for the stock check. */
  facts: Map<number, OfferFact> | null;
  extras: ArticleExtras;
  elsewhere: Map<number, OfferElsewhere>;
  catalogue: ServiceCatalogue;
  installations: InstallationOffer[];
  provinces: Map<string, ProvincePrefixes[]>;
  covered: Map<number, CoveredArticle>;
}

export function viewDataRead(channel: { id: string; country: string }, language: Language, needs: ViewNeeds): Read<ViewData> {
  const { offerIds } = needs;
  const anything = offerIds.length > 0;
  const parts = readsTogether([
    lineDetailsRead(channel.id, language, offerIds),
    needs.stockCheck ? factsRead(channel.id, offerIds) : constantRead(null),
    articleExtrasRead(channel.id, offerIds),
    offersElsewhereRead(channel.id, language, offerIds),
    anything ? serviceCatalogueRead(language) : constantRead({ insurances: [], services: [] }),
    anything ? installationCatalogueRead(language) : constantRead([]),
    provincePrefixesRead(needs.provinces ? [channel.country] : []),
    coveredArticlesRead(language, needs.coveredIds),
  ]);
  return {
    statements: parts.statements,
    value: (rows) => {
      const [details, facts, extras, elsewhere, catalogue, installations, provinces, covered] = parts.value(rows);
      return { needs, details, facts, extras, elsewhere, catalogue, installations, provinces, covered };
    },
  };
}

/**
 * What adding articles reads in one round trip: each article's offers (`pickOffer` chooses among
 * them), and what the answer shows of `lines` and of the offers named.
 */
export function addArticlesRead(channel: { id: string; country: string }, language: Language, wanted: readonly { idArticle: number; idOffer?: number }[], lines: readonly CartLineRow[]) {
  const named = wanted.flatMap((w) => (w.idOffer === undefined ? [] : [w.idOffer]));
  return readsTogether([readsTogether(wanted.map((w) => articleOffersRead(channel.id, w.idArticle))), viewDataRead(channel, language, viewNeeds(lines, { offerIds: named }))]);
}
