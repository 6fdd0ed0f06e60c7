/** Placeholder: filled in by its area. */
import type { Db } from '../db/client';
import type { PaidOrder } from '../orders/fulfil';

/** Issues one gift card per paid unit of a gift-card line (owner: gift cards). */
export async function issueGiftCards(_db: Db, _order: PaidOrder, _now: Date): Promise<void> {}
