/**
 * The demo accounts' wishlists (baskets, basket_articles; docs/account.md "Wishlists"): Ana has
 * her default private "Lista de deseos" with three products and a public "Ideas para regalar"
 * with two, added at a higher price than today's (their drop shows). Runs after the accounts,
 * which replace the users. Deterministic: fixed public ids, the first products of the Spanish
 * store's listings, times from `now`.
 */
import { sqlLiteral } from './sql';

const DAY_MS = 24 * 60 * 60 * 1000;
export const DEMO_WISHLIST_EMAIL = 'ana@ampora.test';
/** The public list's link: /lista-de-deseos/<id>. */
export const DEMO_PUBLIC_WISHLIST_ID = 'DemoAnaIdeasRegalo2026';
const DEMO_PRIVATE_WISHLIST_ID = 'DemoAnaListaDeseos2026';

const userId = `(SELECT id FROM users WHERE email = ${sqlLiteral(DEMO_WISHLIST_EMAIL)})`;
const listId = (publicId: string) => `(SELECT id FROM baskets WHERE public_id = ${sqlLiteral(publicId)})`;

/** Products on sale in the Spanish store, `offset` first ones skipped. */
const products = (count: number, offset: number) =>
  `FROM listings WHERE channel = 'ES' AND price IS NOT NULL AND availability_code <= 3 ORDER BY article_id LIMIT ${count} OFFSET ${offset}`;

/** The statements, replacing earlier demo copies. */
export function wishlistStatements(now = Date.now()): string[] {
  const ids = [DEMO_PRIVATE_WISHLIST_ID, DEMO_PUBLIC_WISHLIST_ID].map(sqlLiteral).join(', ');
  return [
    // The accounts were just replaced (new ids): lists of users that are gone go with them.
    'DELETE FROM basket_articles WHERE basket_id IN (SELECT id FROM baskets WHERE user_id NOT IN (SELECT id FROM users));',
    'DELETE FROM baskets WHERE user_id NOT IN (SELECT id FROM users);',
    `DELETE FROM basket_articles WHERE basket_id IN (SELECT id FROM baskets WHERE public_id IN (${ids}));`,
    `DELETE FROM baskets WHERE public_id IN (${ids});`,
    `INSERT INTO baskets (public_id, user_id, name, type, visibility, is_default, created_at, updated_at) SELECT ${sqlLiteral(DEMO_PRIVATE_WISHLIST_ID)}, ${userId}, 'Lista de deseos', 'wishlist', 'private', 1, ${now - 40 * DAY_MS}, ${now - 5 * DAY_MS} WHERE ${userId} IS NOT NULL;`,
    `INSERT INTO baskets (public_id, user_id, name, type, visibility, is_default, created_at, updated_at) SELECT ${sqlLiteral(DEMO_PUBLIC_WISHLIST_ID)}, ${userId}, 'Ideas para regalar', 'wishlist', 'public', 0, ${now - 20 * DAY_MS}, ${now - 2 * DAY_MS} WHERE ${userId} IS NOT NULL;`,
    `INSERT INTO basket_articles (basket_id, article_id, offer_id, price, units, added_at) SELECT ${listId(DEMO_PRIVATE_WISHLIST_ID)}, article_id, NULL, price, 1, ${now - 5 * DAY_MS} ${products(3, 0)};`,
    // Added when they cost 20 € more: the list shows the drop.
    `INSERT INTO basket_articles (basket_id, article_id, offer_id, price, units, added_at) SELECT ${listId(DEMO_PUBLIC_WISHLIST_ID)}, article_id, NULL, price + 2000, 2, ${now - 2 * DAY_MS} ${products(2, 3)};`,
  ];
}
