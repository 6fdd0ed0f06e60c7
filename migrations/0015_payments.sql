CREATE TABLE `payment_events` (
	`psp_reference` text NOT NULL,
	`event_code` text NOT NULL,
	`original_reference` text DEFAULT '' NOT NULL,
	`payment_psp_reference` text NOT NULL,
	`merchant_reference` text NOT NULL,
	`success` integer NOT NULL,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`raw` text NOT NULL,
	`received_at` integer NOT NULL,
	`applied` integer DEFAULT false NOT NULL,
	PRIMARY KEY(`psp_reference`, `event_code`, `original_reference`)
);
--> statement-breakpoint
CREATE INDEX `payment_events_payment_idx` ON `payment_events` (`payment_psp_reference`,`applied`);--> statement-breakpoint
CREATE TABLE `payments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`reference` text NOT NULL,
	`attempt` integer NOT NULL,
	`idempotency_key` text NOT NULL,
	`provider` text NOT NULL,
	`psp_reference` text,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`method` text NOT NULL,
	`state` text NOT NULL,
	`refunded_amount` integer DEFAULT 0 NOT NULL,
	`refusal_reason` text,
	`version` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payments_idempotency_idx` ON `payments` (`idempotency_key`);--> statement-breakpoint
CREATE UNIQUE INDEX `payments_psp_idx` ON `payments` (`psp_reference`);--> statement-breakpoint
CREATE UNIQUE INDEX `payments_reference_attempt_idx` ON `payments` (`reference`,`attempt`);