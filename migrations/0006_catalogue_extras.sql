CREATE TABLE `category_promotion_translations` (
	`promotion_id` integer NOT NULL,
	`lang` text NOT NULL,
	`title` text NOT NULL,
	`text` text DEFAULT '' NOT NULL,
	`link_label` text NOT NULL,
	`link` text NOT NULL,
	PRIMARY KEY(`promotion_id`, `lang`)
);
--> statement-breakpoint
CREATE TABLE `category_promotions` (
	`id` integer PRIMARY KEY NOT NULL,
	`category_id` integer NOT NULL,
	`channel` text,
	`starts_at` integer,
	`ends_at` integer,
	`position` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `category_promotions_category_idx` ON `category_promotions` (`category_id`);--> statement-breakpoint
CREATE TABLE `configurator_preset_components` (
	`preset_id` integer NOT NULL,
	`position` integer NOT NULL,
	`role` text NOT NULL,
	`article_id` integer NOT NULL,
	`qty` integer DEFAULT 1 NOT NULL,
	PRIMARY KEY(`preset_id`, `position`)
);
--> statement-breakpoint
CREATE INDEX `configurator_preset_components_article_idx` ON `configurator_preset_components` (`article_id`);--> statement-breakpoint
CREATE TABLE `configurator_preset_translations` (
	`preset_id` integer NOT NULL,
	`lang` text NOT NULL,
	`name` text NOT NULL,
	`slug` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	PRIMARY KEY(`preset_id`, `lang`)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `configurator_preset_translations_slug_idx` ON `configurator_preset_translations` (`lang`,`slug`);--> statement-breakpoint
CREATE TABLE `configurator_presets` (
	`id` integer PRIMARY KEY NOT NULL,
	`position` integer DEFAULT 0 NOT NULL
);
