/**
 * Catalogue imports (docs/catalogue-import.md), mounted under /api/ops/catalogue. Both calls need
 * `Authorization: Bearer <OPS_API_TOKEN>` (requireOpsToken, worker/api/balance.ts: 401 otherwise,
 * and production refuses development tokens). The token is the store's own systems: they may
 * change any seller's offers. Marketplace sellers have no token of their own here.
 *
 * - `POST /imports`: a JSON Lines body (worker/jobs/catalogue-lines.ts, at most MAX_IMPORT_BYTES
 *   and MAX_IMPORT_LINES). Every line is checked first, by the schema and against the catalogue
 *   (the article, the seller, and for update and withdraw the offer, or a create of it on an
 *   earlier line). One bad line refuses the whole file: 400 `CATALOGUE_IMPORT_INVALID` whose
 *   `details.lines` gives each bad line's number and field errors, and nothing is recorded or
 *   queued. Otherwise the import and its lines are recorded (a line id seen before is a
 *   duplicate: not queued again, unless it is still waiting to be applied), the new lines go to
 *   the CATALOGUE_UPDATES queue, and the answer is 202 with the import's id.
 * - `GET /imports/:id`: the import's state: lines queued, applied, superseded, failed (with the
 *   first failures), duplicates.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppContext, AppEnv } from '../http/context';
import { appError, okEnvelope } from '../http/errors';
import { describe } from '../http/openapi-meta';
import { validate } from '../http/validate';
import { issueMessage } from '../http/validation-messages';
import { MAX_IMPORT_BYTES, MAX_IMPORT_LINES, offerKeyString, parseCatalogueLines, reasonIssue, reasonOf, type BadLine, type LineReason, type ParsedLine } from '../jobs/catalogue-lines';
import type { CatalogueUpdateMessage } from '../jobs/catalogue-updates';
import { requireOpsToken } from './balance';

/** The words of our own line refusals. */
const LINE_REASONS: Record<LineReason, MessageDescriptor> = {
  nothingToChange: msg`Give at least one of price, originalPrice, stock or availabilityCode.`,
  originalNotHigher: msg`The original price must be higher than the price.`,
  deliveryRange: msg`The longest delivery time cannot be shorter than the shortest.`,
  duplicateId: msg`This id is already used on an earlier line of the file.`,
  notJson: msg`This line is not a valid JSON object.`,
  lineTooLong: msg`This line is too long.`,
  unknownArticle: msg`This product does not exist.`,
  unknownSeller: msg`This seller does not exist.`,
  unknownOffer: msg`This offer does not exist: create it first.`,
};

/** Bad lines listed in a 400 at most (the count says how many there were). */
const MAX_LISTED_BAD_LINES = 1_000;
/** Failures listed by the status call at most. */
const MAX_LISTED_FAILURES = 100;
/** Queues take at most 100 messages and 256 KB per sendBatch. */
const SEND_BATCH_MESSAGES = 100;
const SEND_BATCH_BYTES = 200 * 1024;

/** The body as text, refused (413) past `limit` bytes whether or not Content-Length says so. */
async function boundedText(c: AppContext, limit: number): Promise<string> {
  if (Number(c.req.header('Content-Length') ?? 0) > limit) throw appError('payloadTooLarge', { maxBytes: limit });
  if (c.req.raw.bodyUsed) {
    // Read already (refuseCardData parses every body whose type says json): Hono keeps its text.
    const text = await c.req.text();
    if (new TextEncoder().encode(text).byteLength > limit) throw appError('payloadTooLarge', { maxBytes: limit });
    return text;
  }
  const reader = c.req.raw.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw appError('payloadTooLarge', { maxBytes: limit });
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

/**
 * The lines that name an article, a seller or an offer the catalogue does not have. An update or
 * withdraw may name an offer that a create line earlier in the file makes.
 */
async function unknownReferences(db: D1Database, lines: ParsedLine[]): Promise<BadLine[]> {
  const articleIds = JSON.stringify([...new Set(lines.map(({ change }) => change.article))]);
  const sellerIds = JSON.stringify([...new Set(lines.map(({ change }) => change.seller))]);
  const [articles, sellers, offers] = await db.batch<{ id: number; seller_id: number; channel: string; condition: string }>([
    db.prepare('SELECT id FROM articles WHERE id IN (SELECT value FROM json_each(?1))').bind(articleIds),
    db.prepare('SELECT id FROM sellers WHERE id IN (SELECT value FROM json_each(?1))').bind(sellerIds),
    db.prepare('SELECT article_id AS id, seller_id, channel, condition FROM offers WHERE article_id IN (SELECT value FROM json_each(?1))').bind(articleIds),
  ]);
  const knownArticles = new Set(articles!.results.map((row) => row.id));
  const knownSellers = new Set(sellers!.results.map((row) => row.id));
  const knownOffers = new Set(offers!.results.map((row) => offerKeyString({ article: row.id, seller: row.seller_id, channel: row.channel as never, condition: row.condition as never })));
  const bad: BadLine[] = [];
  for (const { line, change } of lines) {
    const issues = [];
    if (!knownArticles.has(change.article)) issues.push({ path: 'article', issue: reasonIssue('unknownArticle', 'no such article', ['article']) });
    if (!knownSellers.has(change.seller)) issues.push({ path: 'seller', issue: reasonIssue('unknownSeller', 'no such seller', ['seller']) });
    const key = offerKeyString(change);
    if (change.op === 'create') knownOffers.add(key);
    else if (issues.length === 0 && !knownOffers.has(key)) issues.push({ path: 'article', issue: reasonIssue('unknownOffer', 'no such offer', ['article']) });
    if (issues.length > 0) bad.push({ line, input: change, issues });
  }
  return bad;
}

/** The 400 of a file with bad lines: each line's number and its fields' messages, in the request's language. */
function refusal(c: AppContext, bad: BadLine[]) {
  const sorted = [...bad].sort((a, b) => a.line - b.line);
  return appError('catalogueImportInvalid', {
    badLineCount: sorted.length,
    lines: sorted.slice(0, MAX_LISTED_BAD_LINES).map(({ line, input, issues }) => ({
      line,
      errors: issues.map(({ path, issue }) => {
        const why = reasonOf(issue);
        return { field: path, message: why ? c.var.i18n._(LINE_REASONS[why]) : issueMessage(issue, input, c.var.i18n) };
      }),
    })),
  });
}

/** Groups of messages within the queue's sendBatch limits. */
function sendGroups(messages: CatalogueUpdateMessage[]): CatalogueUpdateMessage[][] {
  const groups: CatalogueUpdateMessage[][] = [];
  let group: CatalogueUpdateMessage[] = [];
  let bytes = 0;
  for (const message of messages) {
    const size = JSON.stringify(message).length + 100;
    if (group.length === SEND_BATCH_MESSAGES || bytes + size > SEND_BATCH_BYTES) {
      groups.push(group);
      group = [];
      bytes = 0;
    }
    group.push(message);
    bytes += size;
  }
  if (group.length > 0) groups.push(group);
  return groups;
}

/**
 * Records the import and its new lines. Returns its id, the lines to queue (ids not seen
 * before) and the lines sent before that are still waiting (their messages may have gone to the
 * dead-letter queue): those are queued again under their first import and line number, which is
 * safe because a line is applied only once.
 */
async function recordImport(db: D1Database, lines: ParsedLine[], lineCount: number, now: number): Promise<{ importId: number; fresh: ParsedLine[]; waiting: CatalogueUpdateMessage[] }> {
  const created = await db
    .prepare("INSERT INTO catalogue_imports (source, line_count, queued_count, duplicate_count, created_at) VALUES ('ops', ?1, 0, 0, ?2) RETURNING id")
    .bind(lineCount, now)
    .first<{ id: number }>();
  const importId = created!.id;
  const [inserted] = await db.batch<{ key: string }>([
    db
      .prepare(
        `INSERT OR IGNORE INTO catalogue_import_lines (key, import_id, line, status)
        SELECT json_extract(value, '$[0]'), ?1, json_extract(value, '$[1]'), 'queued' FROM json_each(?2) WHERE true RETURNING key`,
      )
      .bind(importId, JSON.stringify(lines.map(({ line, change }) => [change.id, line]))),
    db
      .prepare(
        `UPDATE catalogue_imports SET queued_count = (SELECT count(*) FROM catalogue_import_lines WHERE import_id = ?1),
          duplicate_count = ?2 - (SELECT count(*) FROM catalogue_import_lines WHERE import_id = ?1) WHERE id = ?1`,
      )
      .bind(importId, lines.length),
  ]);
  const fresh = new Set(inserted!.results.map((row) => row.key));
  const seen = lines.filter(({ change }) => !fresh.has(change.id));
  const waiting = new Map<string, { import_id: number; line: number }>();
  if (seen.length > 0) {
    const { results } = await db
      .prepare("SELECT key, import_id, line FROM catalogue_import_lines WHERE status = 'queued' AND key IN (SELECT value FROM json_each(?1))")
      .bind(JSON.stringify(seen.map(({ change }) => change.id)))
      .all<{ key: string; import_id: number; line: number }>();
    for (const row of results) waiting.set(row.key, row);
  }
  return {
    importId,
    fresh: lines.filter(({ change }) => fresh.has(change.id)),
    waiting: seen.flatMap(({ change }) => {
      const first = waiting.get(change.id);
      return first ? [{ importId: first.import_id, line: first.line, change }] : [];
    }),
  };
}

/**
 * Sends the messages to the queue. This import's lines in groups that could not be sent are
 * forgotten, so sending the file again queues them.
 */
async function enqueue(env: Env, importId: number, messages: CatalogueUpdateMessage[]): Promise<void> {
  const queue = env.CATALOGUE_UPDATES as Queue<CatalogueUpdateMessage>;
  const groups = sendGroups(messages);
  for (const [index, group] of groups.entries()) {
    try {
      await queue.sendBatch(group.map((body) => ({ body, contentType: 'json' as const })));
    } catch (error) {
      const unsent = groups
        .slice(index)
        .flat()
        .filter((message) => message.importId === importId)
        .map((message) => message.change.id);
      await env.DB.batch([
        env.DB.prepare("DELETE FROM catalogue_import_lines WHERE import_id = ?1 AND status = 'queued' AND key IN (SELECT value FROM json_each(?2))").bind(importId, JSON.stringify(unsent)),
        env.DB.prepare('UPDATE catalogue_imports SET queued_count = queued_count - ?2 WHERE id = ?1').bind(importId, unsent.length),
      ]);
      throw error;
    }
  }
}

interface ImportRow {
  id: number;
  line_count: number;
  queued_count: number;
  duplicate_count: number;
  created_at: number;
}

/** An import's state: `queued` while any line waits, else `applied` (some lines may have failed: see `failed`). */
async function importState(db: D1Database, id: number) {
  const [imported, counts, failures] = await db.batch([
    db.prepare('SELECT id, line_count, queued_count, duplicate_count, created_at FROM catalogue_imports WHERE id = ?1').bind(id),
    db.prepare('SELECT status, count(*) AS n FROM catalogue_import_lines WHERE import_id = ?1 GROUP BY status').bind(id),
    db.prepare(`SELECT line, key AS id, error FROM catalogue_import_lines WHERE import_id = ?1 AND status = 'failed' ORDER BY line LIMIT ${MAX_LISTED_FAILURES}`).bind(id),
  ]);
  const row = imported!.results[0] as ImportRow | undefined;
  if (!row) return undefined;
  const by = Object.fromEntries((counts!.results as { status: string; n: number }[]).map(({ status, n }) => [status, n]));
  const waiting = by.queued ?? 0;
  return {
    id: row.id,
    createdAt: new Date(row.created_at).toISOString(),
    state: waiting > 0 ? ('queued' as const) : ('applied' as const),
    lines: row.line_count,
    queued: row.queued_count,
    duplicates: row.duplicate_count,
    waiting,
    applied: by.applied ?? 0,
    superseded: by.superseded ?? 0,
    failed: by.failed ?? 0,
    failures: failures!.results as { line: number; id: string; error: string }[],
  };
}

export const catalogueImportApi = new Hono<AppEnv>()
  .post(
    '/imports',
    describe({
      summary: 'Ops: import price, stock and offer changes (JSON Lines), applied in the background',
      description:
        'The body is JSON Lines (`application/x-ndjson`), one change per line: `update`, `create` or `withdraw` of an offer named by article, seller, channel and condition, each with its own `id` (the idempotency key). Every line is checked before anything is recorded; one bad line refuses the whole file with each bad line number in `details`. Answers 202 with the import id; `GET /api/ops/catalogue/imports/{id}` follows it. docs/catalogue-import.md has the format.',
      errors: ['catalogueImportInvalid', 'catalogueImportEmpty', 'payloadTooLarge'],
      success: { status: 202, contentType: 'application/json', description: 'The import is recorded and its lines are queued (the §7 envelope with the import id).' },
    }),
    requireOpsToken,
    async (c) => {
    const text = await boundedText(c, MAX_IMPORT_BYTES);
    const parsed = parseCatalogueLines(text);
    if (parsed.total > MAX_IMPORT_LINES) throw appError('payloadTooLarge', { maxLines: MAX_IMPORT_LINES });
    if (parsed.bad.length > 0) throw refusal(c, parsed.bad);
    if (parsed.lines.length === 0) throw appError('catalogueImportEmpty');
    const unknown = await unknownReferences(c.env.DB, parsed.lines);
    if (unknown.length > 0) throw refusal(c, unknown);
    const { importId, fresh, waiting } = await recordImport(c.env.DB, parsed.lines, parsed.total, c.var.now.getTime());
    await enqueue(c.env, importId, [...fresh.map(({ line, change }) => ({ importId, line, change })), ...waiting]);
    c.header('Location', `/api/ops/catalogue/imports/${importId}`);
    return c.json(okEnvelope({ importId, lines: parsed.total, queued: fresh.length, duplicates: parsed.lines.length - fresh.length, requeued: waiting.length }), 202);
    },
  )
  .get('/imports/:id', describe({ summary: 'Ops: the state of a catalogue import (queued, applied, superseded and failed lines)', errors: ['notFound'] }), requireOpsToken, validate('param', z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) })), async (c) => {
    const state = await importState(c.env.DB, c.req.valid('param').id);
    if (!state) throw appError('notFound');
    c.header('Cache-Control', 'no-store');
    return c.json(okEnvelope(state));
  });
