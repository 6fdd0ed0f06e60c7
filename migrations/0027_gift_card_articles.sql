CREATE TABLE `gift_card_articles` (
	`article_id` integer PRIMARY KEY NOT NULL,
	`amount` integer NOT NULL
);
