CREATE TABLE `order_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_number` text NOT NULL,
	`state` text NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `order_events_order_idx` ON `order_events` (`order_number`,`at`);--> statement-breakpoint
CREATE TABLE `order_lines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_number` text NOT NULL,
	`article_id` integer NOT NULL,
	`offer_id` integer NOT NULL,
	`name` text NOT NULL,
	`qty` integer NOT NULL,
	`unit_price` integer NOT NULL,
	`total_price` integer NOT NULL,
	`stock_taken` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `order_lines_order_idx` ON `order_lines` (`order_number`);--> statement-breakpoint
CREATE TABLE `orders` (
	`order_number` text PRIMARY KEY NOT NULL,
	`checkout_key` text NOT NULL,
	`order_key` text NOT NULL,
	`user_id` integer NOT NULL,
	`channel` text NOT NULL,
	`language` text NOT NULL,
	`state` text NOT NULL,
	`seller_kind` text NOT NULL,
	`seller_id` integer NOT NULL,
	`payment_method` text NOT NULL,
	`shipping_type` integer NOT NULL,
	`shop_id` integer,
	`shipping_address` text NOT NULL,
	`billing_address` text,
	`articles_subtotal` integer NOT NULL,
	`shipping_cost` integer NOT NULL,
	`discount` integer DEFAULT 0 NOT NULL,
	`total` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `orders_checkout_idx` ON `orders` (`checkout_key`,`order_key`);--> statement-breakpoint
CREATE INDEX `orders_user_idx` ON `orders` (`user_id`,`created_at`);--> statement-breakpoint
-- Stock never goes below zero: an order batch that would oversell fails as a whole.
CREATE TRIGGER `offers_stock_never_negative` BEFORE UPDATE OF `stock` ON `offers` WHEN NEW.`stock` < 0 BEGIN SELECT RAISE(ABORT, 'OUT_OF_STOCK'); END;
