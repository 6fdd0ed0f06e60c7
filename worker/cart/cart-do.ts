/**
 * CartDO: one Durable Object per cart (its name is the cart id), the only writer of that cart.
 * Every method runs synchronously against the object's SQLite storage, so calls on one cart
 * never interleave: each mutation sees the result of the one before (no lost update). The
 * catalogue facts of the offers involved are read from D1 on every mutation: by the object itself
 * for adding articles and changing a quantity (`addArticles`, `changeQty`: one call from the
 * Worker), by the Worker otherwise, which passes them in. Either way the rules of ./rules.ts
 * decide with the cart's lines as they are when the facts are back, and the write follows
 * without any other await.
 */
import { DurableObject } from 'cloudflare:workers';
import { readCatalogue, type CatalogueAccess, type CatalogueRead } from './catalogue-access';
import { factsRead, pickOffer } from './facts';
import { CART_CODES, MAX_ARTICLE_LINES, decideAdd, decideQty, reconcile, type CartCode, type LineState, type OfferFact, type Reconciliation } from './rules';
import { addArticlesRead, viewDataRead, viewNeeds, type ViewData } from './view-data';

export type LineKind = 'article' | 'insurance' | 'service' | 'installation';

export interface CartLineRow extends LineState {
  /** The article a service line belongs to (spec §3: non-zero for services); 0 for articles. */
  articleReference: number;
  kind: LineKind;
  /** The insurance plan, extra service or installation service of a service line; null for articles. */
  serviceId: number | null;
  /** The (normalized) postal code an installation line was priced for; null for other lines. */
  postalCode: string | null;
  giftPaper: boolean;
  addedAt: number;
  /**
   * A standalone insurance line (a renewal, or a new policy for an article bought earlier): the
   * purchase it covers, { coversOrderNumber, coversArticleId, renewsPolicyId? }. Such a line has
   * no article line in the cart (`articleReference` 0, `articleId` the covered article). A
   * gift-card article line: who it is for (worker/gift-cards/rules.ts GiftCardDetails). Null for
   * every other line.
   */
  details?: Record<string, string | number> | null;
}

/** The lines and when the cart last changed: what a cart view is made of (one call gives both). */
export interface CartSnapshot {
  lines: CartLineRow[];
  updatedAt: number;
}

export type CartResult<T = object> = ({ ok: true } & T) | { ok: false; code: CartCode };

/**
 * A mutation the object made with what it read from D1 in the same call: the outcome (with
 * `Refusal`, another refusal than the cart rules'), what the answer shows of the lines read then (null when
 * nothing was read) and what the read did (./catalogue-access.ts).
 */
export interface ReadMutation<T, Refusal = never> {
  outcome: CartResult<T> | Refusal;
  read: ViewData | null;
  d1: CatalogueRead | null;
}

interface StoredLine {
  id_line: number;
  id_article: number;
  offer_id: number;
  qty: number;
  article_reference: number;
  gift_paper: number;
  kind: string;
  service_id: number | null;
  postal_code: string | null;
  added_at: number;
  details: string | null;
  [key: string]: SqlStorageValue;
}

class Rollback extends Error {
  constructor(readonly code: CartCode) {
    super(String(code));
  }
}

export class CartDO extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.blockConcurrencyWhile(async () => {
      ctx.storage.sql.exec(`CREATE TABLE IF NOT EXISTS cart_lines (
        id_line INTEGER PRIMARY KEY AUTOINCREMENT,
        id_article INTEGER NOT NULL,
        qty INTEGER NOT NULL CHECK (qty > 0),
        article_reference INTEGER NOT NULL DEFAULT 0,
        offer_id INTEGER,
        added_at INTEGER NOT NULL
      )`);
      const columns = ctx.storage.sql.exec<{ name: string }>('PRAGMA table_info(cart_lines)').toArray().map((c) => c.name);
      if (!columns.includes('gift_paper')) ctx.storage.sql.exec('ALTER TABLE cart_lines ADD COLUMN gift_paper INTEGER NOT NULL DEFAULT 0');
      if (!columns.includes('kind')) ctx.storage.sql.exec("ALTER TABLE cart_lines ADD COLUMN kind TEXT NOT NULL DEFAULT 'article'");
      if (!columns.includes('service_id')) ctx.storage.sql.exec('ALTER TABLE cart_lines ADD COLUMN service_id INTEGER');
      if (!columns.includes('postal_code')) ctx.storage.sql.exec('ALTER TABLE cart_lines ADD COLUMN postal_code TEXT');
      if (!columns.includes('details')) ctx.storage.sql.exec('ALTER TABLE cart_lines ADD COLUMN details TEXT');
      ctx.storage.sql.exec('CREATE TABLE IF NOT EXISTS cart_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)');
    });
  }

  /**
   * The lines and the time of the last change as storage has them, kept until the next write:
   * this object is the cart's only writer, so what it read stays true until it writes, and most
   * calls (a view, the start of a mutation) then read nothing. Callers must not change them.
   */
  private known: Partial<CartSnapshot> = {};

  /** Every change goes through here, and drops what was kept (it is read again when next asked). */
  private write(query: string, ...bindings: SqlStorageValue[]): void {
    this.known = {};
    this.ctx.storage.sql.exec(query, ...bindings);
  }

  /** A transaction; one rolled back drops what was kept too (it may have been read inside). */
  private transaction<T>(body: () => T): T {
    try {
      return this.ctx.storage.transactionSync(body);
    } catch (error) {
      this.known = {};
      throw error;
    }
  }

  private rows(): CartLineRow[] {
    return (this.known.lines ??= this.ctx.storage.sql
      .exec<StoredLine>('SELECT * FROM cart_lines ORDER BY id_line')
      .toArray()
      .map((r) => ({
        idLine: r.id_line,
        articleId: r.id_article,
        offerId: r.offer_id,
        qty: r.qty,
        articleReference: r.article_reference,
        kind: r.kind as LineKind,
        serviceId: r.service_id,
        postalCode: r.postal_code,
        giftPaper: r.gift_paper === 1,
        addedAt: r.added_at,
        details: r.details === null ? null : (JSON.parse(r.details) as Record<string, string | number>),
      })));
  }

  /** The article lines (what the cart rules count); services follow their article. */
  private articleRows(): CartLineRow[] {
    return this.rows().filter((l) => l.kind === 'article');
  }

  /**
   * Sets an article line's quantity; its services follow (no statement for them when the
   * article has none, which the lines kept show before the write).
   */
  private writeQty(idLine: number, articleId: number, qty: number) {
    const services = this.rows().some((l) => l.kind !== 'article' && l.articleReference === articleId);
    this.write('UPDATE cart_lines SET qty = ? WHERE id_line = ?', qty, idLine);
    if (services) this.write("UPDATE cart_lines SET qty = ? WHERE article_reference = ? AND kind <> 'article'", qty, articleId);
  }

  private touch(now: number) {
    this.write("INSERT INTO cart_meta (key, value) VALUES ('updatedAt', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value", String(now));
    this.known.updatedAt = now;
  }

  private current(): CartSnapshot {
    return { lines: this.rows(), updatedAt: this.lastUpdate() };
  }

  private lastUpdate(): number {
    return (this.known.updatedAt ??= Number(this.ctx.storage.sql.exec<{ value: string }>("SELECT value FROM cart_meta WHERE key = 'updatedAt'").toArray()[0]?.value ?? 0));
  }

  /** The lines, in the order they were added. */
  async lines(): Promise<CartLineRow[]> {
    return this.rows();
  }

  /** The lines and the time of the last change. */
  async snapshot(): Promise<CartSnapshot> {
    return this.current();
  }

  /** Number of units in the cart. */
  async itemCount(): Promise<number> {
    return this.ctx.storage.sql.exec<{ units: number }>("SELECT COALESCE(SUM(qty), 0) AS units FROM cart_lines WHERE kind = 'article'").one().units;
  }

  /** Adds articles (all or none); `limited` lists the articles capped by stock (notice 1139). */
  async add(items: { fact: OfferFact; qty: number; details?: Record<string, string | number> | null }[], now: number): Promise<CartResult<CartSnapshot & { limited: number[] }>> {
    try {
      const limited = this.transaction(() => {
        const capped: number[] = [];
        for (const { fact, qty, details } of items) {
          // An article line with details (a gift card for someone) is a line of its own.
          const decision = decideAdd(this.articleRows(), fact, qty, Boolean(details));
          if (!decision.ok) throw new Rollback(decision.code);
          if (decision.limited) capped.push(fact.articleId);
          if ('idLine' in decision && decision.idLine !== undefined) {
            this.writeQty(decision.idLine, fact.articleId, decision.qty);
          } else this.write('INSERT INTO cart_lines (id_article, offer_id, qty, details, added_at) VALUES (?, ?, ?, ?, ?)', fact.articleId, fact.offerId, decision.qty, details ? JSON.stringify(details) : null, now);
        }
        this.touch(now);
        return capped;
      });
      return { ok: true, ...this.current(), limited };
    } catch (error) {
      if (error instanceof Rollback) return { ok: false, code: error.code };
      throw error;
    }
  }

  /**
   * `add`, with the offers of each article (the one named, else the buy-box winner) and what the
   * answer shows read from D1 in this call: one call from the Worker. The rules decide with the
   * lines as they are once the read is back (another call may have changed them meanwhile).
   * `offerIds` are the offers added, in the order of `wanted`.
   */
  async addArticles(wanted: readonly { idArticle: number; idOffer?: number; qty: number }[], access: CatalogueAccess, now: number): Promise<ReadMutation<CartSnapshot & { limited: number[]; offerIds: number[] }, { ok: false; articleNotFound: number }>> {
    const { values: [[offersOf, read]], d1 } = await readCatalogue(this.env.DB, access, [addArticlesRead(access.channel, access.language, wanted, this.rows())]);
    const items: { fact: OfferFact; qty: number }[] = [];
    for (const [index, w] of wanted.entries()) {
      const fact = pickOffer(offersOf[index]!, w.idOffer);
      if (!fact) return { outcome: { ok: false, articleNotFound: w.idArticle }, read, d1 };
      items.push({ fact, qty: w.qty });
    }
    const added = await this.add(items, now);
    return { outcome: added.ok ? { ...added, offerIds: items.map((item) => item.fact.offerId) } : added, read, d1 };
  }

  /**
   * `setQty` with the line's offer now and what the answer shows read from D1 in this call; a
   * line not in the cart reads nothing.
   */
  async changeQty(idLine: number, qty: number, access: CatalogueAccess, now: number): Promise<ReadMutation<CartSnapshot & { limited: number[] }>> {
    const lines = this.rows();
    const offerId = lines.find((l) => l.kind === 'article' && l.idLine === idLine)?.offerId;
    if (offerId === undefined) return { outcome: { ok: false, code: CART_CODES.notInCart }, read: null, d1: null };
    const { channel, language } = access;
    const { values: [facts, read], d1 } = await readCatalogue(this.env.DB, access, [factsRead(channel.id, [offerId]), viewDataRead(channel, language, viewNeeds(lines))]);
    return { outcome: await this.setQty(idLine, facts.get(offerId), qty, now), read, d1 };
  }

  /** Sets a line's quantity; `fact` is its offer now (undefined: no longer sold here). */
  async setQty(idLine: number, fact: OfferFact | undefined, qty: number, now: number): Promise<CartResult<CartSnapshot & { limited: number[] }>> {
    const line = this.articleRows().find((l) => l.idLine === idLine);
    if (!line) return { ok: false, code: CART_CODES.notInCart };
    if (!fact) return { ok: false, code: CART_CODES.noStockArticle };
    const decision = decideQty(fact, qty);
    if (!decision.ok) return decision;
    this.writeQty(idLine, line.articleId, decision.qty);
    this.touch(now);
    return { ok: true, ...this.current(), limited: decision.limited ? [line.articleId] : [] };
  }

  /** Gift-wraps an article line, or not (spec §3 canAddGiftPaper; the Worker checks it may be). */
  async setGiftPaper(idLine: number, on: boolean, now: number): Promise<CartResult<CartSnapshot>> {
    if (!this.articleRows().some((l) => l.idLine === idLine)) return { ok: false, code: CART_CODES.notInCart };
    this.write('UPDATE cart_lines SET gift_paper = ? WHERE id_line = ?', on ? 1 : 0, idLine);
    this.touch(now);
    return { ok: true, ...this.current() };
  }

  /**
   * Attaches a service to an article line (spec §3: a line whose articleReference is that
   * article): one insurance plan and one installation per article (a new one replaces it, so a
   * new postal code re-prices the installation), each extra service once. The Worker has checked
   * that the service may go with the article, and priced an installation for `postalCode`.
   */
  async attachService(parentLine: number, kind: Exclude<LineKind, 'article'>, serviceId: number, now: number, postalCode: string | null = null): Promise<CartResult<CartSnapshot>> {
    const parent = this.articleRows().find((l) => l.idLine === parentLine);
    if (!parent) return { ok: false, code: CART_CODES.notInCart };
    this.transaction(() => {
      if (kind === 'service') this.write("DELETE FROM cart_lines WHERE article_reference = ? AND kind = 'service' AND service_id = ?", parent.articleId, serviceId);
      else this.write('DELETE FROM cart_lines WHERE article_reference = ? AND kind = ?', parent.articleId, kind);
      this.write(
        'INSERT INTO cart_lines (id_article, offer_id, qty, article_reference, kind, service_id, postal_code, added_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
        parent.articleId,
        parent.offerId,
        parent.qty,
        parent.articleId,
        kind,
        serviceId,
        kind === 'installation' ? postalCode : null,
        now,
      );
      this.touch(now);
    });
    return { ok: true, ...this.current() };
  }

  /**
   * Adds a standalone insurance line (worker/insurances/account.ts has checked the purchase it
   * covers and the plan): one line per covered purchase, so choosing again replaces it. It
   * counts towards the line limit (1137) like any line of its own.
   */
  async addStandaloneInsurance(line: { articleId: number; offerId: number; serviceId: number; qty: number; details: { coversOrderNumber: string; coversArticleId: number; renewsPolicyId?: number } }, now: number): Promise<CartResult<CartSnapshot>> {
    const covers = (row: CartLineRow) => !!row.details && row.details.coversOrderNumber === line.details.coversOrderNumber && row.details.coversArticleId === line.details.coversArticleId;
    const others = this.rows().filter((row) => (row.kind === 'article' || !!row.details) && !covers(row));
    if (others.length >= MAX_ARTICLE_LINES) return { ok: false, code: CART_CODES.tooManyLines };
    this.transaction(() => {
      for (const row of this.rows().filter(covers)) this.write('DELETE FROM cart_lines WHERE id_line = ?', row.idLine);
      this.write(
        "INSERT INTO cart_lines (id_article, offer_id, qty, article_reference, kind, service_id, details, added_at) VALUES (?, ?, ?, 0, 'insurance', ?, ?, ?)",
        line.articleId,
        line.offerId,
        line.qty,
        line.serviceId,
        JSON.stringify(line.details),
        now,
      );
      this.touch(now);
    });
    return { ok: true, ...this.current() };
  }

  /** Removes a line and the services attached to its article. */
  async remove(idLine: number, now: number): Promise<CartResult<CartSnapshot>> {
    const line = this.rows().find((l) => l.idLine === idLine);
    if (!line) return { ok: false, code: CART_CODES.notInCart };
    this.transaction(() => {
      this.write('DELETE FROM cart_lines WHERE id_line = ?', idLine);
      if (line.kind === 'article') this.write('DELETE FROM cart_lines WHERE article_reference = ?', line.articleId);
      this.touch(now);
    });
    return { ok: true, ...this.current() };
  }

  /** Empties the cart, except the lines (and their services) of the offers in `keepOffers`: those of other channels after an order. */
  async clear(now: number, keepOffers: readonly number[] = []): Promise<CartSnapshot> {
    if (keepOffers.length === 0) this.write('DELETE FROM cart_lines');
    else this.write(`DELETE FROM cart_lines WHERE offer_id NOT IN (${keepOffers.map(() => '?').join(', ')})`, ...keepOffers);
    this.touch(now);
    return this.current();
  }

  /**
   * Brings the lines within what can be bought now (facts of every line's offer on the channel);
   * returns what changed. Lines of `otherChannelOffers` are another store's and are left alone:
   * having no facts here does not mean they cannot be bought there.
   */
  async reconcile(facts: OfferFact[], now: number, otherChannelOffers: readonly number[] = []): Promise<Reconciliation & CartSnapshot> {
    const byOffer = new Map(facts.map((f) => [f.offerId, f]));
    const away = new Set(otherChannelOffers);
    const changes = reconcile(this.articleRows().filter((l) => !away.has(l.offerId)), byOffer);
    if (changes.modified.length > 0 || changes.removed.length > 0) {
      this.transaction(() => {
        for (const m of changes.modified) {
          this.writeQty(m.idLine, m.articleId, m.qty);
        }
        for (const r of changes.removed) this.write('DELETE FROM cart_lines WHERE id_line = ? OR article_reference = ?', r.idLine, r.articleId);
        this.touch(now);
      });
    }
    return { ...changes, ...this.current() };
  }

  /** Takes in another cart's lines (an anonymous cart at login), each within the rules; refused ones are skipped. */
  async absorb(items: { fact: OfferFact; qty: number; details?: Record<string, string | number> | null }[], now: number): Promise<{ lines: CartLineRow[]; skipped: number[] }> {
    const skipped: number[] = [];
    for (const item of items) {
      const result = await this.add([item], now);
      if (!result.ok) skipped.push(item.fact.articleId);
    }
    return { lines: this.rows(), skipped };
  }

  /** The order being modified through this cart, if any (spec §7 cart modifier). */
  async modifier(): Promise<string | null> {
    return this.ctx.storage.sql.exec<{ value: string }>("SELECT value FROM cart_meta WHERE key = 'modifier'").toArray()[0]?.value ?? null;
  }

  /**
   * Starts changing a placed order through this cart: the cart becomes the order's lines (all or
   * none, within the rules with the `facts` given) and remembers the modifier JSON (./modifier.ts).
   */
  async startModification(items: { fact: OfferFact; qty: number }[], modifier: string, now: number): Promise<CartResult<CartSnapshot>> {
    try {
      this.transaction(() => {
        this.write('DELETE FROM cart_lines');
        for (const item of items) {
          const decision = decideAdd(this.articleRows(), item.fact, item.qty);
          if (!decision.ok) throw new Rollback(decision.code);
          if ('idLine' in decision && decision.idLine !== undefined) this.write('UPDATE cart_lines SET qty = ? WHERE id_line = ?', decision.qty, decision.idLine);
          else this.write('INSERT INTO cart_lines (id_article, offer_id, qty, added_at) VALUES (?, ?, ?, ?)', item.fact.articleId, item.fact.offerId, decision.qty, now);
        }
        this.write("INSERT INTO cart_meta (key, value) VALUES ('modifier', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value", modifier);
        this.touch(now);
      });
    } catch (error) {
      if (error instanceof Rollback) return { ok: false, code: error.code };
      throw error;
    }
    return { ok: true, ...this.current() };
  }

  async clearModifier(now: number): Promise<void> {
    this.write("DELETE FROM cart_meta WHERE key = 'modifier'");
    this.touch(now);
  }

  /** The checkout draft (JSON, worker/checkout/draft.ts), or null before the first step. */
  async draft(): Promise<string | null> {
    return this.ctx.storage.sql.exec<{ value: string }>("SELECT value FROM cart_meta WHERE key = 'draft'").toArray()[0]?.value ?? null;
  }

  async saveDraft(json: string): Promise<void> {
    this.write("INSERT INTO cart_meta (key, value) VALUES ('draft', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value", json);
  }
}
