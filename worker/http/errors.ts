/**
 * The one error catalogue and the spec §7 envelope. Every failure the API reports is an
 * AppError carrying a catalogue entry; `app.onError` turns it into
 * `{ ok: false, data: null, err: { message: '{"type":…,"code":…,"message":…}' } }`.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export type ErrorType = 'validation' | 'not_found' | 'forbidden' | 'unauthorized' | 'conflict' | 'rate_limited' | 'timeout' | 'domain' | 'internal';

export interface CatalogueEntry {
  type: ErrorType;
  /** The code the client sees: the spec's numeric codes where it has one, a stable name otherwise. */
  code: number | string;
  status: 400 | 401 | 403 | 404 | 405 | 408 | 409 | 413 | 421 | 422 | 429 | 500;
  message: MessageDescriptor;
}

export const ERRORS = {
  invalidRequest: { type: 'validation', code: 'INVALID_REQUEST', status: 400, message: msg`The request is not valid.` },
  invalidJson: { type: 'validation', code: 'INVALID_JSON', status: 400, message: msg`The request body is not valid JSON.` },
  payloadTooLarge: { type: 'validation', code: 'PAYLOAD_TOO_LARGE', status: 413, message: msg`The request body is too large.` },
  notFound: { type: 'not_found', code: 'NOT_FOUND', status: 404, message: msg`Nothing was found at this address.` },
  methodNotAllowed: { type: 'validation', code: 'METHOD_NOT_ALLOWED', status: 405, message: msg`This method is not allowed here.` },
  countryNotFound: { type: 'not_found', code: 'COUNTRY_NOT_FOUND', status: 404, message: msg`This country does not exist.` },
  domainNotAllowed: { type: 'domain', code: 'DOMAIN_NOT_ALLOWED', status: 421, message: msg`Domain not allowed` },
  unknownHost: { type: 'not_found', code: 'UNKNOWN_HOST', status: 404, message: msg`This address does not belong to any of our stores.` },
  timeout: { type: 'timeout', code: 'TIMEOUT', status: 408, message: msg`The request took too long. Please try again.` },
  internal: { type: 'internal', code: 'INTERNAL_ERROR', status: 500, message: msg`Something went wrong on our side. Please try again.` },
  unknown: { type: 'internal', code: 'UNKNOWN', status: 500, message: msg`Unknown error` },
} as const satisfies Record<string, CatalogueEntry>;

export type ErrorName = keyof typeof ERRORS;

/** A known failure: carries its catalogue entry and optional details for the client (field issues…). */
export class AppError extends Error {
  constructor(
    readonly entry: CatalogueEntry,
    readonly details?: unknown,
  ) {
    super(String(entry.code));
    this.name = 'AppError';
  }
}

export function appError(name: ErrorName, details?: unknown): AppError {
  return new AppError(ERRORS[name], details);
}

/** The JSON inside `err.message` (spec §7). */
export interface ErrorPayload {
  type: ErrorType;
  code: number | string;
  message: string;
  details?: unknown;
}

export interface Envelope<T> {
  ok: boolean;
  data: T | null;
  err: { message: string } | null;
}

export function okEnvelope<T>(data: T): Envelope<T> {
  return { ok: true, data, err: null };
}

export function errorEnvelope(payload: ErrorPayload): Envelope<never> {
  return { ok: false, data: null, err: { message: JSON.stringify(payload) } };
}
