CREATE TABLE `extended_insurances` (
	`id` integer PRIMARY KEY NOT NULL,
	`years` integer NOT NULL,
	`article_price_min` integer NOT NULL,
	`article_price_max` integer NOT NULL,
	`price` integer NOT NULL,
	`category_ids` text NOT NULL,
	`names` text NOT NULL,
	`texts` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `extra_services` (
	`id` integer PRIMARY KEY NOT NULL,
	`price` integer NOT NULL,
	`allow_in_marketplace` integer DEFAULT false NOT NULL,
	`category_ids` text NOT NULL,
	`names` text NOT NULL,
	`descriptions` text NOT NULL
);
