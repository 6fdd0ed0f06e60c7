/**
 * CartDO: one Durable Object per cart, the only writer of a cart's lines. Declared with SQLite
 * storage; its schema is created here and its RPC methods arrive with the cart and checkout work.
 */
import { DurableObject } from 'cloudflare:workers';

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
    });
  }

  /** Number of units in the cart. */
  async itemCount(): Promise<number> {
    const row = this.ctx.storage.sql.exec<{ units: number }>('SELECT COALESCE(SUM(qty), 0) AS units FROM cart_lines').one();
    return row.units;
  }
}
