/**
 * Redsys' HMAC_SHA256_V1 (docs/payments-redsys.md): the parameters travel as base64 of a JSON
 * object (`Ds_MerchantParameters`), signed by `Ds_Signature` = base64 HMAC-SHA256 of that base64
 * text under the order's own key, which is the order number 3DES-CBC encrypted (zero IV, zero
 * padding) under the merchant's base64 secret. Redsys signs its notifications and returns in
 * URL-safe base64; both alphabets are compared as one.
 */
import { cbcEncrypt, tripleDesKey } from './des';

export const SIGNATURE_VERSION = 'HMAC_SHA256_V1';

/** The three fields every signed Redsys message carries. */
export interface SignedFields {
  Ds_SignatureVersion: string;
  Ds_MerchantParameters: string;
  Ds_Signature: string;
}

const encoder = new TextEncoder();

export function base64Encode(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Standard or URL-safe base64, padded or not; undefined when it is not base64 at all. */
export function base64Decode(text: string): Uint8Array | undefined {
  const standard = text.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  if (!/^[A-Za-z0-9+/]*$/.test(standard) || standard.length % 4 === 1) return undefined;
  const binary = atob(standard + '='.repeat((4 - (standard.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** The order's key: its number 3DES-CBC encrypted under the merchant's secret (base64, 24 bytes). */
export function orderKey(secret: string, order: string): Uint8Array<ArrayBuffer> {
  const key = base64Decode(secret);
  if (!key || key.length !== 24) throw new Error('the Redsys secret is 24 bytes in base64');
  return cbcEncrypt(tripleDesKey(key), encoder.encode(order));
}

/** `Ds_Signature` (standard base64) of the base64 parameters of `order`. */
export async function sign(secret: string, order: string, merchantParameters: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', orderKey(secret, order), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return base64Encode(new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(merchantParameters))));
}

/** base64 of the JSON parameters, as the form and the REST calls send them. */
export const encodeParameters = (parameters: Record<string, string>): string => base64Encode(encoder.encode(JSON.stringify(parameters)));

/**
 * The parameters Redsys sent, decoded. Redsys percent-encodes the values of its notifications
 * ("22%2F10%2F2021"), and not those of its REST answers: both come out plain. Undefined when the
 * text is not a base64 JSON object of strings and numbers.
 */
export function decodeParameters(merchantParameters: string): Record<string, string> | undefined {
  const bytes = base64Decode(merchantParameters);
  if (!bytes) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return undefined;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(parsed)) {
    if (typeof value === 'number') out[name] = String(value);
    else if (typeof value === 'string') out[name] = percentDecoded(value);
    else if (value !== null) return undefined;
  }
  return out;
}

function percentDecoded(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return value;
  }
}

/** The order a message is about: the notification's `Ds_Order`, a request's `DS_MERCHANT_ORDER`. */
export const orderOf = (parameters: Record<string, string>): string | undefined => parameters['Ds_Order'] ?? parameters['DS_ORDER'] ?? parameters['DS_MERCHANT_ORDER'];

const normalised = (signature: string): string => signature.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');

function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/**
 * The decoded parameters of a signed message when its signature is ours for the order it names
 * (whatever the base64 alphabet of the signature), else undefined.
 */
export async function verify(secret: string, fields: Partial<Record<keyof SignedFields, unknown>>): Promise<Record<string, string> | undefined> {
  const { Ds_SignatureVersion: version, Ds_MerchantParameters: encoded, Ds_Signature: signature } = fields;
  if (version !== SIGNATURE_VERSION || typeof encoded !== 'string' || typeof signature !== 'string' || encoded.length === 0) return undefined;
  const parameters = decodeParameters(encoded);
  const order = parameters && orderOf(parameters);
  if (!parameters || !order || !/^[0-9A-Za-z]{1,12}$/.test(order)) return undefined;
  const expected = await sign(secret, order, encoded);
  return sameText(normalised(expected), normalised(signature)) ? parameters : undefined;
}

/** The three fields of a message of `parameters` signed for `order`. */
export async function signedFields(secret: string, parameters: Record<string, string>): Promise<SignedFields> {
  const order = orderOf(parameters);
  if (!order) throw new Error('a Redsys message names its order');
  const encoded = encodeParameters(parameters);
  return { Ds_SignatureVersion: SIGNATURE_VERSION, Ds_MerchantParameters: encoded, Ds_Signature: await sign(secret, order, encoded) };
}
