/** Placeholder: filled in by its area. */
import type { Db } from '../db/client';
import type { PaidOrder } from '../orders/fulfil';

/** Creates the subscription of each paid subscription line (owner: subscriptions). */
export async function startSubscriptions(_db: Db, _order: PaidOrder, _now: Date): Promise<void> {}
