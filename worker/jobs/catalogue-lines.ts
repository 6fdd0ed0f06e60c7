/**
 * The catalogue update format (docs/catalogue-import.md): JSON Lines, one change of one offer per
 * line, each line carrying its own `id` (the idempotency key: a line whose id was accepted
 * before is never applied again, so a file sent twice changes nothing the second time).
 *
 * An offer is named by its natural key, the unique index of `offers`: article, seller, channel
 * and condition (`new` when left out). Three operations:
 * - `update`: any of price, originalPrice (null clears it), stock and availabilityCode;
 * - `create`: a whole offer, created, or replacing every field of the existing one;
 * - `withdraw`: the offer is removed.
 *
 * Shared by the import API (worker/api/catalogue-import.ts) and the CLI
 * (scripts/catalogue-import.ts), so a file the CLI accepts is one the API accepts. No Lingui
 * here (the CLI runs without the macro transform): refinements carry a `reason` the API turns
 * into a translated message (LINE_REASONS).
 */
import { z } from 'zod';
import { CHANNEL_IDS } from '../channel/channels';
import { CONDITIONS } from '../domain/catalogue/listing-query';

/** Spec §3 stock codes: 0–7, 9876 zone not available, 9999 forced discontinued. */
export const AVAILABILITY_CODES = [0, 1, 2, 3, 4, 5, 6, 7, 9876, 9999] as const;
/** Codes 0–3 promise stock on hand: at stock 0 such an offer cannot be bought. */
export { LAST_STOCKED_CODE } from '../cart/rules';
/** What an offer on hand (codes 0–3) becomes when a line sets its stock to 0 without a code: temporarily out of stock. */
export const OUT_OF_STOCK_CODE = 6;
/** The largest price a line may carry: 1,000,000.00 €. */
export const MAX_PRICE_CENTS = 100_000_000;
/** Bounds of one import: lines, bytes of a line, bytes of the whole body. */
export const MAX_IMPORT_LINES = 10_000;
export const MAX_LINE_BYTES = 4_096;
export const MAX_IMPORT_BYTES = 2 * 1024 * 1024;

/** Why a refinement refused a line (the API words each one in the request's language). */
export type LineReason = 'nothingToChange' | 'originalNotHigher' | 'deliveryRange' | 'duplicateId' | 'notJson' | 'lineTooLong' | 'unknownArticle' | 'unknownSeller' | 'unknownOffer';

const reason = (why: LineReason, message: string) => ({ message, params: { reason: why } });

const cents = z.number().int().min(1).max(MAX_PRICE_CENTS);
const availabilityCode = z.literal(AVAILABILITY_CODES);

/** The offer a line is about. */
const offerKey = {
  /** The line's idempotency key: printable ASCII, unique across every import ever sent. */
  id: z.string().regex(/^[\x21-\x7e]{1,100}$/),
  article: z.number().int().positive(),
  seller: z.number().int().min(0),
  channel: z.enum(CHANNEL_IDS),
  condition: z.enum(CONDITIONS).default('new'),
};

const update = z
  .strictObject({
    ...offerKey,
    op: z.literal('update'),
    price: cents.optional(),
    originalPrice: cents.nullable().optional(),
    stock: z.number().int().min(0).max(1_000_000).optional(),
    availabilityCode: availabilityCode.optional(),
  })
  .refine((line) => line.price !== undefined || line.originalPrice !== undefined || line.stock !== undefined || line.availabilityCode !== undefined, {
    ...reason('nothingToChange', 'give at least one of price, originalPrice, stock, availabilityCode'),
    path: ['op'],
  })
  .refine((line) => line.price === undefined || line.originalPrice == null || line.originalPrice > line.price, {
    ...reason('originalNotHigher', 'originalPrice must be higher than price'),
    path: ['originalPrice'],
  });

const create = z
  .strictObject({
    ...offerKey,
    op: z.literal('create'),
    price: cents,
    originalPrice: cents.nullable().default(null),
    stock: z.number().int().min(0).max(1_000_000),
    availabilityCode,
    deliveryMinDays: z.number().int().min(0).max(365),
    deliveryMaxDays: z.number().int().min(0).max(365),
    minShippingPrice: z.number().int().min(0).max(1_000_000).default(0),
    sentBy: z.enum(['seller', 'retailer']).default('seller'),
  })
  .refine((line) => line.originalPrice === null || line.originalPrice > line.price, {
    ...reason('originalNotHigher', 'originalPrice must be higher than price'),
    path: ['originalPrice'],
  })
  .refine((line) => line.deliveryMaxDays >= line.deliveryMinDays, { ...reason('deliveryRange', 'deliveryMaxDays must not be below deliveryMinDays'), path: ['deliveryMaxDays'] });

const withdraw = z.strictObject({ ...offerKey, op: z.literal('withdraw') });

/** One line of an import. */
export const catalogueLine = z.discriminatedUnion('op', [update, create, withdraw]);
export type CatalogueLine = z.output<typeof catalogueLine>;
export type OfferKey = Pick<CatalogueLine, 'article' | 'seller' | 'channel' | 'condition'>;

/** One refused field of a line: its path in the line and the issue (zod's, or a reason of ours). */
export interface LineIssue {
  path: string;
  issue: z.core.$ZodIssue;
}

/** A line that failed, by its 1-based number in the file, with the parsed value (for messages that look at it). */
export interface BadLine {
  line: number;
  input: unknown;
  issues: LineIssue[];
}

export interface ParsedLine {
  line: number;
  change: CatalogueLine;
}

/** A custom issue of ours (a reason), shaped like zod's. */
export function reasonIssue(why: LineReason, message: string, path: string[] = []): z.core.$ZodIssue {
  return { code: 'custom', path, message, params: { reason: why }, input: undefined } as z.core.$ZodIssue;
}

const encoder = new TextEncoder();

/**
 * Every line of a JSON Lines text checked on its own (blank lines are skipped but counted, so
 * numbers match an editor's). A repeated id is refused on its later line.
 */
export function parseCatalogueLines(text: string): { lines: ParsedLine[]; bad: BadLine[]; total: number } {
  const lines: ParsedLine[] = [];
  const bad: BadLine[] = [];
  const seen = new Map<string, number>();
  const rows = text.split(/\r?\n/);
  if (rows.at(-1) === '') rows.pop();
  rows.forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === '') return;
    if (encoder.encode(raw).byteLength > MAX_LINE_BYTES) {
      bad.push({ line, input: undefined, issues: [{ path: '', issue: reasonIssue('lineTooLong', `a line holds at most ${MAX_LINE_BYTES} bytes`) }] });
      return;
    }
    let input: unknown;
    try {
      input = JSON.parse(raw);
    } catch {
      bad.push({ line, input: undefined, issues: [{ path: '', issue: reasonIssue('notJson', 'not a JSON object') }] });
      return;
    }
    const result = catalogueLine.safeParse(input);
    if (!result.success) {
      bad.push({ line, input, issues: result.error.issues.map((issue) => ({ path: issue.path.join('.'), issue })) });
      return;
    }
    const first = seen.get(result.data.id);
    if (first !== undefined) {
      bad.push({ line, input, issues: [{ path: 'id', issue: reasonIssue('duplicateId', `the id of line ${first} again`, ['id']) }] });
      return;
    }
    seen.set(result.data.id, line);
    lines.push({ line, change: result.data });
  });
  return { lines, bad, total: rows.length };
}

/** The reason of one of our refinements, if the issue is one. */
export function reasonOf(issue: z.core.$ZodIssue): LineReason | undefined {
  return issue.code === 'custom' ? (issue.params?.reason as LineReason | undefined) : undefined;
}

/** An offer's natural key as one string (maps and sets). */
export const offerKeyString = (key: OfferKey): string => `${key.article}|${key.seller}|${key.channel}|${key.condition}`;
