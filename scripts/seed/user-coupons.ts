/**
 * The demo campaigns' customer-facing texts (promotion_campaign_texts, six languages) and the
 * demo accounts' coupons (user_coupons), one of each status (worker/coupons/status.ts):
 * AMPORA5 active, VERANO2026 expired (its campaign ended a month before `now`), BIENVENIDA10
 * used (one redemption of its once-per-customer campaign). Runs after the accounts and the demo
 * promotions (scripts/seed/demo-accounts.ts), which replace the users and campaigns 1–3.
 * Deterministic: fixed codes, times from `now`.
 */
import { sqlLiteral } from './sql';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The demo campaign that has ended (ids 1–3 are demo-accounts.ts's). */
export const EXPIRED_DEMO_CAMPAIGN = 1601;
export const DEMO_COUPON_EMAILS = ['ana@ampora.test', 'empresa@ampora.test'] as const;
/** Each demo account's coupons by the status they show. */
export const DEMO_USER_COUPONS = { ACTIVE: 'AMPORA5', EXPIRED: 'VERANO2026', USED: 'BIENVENIDA10' } as const;

type L6 = Record<'es_ES' | 'en_EN' | 'fr_FR' | 'pt_PT' | 'it_IT' | 'de_DE', { name: string; description: string }>;

export const DEMO_CAMPAIGN_TEXTS: Record<number, L6> = {
  1: {
    es_ES: { name: 'Bienvenida: 10 % en tu primera compra', description: '10 % de descuento en todo tu primer pedido en Ampora. Una vez por cliente.' },
    en_EN: { name: 'Welcome: 10% off your first purchase', description: '10% off your whole first order at Ampora. Once per customer.' },
    fr_FR: { name: 'Bienvenue : 10 % sur votre premier achat', description: '10 % de réduction sur toute votre première commande chez Ampora. Une fois par client.' },
    pt_PT: { name: 'Boas-vindas: 10 % na sua primeira compra', description: '10 % de desconto em toda a sua primeira encomenda na Ampora. Uma vez por cliente.' },
    it_IT: { name: 'Benvenuto: 10% sul tuo primo acquisto', description: '10% di sconto su tutto il tuo primo ordine su Ampora. Una volta per cliente.' },
    de_DE: { name: 'Willkommen: 10 % auf Ihren ersten Einkauf', description: '10 % Rabatt auf Ihre gesamte erste Bestellung bei Ampora. Einmal pro Kunde.' },
  },
  2: {
    es_ES: { name: '5 € de descuento desde 50 €', description: '5 € menos en pedidos a partir de 50 €.' },
    en_EN: { name: '€5 off orders over €50', description: '€5 off any order of €50 or more.' },
    fr_FR: { name: '5 € de réduction dès 50 €', description: '5 € de moins sur toute commande à partir de 50 €.' },
    pt_PT: { name: '5 € de desconto a partir de 50 €', description: 'Menos 5 € em encomendas a partir de 50 €.' },
    it_IT: { name: '5 € di sconto da 50 €', description: '5 € in meno sugli ordini da 50 € in su.' },
    de_DE: { name: '5 € Rabatt ab 50 €', description: '5 € weniger auf Bestellungen ab 50 €.' },
  },
  3: {
    es_ES: { name: 'Envío gratis desde 100 €', description: 'Los pedidos a partir de 100 € viajan gratis.' },
    en_EN: { name: 'Free shipping over €100', description: 'Orders of €100 or more ship free.' },
    fr_FR: { name: 'Livraison gratuite dès 100 €', description: 'Les commandes à partir de 100 € sont livrées gratuitement.' },
    pt_PT: { name: 'Envio grátis a partir de 100 €', description: 'As encomendas a partir de 100 € têm envio grátis.' },
    it_IT: { name: 'Spedizione gratuita da 100 €', description: 'Gli ordini da 100 € in su viaggiano gratis.' },
    de_DE: { name: 'Kostenloser Versand ab 100 €', description: 'Bestellungen ab 100 € versenden wir kostenlos.' },
  },
  [EXPIRED_DEMO_CAMPAIGN]: {
    es_ES: { name: 'Verano 2026: 15 % de descuento', description: '15 % de descuento en todo el pedido durante el verano.' },
    en_EN: { name: 'Summer 2026: 15% off', description: '15% off your whole order during the summer.' },
    fr_FR: { name: 'Été 2026 : 15 % de réduction', description: '15 % de réduction sur toute la commande pendant l’été.' },
    pt_PT: { name: 'Verão 2026: 15 % de desconto', description: '15 % de desconto em toda a encomenda durante o verão.' },
    it_IT: { name: 'Estate 2026: 15% di sconto', description: '15% di sconto su tutto l’ordine durante l’estate.' },
    de_DE: { name: 'Sommer 2026: 15 % Rabatt', description: '15 % Rabatt auf die gesamte Bestellung im Sommer.' },
  },
};

const userId = (email: string) => `(SELECT id FROM users WHERE email = ${sqlLiteral(email)})`;

/** The statements, replacing earlier demo copies. */
export function userCouponStatements(now = Date.now()): string[] {
  const channels = JSON.stringify(['ES', 'PT', 'FR', 'IT', 'DE']);
  const texts = Object.keys(DEMO_CAMPAIGN_TEXTS).join(', ');
  const statements = [
    // The accounts were just replaced (new ids): their earlier coupons belong to no user now.
    'DELETE FROM user_coupons WHERE user_id NOT IN (SELECT id FROM users);',
    `DELETE FROM user_coupons WHERE user_id IN (${DEMO_COUPON_EMAILS.map(userId).join(', ')});`,
    "DELETE FROM promotion_redemptions WHERE order_number LIKE 'DEMO-COUPON-%';",
    `DELETE FROM coupons WHERE campaign_id = ${EXPIRED_DEMO_CAMPAIGN};`,
    `DELETE FROM promotion_campaigns WHERE id = ${EXPIRED_DEMO_CAMPAIGN};`,
    `DELETE FROM promotion_campaign_texts WHERE campaign_id IN (${texts});`,
    `INSERT INTO promotion_campaigns (id, name, channels, starts_at, ends_at, priority, exclusive, coupon_required, conditions, effects, usage_limit, usage_counter, per_user_limit) VALUES (${EXPIRED_DEMO_CAMPAIGN}, 'Summer 2026: 15 % off', ${sqlLiteral(channels)}, ${now - 120 * DAY_MS}, ${now - 30 * DAY_MS}, 20, 0, 1, '[]', ${sqlLiteral(JSON.stringify([{ kind: 'percentOffCart', percent: 15 }]))}, 0, 0, 1);`,
    `INSERT INTO coupons (code, campaign_id, usage_limit, usage_counter) VALUES (${sqlLiteral(DEMO_USER_COUPONS.EXPIRED)}, ${EXPIRED_DEMO_CAMPAIGN}, 0, 0);`,
    ...Object.entries(DEMO_CAMPAIGN_TEXTS).map(([id, text]) => `INSERT INTO promotion_campaign_texts (campaign_id, texts) VALUES (${id}, ${sqlLiteral(JSON.stringify(text))});`),
  ];
  DEMO_COUPON_EMAILS.forEach((email, i) => {
    const who = userId(email);
    const codes = [DEMO_USER_COUPONS.ACTIVE, DEMO_USER_COUPONS.EXPIRED, DEMO_USER_COUPONS.USED];
    codes.forEach((code, j) => statements.push(`INSERT INTO user_coupons (user_id, code, source, added_at) SELECT ${who}, ${sqlLiteral(code)}, 'store', ${now - (60 - j * 10) * DAY_MS};`));
    // BIENVENIDA10 (campaign 1, once per customer) redeemed in an earlier order: USED.
    statements.push(
      `INSERT INTO promotion_redemptions (campaign_id, coupon_code, user_id, order_number, at) SELECT 1, ${sqlLiteral(DEMO_USER_COUPONS.USED)}, ${who}, 'DEMO-COUPON-${i + 1}', ${now - 3_600_000};`,
    );
  });
  return statements;
}
