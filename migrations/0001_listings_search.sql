CREATE TABLE `article_attributes` (
	`article_id` integer NOT NULL,
	`name` text NOT NULL,
	`value` text NOT NULL,
	PRIMARY KEY(`article_id`, `name`)
);
--> statement-breakpoint
CREATE INDEX `article_attributes_name_value_idx` ON `article_attributes` (`name`,`value`,`article_id`);--> statement-breakpoint
CREATE INDEX `article_attributes_article_idx` ON `article_attributes` (`article_id`,`name`,`value`);--> statement-breakpoint
CREATE TABLE `listing_facets` (
	`channel` text NOT NULL,
	`category_id` integer NOT NULL,
	`facet` text NOT NULL,
	`value` text NOT NULL,
	`count` integer NOT NULL,
	PRIMARY KEY(`channel`, `category_id`, `facet`, `value`)
);
--> statement-breakpoint
CREATE TABLE `listing_sellers` (
	`channel` text NOT NULL,
	`seller_id` integer NOT NULL,
	`article_id` integer NOT NULL,
	PRIMARY KEY(`channel`, `seller_id`, `article_id`)
);
--> statement-breakpoint
CREATE TABLE `listings` (
	`id` integer PRIMARY KEY NOT NULL,
	`article_id` integer NOT NULL,
	`channel` text NOT NULL,
	`category_id` integer NOT NULL,
	`brand_id` integer NOT NULL,
	`price` integer,
	`original_price` integer,
	`availability_code` integer NOT NULL,
	`condition` text NOT NULL,
	`type` text NOT NULL,
	`seller_kinds` integer NOT NULL,
	`offer_count` integer NOT NULL,
	`rating_average` integer NOT NULL,
	`rating_count` integer NOT NULL,
	`created_at` integer NOT NULL,
	`relevance` integer NOT NULL,
	`combo` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `listings_channel_article_idx` ON `listings` (`channel`,`article_id`);--> statement-breakpoint
CREATE INDEX `listings_category_idx` ON `listings` (`channel`,`category_id`,`brand_id`,`price`,`seller_kinds`,`availability_code`,`rating_average`,`condition`,`combo`,`created_at`,`relevance`);--> statement-breakpoint
CREATE INDEX `listings_brand_idx` ON `listings` (`channel`,`brand_id`,`category_id`,`price`,`seller_kinds`,`availability_code`,`rating_average`,`condition`,`combo`,`created_at`,`relevance`);--> statement-breakpoint
CREATE INDEX `listings_relevance_idx` ON `listings` (`channel`,`relevance`);--> statement-breakpoint
CREATE INDEX `listings_created_idx` ON `listings` (`channel`,`created_at`);--> statement-breakpoint
CREATE INDEX `listings_price_idx` ON `listings` (`channel`,`price`);--> statement-breakpoint
CREATE TABLE `search_trigrams` (
	`lang` text NOT NULL,
	`trigram` text NOT NULL,
	`term` text NOT NULL,
	`length` integer NOT NULL,
	PRIMARY KEY(`lang`, `trigram`, `length`, `term`)
);
--> statement-breakpoint
CREATE TABLE `search_vocabulary` (
	`lang` text NOT NULL,
	`term` text NOT NULL,
	`doc_count` integer NOT NULL,
	PRIMARY KEY(`lang`, `term`)
);
