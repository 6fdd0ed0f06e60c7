-- Stock falling or coming back with orders shows on the store as an import does
-- (worker/db/stock-codes.ts). refresh_articles: the articles whose derived rows (listings, facet
-- counts, search counts) an order's batch refreshes; filled and emptied within that batch.
CREATE TABLE `refresh_articles` (
	`article_id` integer PRIMARY KEY NOT NULL
);
--> statement-breakpoint
-- offers.sold_out_code: the code (0–3) an offer promised before its stock on hand ran out and
-- turned it to 6, temporarily out of stock; it comes back with the stock. NULL otherwise.
ALTER TABLE `offers` ADD `sold_out_code` integer;
