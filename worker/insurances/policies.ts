/** Placeholder: filled in by its area. */
import type { Db } from '../db/client';
import type { PaidOrder } from '../orders/fulfil';

/** Creates the policy of each paid insurance line (owner: insurances). */
export async function createPolicies(_db: Db, _order: PaidOrder, _now: Date): Promise<void> {}
