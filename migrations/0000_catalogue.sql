CREATE TABLE `article_translations` (
	`article_id` integer NOT NULL,
	`lang` text NOT NULL,
	`name` text NOT NULL,
	`slug` text NOT NULL,
	`description` text NOT NULL,
	PRIMARY KEY(`article_id`, `lang`)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `article_translations_slug_idx` ON `article_translations` (`lang`,`slug`);--> statement-breakpoint
CREATE TABLE `articles` (
	`id` integer PRIMARY KEY NOT NULL,
	`reference` text NOT NULL,
	`ean` text NOT NULL,
	`brand_id` integer NOT NULL,
	`category_id` integer NOT NULL,
	`type` text NOT NULL,
	`condition` text NOT NULL,
	`weight_grams` integer NOT NULL,
	`recommended_price` integer,
	`rating_average` integer DEFAULT 0 NOT NULL,
	`rating_count` integer DEFAULT 0 NOT NULL,
	`image_key` text NOT NULL,
	`specs` text DEFAULT '{}' NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `articles_category_idx` ON `articles` (`category_id`);--> statement-breakpoint
CREATE INDEX `articles_brand_idx` ON `articles` (`brand_id`);--> statement-breakpoint
CREATE INDEX `articles_created_idx` ON `articles` (`created_at`);--> statement-breakpoint
CREATE TABLE `brands` (
	`id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`slug` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `brands_slug_unique` ON `brands` (`slug`);--> statement-breakpoint
CREATE TABLE `categories` (
	`id` integer PRIMARY KEY NOT NULL,
	`parent_id` integer,
	`level` integer NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`icon` text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE INDEX `categories_parent_idx` ON `categories` (`parent_id`);--> statement-breakpoint
CREATE TABLE `category_translations` (
	`category_id` integer NOT NULL,
	`lang` text NOT NULL,
	`name` text NOT NULL,
	`slug` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`seo_text` text DEFAULT '' NOT NULL,
	PRIMARY KEY(`category_id`, `lang`)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `category_translations_slug_idx` ON `category_translations` (`lang`,`slug`);--> statement-breakpoint
CREATE TABLE `collection_articles` (
	`collection_id` integer NOT NULL,
	`article_id` integer NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`collection_id`, `article_id`)
);
--> statement-breakpoint
CREATE INDEX `collection_articles_article_idx` ON `collection_articles` (`article_id`);--> statement-breakpoint
CREATE TABLE `collection_translations` (
	`collection_id` integer NOT NULL,
	`lang` text NOT NULL,
	`name` text NOT NULL,
	`slug` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	PRIMARY KEY(`collection_id`, `lang`)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `collection_translations_slug_idx` ON `collection_translations` (`lang`,`slug`);--> statement-breakpoint
CREATE TABLE `collections` (
	`id` integer PRIMARY KEY NOT NULL,
	`featured` integer DEFAULT false NOT NULL,
	`campaign` text,
	`position` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `countries` (
	`id` integer PRIMARY KEY NOT NULL,
	`iso` text NOT NULL,
	`phone_prefix` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `countries_iso_unique` ON `countries` (`iso`);--> statement-breakpoint
CREATE TABLE `country_translations` (
	`country_id` integer NOT NULL,
	`lang` text NOT NULL,
	`name` text NOT NULL,
	PRIMARY KEY(`country_id`, `lang`)
);
--> statement-breakpoint
CREATE TABLE `offers` (
	`id` integer PRIMARY KEY NOT NULL,
	`article_id` integer NOT NULL,
	`seller_id` integer NOT NULL,
	`channel` text NOT NULL,
	`price` integer NOT NULL,
	`original_price` integer,
	`condition` text NOT NULL,
	`availability_code` integer NOT NULL,
	`stock` integer NOT NULL,
	`delivery_min_days` integer NOT NULL,
	`delivery_max_days` integer NOT NULL,
	`min_shipping_price` integer DEFAULT 0 NOT NULL,
	`sent_by` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `offers_article_channel_idx` ON `offers` (`article_id`,`channel`);--> statement-breakpoint
CREATE INDEX `offers_channel_price_idx` ON `offers` (`channel`,`price`);--> statement-breakpoint
CREATE UNIQUE INDEX `offers_unique_idx` ON `offers` (`article_id`,`seller_id`,`channel`,`condition`);--> statement-breakpoint
CREATE TABLE `physical_shop_stock` (
	`shop_id` integer NOT NULL,
	`article_id` integer NOT NULL,
	`qty` integer NOT NULL,
	PRIMARY KEY(`shop_id`, `article_id`)
);
--> statement-breakpoint
CREATE INDEX `physical_shop_stock_article_idx` ON `physical_shop_stock` (`article_id`);--> statement-breakpoint
CREATE TABLE `physical_shops` (
	`id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`slug` text NOT NULL,
	`address` text NOT NULL,
	`city` text NOT NULL,
	`postal_code` text NOT NULL,
	`province_id` integer NOT NULL,
	`phone` text NOT NULL,
	`opening_hours` text NOT NULL,
	`latitude_e6` integer NOT NULL,
	`longitude_e6` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `physical_shops_slug_unique` ON `physical_shops` (`slug`);--> statement-breakpoint
CREATE TABLE `post_tags` (
	`post_id` integer NOT NULL,
	`tag_id` integer NOT NULL,
	PRIMARY KEY(`post_id`, `tag_id`)
);
--> statement-breakpoint
CREATE INDEX `post_tags_tag_idx` ON `post_tags` (`tag_id`);--> statement-breakpoint
CREATE TABLE `post_translations` (
	`post_id` integer NOT NULL,
	`lang` text NOT NULL,
	`title` text NOT NULL,
	`slug` text NOT NULL,
	`excerpt` text DEFAULT '' NOT NULL,
	`body` text NOT NULL,
	PRIMARY KEY(`post_id`, `lang`)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `post_translations_slug_idx` ON `post_translations` (`lang`,`slug`);--> statement-breakpoint
CREATE TABLE `posts` (
	`id` integer PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`published_at` integer NOT NULL,
	`image_key` text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE INDEX `posts_kind_published_idx` ON `posts` (`kind`,`published_at`);--> statement-breakpoint
CREATE TABLE `price_history` (
	`article_id` integer NOT NULL,
	`channel` text NOT NULL,
	`day` text NOT NULL,
	`price` integer NOT NULL,
	PRIMARY KEY(`article_id`, `channel`, `day`)
);
--> statement-breakpoint
CREATE TABLE `provinces` (
	`id` integer PRIMARY KEY NOT NULL,
	`country_id` integer NOT NULL,
	`code` text NOT NULL,
	`name` text NOT NULL,
	`postal_prefixes` text DEFAULT '' NOT NULL,
	`customs_zone` text
);
--> statement-breakpoint
CREATE INDEX `provinces_country_idx` ON `provinces` (`country_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `provinces_country_code_idx` ON `provinces` (`country_id`,`code`);--> statement-breakpoint
CREATE TABLE `scheduled_content` (
	`id` integer PRIMARY KEY NOT NULL,
	`post_id` integer NOT NULL,
	`lang` text NOT NULL,
	`publish_at` integer NOT NULL,
	`title` text NOT NULL,
	`body` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `scheduled_content_post_idx` ON `scheduled_content` (`post_id`);--> statement-breakpoint
CREATE TABLE `sellers` (
	`id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`slug` text NOT NULL,
	`kind` text NOT NULL,
	`tier` text DEFAULT 'standard' NOT NULL,
	`grade` integer DEFAULT 0 NOT NULL,
	`evaluation_count` integer DEFAULT 0 NOT NULL,
	`country` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sellers_slug_unique` ON `sellers` (`slug`);--> statement-breakpoint
CREATE TABLE `slugs` (
	`lang` text NOT NULL,
	`slug` text NOT NULL,
	`kind` text NOT NULL,
	`entity_id` integer NOT NULL,
	PRIMARY KEY(`lang`, `slug`)
);
--> statement-breakpoint
CREATE INDEX `slugs_entity_idx` ON `slugs` (`kind`,`entity_id`);--> statement-breakpoint
CREATE TABLE `tag_translations` (
	`tag_id` integer NOT NULL,
	`lang` text NOT NULL,
	`name` text NOT NULL,
	`slug` text NOT NULL,
	PRIMARY KEY(`tag_id`, `lang`)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tag_translations_slug_idx` ON `tag_translations` (`lang`,`slug`);--> statement-breakpoint
CREATE TABLE `tags` (
	`id` integer PRIMARY KEY NOT NULL
);
