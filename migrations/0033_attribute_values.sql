-- Attribute facets counted from the listing rows (worker/db/listing-sql.ts): every attribute
-- (name, value) pair under a small id, and on each listing row its article's ids as a JSON array,
-- also carried by the category and brand indexes. Derived like the rest of `listings`
-- (worker/db/refresh.ts); filled here for a catalogue that is already loaded.
CREATE TABLE `attribute_values` (
	`id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`value` text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `attribute_values_name_value_idx` ON `attribute_values` (`name`,`value`);--> statement-breakpoint
INSERT INTO `attribute_values` (`id`, `name`, `value`)
SELECT row_number() OVER (ORDER BY `name`, `value`), `name`, `value` FROM (SELECT DISTINCT `name`, `value` FROM `article_attributes`);--> statement-breakpoint
DROP INDEX `listings_category_idx`;--> statement-breakpoint
DROP INDEX `listings_brand_idx`;--> statement-breakpoint
ALTER TABLE `listings` ADD `attribute_value_ids` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
UPDATE `listings` SET `attribute_value_ids` = (
  SELECT json_group_array(`id`) FROM (
    SELECT v.`id` FROM `article_attributes` a JOIN `attribute_values` v ON v.`name` = a.`name` AND v.`value` = a.`value`
    WHERE a.`article_id` = `listings`.`article_id` ORDER BY v.`id`));--> statement-breakpoint
CREATE INDEX `listings_category_idx` ON `listings` (`channel`,`category_id`,`brand_id`,`price`,`seller_kinds`,`availability_code`,`rating_average`,`condition`,`combo`,`created_at`,`relevance`,`attribute_value_ids`);--> statement-breakpoint
CREATE INDEX `listings_brand_idx` ON `listings` (`channel`,`brand_id`,`category_id`,`price`,`seller_kinds`,`availability_code`,`rating_average`,`condition`,`combo`,`created_at`,`relevance`,`attribute_value_ids`);
