/**
 * The D1 schema (drizzle). Money is integer cents; ratings use the doubled 1–10 scale (spec §9);
 * translated text lives in `*_translations` tables keyed by the spec's language ids.
 * Migrations in /migrations are generated from this file (`npx drizzle-kit generate`).
 */
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

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
 * and (channel, article_id) stays unique. `price` is the best sellable price (offers with availability_code < 9000), null when
 * none; `seller_kinds` is a bitmask (own = 1, marketplace = 2, dropshipping = 4); `relevance`
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
  },
  (t) => {
    const facetColumns = [t.price, t.sellerKinds, t.availabilityCode, t.ratingAverage, t.condition, t.combo, t.createdAt, t.relevance] as const;
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

/** Trigrams of each vocabulary word, padded with ^ and $: candidate look-up for corrections. */
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
