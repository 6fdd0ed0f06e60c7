/**
 * What the shopper's browser may send when it starts a gateway payment, per method (the rest is
 * the order's): MB WAY's phone, Oney's number of instalments. Checked with zod before anything is
 * claimed; a method absent here takes no fields. Pure; the adapters read the fields from
 * `StartPaymentInput.paymentMethod`.
 */
import { z } from 'zod';
import type { GatewayMethod } from '../domain/orders/state-machine';

export const START_FIELDS: Partial<Record<GatewayMethod, z.ZodType<Record<string, unknown>>>> = {
  // -- sibs --
  // -- oney --
  // -- financing --
};

/** The fields `method` takes, checked; an empty object for a method that takes none (anything sent is refused). */
export function startFieldsSchema(method: GatewayMethod): z.ZodType<Record<string, unknown>> {
  return START_FIELDS[method] ?? z.object({}).strict();
}
