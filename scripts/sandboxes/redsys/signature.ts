// Redsys' HMAC_SHA256_V1 on the sandbox's side, written on Node's own 3DES (OpenSSL) rather than
// the Worker's module, so that each side checks the other (docs/payments-redsys.md).
import { createCipheriv, createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_VERSION = 'HMAC_SHA256_V1';

export interface SignedFields {
  Ds_SignatureVersion: string;
  Ds_MerchantParameters: string;
  Ds_Signature: string;
}

function orderKey(secret: string, order: string): Buffer {
  const message = Buffer.from(order, 'utf8');
  const padded = Buffer.alloc(Math.ceil(message.length / 8) * 8);
  message.copy(padded);
  const cipher = createCipheriv('des-ede3-cbc', Buffer.from(secret, 'base64'), Buffer.alloc(8)).setAutoPadding(false);
  return Buffer.concat([cipher.update(padded), cipher.final()]);
}

/** base64 HMAC-SHA256 of the base64 parameters under the order's key; URL-safe as Redsys signs its notifications and returns. */
export function signature(secret: string, order: string, merchantParameters: string, urlSafe: boolean): string {
  const digest = createHmac('sha256', orderKey(secret, order)).update(merchantParameters).digest('base64');
  return urlSafe ? digest.replace(/\+/g, '-').replace(/\//g, '_') : digest;
}

export function encode(parameters: Record<string, string>): string {
  return Buffer.from(JSON.stringify(parameters), 'utf8').toString('base64');
}

/** The merchant's parameters when the fields are signed with `secret` for the order they name; undefined otherwise. */
export function verifyMerchant(secret: string, fields: Partial<Record<keyof SignedFields, string | undefined>>): Record<string, string> | undefined {
  if (fields.Ds_SignatureVersion !== SIGNATURE_VERSION || !fields.Ds_MerchantParameters || !fields.Ds_Signature) return undefined;
  let parameters: Record<string, string>;
  try {
    parameters = JSON.parse(Buffer.from(fields.Ds_MerchantParameters, 'base64').toString('utf8')) as Record<string, string>;
  } catch {
    return undefined;
  }
  if (!parameters || typeof parameters !== 'object') return undefined;
  const order = parameters['DS_MERCHANT_ORDER'] ?? parameters['Ds_Merchant_Order'];
  if (typeof order !== 'string' || order === '') return undefined;
  const expected = Buffer.from(signature(secret, order, fields.Ds_MerchantParameters, false), 'base64');
  const given = Buffer.from(fields.Ds_Signature.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return expected.length === given.length && timingSafeEqual(expected, given) ? parameters : undefined;
}

/** Redsys' own message of `parameters` (Ds_Order …), signed for its order. */
export function signRedsys(secret: string, parameters: Record<string, string>, urlSafe: boolean): SignedFields {
  const merchantParameters = encode(parameters);
  return { Ds_SignatureVersion: SIGNATURE_VERSION, Ds_MerchantParameters: merchantParameters, Ds_Signature: signature(secret, parameters['Ds_Order']!, merchantParameters, urlSafe) };
}
