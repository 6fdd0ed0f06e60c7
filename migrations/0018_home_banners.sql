CREATE TABLE `home_banner_translations` (
	`banner_id` integer NOT NULL,
	`lang` text NOT NULL,
	`title` text NOT NULL,
	`text` text DEFAULT '' NOT NULL,
	`link_label` text NOT NULL,
	`link` text NOT NULL,
	PRIMARY KEY(`banner_id`, `lang`)
);
--> statement-breakpoint
CREATE TABLE `home_banners` (
	`id` integer PRIMARY KEY NOT NULL,
	`channel` text,
	`campaign` text,
	`tone` text DEFAULT 'brand' NOT NULL,
	`motif` text DEFAULT '' NOT NULL,
	`starts_at` integer,
	`ends_at` integer,
	`position` integer DEFAULT 0 NOT NULL
);
