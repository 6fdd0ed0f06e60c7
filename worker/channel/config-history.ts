/**
 * What the configuration CLI (scripts/config-cli.ts, docs/channels.md) shows and keeps around a
 * channel's document: the field-by-field difference a change makes to the merged channel, and
 * the history of the documents written (one KV key per channel, the last HISTORY_LIMIT versions,
 * newest first). Pure: the CLI reads and writes KV through wrangler.
 */
import { z } from 'zod';
import type { Channel, ChannelId } from './channels';
import { applyOverride } from './config';

/** KV key of a channel's history (beside `config:channel:<ID>` and its `:last-good`). */
export const historyKey = (id: ChannelId) => `config:channel:${id}:history`;
/** Versions kept per channel. */
export const HISTORY_LIMIT = 20;

export interface HistoryEntry {
  /** ISO time the version was written. */
  at: string;
  /** Who or what wrote it: the operator and the command (`ana@ampora.es: set`, `…: rollback to <time>`). */
  by: string;
  /** The document as written, or null when the channel went back to the defaults in code. */
  document: string | null;
}

const HistorySchema = z.array(z.object({ at: z.string(), by: z.string(), document: z.string().nullable() }));

/** The stored history, newest first; an absent or unreadable value is an empty history. */
export function parseHistory(raw: string | null): HistoryEntry[] {
  if (!raw) return [];
  try {
    const parsed = HistorySchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/**
 * The history after writing `entry`. When the history is empty but a document was in force
 * (written before histories were kept), that document goes in first, so it can be rolled back to.
 */
export function recordVersion(history: HistoryEntry[], entry: HistoryEntry, current: string | null): HistoryEntry[] {
  const known = history.length === 0 && current !== null ? [{ at: 'before history', by: 'unknown', document: current }] : history;
  return [entry, ...known].slice(0, HISTORY_LIMIT);
}

export type VersionChoice = { ok: true; entry: HistoryEntry } | { ok: false; error: string };

/**
 * The earlier version `to` names: a number n (the n-th version before the one in force, 1 by
 * default) or the exact `at` time of an entry. Entry 0 is the version in force.
 */
export function chooseVersion(history: HistoryEntry[], to?: string): VersionChoice {
  if (history.length < 2 && (to === undefined || /^\d+$/.test(to))) return { ok: false, error: 'no earlier version in the history' };
  if (to === undefined || /^\d+$/.test(to)) {
    const n = to === undefined ? 1 : Number(to);
    if (n < 1 || n >= history.length) return { ok: false, error: `--to ${to} is out of range: 1 to ${history.length - 1} earlier versions` };
    return { ok: true, entry: history[n]! };
  }
  const entry = history.find((e, i) => i > 0 && e.at === to);
  return entry ? { ok: true, entry } : { ok: false, error: `no earlier version written at ${to}` };
}

export interface FieldChange {
  /** Dotted path in the merged channel (`hosts.production`, `toastPosition`). */
  field: string;
  before: unknown;
  after: unknown;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Leaf paths of a channel: objects are walked, arrays and scalars compared whole. */
function leaves(value: unknown, prefix: string, into: Map<string, unknown>): Map<string, unknown> {
  if (isPlainObject(value) && (prefix === '' || Object.keys(value).length > 0)) {
    for (const [key, inner] of Object.entries(value)) leaves(inner, prefix ? `${prefix}.${key}` : key, into);
  } else into.set(prefix, value);
  return into;
}

/** What changes between two merged channels, field by field, in field order. */
export function diffChannels(before: Channel, after: Channel): FieldChange[] {
  const a = leaves(before, '', new Map());
  const b = leaves(after, '', new Map());
  const fields = [...new Set([...a.keys(), ...b.keys()])].sort();
  return fields.filter((field) => JSON.stringify(a.get(field)) !== JSON.stringify(b.get(field))).map((field) => ({ field, before: a.get(field), after: b.get(field) }));
}

export type ProposedChange = { ok: true; changes: FieldChange[]; channel: Channel } | { ok: false; error: string };

/**
 * What writing `proposed` (a whole document, or null for the defaults) would do to the channel
 * in force under `current`: the changes, or the reasons the proposed document is refused.
 */
export function proposeChange(base: Channel, current: string | null, proposed: string | null): ProposedChange {
  const now = current === null ? { ok: true as const, channel: base } : applyOverride(base, current);
  const next = proposed === null ? { ok: true as const, channel: base } : applyOverride(base, proposed);
  if (!next.ok) return { ok: false, error: next.error };
  // A stored document that no longer validates is not in force: the Worker serves the last good one or the defaults.
  return { ok: true, changes: diffChannels(now.ok ? now.channel : base, next.channel), channel: next.channel };
}

/** One line per change: `field: before → after`. */
export function formatChanges(changes: FieldChange[]): string {
  if (changes.length === 0) return 'no change to the merged channel';
  const show = (value: unknown) => (value === undefined ? '(unset)' : JSON.stringify(value));
  return changes.map((c) => `${c.field}: ${show(c.before)} → ${show(c.after)}`).join('\n');
}
