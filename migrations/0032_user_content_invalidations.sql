CREATE TABLE `user_content_invalidations` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`article_ids` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `user_content_invalidations_created_idx` ON `user_content_invalidations` (`created_at`);--> statement-breakpoint
-- What the product page shows of reviews and questions (their counts, scores, the latest and most helpful few with their authors' nicks) changes only through these tables: each change names its article, whoever makes it.
CREATE TRIGGER `product_reviews_invalidate_insert` AFTER INSERT ON `product_reviews` BEGIN INSERT INTO `user_content_invalidations` (`article_ids`, `created_at`) VALUES (json_array(NEW.`article_id`), CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)); END;--> statement-breakpoint
CREATE TRIGGER `product_reviews_invalidate_update` AFTER UPDATE ON `product_reviews` BEGIN INSERT INTO `user_content_invalidations` (`article_ids`, `created_at`) VALUES (CASE WHEN OLD.`article_id` = NEW.`article_id` THEN json_array(NEW.`article_id`) ELSE json_array(OLD.`article_id`, NEW.`article_id`) END, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)); END;--> statement-breakpoint
CREATE TRIGGER `product_reviews_invalidate_delete` AFTER DELETE ON `product_reviews` BEGIN INSERT INTO `user_content_invalidations` (`article_ids`, `created_at`) VALUES (json_array(OLD.`article_id`), CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)); END;--> statement-breakpoint
CREATE TRIGGER `questions_invalidate_insert` AFTER INSERT ON `questions` BEGIN INSERT INTO `user_content_invalidations` (`article_ids`, `created_at`) VALUES (json_array(NEW.`article_id`), CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)); END;--> statement-breakpoint
CREATE TRIGGER `questions_invalidate_update` AFTER UPDATE ON `questions` BEGIN INSERT INTO `user_content_invalidations` (`article_ids`, `created_at`) VALUES (CASE WHEN OLD.`article_id` = NEW.`article_id` THEN json_array(NEW.`article_id`) ELSE json_array(OLD.`article_id`, NEW.`article_id`) END, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)); END;--> statement-breakpoint
CREATE TRIGGER `questions_invalidate_delete` AFTER DELETE ON `questions` BEGIN INSERT INTO `user_content_invalidations` (`article_ids`, `created_at`) VALUES (json_array(OLD.`article_id`), CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)); END;--> statement-breakpoint
-- A renamed or deleted account changes the nick its reviews show under.
CREATE TRIGGER `users_invalidate_nick` AFTER UPDATE OF `nick` ON `users` WHEN OLD.`nick` IS NOT NEW.`nick` BEGIN INSERT INTO `user_content_invalidations` (`article_ids`, `created_at`) SELECT json_group_array(DISTINCT `article_id`), CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) FROM `product_reviews` WHERE `user_id` = NEW.`id` HAVING count(*) > 0; END;--> statement-breakpoint
CREATE TRIGGER `users_invalidate_delete` AFTER DELETE ON `users` BEGIN INSERT INTO `user_content_invalidations` (`article_ids`, `created_at`) SELECT json_group_array(DISTINCT `article_id`), CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) FROM `product_reviews` WHERE `user_id` = OLD.`id` HAVING count(*) > 0; END;
