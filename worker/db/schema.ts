/**
 * The D1 schema (drizzle). Money is integer cents; ratings use the doubled 1–10 scale (spec §9);
 * translated text lives in `*_translations` tables keyed by the spec's language ids.
 * Migrations in /migrations are generated from this file (`npx drizzle-kit generate`).
 */
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { CONFIGURATION_SLOTS } from '../domain/configurator/parts';

/** Countries the store ships to or bills in; names are translated. */
export const countries = sqliteTable('countries', {
  id: integer('id').primaryKey(),
  iso: text('iso').notNull().unique(),
  phonePrefix: text('phone_prefix').notNull(),
  /** Display order in country pickers. */
  position: integer('position').notNull().default(0),
});

export const countryTranslations = sqliteTable(
  'country_translations',
  {
    countryId: integer('country_id').notNull(),
    lang: text('lang').notNull(),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.countryId, t.lang] })],
);

/** Provinces (regions, districts, départements…) with the postal-code prefixes that belong to them. */
export const provinces = sqliteTable(
  'provinces',
  {
    id: integer('id').primaryKey(),
    countryId: integer('country_id').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** Comma-separated postal-code prefixes, e.g. "28" for Madrid or "35,38" style lists. */
    postalPrefixes: text('postal_prefixes').notNull().default(''),
    /** Customs zone the province belongs to (Canarias, Ceuta, Melilla), if any. */
    customsZone: text('customs_zone'),
  },
  (t) => [index('provinces_country_idx').on(t.countryId), uniqueIndex('provinces_country_code_idx').on(t.countryId, t.code)],
);

/** The category tree: super-families (level 1) and families (levels 2–3). */
export const categories = sqliteTable(
  'categories',
  {
    id: integer('id').primaryKey(),
    parentId: integer('parent_id'),
    level: integer('level').notNull(),
    position: integer('position').notNull().default(0),
    icon: text('icon').notNull().default(''),
  },
  (t) => [index('categories_parent_idx').on(t.parentId)],
);

export const categoryTranslations = sqliteTable(
  'category_translations',
  {
    categoryId: integer('category_id').notNull(),
    lang: text('lang').notNull(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description').notNull().default(''),
    seoText: text('seo_text').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.lang] }), uniqueIndex('category_translations_slug_idx').on(t.lang, t.slug)],
);

export const brands = sqliteTable('brands', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
});

/** Sellers. Shop 0 is the retailer itself; others are marketplace shops or dropshipping vendors. */
export const sellers = sqliteTable('sellers', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  kind: text('kind', { enum: ['own', 'marketplace', 'dropshipping'] }).notNull(),
  tier: text('tier', { enum: ['standard', 'premium'] }).notNull().default('standard'),
  /** Shop grade on the doubled 1–10 scale, like ratings. */
  grade: integer('grade').notNull().default(0),
  evaluationCount: integer('evaluation_count').notNull().default(0),
  country: text('country').notNull(),
  /** The seller's tax id, printed on the documents it issues for its marketplace orders (worker/documents). */
  taxId: text('tax_id').notNull().default(''),
});

export const articles = sqliteTable(
  'articles',
  {
    id: integer('id').primaryKey(),
    reference: text('reference').notNull(),
    ean: text('ean').notNull(),
    brandId: integer('brand_id').notNull(),
    /** The article's family (the leaf of the tree it belongs to). */
    categoryId: integer('category_id').notNull(),
    type: text('type').notNull(),
    condition: text('condition').notNull(),
    weightGrams: integer('weight_grams').notNull(),
    /** Recommended retail price in cents, when the manufacturer gives one. */
    recommendedPrice: integer('recommended_price'),
    ratingAverage: integer('rating_average').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    /** Seed for the generated SVG image of the demo catalogue. */
    imageKey: text('image_key').notNull(),
    specs: text('specs', { mode: 'json' }).$type<Record<string, string>>().notNull().default(sql`'{}'`),
    /**
     * How it may be sold (spec §8): 'oem' only with an assembly service in the same cart (1145),
     * 'companion' never alone, only with another physical article (1146); null has no restriction.
     */
    saleRestriction: text('sale_restriction', { enum: ['oem', 'companion'] }),
    createdAt: integer('created_at', { mode: 'timestamp' }).notNull(),
  },
  (t) => [
    index('articles_category_idx').on(t.categoryId),
    index('articles_brand_idx').on(t.brandId),
    index('articles_created_idx').on(t.createdAt),
  ],
);

export const articleTranslations = sqliteTable(
  'article_translations',
  {
    articleId: integer('article_id').notNull(),
    lang: text('lang').notNull(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description').notNull(),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.lang] }), uniqueIndex('article_translations_slug_idx').on(t.lang, t.slug)],
);

/** A seller's offer of an article on a channel: price, stock and delivery there. */
export const offers = sqliteTable(
  'offers',
  {
    id: integer('id').primaryKey(),
    articleId: integer('article_id').notNull(),
    sellerId: integer('seller_id').notNull(),
    channel: text('channel').notNull(),
    price: integer('price').notNull(),
    originalPrice: integer('original_price'),
    condition: text('condition').notNull(),
    availabilityCode: integer('availability_code').notNull(),
    stock: integer('stock').notNull(),
    deliveryMinDays: integer('delivery_min_days').notNull(),
    deliveryMaxDays: integer('delivery_max_days').notNull(),
    minShippingPrice: integer('min_shipping_price').notNull().default(0),
    /** Who ships it: the seller itself or the retailer's logistics. */
    sentBy: text('sent_by', { enum: ['seller', 'retailer'] }).notNull(),
    /**
     * The code (0–3) the offer promised before its stock on hand ran out and turned it to 6
     * (worker/db/stock-codes.ts); it comes back with the stock. Null otherwise.
     */
    soldOutCode: integer('sold_out_code'),
  },
  (t) => [
    index('offers_article_channel_idx').on(t.articleId, t.channel),
    index('offers_channel_price_idx').on(t.channel, t.price),
    uniqueIndex('offers_unique_idx').on(t.articleId, t.sellerId, t.channel, t.condition),
  ],
);

/** Daily lowest price per article and channel, for the lowest-price labels (spec §9). */
export const priceHistory = sqliteTable(
  'price_history',
  {
    articleId: integer('article_id').notNull(),
    channel: text('channel').notNull(),
    day: text('day').notNull(),
    price: integer('price').notNull(),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.channel, t.day] })],
);

/** The retailer's physical shops, with the ids of spec §9 (Madrid 30, Murcia 1, Barcelona 71, Murcia Thader 80). */
export const physicalShops = sqliteTable('physical_shops', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  address: text('address').notNull(),
  city: text('city').notNull(),
  postalCode: text('postal_code').notNull(),
  provinceId: integer('province_id').notNull(),
  phone: text('phone').notNull(),
  openingHours: text('opening_hours', { mode: 'json' }).$type<string[]>().notNull(),
  latitude: integer('latitude_e6').notNull(),
  longitude: integer('longitude_e6').notNull(),
});

export const physicalShopStock = sqliteTable(
  'physical_shop_stock',
  {
    shopId: integer('shop_id').notNull(),
    articleId: integer('article_id').notNull(),
    qty: integer('qty').notNull(),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.articleId] }), index('physical_shop_stock_article_idx').on(t.articleId)],
);

export const collections = sqliteTable('collections', {
  id: integer('id').primaryKey(),
  /** A featured collection is shown on the home page. */
  featured: integer('featured', { mode: 'boolean' }).notNull().default(false),
  campaign: text('campaign'),
  position: integer('position').notNull().default(0),
});

export const collectionTranslations = sqliteTable(
  'collection_translations',
  {
    collectionId: integer('collection_id').notNull(),
    lang: text('lang').notNull(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.collectionId, t.lang] }), uniqueIndex('collection_translations_slug_idx').on(t.lang, t.slug)],
);

export const collectionArticles = sqliteTable(
  'collection_articles',
  {
    collectionId: integer('collection_id').notNull(),
    articleId: integer('article_id').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.collectionId, t.articleId] }), index('collection_articles_article_idx').on(t.articleId)],
);

/** Blog posts and CMS pages share one table: `kind` tells them apart. */
export const posts = sqliteTable(
  'posts',
  {
    id: integer('id').primaryKey(),
    kind: text('kind', { enum: ['blog', 'cms'] }).notNull(),
    publishedAt: integer('published_at', { mode: 'timestamp' }).notNull(),
    imageKey: text('image_key').notNull().default(''),
  },
  (t) => [index('posts_kind_published_idx').on(t.kind, t.publishedAt)],
);

export const postTranslations = sqliteTable(
  'post_translations',
  {
    postId: integer('post_id').notNull(),
    lang: text('lang').notNull(),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    excerpt: text('excerpt').notNull().default(''),
    body: text('body').notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.lang] }), uniqueIndex('post_translations_slug_idx').on(t.lang, t.slug)],
);

/** Content scheduled to replace a post's body at a later time (shown early only in CMS preview). */
export const scheduledContent = sqliteTable(
  'scheduled_content',
  {
    id: integer('id').primaryKey(),
    postId: integer('post_id').notNull(),
    lang: text('lang').notNull(),
    publishAt: integer('publish_at', { mode: 'timestamp' }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
  },
  (t) => [index('scheduled_content_post_idx').on(t.postId)],
);

export const tags = sqliteTable('tags', { id: integer('id').primaryKey() });

export const tagTranslations = sqliteTable(
  'tag_translations',
  {
    tagId: integer('tag_id').notNull(),
    lang: text('lang').notNull(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tagId, t.lang] }), uniqueIndex('tag_translations_slug_idx').on(t.lang, t.slug)],
);

export const postTags = sqliteTable(
  'post_tags',
  {
    postId: integer('post_id').notNull(),
    tagId: integer('tag_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.tagId] }), index('post_tags_tag_idx').on(t.tagId)],
);

/**
 * Promotional banners of a category, shown on the first page of its listing and of every
 * listing below it. `channel` null runs on every channel; the validity window is half-open,
 * [starts_at, ends_at), either end optional (worker/domain/catalogue/promotions.ts).
 */
export const categoryPromotions = sqliteTable(
  'category_promotions',
  {
    id: integer('id').primaryKey(),
    categoryId: integer('category_id').notNull(),
    channel: text('channel'),
    startsAt: integer('starts_at', { mode: 'timestamp' }),
    endsAt: integer('ends_at', { mode: 'timestamp' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('category_promotions_category_idx').on(t.categoryId)],
);

/**
 * A promotion's words and link in a language. `link` is a path in that language without the
 * language prefix (`/tarjetas-graficas`; the page adds the prefix of the request's channel) or
 * an absolute https URL.
 */
export const categoryPromotionTranslations = sqliteTable(
  'category_promotion_translations',
  {
    promotionId: integer('promotion_id').notNull(),
    lang: text('lang').notNull(),
    title: text('title').notNull(),
    text: text('text').notNull().default(''),
    linkLabel: text('link_label').notNull(),
    link: text('link').notNull(),
  },
  (t) => [primaryKey({ columns: [t.promotionId, t.lang] })],
);

/**
 * Banners of the home page, in a row under the hero. `channel` null runs on every channel; the
 * window is half-open, [starts_at, ends_at), either end optional. A banner with a `campaign`
 * (slug of a campaign of the channel configuration) shows only while that campaign runs on the
 * channel and wears its flag colours; otherwise `tone` picks one of the design's palettes.
 * Rules: worker/domain/catalogue/home-banners.ts.
 */
export const homeBanners = sqliteTable('home_banners', {
  id: integer('id').primaryKey(),
  channel: text('channel'),
  campaign: text('campaign'),
  tone: text('tone', { enum: ['brand', 'accent', 'ink', 'ok'] })
    .notNull()
    .default('brand'),
  /** Motif of the generated art: one of the category icons (client/components/banner-art.tsx). */
  motif: text('motif').notNull().default(''),
  startsAt: integer('starts_at', { mode: 'timestamp' }),
  endsAt: integer('ends_at', { mode: 'timestamp' }),
  position: integer('position').notNull().default(0),
});

/** A home banner's words and link in a language; `link` as in category_promotion_translations. */
export const homeBannerTranslations = sqliteTable(
  'home_banner_translations',
  {
    bannerId: integer('banner_id').notNull(),
    lang: text('lang').notNull(),
    title: text('title').notNull(),
    text: text('text').notNull().default(''),
    linkLabel: text('link_label').notNull(),
    link: text('link').notNull(),
  },
  (t) => [primaryKey({ columns: [t.bannerId, t.lang] })],
);

/** Ready-made PC configurations of the configurator, reached through their slug (kind 'configurator'). */
export const configuratorPresets = sqliteTable('configurator_presets', {
  id: integer('id').primaryKey(),
  position: integer('position').notNull().default(0),
});

export const configuratorPresetTranslations = sqliteTable(
  'configurator_preset_translations',
  {
    presetId: integer('preset_id').notNull(),
    lang: text('lang').notNull(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.presetId, t.lang] }), uniqueIndex('configurator_preset_translations_slug_idx').on(t.lang, t.slug)],
);

/** The articles of a preset, each in the role it plays in the build (processor, motherboard…). */
export const configuratorPresetComponents = sqliteTable(
  'configurator_preset_components',
  {
    presetId: integer('preset_id').notNull(),
    position: integer('position').notNull(),
    role: text('role', { enum: ['cpu', 'motherboard', 'ram', 'gpu', 'storage', 'psu', 'case', 'cooler'] }).notNull(),
    articleId: integer('article_id').notNull(),
    qty: integer('qty').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.presetId, t.position] }), index('configurator_preset_components_article_idx').on(t.articleId)],
);

/**
 * One row per public slug in each language, so the dynamic resolver (spec §2) finds what any
 * path names with one indexed look-up. Written by whoever writes the entity.
 */
export const slugs = sqliteTable(
  'slugs',
  {
    lang: text('lang').notNull(),
    slug: text('slug').notNull(),
    kind: text('kind', {
      enum: ['category', 'cms', 'brand', 'product', 'seller', 'configurator', 'buy-keyword', 'collection'],
    }).notNull(),
    entityId: integer('entity_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.lang, t.slug] }), index('slugs_entity_idx').on(t.kind, t.entityId)],
);

// ─── Derived catalogue tables ────────────────────────────────────────────────────────────────
// Rebuilt from the tables above by worker/db/refresh.ts (REFRESH_CATALOGUE_SQL); never written
// by hand. They exist so the listing and search queries read one narrow, indexed row per
// article and channel instead of aggregating offers per request.

/**
 * One row per article × channel where the article has at least one offer on that channel.
 * `id` = the channel's index in CHANNEL_IDS × 10⁹ + article_id: the full-text index's rowid (the
 * article id) reaches a listing row by rowid, a channel's rows lie together in article order,
 * and (channel, article_id) stays unique. `price` is the price of the buy-box offer (what the product page
 * sells by default, refresh.ts), null when nothing can be bought; `seller_kinds` is a bitmask (own = 1, marketplace = 2, dropshipping = 4); `relevance`
 * is the default order of non-search listings, ascending = best (see refresh.ts); `combo`
 * packs the four columns the seller, availability, rating and condition facets count, so one
 * GROUP BY on an integer serves all four.
 *
 * The category and brand indexes carry every filtered or faceted column, so counts and facets
 * of a category or brand listing are read from the index alone.
 */
export const listings = sqliteTable(
  'listings',
  {
    id: integer('id').primaryKey(),
    articleId: integer('article_id').notNull(),
    channel: text('channel').notNull(),
    categoryId: integer('category_id').notNull(),
    brandId: integer('brand_id').notNull(),
    price: integer('price'),
    originalPrice: integer('original_price'),
    /** The buy-box offer's seller (the card's "sold by" badge), null when nothing can be bought. */
    sellerId: integer('seller_id'),
    availabilityCode: integer('availability_code').notNull(),
    condition: text('condition').notNull(),
    type: text('type').notNull(),
    sellerKinds: integer('seller_kinds').notNull(),
    offerCount: integer('offer_count').notNull(),
    ratingAverage: integer('rating_average').notNull(),
    ratingCount: integer('rating_count').notNull(),
    createdAt: integer('created_at').notNull(),
    relevance: integer('relevance').notNull(),
    /** seller_kinds, availability_code, rating_average and condition packed in one integer (worker/domain/catalogue/facet-counts.ts). */
    combo: integer('combo').notNull(),
    /**
     * The article's attributes as a JSON array of attribute_values ids, ascending: the attribute
     * facets count these from the rows (or index entries) they already read, instead of seeking
     * article_attributes once per row and attribute.
     */
    attributeValueIds: text('attribute_value_ids').notNull().default('[]'),
  },
  (t) => {
    const facetColumns = [t.price, t.sellerKinds, t.availabilityCode, t.ratingAverage, t.condition, t.combo, t.createdAt, t.relevance, t.attributeValueIds] as const;
    return [
      uniqueIndex('listings_channel_article_idx').on(t.channel, t.articleId),
      index('listings_category_idx').on(t.channel, t.categoryId, t.brandId, ...facetColumns),
      index('listings_brand_idx').on(t.channel, t.brandId, t.categoryId, ...facetColumns),
      index('listings_relevance_idx').on(t.channel, t.relevance),
      index('listings_created_idx').on(t.channel, t.createdAt),
      index('listings_price_idx').on(t.channel, t.price),
    ];
  },
);

/**
 * Facet counts of each category's unfiltered listing per channel: a category page without
 * filters sums these over its subtree instead of counting; category 0 holds the whole
 * channel's counts. Facets: 'brand' (brand id), 'price'
 * (50 € bucket), 'combo' (listings.combo, from which the seller, availability, rating and
 * condition facets and the total are derived) and 'attr.<name>' (attribute value).
 */
export const listingFacets = sqliteTable(
  'listing_facets',
  {
    channel: text('channel').notNull(),
    categoryId: integer('category_id').notNull(),
    facet: text('facet').notNull(),
    value: text('value').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.channel, t.categoryId, t.facet, t.value] })],
);

/**
 * The broad one-word searches of each channel and language (worker/db/search-facets.ts): a
 * search key is a query word as the listing's MATCH expression uses it (a prefix, or a whole
 * word of one character), broad when it matches more than ATTRIBUTE_COUNT_LIMIT articles.
 */
export const searchKeys = sqliteTable(
  'search_keys',
  {
    channel: text('channel').notNull(),
    lang: text('lang').notNull(),
    key: text('key').notNull(),
    /**
     * The articles the key's MATCH expression finds in the language (on any channel). A search of
     * several words, one of which is this key, that finds as many finds the very same articles,
     * and reads this key's counts. Null until a full refresh fills it (such searches count live).
     */
    matches: integer('matches'),
  },
  (t) => [primaryKey({ columns: [t.channel, t.lang, t.key] })],
);

/**
 * The listing rows of the articles a catalogue update changes, as they were before it: the
 * update counts, in the broad searches those articles match, only what changed. Empty between updates.
 */
export const searchProbeListings = sqliteTable(
  'search_probe_listings',
  {
    channel: text('channel').notNull(),
    articleId: integer('article_id').notNull(),
    brandId: integer('brand_id').notNull(),
    price: integer('price'),
    combo: integer('combo').notNull(),
  },
  (t) => [primaryKey({ columns: [t.channel, t.articleId] })],
);

/**
 * The articles whose derived rows a stock change refreshes (an order placed or cancelled,
 * worker/db/stock-codes.ts): filled and emptied within the change's own batch.
 */
export const refreshArticles = sqliteTable('refresh_articles', {
  articleId: integer('article_id').primaryKey(),
});

/** The unfiltered facet counts of each broad search, encoded like listing_facets (brand id, price bucket, combo). */
export const searchFacets = sqliteTable(
  'search_facets',
  {
    channel: text('channel').notNull(),
    lang: text('lang').notNull(),
    key: text('key').notNull(),
    facet: text('facet').notNull(),
    value: text('value').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.channel, t.lang, t.key, t.facet, t.value] })],
);

/** Which sellers offer an article on a channel: the seller-shop listing's scope. */
export const listingSellers = sqliteTable(
  'listing_sellers',
  {
    channel: text('channel').notNull(),
    sellerId: integer('seller_id').notNull(),
    articleId: integer('article_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.channel, t.sellerId, t.articleId] })],
);

/** The article's specs (articles.specs) as rows, for attribute filters and facets. */
export const articleAttributes = sqliteTable(
  'article_attributes',
  {
    articleId: integer('article_id').notNull(),
    name: text('name').notNull(),
    value: text('value').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.articleId, t.name] }),
    index('article_attributes_name_value_idx').on(t.name, t.value, t.articleId),
    // Covers the attribute facets' per-article look-up (value read from the index, not the table).
    index('article_attributes_article_idx').on(t.articleId, t.name, t.value),
  ],
);

/**
 * Every (name, value) pair of article_attributes under a small id, in (name, value) order: what
 * listings.attribute_value_ids lists (worker/db/refresh.ts).
 */
export const attributeValues = sqliteTable(
  'attribute_values',
  {
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    value: text('value').notNull(),
  },
  (t) => [uniqueIndex('attribute_values_name_value_idx').on(t.name, t.value)],
);

/** Words of the product names in each language (folded like the FTS tokenizer), for typo correction. */
export const searchVocabulary = sqliteTable(
  'search_vocabulary',
  {
    lang: text('lang').notNull(),
    term: text('term').notNull(),
    /** Articles whose name holds the word: the tie-break between equally close corrections. */
    docCount: integer('doc_count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.lang, t.term] })],
);

/**
 * Trigrams of each vocabulary word, padded with ^ and $: the correction candidates of releases
 * before corrections were worked out in memory (worker/db/search.ts `Vocabulary`). Nothing reads
 * it now; the full refresh still fills it so that an older version, running while migrations
 * apply or brought back by a rollback, still corrects (migrations stay additive:
 * docs/operations.md). A later release's migration drops it.
 */
export const searchTrigrams = sqliteTable(
  'search_trigrams',
  {
    lang: text('lang').notNull(),
    trigram: text('trigram').notNull(),
    term: text('term').notNull(),
    /** Length of the term in characters, so candidates can be bounded by length in the index. */
    length: integer('length').notNull(),
  },
  (t) => [primaryKey({ columns: [t.lang, t.trigram, t.length, t.term] })],
);

// ---------------------------------------------------------------------------------------------
// Identity and the account core. Times are epoch milliseconds; secrets are stored only as hashes.

/**
 * A customer account. `email` is stored lower-cased; `nick_key` is the nick folded for the
 * uniqueness check. `auth_epoch` grows on every password change or reset: sessions carry the
 * epoch they were opened in, so raising it ends them all at once.
 */
export const users = sqliteTable(
  'users',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** Public, unguessable id (never the row id) for links and analytics. */
    hashId: text('hash_id').notNull().unique(),
    email: text('email').notNull().unique(),
    emailVerifiedAt: integer('email_verified_at'),
    /** `pbkdf2-sha256$<iterations>$<salt b64url>$<hash b64url>` (worker/identity/password.ts). */
    passwordHash: text('password_hash').notNull(),
    nick: text('nick'),
    nickKey: text('nick_key').unique(),
    /** ISO date (yyyy-mm-dd). */
    birthday: text('birthday'),
    channel: text('channel').notNull(),
    language: text('language').notNull(),
    /** JSON array of role names (spec §6): customer, business, premium. */
    roles: text('roles').notNull().default('["customer"]'),
    isB2b: integer('is_b2b', { mode: 'boolean' }).notNull().default(false),
    isPremium: integer('is_premium', { mode: 'boolean' }).notNull().default(false),
    hasSpecialRates: integer('has_special_rates', { mode: 'boolean' }).notNull().default(false),
    twoFactorEnabled: integer('two_factor_enabled', { mode: 'boolean' }).notNull().default(false),
    authEpoch: integer('auth_epoch').notNull().default(0),
    /** The user's cart (a CartDO name); anonymous carts merge into it at login. */
    cartId: text('cart_id').notNull(),
    createdAt: integer('created_at').notNull(),
    firstPurchaseAt: integer('first_purchase_at'),
    lastPurchaseAt: integer('last_purchase_at'),
    totalPurchases: integer('total_purchases').notNull().default(0),
    totalSpentCents: integer('total_spent_cents').notNull().default(0),
  },
);

/** Single-use e-mailed links: account confirmation and password reset. Only the SHA-256 of the token is kept. */
export const authTokens = sqliteTable(
  'auth_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id').notNull(),
    purpose: text('purpose', { enum: ['confirm-email', 'reset-password'] }).notNull(),
    createdAt: integer('created_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
    usedAt: integer('used_at'),
  },
  (t) => [index('auth_tokens_user_idx').on(t.userId, t.purpose)],
);

/** A pending two-factor sign-in: the temporal token's hash, the e-mailed code's hash and the attempts made. */
export const twoFactorChallenges = sqliteTable(
  'two_factor_challenges',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: integer('created_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
  },
  (t) => [index('two_factor_challenges_user_idx').on(t.userId)],
);

/** The columns every address shares (a fresh set of builders per table). */
function addressColumns() {
  return {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id').notNull(),
    name: text('name').notNull(),
    surname: text('surname').notNull(),
    address: text('address').notNull(),
    streetNumber: text('street_number').notNull(),
    city: text('city').notNull(),
    postalCode: text('postal_code').notNull(),
    provinceId: integer('province_id').notNull(),
    countryIso: text('country_iso').notNull(),
    isDefault: integer('is_default', { mode: 'boolean' }).notNull().default(false),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  };
}

/** Shipping addresses (spec §3). `phone` is E.164 with the country's prefix. */
export const shippingAddresses = sqliteTable(
  'shipping_addresses',
  {
    ...addressColumns(),
    phone: text('phone').notNull(),
    validated: integer('validated', { mode: 'boolean' }).notNull().default(false),
    optionalInformation: text('optional_information').notNull().default(''),
  },
  (t) => [index('shipping_addresses_user_idx').on(t.userId, t.id)],
);

/** Billing addresses (spec §3): company, freelance or individual, with the tax id checked per country. */
export const billingAddresses = sqliteTable(
  'billing_addresses',
  {
    ...addressColumns(),
    billingType: text('billing_type', { enum: ['company', 'freelance', 'individual'] }).notNull(),
    /** Company name for companies; empty otherwise. */
    companyName: text('company_name').notNull().default(''),
    nif: text('nif').notNull(),
    cellPhone: text('cell_phone').notNull(),
  },
  (t) => [index('billing_addresses_user_idx').on(t.userId, t.id)],
);

/**
 * Articles a user has bought, one row per order line; placing an order adds them. With
 * `product_reviews` it gives the pending reviews (bought, not yet reviewed).
 */
export const userPurchases = sqliteTable(
  'user_purchases',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id').notNull(),
    articleId: integer('article_id').notNull(),
    orderNumber: text('order_number').notNull(),
    purchasedAt: integer('purchased_at').notNull(),
  },
  (t) => [index('user_purchases_user_idx').on(t.userId, t.purchasedAt)],
);

/**
 * The moderation state of user content (spec §3 "Article review state" OK, PENDING_REVIEW; plus
 * REJECTED, kept so the author sees why). Only OK content is public (worker/ugc/moderation.ts).
 */
export const UGC_STATES = ['OK', 'PENDING_REVIEW', 'REJECTED'] as const;
export type UgcState = (typeof UGC_STATES)[number];

/**
 * Product reviews written by users (worker/ugc/reviews.ts); the rating is on the doubled 1–10
 * scale (spec §9), one review per customer and article. `verified_order` is the order in which
 * the author bought the article when they wrote it (null: not bought). `articles.rating_average`
 * and `rating_count` are derived from the OK reviews whenever one changes state.
 */
export const productReviews = sqliteTable(
  'product_reviews',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id').notNull(),
    articleId: integer('article_id').notNull(),
    rating: integer('rating').notNull(),
    createdAt: integer('created_at').notNull(),
    title: text('title').notNull().default(''),
    body: text('body').notNull().default(''),
    /** The language it was written in (one of the six). */
    language: text('language').notNull().default('es_ES'),
    channel: text('channel').notNull().default('ES'),
    state: text('state', { enum: UGC_STATES }).notNull().default('OK'),
    /** Why moderation held it (JSON array of rule names) or why staff rejected it. */
    moderationNote: text('moderation_note').notNull().default('[]'),
    verifiedOrder: text('verified_order'),
    helpfulCount: integer('helpful_count').notNull().default(0),
    unhelpfulCount: integer('unhelpful_count').notNull().default(0),
    reportCount: integer('report_count').notNull().default(0),
    updatedAt: integer('updated_at').notNull().default(0),
    /** When it last became OK (the points, the campaign entry and the age buckets count from here). */
    publishedAt: integer('published_at'),
  },
  (t) => [
    uniqueIndex('product_reviews_user_article_idx').on(t.userId, t.articleId),
    index('product_reviews_article_idx').on(t.articleId, t.state, t.createdAt),
    index('product_reviews_state_idx').on(t.state, t.createdAt),
  ],
);

/** One vote per user and review: helpful or not (worker/ugc/reviews.ts). */
export const reviewVotes = sqliteTable(
  'review_votes',
  {
    reviewId: integer('review_id').notNull(),
    userId: integer('user_id').notNull(),
    helpful: integer('helpful', { mode: 'boolean' }).notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.userId] })],
);

/** Questions about an article (spec §2 /wiki, §3 Q&A), answered by customers and the store. */
export const questions = sqliteTable(
  'questions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    articleId: integer('article_id').notNull(),
    userId: integer('user_id').notNull(),
    body: text('body').notNull(),
    language: text('language').notNull(),
    channel: text('channel').notNull(),
    state: text('state', { enum: UGC_STATES }).notNull(),
    moderationNote: text('moderation_note').notNull().default('[]'),
    /** The answer the asker chose as best (an OK answer of this question), or null. */
    bestAnswerId: integer('best_answer_id'),
    /** OK answers, kept with every answer state change (lists show it without counting). */
    answerCount: integer('answer_count').notNull().default(0),
    reportCount: integer('report_count').notNull().default(0),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
    publishedAt: integer('published_at'),
  },
  (t) => [index('questions_article_idx').on(t.articleId, t.state, t.createdAt), index('questions_state_idx').on(t.state, t.createdAt), index('questions_user_idx').on(t.userId)],
);

/**
 * Answers to questions. `author_kind` 'store' is an answer given by staff in the store's name
 * (shown as the store, not as the staff member); `is_owner` marks a customer who had bought the
 * article when answering. `source` 'game' for answers given in the answers game.
 */
export const answers = sqliteTable(
  'answers',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    questionId: integer('question_id').notNull(),
    userId: integer('user_id').notNull(),
    authorKind: text('author_kind', { enum: ['customer', 'store'] }).notNull(),
    isOwner: integer('is_owner', { mode: 'boolean' }).notNull().default(false),
    source: text('source', { enum: ['thread', 'game'] }).notNull().default('thread'),
    body: text('body').notNull(),
    language: text('language').notNull(),
    state: text('state', { enum: UGC_STATES }).notNull(),
    moderationNote: text('moderation_note').notNull().default('[]'),
    voteCount: integer('vote_count').notNull().default(0),
    reportCount: integer('report_count').notNull().default(0),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
    publishedAt: integer('published_at'),
  },
  (t) => [
    index('answers_question_idx').on(t.questionId, t.state, t.createdAt),
    index('answers_state_idx').on(t.state, t.createdAt),
    uniqueIndex('answers_user_question_idx').on(t.userId, t.questionId),
  ],
);

/** One vote per user and answer ("this answer helped"). */
export const answerVotes = sqliteTable(
  'answer_votes',
  {
    answerId: integer('answer_id').notNull(),
    userId: integer('user_id').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.answerId, t.userId] })],
);

/** Questions a player of the answers game passed on: not offered to them again. */
export const gameSkips = sqliteTable(
  'game_skips',
  {
    userId: integer('user_id').notNull(),
    questionId: integer('question_id').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.questionId] })],
);

/** Reports of user content by other users: one per user and item; content past the threshold is hidden. */
export const ugcReports = sqliteTable(
  'ugc_reports',
  {
    kind: text('kind', { enum: ['review', 'question', 'answer'] }).notNull(),
    targetId: integer('target_id').notNull(),
    userId: integer('user_id').notNull(),
    reason: text('reason').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.targetId, t.userId] })],
);

/**
 * Photos and short videos uploaded by users (bytes in R2 under `r2_key`, never in D1). A file is
 * attached to at most one review or answer; it is public only when both it and what it is
 * attached to are OK.
 */
export const ugcMedia = sqliteTable(
  'ugc_media',
  {
    /** Random, unguessable (a UUID): also the public address. */
    id: text('id').primaryKey(),
    userId: integer('user_id').notNull(),
    kind: text('kind', { enum: ['image', 'video'] }).notNull(),
    contentType: text('content_type').notNull(),
    bytes: integer('bytes').notNull(),
    width: integer('width'),
    height: integer('height'),
    r2Key: text('r2_key').notNull(),
    attachedKind: text('attached_kind', { enum: ['review', 'answer'] }),
    attachedId: integer('attached_id'),
    state: text('state', { enum: UGC_STATES }).notNull(),
    moderationNote: text('moderation_note').notNull().default('[]'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('ugc_media_attached_idx').on(t.attachedKind, t.attachedId), index('ugc_media_user_idx').on(t.userId, t.createdAt), index('ugc_media_state_idx').on(t.state, t.createdAt)],
);

/**
 * The points ledger of the user ranking (worker/ugc/points.ts): one row per thing that earned
 * points, keyed by (reason, ref_id) so that the same review or vote never counts twice; a row is
 * removed when what earned it is withdrawn.
 */
export const userPoints = sqliteTable(
  'user_points',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id').notNull(),
    reason: text('reason').notNull(),
    /** What earned it: a review id, an answer id, '<answerId>:<voterId>' for a vote… */
    refId: text('ref_id').notNull(),
    points: integer('points').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [uniqueIndex('user_points_ref_idx').on(t.reason, t.refId), index('user_points_created_idx').on(t.createdAt, t.userId), index('user_points_user_idx').on(t.userId)],
);

/** Entries of a campaign's prize draw (opine-and-win): one per published review in its window. */
export const campaignEntries = sqliteTable(
  'campaign_entries',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    campaign: text('campaign').notNull(),
    channel: text('channel').notNull(),
    userId: integer('user_id').notNull(),
    reviewId: integer('review_id').notNull(),
    createdAt: integer('created_at').notNull(),
    /** Set on the winning entries when staff run the draw. */
    wonAt: integer('won_at'),
  },
  (t) => [uniqueIndex('campaign_entries_review_idx').on(t.campaign, t.reviewId), index('campaign_entries_user_idx').on(t.userId, t.campaign)],
);

/**
 * The development e-mail sandbox's outbox (worker/email/sandbox.ts): what the e-mail provider
 * would have delivered. Never written in production.
 */
export const devOutbox = sqliteTable('dev_outbox', {
  id: text('id').primaryKey(),
  sender: text('sender').notNull(),
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull(),
  textBody: text('text_body').notNull(),
  htmlBody: text('html_body').notNull(),
  createdAt: integer('created_at').notNull(),
});

// ---------------------------------------------------------------------------------------------
// Orders: one order per seller group of a checkout (worker/domain/orders/state-machine.ts).

/**
 * An order. `checkout_key` identifies the cart state it was placed from: placing the same
 * cart twice (a double click, a retry) finds the same key and creates nothing new.
 * Addresses are copied as they were at placement (JSON), so later edits do not change orders.
 */
export const orders = sqliteTable(
  'orders',
  {
    orderNumber: text('order_number').primaryKey(),
    checkoutKey: text('checkout_key').notNull(),
    /** 'own-0', 'marketplace-<shopId>', 'dropshipping-<shopId>'. */
    orderKey: text('order_key').notNull(),
    userId: integer('user_id').notNull(),
    channel: text('channel').notNull(),
    language: text('language').notNull(),
    state: text('state').notNull(),
    sellerKind: text('seller_kind', { enum: ['own', 'marketplace', 'dropshipping'] }).notNull(),
    sellerId: integer('seller_id').notNull(),
    paymentMethod: text('payment_method').notNull(),
    /** The option of the method chosen when placing: Oney's number of instalments ('3x', '4x'); null for the others. */
    paymentOption: text('payment_option'),
    shippingType: integer('shipping_type').notNull(),
    shopId: integer('shop_id'),
    /** The agency delivering our own home deliveries (worker/domain/checkout/agencies.ts), or the marketplace seller's. */
    agency: text('agency'),
    /** The collection point (shipping type 2). */
    pickingPointId: integer('picking_point_id'),
    /** The delivery day chosen (YYYY-MM-DD, the channel's local date) and time slot, when the agency offers the choice. */
    deliveryDate: text('delivery_date'),
    deliveryTime: text('delivery_time'),
    /** Neutral delivery: the parcel carries no Ampora branding and no prices (business customers). */
    neutral: integer('neutral', { mode: 'boolean' }).notNull().default(false),
    /** Paid with the customer's store balance (this order's share). */
    balanceAmount: integer('balance_amount').notNull().default(0),
    shippingAddress: text('shipping_address', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    billingAddress: text('billing_address', { mode: 'json' }).$type<Record<string, unknown> | null>(),
    articlesSubtotal: integer('articles_subtotal').notNull(),
    shippingCost: integer('shipping_cost').notNull(),
    discount: integer('discount').notNull().default(0),
    /** Paid with a gift card (this order's share). */
    giftCardAmount: integer('gift_card_amount').notNull().default(0),
    /** The solidary donation (worker/domain/checkout/solidary.ts) carried by this order: money, not an article line. */
    solidaryAmount: integer('solidary_amount').notNull().default(0),
    /** What is left to pay: articles + shipping + solidary donation − discount − gift card − balance. */
    total: integer('total').notNull(),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
    /** When the order confirmation e-mail was claimed for sending (worker/orders/confirmation.ts): set once, so it goes once. */
    confirmationSentAt: integer('confirmation_sent_at'),
    /** When the money was received (payment captured/authorised, transfer arrived, or at once for cash/free). */
    paidAt: integer('paid_at'),
    /** The carrier's tracking number, set when staff ship the order. */
    trackingNumber: text('tracking_number'),
    /** Made at a physical shop's till (spec §2 front orders), not online. */
    frontOrder: integer('front_order', { mode: 'boolean' }).notNull().default(false),
    /** The order whose change this order replaced (spec §7 cart modifier). */
    replacesOrderNumber: text('replaces_order_number'),
    /** A gift order: the recipient may return it with `gift_code` without seeing prices. */
    giftCode: text('gift_code'),
    /**
     * When everything the paid order delivers without shipping was done (worker/orders/fulfil.ts):
     * digital codes, gift cards, subscriptions, insurance policies. Null while that is still to do.
     */
    fulfilledAt: integer('fulfilled_at'),
  },
  (t) => [uniqueIndex('orders_checkout_idx').on(t.checkoutKey, t.orderKey), index('orders_user_idx').on(t.userId, t.createdAt)],
);

export const orderLines = sqliteTable(
  'order_lines',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orderNumber: text('order_number').notNull(),
    articleId: integer('article_id').notNull(),
    offerId: integer('offer_id').notNull(),
    name: text('name').notNull(),
    qty: integer('qty').notNull(),
    unitPrice: integer('unit_price').notNull(),
    totalPrice: integer('total_price').notNull(),
    /**
     * Whether the line holds units taken off offers.stock (stock on hand, codes 0–3): set when the order
     * is placed, cleared when a cancelled order gives them back (worker/payments/events.ts), so they go back once.
     */
    stockTaken: integer('stock_taken', { mode: 'boolean' }).notNull(),
    /** Gift-wrapped (free of charge). */
    giftPaper: integer('gift_paper', { mode: 'boolean' }).notNull().default(false),
    /** A service line: what it is and which plan (extended insurance, extra service, installation); null for articles. */
    serviceKind: text('service_kind', { enum: ['insurance', 'service', 'installation'] }),
    serviceId: integer('service_id'),
    /**
     * What the line carries beyond the article (JSON), e.g. a gift card's recipient
     * { recipientName, recipientEmail, message, senderName } or the earlier purchase a new
     * insurance policy covers { coversOrderNumber, coversArticleId }.
     */
    details: text('details', { mode: 'json' }).$type<Record<string, string | number>>(),
  },
  (t) => [index('order_lines_order_idx').on(t.orderNumber)],
);

/** Every state an order went through, with when. */
export const orderEvents = sqliteTable(
  'order_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orderNumber: text('order_number').notNull(),
    state: text('state').notNull(),
    at: integer('at').notNull(),
  },
  (t) => [index('order_events_order_idx').on(t.orderNumber, t.at)],
);

// ---------------------------------------------------------------------------------------------
// Promotions, coupons and gift cards (worker/domain/checkout/promotions.ts, worker/checkout/).

/** A promotion campaign: gates, conditions and effects as data (JSON), evaluated by the promotions engine. */
export const promotionCampaigns = sqliteTable('promotion_campaigns', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  channels: text('channels', { mode: 'json' }).$type<string[]>().notNull(),
  startsAt: integer('starts_at').notNull(),
  endsAt: integer('ends_at').notNull(),
  priority: integer('priority').notNull().default(10),
  exclusive: integer('exclusive', { mode: 'boolean' }).notNull().default(false),
  couponRequired: integer('coupon_required', { mode: 'boolean' }).notNull().default(false),
  conditions: text('conditions', { mode: 'json' }).$type<unknown[]>().notNull(),
  effects: text('effects', { mode: 'json' }).$type<unknown[]>().notNull(),
  usageLimit: integer('usage_limit').notNull().default(0),
  usageCounter: integer('usage_counter').notNull().default(0),
  perUserLimit: integer('per_user_limit').notNull().default(0),
});

/** Coupon codes (stored upper-case). A usage limit of 0 is unlimited. */
export const coupons = sqliteTable('coupons', {
  code: text('code').primaryKey(),
  campaignId: integer('campaign_id').notNull(),
  usageLimit: integer('usage_limit').notNull().default(0),
  usageCounter: integer('usage_counter').notNull().default(0),
});

/** Each use of a campaign by a user in an order (per-user limits count these). */
export const promotionRedemptions = sqliteTable(
  'promotion_redemptions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    campaignId: integer('campaign_id').notNull(),
    couponCode: text('coupon_code'),
    userId: integer('user_id').notNull(),
    orderNumber: text('order_number').notNull(),
    at: integer('at').notNull(),
  },
  (t) => [index('promotion_redemptions_user_idx').on(t.userId, t.campaignId)],
);

/** Gift cards: a code with a balance in cents that orders spend; never below zero (trigger). */
export const giftCards = sqliteTable(
  'gift_cards',
  {
    code: text('code').primaryKey(),
    balance: integer('balance').notNull(),
    initialAmount: integer('initial_amount').notNull(),
    expiresAt: integer('expires_at').notNull(),
    createdAt: integer('created_at').notNull(),
    /** A card bought in the store: the order line and which of its units, the buyer and the recipient it is e-mailed to. */
    orderNumber: text('order_number'),
    orderLineId: integer('order_line_id'),
    unitIndex: integer('unit_index'),
    buyerUserId: integer('buyer_user_id'),
    recipientName: text('recipient_name'),
    recipientEmail: text('recipient_email'),
    message: text('message'),
    sentAt: integer('sent_at'),
  },
  (t) => [uniqueIndex('gift_cards_line_unit_idx').on(t.orderLineId, t.unitIndex), index('gift_cards_buyer_idx').on(t.buyerUserId)],
);

export const giftCardMovements = sqliteTable(
  'gift_card_movements',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    code: text('code').notNull(),
    orderNumber: text('order_number').notNull(),
    amount: integer('amount').notNull(),
    at: integer('at').notNull(),
  },
  (t) => [index('gift_card_movements_code_idx').on(t.code)],
);

/**
 * The articles that are gift cards (sold by the store, digital, one per amount): a paid unit of
 * one becomes a gift card of its unit price (worker/gift-cards/issue.ts).
 */
export const giftCardArticles = sqliteTable('gift_card_articles', {
  articleId: integer('article_id').primaryKey(),
  amount: integer('amount').notNull(),
});

// ---------------------------------------------------------------------------------------------
// Services sold with an article (spec §3 extended insurance, extra service).

/**
 * Extended insurance plans, one row per price band: an article sold by the store, in one of
 * `category_ids`, priced between the band's limits, may carry the plan at `price`. Names and
 * texts are per language (JSON keyed by language id).
 */
export const extendedInsurances = sqliteTable('extended_insurances', {
  id: integer('id').primaryKey(),
  years: integer('years').notNull(),
  articlePriceMin: integer('article_price_min').notNull(),
  articlePriceMax: integer('article_price_max').notNull(),
  price: integer('price').notNull(),
  categoryIds: text('category_ids', { mode: 'json' }).$type<number[]>().notNull(),
  names: text('names', { mode: 'json' }).$type<Record<string, string>>().notNull(),
  texts: text('texts', { mode: 'json' }).$type<Record<string, string>>().notNull(),
});

/** Extra services (set-up, data transfer, wall mounting…) offered with articles of some categories. */
export const extraServices = sqliteTable('extra_services', {
  id: integer('id').primaryKey(),
  price: integer('price').notNull(),
  allowInMarketplace: integer('allow_in_marketplace', { mode: 'boolean' }).notNull().default(false),
  categoryIds: text('category_ids', { mode: 'json' }).$type<number[]>().notNull(),
  names: text('names', { mode: 'json' }).$type<Record<string, string>>().notNull(),
  descriptions: text('descriptions', { mode: 'json' }).$type<Record<string, string>>().notNull(),
});

/**
 * Installation at the customer's home (spec §7 installation data): offered for articles of
 * `category_ids`, priced by the province of the postal code — `province_prices` maps a province
 * code to the price in cents; a province not listed is not served.
 */
export const installationServices = sqliteTable('installation_services', {
  id: integer('id').primaryKey(),
  categoryIds: text('category_ids', { mode: 'json' }).$type<number[]>().notNull(),
  countryIso: text('country_iso').notNull(),
  provincePrices: text('province_prices', { mode: 'json' }).$type<Record<string, number>>().notNull(),
  names: text('names', { mode: 'json' }).$type<Record<string, string>>().notNull(),
  summaries: text('summaries', { mode: 'json' }).$type<Record<string, string>>().notNull(),
});

// ---------------------------------------------------------------------------------------------
// Store balance (spec §3 Balance, §4 movement types): what the store owes a customer, spent at
// checkout. `user_balances.balance` never goes below zero (trigger); every change is a movement.

export const userBalances = sqliteTable('user_balances', {
  userId: integer('user_id').primaryKey(),
  balance: integer('balance').notNull().default(0),
  updatedAt: integer('updated_at').notNull(),
});

export const balanceMovements = sqliteTable(
  'balance_movements',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id').notNull(),
    type: text('type', { enum: ['ADD', 'RETURNS', 'SPEND', 'BLOCK'] }).notNull(),
    /** Cents, always positive; the type says which way it went. */
    amount: integer('amount').notNull(),
    orderNumber: text('order_number'),
    /** A refund of an order that had been paid by card. */
    isPaidUsingCard: integer('is_paid_using_card', { mode: 'boolean' }).notNull().default(false),
    /** Who made a manual movement (operations), null for checkout spends. */
    author: text('author'),
    note: text('note'),
    at: integer('at').notNull(),
  },
  (t) => [index('balance_movements_user_idx').on(t.userId, t.at)],
);

// ---------------------------------------------------------------------------------------------
// Collection points (shipping type 2) and where postal codes are, to find points near one.

export const shippingPoints = sqliteTable(
  'shipping_points',
  {
    id: integer('id').primaryKey(),
    countryIso: text('country_iso').notNull(),
    /** The network that runs it (an agency id of worker/domain/checkout/agencies.ts or a locker network). */
    carrier: text('carrier').notNull(),
    name: text('name').notNull(),
    address: text('address').notNull(),
    postalCode: text('postal_code').notNull(),
    city: text('city').notNull(),
    latitude: integer('latitude_e6').notNull(),
    longitude: integer('longitude_e6').notNull(),
    /** Heaviest parcel it takes, in grams. */
    maxWeightGrams: integer('max_weight_grams').notNull(),
    /** Opening hours per weekday, e.g. {"mon":"09:00-20:00"}; a missing day is closed. */
    openingHours: text('opening_hours', { mode: 'json' }).$type<Record<string, string>>().notNull(),
    active: integer('active', { mode: 'boolean' }).notNull().default(true),
  },
  (t) => [index('shipping_points_country_idx').on(t.countryIso, t.latitude)],
);

/** The centre of a postal code, in millionths of a degree. */
export const postalCodeLocations = sqliteTable(
  'postal_code_locations',
  {
    countryIso: text('country_iso').notNull(),
    postalCode: text('postal_code').notNull(),
    latitude: integer('latitude_e6').notNull(),
    longitude: integer('longitude_e6').notNull(),
  },
  (t) => [primaryKey({ columns: [t.countryIso, t.postalCode] })],
);

/**
 * Postal codes our carriers do not reach for home delivery (spec §8 1149), kept by operations:
 * `postal_code` is a whole code or a prefix of one.
 */
export const blockedPostalCodes = sqliteTable(
  'blocked_postal_codes',
  {
    countryIso: text('country_iso').notNull(),
    postalCode: text('postal_code').notNull(),
    reason: text('reason').notNull(),
  },
  (t) => [primaryKey({ columns: [t.countryIso, t.postalCode] })],
);

// ---------------------------------------------------------------------------------------------
// Card payments (worker/payments/, docs/payments.md).

/**
 * One payment attempt at the provider. `idempotency_key` is the key sent with /payments, derived
 * from the reference and attempt, so a retried start finds its row. `version` grows with every
 * change: webhook events apply with a conditional update on it (worker/payments/events.ts).
 */
export const payments = sqliteTable(
  'payments',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** Our order number or checkout reference (the provider's `reference`). */
    reference: text('reference').notNull(),
    attempt: integer('attempt').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    provider: text('provider').notNull(),
    pspReference: text('psp_reference'),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    method: text('method').notNull(),
    /** worker/domain/payments/state-machine.ts */
    state: text('state').notNull(),
    refundedAmount: integer('refunded_amount').notNull().default(0),
    refusalReason: text('refusal_reason'),
    version: integer('version').notNull().default(0),
    /**
     * Where the attempt stands on our side (worker/payments/attempts.ts): 'starting' (claimed, the
     * provider call in flight), 'action' (the shopper has a 3-D Secure or wallet step to do),
     * 'details' (the details call in flight), 'done' (the provider's last answer is in `answer`).
     */
    stage: text('stage').notNull().default('done'),
    /** SHA-256 of the browser's request: the identical retried request gets the stored answer. */
    requestHash: text('request_hash'),
    /** The PaymentAnswer given for this attempt (JSON). */
    answer: text('answer'),
    /** When a waiting attempt lapses at the provider (a Multibanco reference, MB WAY's window); null: STUCK_PAYMENT_MS after its last change. */
    expiresAt: integer('expires_at'),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [uniqueIndex('payments_idempotency_idx').on(t.idempotencyKey), uniqueIndex('payments_psp_idx').on(t.pspReference), uniqueIndex('payments_reference_attempt_idx').on(t.reference, t.attempt)],
);

/**
 * The orders one payment reference pays: every order of a checkout is paid by one payment whose
 * `reference` is the checkout's first order number. Each attempt (`payments.attempt`) at that
 * reference pays all of them.
 */
export const paymentOrders = sqliteTable(
  'payment_orders',
  {
    reference: text('reference').notNull(),
    orderNumber: text('order_number').notNull(),
  },
  (t) => [primaryKey({ columns: [t.reference, t.orderNumber] }), uniqueIndex('payment_orders_order_idx').on(t.orderNumber)],
);

/**
 * Every provider event, stored once whatever the number of deliveries. `payment_psp_reference`
 * is the payment it is about (originalReference for refunds and cancellations). `applied` turns
 * 1 once the event went through the state machine; an event for a payment not yet recorded
 * waits with 0 until the payment row is created.
 */
export const paymentEvents = sqliteTable(
  'payment_events',
  {
    pspReference: text('psp_reference').notNull(),
    eventCode: text('event_code').notNull(),
    originalReference: text('original_reference').notNull().default(''),
    paymentPspReference: text('payment_psp_reference').notNull(),
    merchantReference: text('merchant_reference').notNull(),
    success: integer('success', { mode: 'boolean' }).notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    raw: text('raw', { mode: 'json' }).notNull(),
    receivedAt: integer('received_at').notNull(),
    applied: integer('applied', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.pspReference, t.eventCode, t.originalReference] }), index('payment_events_payment_idx').on(t.paymentPspReference, t.applied)],
);

/**
 * Pay-later links (worker/payments/pay-later.ts): `hash` is 128 random bits (hex), the whole
 * secret of the link. A link pays `order_number` and the other unpaid orders of its checkout
 * until `expires_at`; an expired row is kept so its hash answers "link expired", not "not found".
 */
export const payLinks = sqliteTable(
  'pay_links',
  {
    hash: text('hash').primaryKey(),
    orderNumber: text('order_number').notNull(),
    userId: integer('user_id').notNull(),
    createdAt: integer('created_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
  },
  (t) => [index('pay_links_order_idx').on(t.orderNumber, t.expiresAt)],
);

// ---------------------------------------------------------------------------------------------
// After the purchase (docs/after-sales.md): documents, refunds, returns, after-sales cases, order
// reassignments and non-holder return authorisations. Every row names its user; screens and calls
// read them through the ownership check (worker/identity/owned.ts).

/**
 * Tax documents (spec §3 document types): invoices, simplified tickets, proforma, corrective
 * invoices (credit notes), the marketplace seller's own invoice… Numbered per channel, series
 * and year without gaps (`number` is the last of the series + 1, taken in the insert itself).
 * A document is never edited: a credit note is a new row that `rectifies` it.
 * `hash` chains every document of a series to the one before (SHA-256 over the previous hash and
 * this record, Verifactu in Spain; the signature chain in Portugal), `atcud` is Portugal's
 * series validation code + number. Amounts are cents, negative on credit notes.
 */
export const documents = sqliteTable(
  'documents',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    channel: text('channel').notNull(),
    /** proforma, invoice, ticket, order, passiveSubject, marketplace, corrective. */
    docType: text('doc_type').notNull(),
    /** The series code, e.g. 'F' invoices, 'T' tickets, 'R' corrective (worker/documents/numbering.ts). */
    series: text('series').notNull(),
    year: integer('year').notNull(),
    number: integer('number').notNull(),
    /** The printed number, e.g. "ES-F-2026-000123". */
    code: text('code').notNull(),
    orderNumber: text('order_number').notNull(),
    userId: integer('user_id').notNull(),
    /** The document a credit note rectifies. */
    rectifiesId: integer('rectifies_id'),
    /** The return or refund that caused a credit note. */
    refundId: integer('refund_id'),
    language: text('language').notNull(),
    currency: text('currency').notNull().default('EUR'),
    /** Seller and buyer as printed (name, tax id, address), JSON. */
    seller: text('seller', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    buyer: text('buyer', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    /** The lines as printed: name, qty, unit price and total with VAT, VAT rate (JSON). */
    lines: text('lines', { mode: 'json' }).$type<Record<string, unknown>[]>().notNull(),
    /** VAT per rate: rate (basis points), taxable base, VAT (JSON). */
    vatBreakdown: text('vat_breakdown', { mode: 'json' }).$type<Record<string, unknown>[]>().notNull(),
    taxableTotal: integer('taxable_total').notNull(),
    vatTotal: integer('vat_total').notNull(),
    total: integer('total').notNull(),
    previousHash: text('previous_hash').notNull().default(''),
    hash: text('hash').notNull(),
    atcud: text('atcud'),
    issuedAt: integer('issued_at').notNull(),
  },
  (t) => [
    uniqueIndex('documents_series_number_idx').on(t.channel, t.series, t.year, t.number),
    index('documents_user_idx').on(t.userId, t.issuedAt),
    index('documents_order_idx').on(t.orderNumber),
  ],
);

/**
 * Money given back on an order (a cancellation, a return, a goodwill gesture): to the original
 * payment through the payments port, or to the store balance. `idempotency_key` is unique, so the
 * same refund asked twice is one refund; the provider call uses the same key.
 * States: requested → sent (provider asked) → refunded | failed; balance refunds go straight to refunded.
 */
export const refunds = sqliteTable(
  'refunds',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    idempotencyKey: text('idempotency_key').notNull(),
    orderNumber: text('order_number').notNull(),
    userId: integer('user_id').notNull(),
    returnId: integer('return_id'),
    amount: integer('amount').notNull(),
    method: text('method', { enum: ['original', 'balance'] }).notNull(),
    state: text('state').notNull(),
    /** The provider's reference of the refund modification. */
    pspReference: text('psp_reference'),
    /**
     * Where `amount` goes: to the card through the provider, back to the gift card, to the store
     * balance (they add up to `amount`). A failed refund is only its card part failing: the gift
     * card and balance parts were given, so they keep counting against what was paid.
     */
    cardAmount: integer('card_amount').notNull().default(0),
    giftCardAmount: integer('gift_card_amount').notNull().default(0),
    balanceAmount: integer('balance_amount').notNull().default(0),
    reason: text('reason').notNull(),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [uniqueIndex('refunds_idempotency_idx').on(t.idempotencyKey), index('refunds_order_idx').on(t.orderNumber), index('refunds_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Returns (RMA, spec §2 returns, §9 return period): lines and units of a delivered order going
 * back. States in worker/domain/returns/state-machine.ts. A gift return is asked by the
 * recipient with the gift code and refunds the buyer; a non-holder return carries the
 * authorisation it was made under.
 */
export const returns = sqliteTable(
  'returns',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** The order's owner (the invoice holder): the refund is theirs. */
    userId: integer('user_id').notNull(),
    orderNumber: text('order_number').notNull(),
    state: text('state').notNull(),
    reason: text('reason').notNull(),
    comment: text('comment').notNull().default(''),
    refundMethod: text('refund_method', { enum: ['original', 'balance'] }).notNull(),
    /** 'customer', 'gift' (asked by the gift's recipient) or 'non_holder' (authorised by the holder). */
    origin: text('origin', { enum: ['customer', 'gift', 'non_holder'] }).notNull().default('customer'),
    /** Who asked when it was not the holder (e-mail). */
    requestedBy: text('requested_by'),
    /** The marketplace seller who takes the lines back (0 = Ampora). */
    sellerId: integer('seller_id').notNull().default(0),
    /** The carrier's collection code printed on the label. */
    labelCode: text('label_code').notNull(),
    refundAmount: integer('refund_amount').notNull(),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [index('returns_user_idx').on(t.userId, t.createdAt), index('returns_order_idx').on(t.orderNumber)],
);

export const returnLines = sqliteTable(
  'return_lines',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    returnId: integer('return_id').notNull(),
    orderLineId: integer('order_line_id').notNull(),
    articleId: integer('article_id').notNull(),
    qty: integer('qty').notNull(),
    /** What these units refund (cents, VAT included). */
    amount: integer('amount').notNull(),
  },
  (t) => [index('return_lines_return_idx').on(t.returnId), index('return_lines_line_idx').on(t.orderLineId)],
);

/** After-sales cases (spec §2 /historial-postventa, /caso-postventa/{id}) on an order line. */
export const afterSalesCases = sqliteTable(
  'after_sales_cases',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id').notNull(),
    orderNumber: text('order_number').notNull(),
    orderLineId: integer('order_line_id').notNull(),
    /** fault, missing_part, damaged. */
    kind: text('kind').notNull(),
    state: text('state').notNull(),
    subject: text('subject').notNull(),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [index('after_sales_cases_user_idx').on(t.userId, t.updatedAt)],
);

export const afterSalesMessages = sqliteTable(
  'after_sales_messages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    caseId: integer('case_id').notNull(),
    author: text('author', { enum: ['customer', 'staff'] }).notNull(),
    /** The staff member's user id, or the customer's. */
    authorUserId: integer('author_user_id').notNull(),
    body: text('body').notNull(),
    at: integer('at').notNull(),
  },
  (t) => [index('after_sales_messages_case_idx').on(t.caseId, t.at)],
);

/** Files attached to a case message, stored in R2 under `r2_key`. */
export const afterSalesAttachments = sqliteTable(
  'after_sales_attachments',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    caseId: integer('case_id').notNull(),
    messageId: integer('message_id').notNull(),
    r2Key: text('r2_key').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
  },
  (t) => [index('after_sales_attachments_case_idx').on(t.caseId)],
);

/**
 * Orders moved to another account by a signed key (spec §2 /reasignacion-pedidos/{key}): only the
 * SHA-256 of the key is kept; it works once, before `expires_at`, for the account of `to_email`.
 */
export const orderReassignments = sqliteTable(
  'order_reassignments',
  {
    keyHash: text('key_hash').primaryKey(),
    orderNumber: text('order_number').notNull(),
    fromUserId: integer('from_user_id').notNull(),
    toEmail: text('to_email').notNull(),
    createdAt: integer('created_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
    usedAt: integer('used_at'),
  },
  (t) => [index('order_reassignments_order_idx').on(t.orderNumber)],
);

/**
 * A return asked by someone who is not the invoice holder (spec §2 /rma-no-titular, §6): the
 * holder authorises it by a signed link (only the SHA-256 of its token is kept).
 * States: pending → authorised | refused; an authorised request becomes a return.
 */
export const returnAuthorizations = sqliteTable(
  'return_authorizations',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    tokenHash: text('token_hash').notNull(),
    documentId: integer('document_id').notNull(),
    articleId: integer('article_id').notNull(),
    qty: integer('qty').notNull(),
    holderUserId: integer('holder_user_id').notNull(),
    requesterUserId: integer('requester_user_id').notNull(),
    reason: text('reason').notNull(),
    state: text('state').notNull(),
    returnId: integer('return_id'),
    createdAt: integer('created_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
  },
  (t) => [uniqueIndex('return_authorizations_token_idx').on(t.tokenHash), index('return_authorizations_requester_idx').on(t.requesterUserId)],
);

// ---------------------------------------------------------------------------------------------
// The rest of the account (docs/account.md): digital codes, the customer's coupons,
// subscriptions, insurance policies, tax-exemption certificates, the inbox, wishlists and saved
// PC configurations. Every row a customer owns carries `user_id` and is read through the one
// ownership check (worker/identity/owned.ts).

/**
 * What a digital article delivers (spec §3 digital code): the platform its codes are for, a guide
 * to redeem them, and the release date of a presale: a code is assigned when its order is paid
 * but can be revealed only once `release_at` has passed (ms; null = already released).
 */
export const digitalArticles = sqliteTable('digital_articles', {
  articleId: integer('article_id').primaryKey(),
  platform: text('platform').notNull(),
  guideUrl: text('guide_url'),
  releaseAt: integer('release_at'),
});

export const DIGITAL_CODE_STATES = ['FREE', 'ASSIGNED', 'FINISHED', 'RESERVE', 'DELETED'] as const;
export type DigitalCodeState = (typeof DIGITAL_CODE_STATES)[number];

/**
 * The stock of codes of a digital article (spec §4 digital code states). A code goes FREE →
 * ASSIGNED to one unit of a paid order line (one conditional UPDATE, so concurrent payments never
 * share a code) → FINISHED once its owner revealed it. RESERVE codes are kept back by staff (not
 * sold); DELETED codes were voided (refunded before being revealed, or bad codes).
 */
export const digitalCodes = sqliteTable(
  'digital_codes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    articleId: integer('article_id').notNull(),
    code: text('code').notNull(),
    status: text('status', { enum: DIGITAL_CODE_STATES }).notNull().default('FREE'),
    userId: integer('user_id'),
    orderNumber: text('order_number'),
    orderLineId: integer('order_line_id'),
    assignedAt: integer('assigned_at'),
    revealedAt: integer('revealed_at'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('digital_codes_code_idx').on(t.articleId, t.code),
    index('digital_codes_free_idx').on(t.articleId, t.status),
    index('digital_codes_user_idx').on(t.userId, t.assignedAt),
    index('digital_codes_line_idx').on(t.orderLineId),
  ],
);

/**
 * Texts of a promotion campaign shown to customers (spec §3 discount coupon: name, description),
 * per language: { "es_ES": { "name": "…", "description": "…" }, … }.
 */
export const promotionCampaignTexts = sqliteTable('promotion_campaign_texts', {
  campaignId: integer('campaign_id').primaryKey(),
  texts: text('texts', { mode: 'json' }).$type<Record<string, { name: string; description: string }>>().notNull(),
});

/** The coupons a customer keeps in their account (spec §7 discountcode): added by them or given by the store. */
export const userCoupons = sqliteTable(
  'user_coupons',
  {
    userId: integer('user_id').notNull(),
    code: text('code').notNull(),
    /** 'customer' (added with POST …/discountcode) or 'store' (given by a campaign, a return, a subscription…). */
    source: text('source').notNull(),
    addedAt: integer('added_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.code] })],
);

/**
 * Articles sold as subscriptions (spec §3 cart article isSubscription): the order pays the first
 * period; each next period is charged on the stored card by the scheduled renewal. `periods` null
 * renews until cancelled.
 */
export const subscriptionPlans = sqliteTable('subscription_plans', {
  articleId: integer('article_id').primaryKey(),
  periodMonths: integer('period_months').notNull(),
  periods: integer('periods'),
});

export const SUBSCRIPTION_STATES = ['PAYMENT_TOKEN_PENDING', 'ACTIVATION_PENDING', 'ACTIVE', 'EXPIRED', 'CANCELED'] as const;
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number];
export const SUBSCRIPTION_PAYMENT_STATES = ['PAYMENT_PENDING', 'PAYMENT_FAILED', 'PAYMENT_SUCCESSFUL'] as const;
export type SubscriptionPaymentState = (typeof SUBSCRIPTION_PAYMENT_STATES)[number];

/**
 * A subscription (spec §3, §4): created when the order with its article is paid, with the card
 * token the payment stored. `current_period_end` is when the next renewal is due; `version`
 * guards every change (compare-and-set), so the scheduled renewal and a cancellation racing
 * cannot both apply.
 */
export const subscriptions = sqliteTable(
  'subscriptions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id').notNull(),
    articleId: integer('article_id').notNull(),
    orderNumber: text('order_number').notNull(),
    orderLineId: integer('order_line_id').notNull(),
    channel: text('channel').notNull(),
    language: text('language').notNull(),
    state: text('state', { enum: SUBSCRIPTION_STATES }).notNull(),
    /** Price of each renewal, cents. */
    price: integer('price').notNull(),
    periodMonths: integer('period_months').notNull(),
    periods: integer('periods'),
    /** The stored card's token at the card provider (storedPaymentMethodId) and what the customer sees of it. */
    paymentToken: text('payment_token'),
    cardBrand: text('card_brand'),
    cardLastFour: text('card_last_four'),
    cardHolderName: text('card_holder_name'),
    startAt: integer('start_at'),
    currentPeriodEnd: integer('current_period_end'),
    endAt: integer('end_at'),
    canceledAt: integer('canceled_at'),
    renewals: integer('renewals').notNull().default(0),
    lastRenewalAt: integer('last_renewal_at'),
    version: integer('version').notNull().default(0),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [uniqueIndex('subscriptions_line_idx').on(t.orderLineId), index('subscriptions_user_idx').on(t.userId, t.createdAt), index('subscriptions_due_idx').on(t.state, t.currentPeriodEnd)],
);

/** Each renewal charge (spec §4 subscription payment states); one row per period and attempt, its key the provider's idempotency key. */
export const subscriptionPayments = sqliteTable(
  'subscription_payments',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    subscriptionId: integer('subscription_id').notNull(),
    /** 1 for the first renewal (the order paid period 0). */
    period: integer('period').notNull(),
    attempt: integer('attempt').notNull(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    amount: integer('amount').notNull(),
    state: text('state', { enum: SUBSCRIPTION_PAYMENT_STATES }).notNull(),
    pspReference: text('psp_reference'),
    refusalReason: text('refusal_reason'),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [uniqueIndex('subscription_payments_attempt_idx').on(t.subscriptionId, t.period, t.attempt)],
);

/**
 * An extended-insurance policy (spec §2 insurance area): made when the order with the insurance
 * line is paid, covering `article_id` from the delivery of its order for the plan's years.
 * A renewal or a new policy for an article bought earlier is an order of the insurance alone;
 * `renews_policy_id` links a renewal to the policy it continues.
 */
export const insurancePolicies = sqliteTable(
  'insurance_policies',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id').notNull(),
    insuranceId: integer('insurance_id').notNull(),
    /** The insured article and the order line it was bought in. */
    articleId: integer('article_id').notNull(),
    articleOrderNumber: text('article_order_number').notNull(),
    /** The order line of the insurance itself (unique: one policy per paid insurance line). */
    orderNumber: text('order_number').notNull(),
    orderLineId: integer('order_line_id').notNull(),
    price: integer('price').notNull(),
    state: text('state', { enum: ['active', 'expired', 'cancelled'] }).notNull(),
    startsAt: integer('starts_at').notNull(),
    endsAt: integer('ends_at').notNull(),
    renewsPolicyId: integer('renews_policy_id'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [uniqueIndex('insurance_policies_line_idx').on(t.orderLineId), index('insurance_policies_user_idx').on(t.userId, t.endsAt)],
);

/**
 * A tax-exemption certificate (spec §3, §5): uploaded by a business customer for one of their
 * billing addresses and its tax id; the file is in R2 (`file_key`). Staff validate or reject it;
 * the customer may revoke it. A validated, not revoked certificate makes that billing address's
 * invoices exempt (docs/invoicing.md).
 */
export const taxCertificates = sqliteTable(
  'tax_certificates',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id').notNull(),
    billingAddressId: integer('billing_address_id').notNull(),
    nif: text('nif').notNull(),
    fileKey: text('file_key').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    state: text('state', { enum: ['pending', 'validated', 'rejected', 'revoked'] }).notNull(),
    rejectionReason: text('rejection_reason'),
    uploadedAt: integer('uploaded_at').notNull(),
    validatedAt: integer('validated_at'),
    rejectedAt: integer('rejected_at'),
    revokedAt: integer('revoked_at'),
  },
  (t) => [index('tax_certificates_user_idx').on(t.userId, t.uploadedAt)],
);

/**
 * The customer's inbox (spec §2 /bandeja-de-entrada): what the store tells them about their
 * orders, returns, cases, subscriptions… `kind` names the message and `params` its values; the
 * text is rendered in the reader's language when read. (user_id, kind, ref) is unique, so an
 * event told twice (a retried webhook) is one message.
 */
export const inboxMessages = sqliteTable(
  'inbox_messages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id').notNull(),
    kind: text('kind').notNull(),
    ref: text('ref').notNull(),
    params: text('params', { mode: 'json' }).$type<Record<string, string | number>>().notNull(),
    createdAt: integer('created_at').notNull(),
    readAt: integer('read_at'),
  },
  (t) => [uniqueIndex('inbox_messages_ref_idx').on(t.userId, t.kind, t.ref), index('inbox_messages_user_idx').on(t.userId, t.createdAt)],
);

/**
 * A basket or list (spec §3 basket/list, §7 basket calls): a wishlist, or a saved basket.
 * `public_id` is the unguessable id of its public URL; a private list is seen by its owner only.
 */
export const baskets = sqliteTable(
  'baskets',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    publicId: text('public_id').notNull().unique(),
    userId: integer('user_id').notNull(),
    name: text('name').notNull(),
    type: text('type', { enum: ['wishlist', 'basket'] }).notNull(),
    visibility: text('visibility', { enum: ['private', 'public'] }).notNull(),
    /** The list "add to wishlist" adds to when none is chosen (one per user). */
    isDefault: integer('is_default', { mode: 'boolean' }).notNull().default(false),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [index('baskets_user_idx').on(t.userId, t.createdAt)],
);

/** An article in a list with the price it had when added (to show a drop) and the units wanted. */
export const basketArticles = sqliteTable(
  'basket_articles',
  {
    basketId: integer('basket_id').notNull(),
    articleId: integer('article_id').notNull(),
    /** The offer chosen (spec §7 `key`), null for the best offer at the time of buying. */
    offerId: integer('offer_id'),
    price: integer('price').notNull(),
    units: integer('units').notNull(),
    addedAt: integer('added_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.basketId, t.articleId] }), index('basket_articles_article_idx').on(t.articleId)],
);

/**
 * A PC configuration saved to the account (spec §2 /configuraciones, the configurator's
 * `configurationId`): components by slot as JSON { slot: articleId }. `public_id` is its
 * shareable id.
 */
export const savedConfigurations = sqliteTable(
  'saved_configurations',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    publicId: text('public_id').notNull().unique(),
    userId: integer('user_id').notNull(),
    name: text('name').notNull(),
    components: text('components', { mode: 'json' }).$type<Record<string, number>>().notNull(),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [index('saved_configurations_user_idx').on(t.userId, t.updatedAt)],
);

/**
 * The configurator's data of each component article (worker/domain/configurator/parts.ts): its
 * slot and the values the compatibility rules read, as JSON checked by the slot's zod schema
 * when read (worker/db/pc-components.ts). Seeded from the generated specs (scripts/seed/pc-parts.ts).
 */
export const pcComponents = sqliteTable(
  'pc_components',
  {
    articleId: integer('article_id').primaryKey(),
    slot: text('slot', { enum: CONFIGURATION_SLOTS }).notNull(),
    data: text('data', { mode: 'json' }).$type<unknown>().notNull(),
  },
  (t) => [index('pc_components_slot_idx').on(t.slot, t.articleId)],
);

// ─── Catalogue imports (worker/api/catalogue-import.ts, worker/jobs/catalogue-updates.ts) ─────

/** One JSON Lines file of offer changes sent to POST /api/ops/catalogue/imports. */
export const catalogueImports = sqliteTable('catalogue_imports', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  /** Who sent it: 'ops' (the store's systems, with the operations token). */
  source: text('source').notNull(),
  /** Lines in the file, blank ones included (their numbers are the file's). */
  lineCount: integer('line_count').notNull(),
  /** Lines queued for the consumer (new ids). */
  queuedCount: integer('queued_count').notNull(),
  /** Lines whose id an earlier import had already sent: not queued again. */
  duplicateCount: integer('duplicate_count').notNull(),
  createdAt: integer('created_at').notNull(),
});

/**
 * Every line ever accepted, by its id (the idempotency key). `status`: queued → applied,
 * superseded (a later line about the same offer was applied first) or failed (`error`). The
 * consumer applies a line only while it is queued, in the same transaction that changes its
 * status, so a message delivered twice changes nothing the second time.
 */
export const catalogueImportLines = sqliteTable(
  'catalogue_import_lines',
  {
    key: text('key').primaryKey(),
    importId: integer('import_id').notNull(),
    line: integer('line').notNull(),
    status: text('status', { enum: ['queued', 'applied', 'superseded', 'failed'] }).notNull(),
    /** The consumer's verdict inside its transaction, before the status takes it. */
    outcome: text('outcome'),
    error: text('error'),
    appliedAt: integer('applied_at'),
  },
  (t) => [index('catalogue_import_lines_import_idx').on(t.importId, t.status, t.line)],
);

/**
 * The newest line applied to each offer (import id × 10⁶ + line number), kept when the offer is
 * withdrawn: queues may deliver out of order or retry late, and an older line never overwrites
 * a newer one.
 */
export const offerUpdateStamps = sqliteTable(
  'offer_update_stamps',
  {
    articleId: integer('article_id').notNull(),
    sellerId: integer('seller_id').notNull(),
    channel: text('channel').notNull(),
    condition: text('condition').notNull(),
    stamp: integer('stamp').notNull(),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.sellerId, t.channel, t.condition] })],
);

/** A log of changed articles: one row per change, in commit order (`seq`), read by every isolate (worker/ssr/catalogue-version.ts). */
function invalidationTable<N extends string>(name: N) {
  return sqliteTable(
    name,
    {
      seq: integer('seq').primaryKey({ autoIncrement: true }),
      articleIds: text('article_ids', { mode: 'json' }).$type<number[]>().notNull(),
      createdAt: integer('created_at').notNull(),
    },
    (t) => [index(`${name}_created_idx`).on(t.createdAt)],
  );
}

/**
 * Articles whose cached pages must go, one row per applied batch. Every isolate reads the rows
 * after the last it saw and serves no cached page showing those articles that was rendered
 * before them.
 */
export const catalogueInvalidations = invalidationTable('catalogue_invalidations');

/**
 * Articles whose reviews or questions changed (the product page shows their summary and the
 * latest few), one row per change: written by triggers on the reviews, the questions and the
 * users' nicks (migrations/0032), so no writer can forget one. Every isolate retires what it
 * kept of those articles' reviews and questions.
 */
export const userContentInvalidations = invalidationTable('user_content_invalidations');
