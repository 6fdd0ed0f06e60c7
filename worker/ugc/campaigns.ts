/**
 * Campaign entries (opine-and-win). (Placeholder signature: filled in by the campaigns area.)
 */
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '../db/client';

/**
 * Statements that give a review that becomes OK its prize-draw entry when it is published inside
 * a running opine-and-win campaign of its channel, or withdraw the entry when it stops being OK.
 */
export function campaignEntryStatements(_db: Db, _review: { id: number; userId: number; channel: string }, _published: boolean, _now: Date): BatchItem<'sqlite'>[] {
  return [];
}
