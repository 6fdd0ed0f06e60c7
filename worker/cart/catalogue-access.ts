/**
 * The cart's object reading D1 itself: a mutation is one call from the Worker, in which the
 * object reads the facts it decides with and what the answer shows (./view-data.ts), then decides
 * and writes. The read runs on a D1 session of its own, started where the request's reads stand
 * (worker/db/client.ts `startAt`), and what it reached goes back to the request: the bookmark
 * (the answer's cookie) and the calls and time (its log line and Server-Timing).
 */
import type { Language } from '../../client/i18n/languages';
import { meteredD1 } from '../db/client';
import { readAllFrom, type Read, type ReadValues } from '../db/raw';
import { D1Meter } from '../http/observability';
import type { AppContext } from '../http/context';

/** What the object needs of the request to read the catalogue as the Worker would. */
export interface CatalogueAccess {
  channel: { id: string; country: string };
  language: Language;
  /** Where the object's session starts: a bookmark, or `first-primary` / `first-unconstrained`. */
  session: string;
}

/** What the object's read did, for the request's session and meter. */
export interface CatalogueRead {
  bookmark: string | null;
  queries: number;
  milliseconds: number;
}

/** The request's side: the channel, language and session start of this request. */
export function catalogueAccess(c: AppContext): CatalogueAccess {
  const { channel, language } = c.var;
  return { channel: { id: channel.id, country: channel.country }, language, session: c.var.d1Session.startAt() };
}

/** Hands the object's read back to the request (nothing when it read nothing). */
export function noteCatalogueRead(c: AppContext, read: CatalogueRead | null): void {
  if (!read) return;
  c.var.d1Session.observe(read.bookmark);
  c.var.d1Meter.record(read.queries, read.milliseconds);
}

/** The object's side: the reads' values, in one round trip on a session opened where `access` says. */
export async function readCatalogue<R extends readonly Read<unknown>[]>(d1: D1Database, access: CatalogueAccess, reads: readonly [...R]): Promise<{ values: ReadValues<R>; d1: CatalogueRead }> {
  const session = d1.withSession(access.session);
  const meter = new D1Meter();
  const values = await readAllFrom(meteredD1(session, meter), reads);
  return { values, d1: { bookmark: session.getBookmark(), queries: meter.queries, milliseconds: meter.milliseconds } };
}
