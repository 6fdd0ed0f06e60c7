ALTER TABLE `orders` ADD `solidary_amount` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Orders placed before: the donation was an order line of "article 0"; it becomes the order's amount.
UPDATE `orders` SET `solidary_amount` = (SELECT coalesce(sum(`total_price`), 0) FROM `order_lines` l WHERE l.`order_number` = `orders`.`order_number` AND l.`article_id` = 0), `articles_subtotal` = `articles_subtotal` - (SELECT coalesce(sum(`total_price`), 0) FROM `order_lines` l WHERE l.`order_number` = `orders`.`order_number` AND l.`article_id` = 0) WHERE `order_number` IN (SELECT `order_number` FROM `order_lines` WHERE `article_id` = 0);--> statement-breakpoint
DELETE FROM `order_lines` WHERE `article_id` = 0;--> statement-breakpoint
DELETE FROM `user_purchases` WHERE `article_id` = 0;
