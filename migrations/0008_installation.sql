CREATE TABLE `installation_services` (
	`id` integer PRIMARY KEY NOT NULL,
	`category_ids` text NOT NULL,
	`country_iso` text NOT NULL,
	`province_prices` text NOT NULL,
	`names` text NOT NULL,
	`summaries` text NOT NULL
);
