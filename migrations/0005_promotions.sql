CREATE TABLE `coupons` (
	`code` text PRIMARY KEY NOT NULL,
	`campaign_id` integer NOT NULL,
	`usage_limit` integer DEFAULT 0 NOT NULL,
	`usage_counter` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `gift_card_movements` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`order_number` text NOT NULL,
	`amount` integer NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `gift_card_movements_code_idx` ON `gift_card_movements` (`code`);--> statement-breakpoint
CREATE TABLE `gift_cards` (
	`code` text PRIMARY KEY NOT NULL,
	`balance` integer NOT NULL,
	`initial_amount` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `promotion_campaigns` (
	`id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`channels` text NOT NULL,
	`starts_at` integer NOT NULL,
	`ends_at` integer NOT NULL,
	`priority` integer DEFAULT 10 NOT NULL,
	`exclusive` integer DEFAULT false NOT NULL,
	`coupon_required` integer DEFAULT false NOT NULL,
	`conditions` text NOT NULL,
	`effects` text NOT NULL,
	`usage_limit` integer DEFAULT 0 NOT NULL,
	`usage_counter` integer DEFAULT 0 NOT NULL,
	`per_user_limit` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `promotion_redemptions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`campaign_id` integer NOT NULL,
	`coupon_code` text,
	`user_id` integer NOT NULL,
	`order_number` text NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `promotion_redemptions_user_idx` ON `promotion_redemptions` (`user_id`,`campaign_id`);--> statement-breakpoint
ALTER TABLE `orders` ADD `gift_card_amount` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A gift card never goes below zero and a coupon never past its limit: the order batch fails as a whole.
CREATE TRIGGER `gift_cards_never_negative` BEFORE UPDATE OF `balance` ON `gift_cards` WHEN NEW.`balance` < 0 BEGIN SELECT RAISE(ABORT, 'GIFT_CARD_SPENT'); END;
--> statement-breakpoint
CREATE TRIGGER `coupons_within_limit` BEFORE UPDATE OF `usage_counter` ON `coupons` WHEN NEW.`usage_limit` > 0 AND NEW.`usage_counter` > NEW.`usage_limit` BEGIN SELECT RAISE(ABORT, 'COUPON_USED_UP'); END;
--> statement-breakpoint
CREATE TRIGGER `campaigns_within_limit` BEFORE UPDATE OF `usage_counter` ON `promotion_campaigns` WHEN NEW.`usage_limit` > 0 AND NEW.`usage_counter` > NEW.`usage_limit` BEGIN SELECT RAISE(ABORT, 'COUPON_USED_UP'); END;
