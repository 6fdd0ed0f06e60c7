CREATE TABLE `pc_components` (
	`article_id` integer PRIMARY KEY NOT NULL,
	`slot` text NOT NULL,
	`data` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `pc_components_slot_idx` ON `pc_components` (`slot`,`article_id`);