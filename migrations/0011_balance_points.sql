CREATE TABLE `balance_movements` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`type` text NOT NULL,
	`amount` integer NOT NULL,
	`order_number` text,
	`is_paid_using_card` integer DEFAULT false NOT NULL,
	`author` text,
	`note` text,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `balance_movements_user_idx` ON `balance_movements` (`user_id`,`at`);--> statement-breakpoint
CREATE TABLE `postal_code_locations` (
	`country_iso` text NOT NULL,
	`postal_code` text NOT NULL,
	`latitude_e6` integer NOT NULL,
	`longitude_e6` integer NOT NULL,
	PRIMARY KEY(`country_iso`, `postal_code`)
);
--> statement-breakpoint
CREATE TABLE `shipping_points` (
	`id` integer PRIMARY KEY NOT NULL,
	`country_iso` text NOT NULL,
	`carrier` text NOT NULL,
	`name` text NOT NULL,
	`address` text NOT NULL,
	`postal_code` text NOT NULL,
	`city` text NOT NULL,
	`latitude_e6` integer NOT NULL,
	`longitude_e6` integer NOT NULL,
	`max_weight_grams` integer NOT NULL,
	`opening_hours` text NOT NULL,
	`active` integer DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE INDEX `shipping_points_country_idx` ON `shipping_points` (`country_iso`,`latitude_e6`);--> statement-breakpoint
CREATE TABLE `user_balances` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`balance` integer DEFAULT 0 NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `articles` ADD `sale_restriction` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `picking_point_id` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `delivery_date` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `delivery_time` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `neutral` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `balance_amount` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A customer's balance never goes below zero: an order batch that would overspend it fails as a whole.
CREATE TRIGGER `user_balances_never_negative` BEFORE UPDATE OF `balance` ON `user_balances` WHEN NEW.`balance` < 0 BEGIN SELECT RAISE(ABORT, 'BALANCE_SPENT'); END;
