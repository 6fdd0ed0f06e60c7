/**
 * The rules of a digital code as the customer sees it (spec §3 digital code, §4 digital code
 * states, §9 page size). Pure: values in, values out; tests/unit/digital-codes.test.ts holds the
 * tables.
 */
import type { DigitalCodeState } from '../db/schema';

/** Codes per page of the keys screen and of `GET /api/digital-codes/user-codes` (spec §9). */
export const DIGITAL_CODES_PAGE_SIZE = 5;

/** A code the customer owns: assigned to one of their paid order lines (revealed or not), or voided with its order. */
export const OWNED_CODE_STATES: readonly DigitalCodeState[] = ['ASSIGNED', 'FINISHED', 'DELETED'];

/** Whether a presale is still to come at `now` (ms); null is "already released". */
export function beforeRelease(releaseAt: number | null, now: number): boolean {
  return releaseAt !== null && now < releaseAt;
}

/** Spec §4: a code can be revealed only once its release date has passed, and only while it is the customer's. */
export function canRevealCode(status: DigitalCodeState, releaseAt: number | null, now: number): boolean {
  return (status === 'ASSIGNED' || status === 'FINISHED') && !beforeRelease(releaseAt, now);
}

/** The code's text is shown only once revealed (FINISHED): revealing is what the customer is counted as having received. */
export function visibleCode(status: DigitalCodeState, code: string): string | null {
  return status === 'FINISHED' ? code : null;
}

/** What the keys screen says of a code. */
export type CodeDisplay = 'presale' | 'ready' | 'revealed' | 'cancelled';

export function codeDisplay(status: DigitalCodeState, releaseAt: number | null, now: number): CodeDisplay {
  if (status === 'DELETED') return 'cancelled';
  if (status === 'FINISHED') return 'revealed';
  return beforeRelease(releaseAt, now) ? 'presale' : 'ready';
}

/** What revealing does to a code of the customer: the next state, or why not (the API's 409 / 404). */
export type RevealOutcome = { ok: true; next: 'FINISHED' } | { ok: false; error: 'digitalCodeNotReleased' | 'digitalCodeVoided' | 'notFound' };

export function revealOutcome(status: DigitalCodeState, releaseAt: number | null, now: number): RevealOutcome {
  if (status === 'DELETED') return { ok: false, error: 'digitalCodeVoided' };
  // FREE and RESERVE codes belong to nobody: never a customer's.
  if (status !== 'ASSIGNED' && status !== 'FINISHED') return { ok: false, error: 'notFound' };
  if (beforeRelease(releaseAt, now)) return { ok: false, error: 'digitalCodeNotReleased' };
  return { ok: true, next: 'FINISHED' };
}
