CREATE TABLE `auth_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`purpose` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer
);
--> statement-breakpoint
CREATE INDEX `auth_tokens_user_idx` ON `auth_tokens` (`user_id`,`purpose`);--> statement-breakpoint
CREATE TABLE `billing_addresses` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`billing_type` text NOT NULL,
	`company_name` text DEFAULT '' NOT NULL,
	`name` text NOT NULL,
	`surname` text NOT NULL,
	`nif` text NOT NULL,
	`address` text NOT NULL,
	`street_number` text NOT NULL,
	`city` text NOT NULL,
	`postal_code` text NOT NULL,
	`province_id` integer NOT NULL,
	`country_iso` text NOT NULL,
	`cell_phone` text NOT NULL,
	`is_default` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `billing_addresses_user_idx` ON `billing_addresses` (`user_id`,`id`);--> statement-breakpoint
CREATE TABLE `dev_outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`sender` text NOT NULL,
	`recipient` text NOT NULL,
	`subject` text NOT NULL,
	`text_body` text NOT NULL,
	`html_body` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `product_reviews` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`article_id` integer NOT NULL,
	`rating` integer NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `product_reviews_user_article_idx` ON `product_reviews` (`user_id`,`article_id`);--> statement-breakpoint
CREATE INDEX `product_reviews_article_idx` ON `product_reviews` (`article_id`);--> statement-breakpoint
CREATE TABLE `shipping_addresses` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`name` text NOT NULL,
	`surname` text NOT NULL,
	`address` text NOT NULL,
	`street_number` text NOT NULL,
	`city` text NOT NULL,
	`postal_code` text NOT NULL,
	`province_id` integer NOT NULL,
	`country_iso` text NOT NULL,
	`phone` text NOT NULL,
	`is_default` integer DEFAULT false NOT NULL,
	`validated` integer DEFAULT false NOT NULL,
	`optional_information` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `shipping_addresses_user_idx` ON `shipping_addresses` (`user_id`,`id`);--> statement-breakpoint
CREATE TABLE `two_factor_challenges` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`code_hash` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `two_factor_challenges_user_idx` ON `two_factor_challenges` (`user_id`);--> statement-breakpoint
CREATE TABLE `user_purchases` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`article_id` integer NOT NULL,
	`order_number` text NOT NULL,
	`purchased_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `user_purchases_user_idx` ON `user_purchases` (`user_id`,`purchased_at`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`hash_id` text NOT NULL,
	`email` text NOT NULL,
	`email_verified_at` integer,
	`password_hash` text NOT NULL,
	`nick` text,
	`nick_key` text,
	`birthday` text,
	`channel` text NOT NULL,
	`language` text NOT NULL,
	`roles` text DEFAULT '["customer"]' NOT NULL,
	`is_b2b` integer DEFAULT false NOT NULL,
	`is_premium` integer DEFAULT false NOT NULL,
	`has_special_rates` integer DEFAULT false NOT NULL,
	`two_factor_enabled` integer DEFAULT false NOT NULL,
	`auth_epoch` integer DEFAULT 0 NOT NULL,
	`cart_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`first_purchase_at` integer,
	`last_purchase_at` integer,
	`total_purchases` integer DEFAULT 0 NOT NULL,
	`total_spent_cents` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_hash_id_unique` ON `users` (`hash_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_nick_key_unique` ON `users` (`nick_key`);