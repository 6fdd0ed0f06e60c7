/**
 * "Add the whole build to the basket" (docs/configurator.md): every part of a build goes to the
 * caller's cart through the cart's own rules (the buy-box offer, stock, the line limit), one part
 * at a time so one refusal does not stop the others, and the PC assembly service rides on the
 * first part that can carry it — the service the OEM processors need (spec §8 1145). A build whose
 * parts do not go together is refused before anything is added.
 */
import { eq } from 'drizzle-orm';
import { type NotAddedReason, reasonOfCartCode } from '../baskets/to-cart';
import { factForArticle } from '../cart/facts';
import { attachService, callerCart, cartStub, readCart, rememberUnits } from '../cart/service';
import type { Db } from '../db/client';
import { cardsOf, componentParts } from '../db/pc-components';
import { extraServices } from '../db/schema';
import { ASSEMBLY_SERVICE_ID } from '../domain/checkout/sale-restrictions';
import { checkBuild } from '../domain/configurator/fit';
import { buildOf, type ChosenPart } from '../domain/configurator/parts';
import { appError, AppError } from '../http/errors';
import type { AppContext } from '../http/context';

export interface BuildToCartResult {
  added: { articleId: number; name: string; limited: boolean }[];
  notAdded: { articleId: number; name: string; reason: NotAddedReason }[];
  /** Whether the assembly service was attached (asked for, and a part could carry it). */
  assembled: boolean;
  /** Units in the cart afterwards (the header's count). */
  cartUnits: number;
}

/** The PC assembly service's price in cents (null when the catalogue has none). */
export async function assemblyPrice(db: Db): Promise<number | null> {
  const [row] = await db.select({ price: extraServices.price }).from(extraServices).where(eq(extraServices.id, ASSEMBLY_SERVICE_ID));
  return row?.price ?? null;
}

export async function addBuildToCart(c: AppContext, chosen: readonly ChosenPart[], options: { assembly: boolean }): Promise<BuildToCartResult> {
  const { db, channel, language } = c.var;
  const parts = await componentParts(db, chosen.map((p) => p.articleId));
  const unknown = chosen.find((p) => parts.get(p.articleId)?.slot !== p.slot);
  if (unknown || chosen.length === 0) throw appError('configurationUnknownArticle');
  if (checkBuild(buildOf(chosen.map((p) => parts.get(p.articleId)!))).problems.some((p) => p.severity === 'exclude')) throw appError('configurationIncompatible');
  const names = await cardsOf(db, chosen.map((p) => p.articleId), language, channel.id);
  const nameOf = (articleId: number) => names.get(articleId)?.name ?? String(articleId);
  const { cartId } = await callerCart(c);
  const stub = cartStub(c, cartId);
  const result: BuildToCartResult = { added: [], notAdded: [], assembled: false, cartUnits: 0 };
  const now = c.var.now.getTime();
  for (const { articleId } of chosen) {
    const fact = await factForArticle(db, channel.id, articleId);
    if (!fact) {
      result.notAdded.push({ articleId, name: nameOf(articleId), reason: 'notSold' });
      continue;
    }
    const added = await stub.add([{ fact, qty: 1 }], now);
    if (added.ok) result.added.push({ articleId, name: nameOf(articleId), limited: added.limited.includes(articleId) });
    else result.notAdded.push({ articleId, name: nameOf(articleId), reason: reasonOfCartCode(added.code) });
  }
  if (options.assembly && result.added.length > 0) {
    const view = await readCart(c, cartId);
    const addedIds = new Set(result.added.map((a) => a.articleId));
    const alreadyAssembled = view.articles.some((line) => line.service?.kind === 'service' && line.service.id === ASSEMBLY_SERVICE_ID);
    // The processor first (the OEM ones need it on their line), then any part that may carry it.
    const carriers = [...chosen].sort((a, b) => Number(b.slot === 'cpu') - Number(a.slot === 'cpu'));
    for (const { articleId } of alreadyAssembled ? [] : carriers) {
      const line = view.articles.find((l) => l.service === null && l.idArticle === articleId && addedIds.has(articleId));
      if (!line?.extraServices.some((s) => s.id === ASSEMBLY_SERVICE_ID)) continue;
      try {
        await attachService(c, cartId, view, line.idLine, { kind: 'service', serviceId: ASSEMBLY_SERVICE_ID });
        result.assembled = true;
        break;
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
      }
    }
    result.assembled ||= alreadyAssembled;
  }
  result.cartUnits = await stub.itemCount();
  rememberUnits(c, result.cartUnits);
  return result;
}
