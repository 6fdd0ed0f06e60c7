CREATE TABLE `answer_votes` (
	`answer_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`answer_id`, `user_id`)
);
--> statement-breakpoint
CREATE TABLE `answers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`question_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`author_kind` text NOT NULL,
	`is_owner` integer DEFAULT false NOT NULL,
	`source` text DEFAULT 'thread' NOT NULL,
	`body` text NOT NULL,
	`language` text NOT NULL,
	`state` text NOT NULL,
	`moderation_note` text DEFAULT '[]' NOT NULL,
	`vote_count` integer DEFAULT 0 NOT NULL,
	`report_count` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`published_at` integer
);
--> statement-breakpoint
CREATE INDEX `answers_question_idx` ON `answers` (`question_id`,`state`,`created_at`);--> statement-breakpoint
CREATE INDEX `answers_state_idx` ON `answers` (`state`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `answers_user_question_idx` ON `answers` (`user_id`,`question_id`);--> statement-breakpoint
CREATE TABLE `campaign_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`campaign` text NOT NULL,
	`channel` text NOT NULL,
	`user_id` integer NOT NULL,
	`review_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	`won_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `campaign_entries_review_idx` ON `campaign_entries` (`campaign`,`review_id`);--> statement-breakpoint
CREATE INDEX `campaign_entries_user_idx` ON `campaign_entries` (`user_id`,`campaign`);--> statement-breakpoint
CREATE TABLE `game_skips` (
	`user_id` integer NOT NULL,
	`question_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `question_id`)
);
--> statement-breakpoint
CREATE TABLE `questions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`article_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`body` text NOT NULL,
	`language` text NOT NULL,
	`channel` text NOT NULL,
	`state` text NOT NULL,
	`moderation_note` text DEFAULT '[]' NOT NULL,
	`best_answer_id` integer,
	`answer_count` integer DEFAULT 0 NOT NULL,
	`report_count` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`published_at` integer
);
--> statement-breakpoint
CREATE INDEX `questions_article_idx` ON `questions` (`article_id`,`state`,`created_at`);--> statement-breakpoint
CREATE INDEX `questions_state_idx` ON `questions` (`state`,`created_at`);--> statement-breakpoint
CREATE INDEX `questions_user_idx` ON `questions` (`user_id`);--> statement-breakpoint
CREATE TABLE `review_votes` (
	`review_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`helpful` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`review_id`, `user_id`)
);
--> statement-breakpoint
CREATE TABLE `ugc_media` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`content_type` text NOT NULL,
	`bytes` integer NOT NULL,
	`width` integer,
	`height` integer,
	`r2_key` text NOT NULL,
	`attached_kind` text,
	`attached_id` integer,
	`state` text NOT NULL,
	`moderation_note` text DEFAULT '[]' NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `ugc_media_attached_idx` ON `ugc_media` (`attached_kind`,`attached_id`);--> statement-breakpoint
CREATE INDEX `ugc_media_user_idx` ON `ugc_media` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `ugc_media_state_idx` ON `ugc_media` (`state`,`created_at`);--> statement-breakpoint
CREATE TABLE `ugc_reports` (
	`kind` text NOT NULL,
	`target_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`reason` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`kind`, `target_id`, `user_id`)
);
--> statement-breakpoint
CREATE TABLE `user_points` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`reason` text NOT NULL,
	`ref_id` text NOT NULL,
	`points` integer NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_points_ref_idx` ON `user_points` (`reason`,`ref_id`);--> statement-breakpoint
CREATE INDEX `user_points_created_idx` ON `user_points` (`created_at`,`user_id`);--> statement-breakpoint
CREATE INDEX `user_points_user_idx` ON `user_points` (`user_id`);--> statement-breakpoint
DROP INDEX `product_reviews_article_idx`;--> statement-breakpoint
ALTER TABLE `product_reviews` ADD `title` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `product_reviews` ADD `body` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `product_reviews` ADD `language` text DEFAULT 'es_ES' NOT NULL;--> statement-breakpoint
ALTER TABLE `product_reviews` ADD `channel` text DEFAULT 'ES' NOT NULL;--> statement-breakpoint
ALTER TABLE `product_reviews` ADD `state` text DEFAULT 'OK' NOT NULL;--> statement-breakpoint
ALTER TABLE `product_reviews` ADD `moderation_note` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `product_reviews` ADD `verified_order` text;--> statement-breakpoint
ALTER TABLE `product_reviews` ADD `helpful_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `product_reviews` ADD `unhelpful_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `product_reviews` ADD `report_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `product_reviews` ADD `updated_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `product_reviews` ADD `published_at` integer;--> statement-breakpoint
CREATE INDEX `product_reviews_state_idx` ON `product_reviews` (`state`,`created_at`);--> statement-breakpoint
CREATE INDEX `product_reviews_article_idx` ON `product_reviews` (`article_id`,`state`,`created_at`);