CREATE TABLE `pay_links` (
	`hash` text PRIMARY KEY NOT NULL,
	`order_number` text NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `pay_links_order_idx` ON `pay_links` (`order_number`,`expires_at`);