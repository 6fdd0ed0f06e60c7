/**
 * What the shopper's browser may send when it starts a gateway payment, per method (the rest is
 * the order's): MB WAY's phone, Oney's number of instalments. Checked with zod before anything is
 * claimed; a method absent here takes no fields. Pure; the adapters read the fields from
 * `StartPaymentInput.paymentMethod`.
 */
import { z } from 'zod';
import type { GatewayMethod } from '../domain/orders/state-machine';
import { ONEY_VARIANTS } from './oney/simulation';
import { portugueseMobile } from './sibs/phone';
import { termFields } from './financing/products';

export const START_FIELDS: Partial<Record<GatewayMethod, z.ZodType<Record<string, unknown>>>> = {
  // -- sibs --
  // MB WAY's phone: a Portuguese mobile (9xxxxxxxx, spaces or +351 allowed), kept as its nine digits.
  mbway: z.object({ phone: z.string().max(30).transform((typed, ctx) => portugueseMobile(typed) ?? (ctx.addIssue({ code: 'custom', message: 'a Portuguese mobile number (9xxxxxxxx)' }), z.NEVER)) }).strict(),
  // -- oney --
  oney: z.object({ variant: z.enum(ONEY_VARIANTS).optional() }).strict(),
  // -- financing --
  lendismart: termFields('lendismart'), payPerUsage: termFields('payPerUsage'),
};

/** The fields `method` takes, checked; an empty object for a method that takes none (anything sent is refused). */
export function startFieldsSchema(method: GatewayMethod): z.ZodType<Record<string, unknown>> {
  return START_FIELDS[method] ?? z.object({}).strict();
}
