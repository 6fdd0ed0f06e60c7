/**
 * The gift cards the store sells (spec §2 gift cards): one digital article per amount of the
 * gift cards page (worker/domain/content/gift-cards.ts), sold by Ampora on every channel at its
 * face value, with nothing to ship, marked in `gift_card_articles`. They are not filed under a
 * category of the menu (no browsing noise); search finds them and each has its product page, but
 * they are bought from the gift cards page, which asks for the recipient.
 */
import { formatMoney } from '../../client/i18n/format';
import { GIFT_CARDS } from '../../worker/domain/content/gift-cards';
import type { SeedRow } from './generate';
import { CHANNELS, LANGS, slugify, type L6 } from './text';

/** Ids apart from the generated catalogue (articles 1…n, offers numbered from 1). */
export const GIFT_CARD_FIRST_ARTICLE_ID = 900_001;
const FIRST_OFFER_ID = 90_000_001;
/** No category row: a category id of their own that the menu and the category pages never show. */
export const GIFT_CARD_CATEGORY_ID = 9_000;
/** The store's own brand. */
export const AMPORA_BRAND_ID = 9_000;

const NAMES: L6 = ['Tarjeta regalo Ampora de {amount}', 'Ampora gift card {amount}', 'Carte cadeau Ampora de {amount}', 'Cartão-presente Ampora de {amount}', 'Carta regalo Ampora da {amount}', 'Ampora Geschenkkarte über {amount}'];
const DESCRIPTIONS: L6 = [
  'Una tarjeta regalo de {amount} para gastar en todo lo que se vende en Ampora. Se envía por correo electrónico a quien tú elijas, con tu mensaje.',
  'A {amount} gift card to spend on everything sold on Ampora. It is e-mailed to whoever you choose, with your message.',
  "Une carte cadeau de {amount} à dépenser sur tout ce qui est vendu sur Ampora. Elle est envoyée par e-mail à la personne de votre choix, avec votre message.",
  'Um cartão-presente de {amount} para gastar em tudo o que se vende na Ampora. É enviado por e-mail a quem escolher, com a sua mensagem.',
  'Una carta regalo da {amount} da spendere su tutto ciò che si vende su Ampora. Viene inviata via e-mail a chi scegli tu, con il tuo messaggio.',
  'Eine Geschenkkarte über {amount} für alles, was es bei Ampora gibt. Sie wird per E-Mail an die Person Ihrer Wahl geschickt, mit Ihrer Nachricht.',
];

const text = (template: string, amount: number, lang: (typeof LANGS)[number]) => template.replace('{amount}', formatMoney(amount, lang));
const articleId = (i: number) => GIFT_CARD_FIRST_ARTICLE_ID + i;
const name = (amount: number, li: number) => text(NAMES[li]!, amount, LANGS[li]!);
const slug = (amount: number, li: number) => slugify(name(amount, li), LANGS[li]!);

/** The seed tables of the gift-card articles (`now` in seconds, the catalogue's "today"). */
export function giftCardTables(now: number): { table: string; rows: SeedRow[]; clear: string }[] {
  const amounts = GIFT_CARDS.amounts;
  const ids = `${GIFT_CARD_FIRST_ARTICLE_ID} AND ${articleId(amounts.length - 1)}`;
  return [
    { table: 'brands', clear: `id = ${AMPORA_BRAND_ID}`, rows: [{ id: AMPORA_BRAND_ID, name: 'Ampora', slug: 'ampora' }] },
    {
      table: 'articles',
      clear: `id BETWEEN ${ids}`,
      rows: amounts.map((amount, i) => ({
        id: articleId(i), reference: `GIFT-${amount / 100}`, ean: `84000000${String(amount / 100).padStart(5, '0')}`, brand_id: AMPORA_BRAND_ID, category_id: GIFT_CARD_CATEGORY_ID,
        type: 'digital', condition: 'new', weight_grams: 0, recommended_price: null, rating_average: 0, rating_count: 0,
        image_key: `gift-card-${amount / 100}`, specs: '{}', created_at: now, sale_restriction: null,
      })),
    },
    {
      table: 'article_translations',
      clear: `article_id BETWEEN ${ids}`,
      rows: amounts.flatMap((amount, i) => LANGS.map((lang, li) => ({ article_id: articleId(i), lang, name: name(amount, li), slug: slug(amount, li), description: text(DESCRIPTIONS[li]!, amount, lang) }))),
    },
    {
      table: 'offers',
      clear: `article_id BETWEEN ${ids}`,
      rows: amounts.flatMap((amount, i) =>
        CHANNELS.map((channel, ci) => ({
          id: FIRST_OFFER_ID + i * CHANNELS.length + ci, article_id: articleId(i), seller_id: 0, channel, price: amount, original_price: null, condition: 'new',
          // Issued when paid: never out of stock.
          availability_code: 0, stock: 1_000_000, delivery_min_days: 0, delivery_max_days: 0, min_shipping_price: 0, sent_by: 'retailer',
        })),
      ),
    },
    { table: 'gift_card_articles', clear: `article_id BETWEEN ${ids}`, rows: amounts.map((amount, i) => ({ article_id: articleId(i), amount })) },
    {
      table: 'slugs',
      clear: `kind = 'product' AND entity_id BETWEEN ${ids}`,
      rows: amounts.flatMap((amount, i) => LANGS.map((lang, li) => ({ lang, slug: slug(amount, li), kind: 'product', entity_id: articleId(i) }))),
    },
  ];
}
