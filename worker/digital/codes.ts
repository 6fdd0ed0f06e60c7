/** Placeholder: filled in by its area. */
import type { Db } from '../db/client';
import type { PaidOrder } from '../orders/fulfil';

/** Assigns each paid unit of a digital line one FREE code (owner: digital keys). */
export async function assignDigitalCodes(_db: Db, _order: PaidOrder, _now: Date): Promise<void> {}
