CREATE TABLE `basket_articles` (
	`basket_id` integer NOT NULL,
	`article_id` integer NOT NULL,
	`offer_id` integer,
	`price` integer NOT NULL,
	`units` integer NOT NULL,
	`added_at` integer NOT NULL,
	PRIMARY KEY(`basket_id`, `article_id`)
);
--> statement-breakpoint
CREATE INDEX `basket_articles_article_idx` ON `basket_articles` (`article_id`);--> statement-breakpoint
CREATE TABLE `baskets` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`public_id` text NOT NULL,
	`user_id` integer NOT NULL,
	`name` text NOT NULL,
	`type` text NOT NULL,
	`visibility` text NOT NULL,
	`is_default` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `baskets_public_id_unique` ON `baskets` (`public_id`);--> statement-breakpoint
CREATE INDEX `baskets_user_idx` ON `baskets` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `digital_articles` (
	`article_id` integer PRIMARY KEY NOT NULL,
	`platform` text NOT NULL,
	`guide_url` text,
	`release_at` integer
);
--> statement-breakpoint
CREATE TABLE `digital_codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`article_id` integer NOT NULL,
	`code` text NOT NULL,
	`status` text DEFAULT 'FREE' NOT NULL,
	`user_id` integer,
	`order_number` text,
	`order_line_id` integer,
	`assigned_at` integer,
	`revealed_at` integer,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `digital_codes_code_idx` ON `digital_codes` (`article_id`,`code`);--> statement-breakpoint
CREATE INDEX `digital_codes_free_idx` ON `digital_codes` (`article_id`,`status`);--> statement-breakpoint
CREATE INDEX `digital_codes_user_idx` ON `digital_codes` (`user_id`,`assigned_at`);--> statement-breakpoint
CREATE INDEX `digital_codes_line_idx` ON `digital_codes` (`order_line_id`);--> statement-breakpoint
CREATE TABLE `inbox_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`ref` text NOT NULL,
	`params` text NOT NULL,
	`created_at` integer NOT NULL,
	`read_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `inbox_messages_ref_idx` ON `inbox_messages` (`user_id`,`kind`,`ref`);--> statement-breakpoint
CREATE INDEX `inbox_messages_user_idx` ON `inbox_messages` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `insurance_policies` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`insurance_id` integer NOT NULL,
	`article_id` integer NOT NULL,
	`article_order_number` text NOT NULL,
	`order_number` text NOT NULL,
	`order_line_id` integer NOT NULL,
	`price` integer NOT NULL,
	`state` text NOT NULL,
	`starts_at` integer NOT NULL,
	`ends_at` integer NOT NULL,
	`renews_policy_id` integer,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `insurance_policies_line_idx` ON `insurance_policies` (`order_line_id`);--> statement-breakpoint
CREATE INDEX `insurance_policies_user_idx` ON `insurance_policies` (`user_id`,`ends_at`);--> statement-breakpoint
CREATE TABLE `promotion_campaign_texts` (
	`campaign_id` integer PRIMARY KEY NOT NULL,
	`texts` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `saved_configurations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`public_id` text NOT NULL,
	`user_id` integer NOT NULL,
	`name` text NOT NULL,
	`components` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `saved_configurations_public_id_unique` ON `saved_configurations` (`public_id`);--> statement-breakpoint
CREATE INDEX `saved_configurations_user_idx` ON `saved_configurations` (`user_id`,`updated_at`);--> statement-breakpoint
CREATE TABLE `subscription_payments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`subscription_id` integer NOT NULL,
	`period` integer NOT NULL,
	`attempt` integer NOT NULL,
	`idempotency_key` text NOT NULL,
	`amount` integer NOT NULL,
	`state` text NOT NULL,
	`psp_reference` text,
	`refusal_reason` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `subscription_payments_idempotency_key_unique` ON `subscription_payments` (`idempotency_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `subscription_payments_attempt_idx` ON `subscription_payments` (`subscription_id`,`period`,`attempt`);--> statement-breakpoint
CREATE TABLE `subscription_plans` (
	`article_id` integer PRIMARY KEY NOT NULL,
	`period_months` integer NOT NULL,
	`periods` integer
);
--> statement-breakpoint
CREATE TABLE `subscriptions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`article_id` integer NOT NULL,
	`order_number` text NOT NULL,
	`order_line_id` integer NOT NULL,
	`channel` text NOT NULL,
	`language` text NOT NULL,
	`state` text NOT NULL,
	`price` integer NOT NULL,
	`period_months` integer NOT NULL,
	`periods` integer,
	`payment_token` text,
	`card_brand` text,
	`card_last_four` text,
	`card_holder_name` text,
	`start_at` integer,
	`current_period_end` integer,
	`end_at` integer,
	`canceled_at` integer,
	`renewals` integer DEFAULT 0 NOT NULL,
	`last_renewal_at` integer,
	`version` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `subscriptions_line_idx` ON `subscriptions` (`order_line_id`);--> statement-breakpoint
CREATE INDEX `subscriptions_user_idx` ON `subscriptions` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `subscriptions_due_idx` ON `subscriptions` (`state`,`current_period_end`);--> statement-breakpoint
CREATE TABLE `tax_certificates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`billing_address_id` integer NOT NULL,
	`nif` text NOT NULL,
	`file_key` text NOT NULL,
	`file_name` text NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`state` text NOT NULL,
	`rejection_reason` text,
	`uploaded_at` integer NOT NULL,
	`validated_at` integer,
	`rejected_at` integer,
	`revoked_at` integer
);
--> statement-breakpoint
CREATE INDEX `tax_certificates_user_idx` ON `tax_certificates` (`user_id`,`uploaded_at`);--> statement-breakpoint
CREATE TABLE `user_coupons` (
	`user_id` integer NOT NULL,
	`code` text NOT NULL,
	`source` text NOT NULL,
	`added_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `code`)
);
--> statement-breakpoint
ALTER TABLE `gift_cards` ADD `order_number` text;--> statement-breakpoint
ALTER TABLE `gift_cards` ADD `order_line_id` integer;--> statement-breakpoint
ALTER TABLE `gift_cards` ADD `unit_index` integer;--> statement-breakpoint
ALTER TABLE `gift_cards` ADD `buyer_user_id` integer;--> statement-breakpoint
ALTER TABLE `gift_cards` ADD `recipient_name` text;--> statement-breakpoint
ALTER TABLE `gift_cards` ADD `recipient_email` text;--> statement-breakpoint
ALTER TABLE `gift_cards` ADD `message` text;--> statement-breakpoint
ALTER TABLE `gift_cards` ADD `sent_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `gift_cards_line_unit_idx` ON `gift_cards` (`order_line_id`,`unit_index`);--> statement-breakpoint
CREATE INDEX `gift_cards_buyer_idx` ON `gift_cards` (`buyer_user_id`);--> statement-breakpoint
ALTER TABLE `order_lines` ADD `service_kind` text;--> statement-breakpoint
ALTER TABLE `order_lines` ADD `service_id` integer;--> statement-breakpoint
ALTER TABLE `order_lines` ADD `details` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `fulfilled_at` integer;--> statement-breakpoint
-- Orders paid before fulfilment existed had nothing of it to deliver.
UPDATE `orders` SET `fulfilled_at` = `paid_at` WHERE `paid_at` IS NOT NULL;
