CREATE TABLE `catalogue_import_lines` (
	`key` text PRIMARY KEY NOT NULL,
	`import_id` integer NOT NULL,
	`line` integer NOT NULL,
	`status` text NOT NULL,
	`outcome` text,
	`error` text,
	`applied_at` integer
);
--> statement-breakpoint
CREATE INDEX `catalogue_import_lines_import_idx` ON `catalogue_import_lines` (`import_id`,`status`,`line`);--> statement-breakpoint
CREATE TABLE `catalogue_imports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`source` text NOT NULL,
	`line_count` integer NOT NULL,
	`queued_count` integer NOT NULL,
	`duplicate_count` integer NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `catalogue_invalidations` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`article_ids` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `catalogue_invalidations_created_idx` ON `catalogue_invalidations` (`created_at`);--> statement-breakpoint
CREATE TABLE `offer_update_stamps` (
	`article_id` integer NOT NULL,
	`seller_id` integer NOT NULL,
	`channel` text NOT NULL,
	`condition` text NOT NULL,
	`stamp` integer NOT NULL,
	PRIMARY KEY(`article_id`, `seller_id`, `channel`, `condition`)
);
