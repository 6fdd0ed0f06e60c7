CREATE TABLE `payment_orders` (
	`reference` text NOT NULL,
	`order_number` text NOT NULL,
	PRIMARY KEY(`reference`, `order_number`)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payment_orders_order_idx` ON `payment_orders` (`order_number`);--> statement-breakpoint
ALTER TABLE `payments` ADD `stage` text DEFAULT 'done' NOT NULL;--> statement-breakpoint
ALTER TABLE `payments` ADD `request_hash` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `answer` text;