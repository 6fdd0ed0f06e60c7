ALTER TABLE `refunds` ADD `card_amount` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `refunds` ADD `gift_card_amount` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `refunds` ADD `balance_amount` integer DEFAULT 0 NOT NULL;