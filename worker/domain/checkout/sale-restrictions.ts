/**
 * Articles that may not be sold on their own terms (spec §8: 1145 OEM without assembly, 1146
 * article cannot be alone), from the catalogue's `articles.sale_restriction`:
 *
 * - 'oem' (processors without box, OEM licences): only in a cart that also carries the PC
 *   assembly service (the extra service ASSEMBLY_SERVICE_ID, on any article line) — else 1145;
 * - 'companion' (upgrades and accessories sold only alongside a product): the cart needs at
 *   least one physical article without that restriction — else 1146. Digital articles and
 *   service lines ship nothing and do not count; two companions do not make each other valid.
 *
 * They are critical errors of the cart rather than refusals: the shopper may add the article
 * first and its assembly or main product next, in any order. Both block the step after the
 * cart (spec §4: "article alone — blocks"); the checkout quote must refuse them too.
 * Pure: the cart view's articles in, `criticalErrors` entries out (spec §3), one per article line
 * in cart order; names are cut to 45 characters only when displayed (alerts.ts).
 */
import type { CriticalError } from './alerts';

export const SALE_RESTRICTIONS = ['oem', 'companion'] as const;
export type SaleRestriction = (typeof SALE_RESTRICTIONS)[number];

export const SALE_RESTRICTION_CODES = { oemWithoutAssembly: 1145, articleCannotBeAlone: 1146 } as const;

/**
 * The "PC assembly" extra service (scripts/seed/services.ts): assembling and testing the
 * components of the cart. It is the one service that makes an OEM article sellable.
 */
export const ASSEMBLY_SERVICE_ID = 4;

/** What the rules read of a cart line (a cart view article satisfies it). */
export interface RestrictionLine {
  name: string;
  type: string;
  saleRestriction: SaleRestriction | null;
  /** Null for an article; the kind and id of a service line attached to one. */
  service: { kind: string; id: number } | null;
}

const isArticle = (line: RestrictionLine) => line.service === null;
const hasAssembly = (lines: readonly RestrictionLine[]) => lines.some((line) => line.service?.kind === 'service' && line.service.id === ASSEMBLY_SERVICE_ID);

/** The 1145 and 1146 critical errors of a cart, one per offending article line. */
export function saleRestrictionErrors(lines: readonly RestrictionLine[]): CriticalError[] {
  const articles = lines.filter(isArticle);
  const assembled = hasAssembly(lines);
  const accompanied = articles.some((line) => line.type !== 'digital' && line.saleRestriction !== 'companion');
  const errors: CriticalError[] = [];
  for (const line of articles) {
    if (line.saleRestriction === 'oem' && !assembled) errors.push({ code: SALE_RESTRICTION_CODES.oemWithoutAssembly, articleName: line.name });
    if (line.saleRestriction === 'companion' && !accompanied) errors.push({ code: SALE_RESTRICTION_CODES.articleCannotBeAlone, articleName: line.name });
  }
  return errors;
}
