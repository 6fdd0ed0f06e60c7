CREATE TABLE `after_sales_attachments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`case_id` integer NOT NULL,
	`message_id` integer NOT NULL,
	`r2_key` text NOT NULL,
	`file_name` text NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `after_sales_attachments_case_idx` ON `after_sales_attachments` (`case_id`);--> statement-breakpoint
CREATE TABLE `after_sales_cases` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`order_number` text NOT NULL,
	`order_line_id` integer NOT NULL,
	`kind` text NOT NULL,
	`state` text NOT NULL,
	`subject` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `after_sales_cases_user_idx` ON `after_sales_cases` (`user_id`,`updated_at`);--> statement-breakpoint
CREATE TABLE `after_sales_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`case_id` integer NOT NULL,
	`author` text NOT NULL,
	`author_user_id` integer NOT NULL,
	`body` text NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `after_sales_messages_case_idx` ON `after_sales_messages` (`case_id`,`at`);--> statement-breakpoint
CREATE TABLE `documents` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`channel` text NOT NULL,
	`doc_type` text NOT NULL,
	`series` text NOT NULL,
	`year` integer NOT NULL,
	`number` integer NOT NULL,
	`code` text NOT NULL,
	`order_number` text NOT NULL,
	`user_id` integer NOT NULL,
	`rectifies_id` integer,
	`refund_id` integer,
	`language` text NOT NULL,
	`currency` text DEFAULT 'EUR' NOT NULL,
	`seller` text NOT NULL,
	`buyer` text NOT NULL,
	`lines` text NOT NULL,
	`vat_breakdown` text NOT NULL,
	`taxable_total` integer NOT NULL,
	`vat_total` integer NOT NULL,
	`total` integer NOT NULL,
	`previous_hash` text DEFAULT '' NOT NULL,
	`hash` text NOT NULL,
	`atcud` text,
	`issued_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `documents_series_number_idx` ON `documents` (`channel`,`series`,`year`,`number`);--> statement-breakpoint
CREATE INDEX `documents_user_idx` ON `documents` (`user_id`,`issued_at`);--> statement-breakpoint
CREATE INDEX `documents_order_idx` ON `documents` (`order_number`);--> statement-breakpoint
CREATE TABLE `order_reassignments` (
	`key_hash` text PRIMARY KEY NOT NULL,
	`order_number` text NOT NULL,
	`from_user_id` integer NOT NULL,
	`to_email` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer
);
--> statement-breakpoint
CREATE INDEX `order_reassignments_order_idx` ON `order_reassignments` (`order_number`);--> statement-breakpoint
CREATE TABLE `refunds` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`idempotency_key` text NOT NULL,
	`order_number` text NOT NULL,
	`user_id` integer NOT NULL,
	`return_id` integer,
	`amount` integer NOT NULL,
	`method` text NOT NULL,
	`state` text NOT NULL,
	`psp_reference` text,
	`reason` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `refunds_idempotency_idx` ON `refunds` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `refunds_order_idx` ON `refunds` (`order_number`);--> statement-breakpoint
CREATE INDEX `refunds_user_idx` ON `refunds` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `return_authorizations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`token_hash` text NOT NULL,
	`document_id` integer NOT NULL,
	`article_id` integer NOT NULL,
	`qty` integer NOT NULL,
	`holder_user_id` integer NOT NULL,
	`requester_user_id` integer NOT NULL,
	`reason` text NOT NULL,
	`state` text NOT NULL,
	`return_id` integer,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `return_authorizations_token_idx` ON `return_authorizations` (`token_hash`);--> statement-breakpoint
CREATE INDEX `return_authorizations_requester_idx` ON `return_authorizations` (`requester_user_id`);--> statement-breakpoint
CREATE TABLE `return_lines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`return_id` integer NOT NULL,
	`order_line_id` integer NOT NULL,
	`article_id` integer NOT NULL,
	`qty` integer NOT NULL,
	`amount` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `return_lines_return_idx` ON `return_lines` (`return_id`);--> statement-breakpoint
CREATE INDEX `return_lines_line_idx` ON `return_lines` (`order_line_id`);--> statement-breakpoint
CREATE TABLE `returns` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`order_number` text NOT NULL,
	`state` text NOT NULL,
	`reason` text NOT NULL,
	`comment` text DEFAULT '' NOT NULL,
	`refund_method` text NOT NULL,
	`origin` text DEFAULT 'customer' NOT NULL,
	`requested_by` text,
	`seller_id` integer DEFAULT 0 NOT NULL,
	`label_code` text NOT NULL,
	`refund_amount` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `returns_user_idx` ON `returns` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `returns_order_idx` ON `returns` (`order_number`);--> statement-breakpoint
ALTER TABLE `orders` ADD `paid_at` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `tracking_number` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `front_order` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `replaces_order_number` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `gift_code` text;