/**
 * One demo article, recomputed from (seed, id) alone: kind, brand, specs, type, prices, who sells
 * it. Because nothing is stored between tables, 100,000 articles cost no memory, and every table
 * (articles, translations, offers, price history, stock, slugs) agrees on the same facts.
 */
import { BRANDS, KINDS, subtreeIds, type Kind, type Series } from './kinds';
import { COLLECTIONS, DROPSHIP_SELLERS, MARKETPLACE_SELLERS } from './merchants';
import { chance, int, pick, streamFor, unit, weightedIndex, type Rng } from './random';

export const ARTICLE_TYPES = [
  'normal', 'digital', 'drop-shipping', 'compound', 'deal', 'reaconditioned', 'refurbished',
  'recertified', 'cpo', 'own-stock', 'own-stock-variation', 'marketplace-offer',
] as const;
export type ArticleType = (typeof ARTICLE_TYPES)[number];
export const CONDITIONS = ['new', 'Reaconditioned-A', 'Reaconditioned-B', 'Reaconditioned-C'] as const;

/** Random type draw for physical goods; 'digital' belongs to digital kinds only. */
const PHYSICAL_TYPES: ArticleType[] = ['normal', 'deal', 'drop-shipping', 'marketplace-offer', 'refurbished', 'reaconditioned', 'recertified', 'cpo', 'own-stock', 'own-stock-variation', 'compound'];
const PHYSICAL_TYPE_WEIGHTS = [68, 5, 4, 6, 3, 2.5, 1, 1, 5, 2.5, 2];
const PHYSICAL_KINDS = KINDS.filter((k) => !k.def.digital);
const KIND_WEIGHTS = KINDS.map((k) => k.def.share ?? 1);
const GS1_PREFIXES = ['471', '880', '690', '692', '695', '400', '401', '405', '840', '500', '501', '761', '885', '450', '560', '800'];
const REFERENCE_PATTERNS = ['LLNNNNLL', 'NNLLNNNLLL', 'LL-NNNNL', 'LLLNNNNN', 'NNNN-NNNLL', 'LNNLLNN', 'LLNNN-LLNL'];
const LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';
const CLOCK = 86_400;

export interface CatalogueContext {
  seed: number;
  /** Unix seconds. */
  now: number;
  articles: number;
}

export interface Article {
  id: number;
  kind: Kind;
  brand: string;
  brandId: number;
  series: Series;
  specs: Record<string, string>;
  type: ArticleType;
  condition: (typeof CONDITIONS)[number];
  reference: string;
  ean: string;
  weight: number;
  /** Price before channel adjustments, euros. */
  basePrice: number;
  recommendedPrice: number | null;
  /** Rounded mean of `ratingScores` (0 without reviews), as worker/ugc/rating.ts derives it. */
  ratingAverage: number;
  ratingCount: number;
  /** The score (doubled 1–10 scale) of each seeded review, in review order (scripts/seed/ugc.ts). */
  ratingScores: number[];
  createdAt: number;
  imageKey: string;
  /** Index into the kind's intro/suffix and the closing sentences. */
  textVariant: number;
  hasRetailerOffer: boolean;
  marketplaceSellers: number[];
  dropshipSeller: number | null;
  /** Crossed-out discount fraction on the retailer offer, if any. */
  discount: number | null;
  discontinued: boolean;
  /** Index into COLLECTIONS of the Black Friday collection holding it, if any. */
  blackFriday: number | null;
  /** articles.sale_restriction: a share of some kinds (KindDef.saleRestriction), else null. */
  saleRestriction: 'oem' | 'companion' | null;
}

/** Black Friday collection index by leaf category id. */
const BF_BY_CATEGORY = new Map<number, number>();
COLLECTIONS.forEach((c, i) => {
  if (c.campaign === 'black-friday' && c.category) for (const id of subtreeIds(c.category)) BF_BY_CATEGORY.set(id, i);
});

const clamp01 = (x: number): number => (x < 0 ? 0 : x > 1 ? 1 : x);

function eanFor(rng: Rng, id: number, brandId: number): string {
  // The middle seven digits are a bijection of the id, so EANs never repeat.
  return withCheckDigit(GS1_PREFIXES[brandId % GS1_PREFIXES.length]! + String((id * 7919 + 1_234_567) % 10_000_000).padStart(7, '0') + String(int(rng, 0, 99)).padStart(2, '0'));
}

/** Twelve digits and their EAN-13 check digit. */
export function withCheckDigit(body: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(body[i]) * (i % 2 === 0 ? 1 : 3);
  return body + String((10 - (sum % 10)) % 10);
}

function referenceFor(rng: Rng, brandId: number): string {
  const pattern = REFERENCE_PATTERNS[brandId % REFERENCE_PATTERNS.length]!;
  let out = '';
  for (const c of pattern) out += c === 'L' ? LETTERS[int(rng, 0, LETTERS.length - 1)] : c === 'N' ? String(int(rng, 0, 9)) : c;
  return out;
}

function pickType(rng: Rng, id: number, kind: Kind, ctx: CatalogueContext): ArticleType {
  if (kind.def.digital) return 'digital';
  // Right after the kind round-robin, one article of each physical type, so every type exists.
  const forced = id - KINDS.length - 1;
  if (forced >= 0 && forced < PHYSICAL_TYPES.length && ctx.articles >= KINDS.length + PHYSICAL_TYPES.length) return PHYSICAL_TYPES[forced]!;
  return PHYSICAL_TYPES[weightedIndex(rng, PHYSICAL_TYPE_WEIGHTS)]!;
}

function pickKind(rng: Rng, id: number): Kind {
  if (id <= KINDS.length) return KINDS[id - 1]!;
  const forced = id - KINDS.length - 1;
  if (forced < PHYSICAL_TYPES.length) return PHYSICAL_KINDS[(forced * 7) % PHYSICAL_KINDS.length]!;
  return KINDS[weightedIndex(rng, KIND_WEIGHTS)]!;
}

/** Everything about article `id`, deterministic in (seed, id). */
export function articleAt(ctx: CatalogueContext, id: number): Article {
  const rng = streamFor(ctx.seed, 'article', id);
  const kind = pickKind(rng, id);
  const def = kind.def;
  const maker = pick(rng, kind.makers);
  const series = pick(rng, maker.series);
  const brandId = BRANDS.indexOf(maker.brand) + 1;

  const specs: Record<string, string> = {};
  let rankSum = 0;
  let rankCount = 0;
  for (const [key, options] of Object.entries(def.specs)) {
    const value = pick(rng, series.pins[key] ?? options);
    specs[key] = value;
    const index = options.indexOf(value);
    if (options.length > 1) {
      rankSum += index < 0 ? 0.5 : index / (options.length - 1);
      rankCount++;
    }
  }
  const rank = rankCount ? rankSum / rankCount : rng();

  const type = pickType(rng, id, kind, ctx);
  let condition: Article['condition'] = 'new';
  if (type === 'refurbished' || type === 'reaconditioned') condition = CONDITIONS[1 + weightedIndex(rng, [50, 35, 15])]!;
  else if (type === 'recertified' || type === 'cpo') condition = 'Reaconditioned-A';

  const [p0, p1] = def.price;
  let basePrice = p0 + (p1 - p0) * Math.pow(clamp01(0.08 + 0.8 * rank + 0.25 * (rng() - 0.5)), 1.4);
  const newPrice = basePrice;
  if (condition !== 'new') basePrice *= condition === 'Reaconditioned-A' ? 0.78 : condition === 'Reaconditioned-B' ? 0.7 : 0.62;
  if (type === 'compound') basePrice *= 1.12;
  const recommendedPrice = chance(rng, 0.6) ? (Math.ceil((newPrice * (1.05 + rng() * 0.3)) / 10) * 10 - 1) * 100 : null;

  const [w0, w1] = def.weight;
  const weight = Math.round(w0 + (w1 - w0) * clamp01(rank * 0.6 + rng() * 0.4));

  const rated = chance(rng, 0.78);
  // Every rating is a seeded review row (scripts/seed/ugc.ts), so counts stay modest (1–39);
  // the draws keep their number and order so nothing else of the article changes.
  const drawnCount = rated ? Math.floor(Math.exp(rng() * Math.log(40))) : 0;
  const drawnAverage = rated ? 10 - weightedIndex(rng, [15, 25, 28, 15, 8, 4, 2, 1, 1, 1]) : 0;
  const ratingScores = reviewScores(ctx.seed, id, drawnCount, drawnAverage);
  const ratingCount = ratingScores.length;
  const ratingAverage = storedAverage(ratingScores);
  const createdAt = ctx.now - int(rng, 1, 730) * CLOCK - int(rng, 0, CLOCK - 1);

  const hasRetailerOffer = type !== 'marketplace-offer' && type !== 'drop-shipping';
  const marketplaceSellers: number[] = [];
  if (!hasRetailerOffer && type === 'marketplace-offer') marketplaceSellers.push(...sample(rng, MARKETPLACE_SELLERS.map((s) => s.id), int(rng, 1, 4)));
  else if (hasRetailerOffer && chance(rng, 0.32)) marketplaceSellers.push(...sample(rng, MARKETPLACE_SELLERS.map((s) => s.id), int(rng, 1, 4)));
  const dropshipSeller = type === 'drop-shipping' || (hasRetailerOffer && chance(rng, 0.02)) ? pick(rng, DROPSHIP_SELLERS).id : null;

  const bfIndex = BF_BY_CATEGORY.get(kind.categoryId);
  const blackFriday = hasRetailerOffer && bfIndex !== undefined && unit(ctx.seed, 'black-friday', id) < 0.3 ? bfIndex : null;
  let discount: number | null = null;
  if (blackFriday !== null || type === 'deal') discount = 0.1 + rng() * 0.3;
  else if (chance(rng, 0.25)) discount = chance(rng, 0.3) ? 0.01 + rng() * 0.039 : 0.05 + rng() * 0.35;

  return {
    id, kind, brand: maker.brand, brandId, series, specs, type, condition,
    reference: referenceFor(rng, brandId),
    ean: eanFor(rng, id, brandId),
    weight, basePrice, recommendedPrice, ratingAverage, ratingCount, ratingScores, createdAt,
    imageKey: `${def.icon}-${id}`,
    textVariant: int(rng, 0, 5),
    hasRetailerOffer, marketplaceSellers, dropshipSeller, discount,
    discontinued: hasRetailerOffer && !def.digital && unit(ctx.seed, 'discontinued', id) < 0.006,
    blackFriday,
    // Its own draw, so the rest of the article does not change with it.
    saleRestriction: def.saleRestriction && unit(ctx.seed, 'sale-restriction', id) < def.saleRestriction.share ? def.saleRestriction.restriction : null,
  };
}

/**
 * The scores of an article's seeded reviews: `count` scores scattered around `target` (mostly
 * at or a little below it, now and then far off), from a stream of their own.
 */
export function reviewScores(seed: number, id: number, count: number, target: number): number[] {
  const rng = streamFor(seed, 'review-scores', id);
  const scores: number[] = [];
  for (let i = 0; i < count; i++) {
    const offset = weightedIndex(rng, [2, 3, 6, 14, 42, 20, 9, 4]) - 4;
    scores.push(Math.min(10, Math.max(1, target + offset)));
  }
  return scores;
}

/** The stored average of scores: their rounded mean (SQLite's round() of avg()), 0 for none. */
export function storedAverage(scores: readonly number[]): number {
  if (!scores.length) return 0;
  let sum = 0;
  for (const s of scores) sum += s;
  return Math.round(sum / scores.length);
}

/** `count` distinct items from `items`. */
function sample<T>(rng: Rng, items: readonly T[], count: number): T[] {
  const pool = [...items];
  const out: T[] = [];
  while (out.length < count && pool.length) out.push(pool.splice(Math.floor(rng() * pool.length), 1)[0]!);
  return out;
}
