CREATE TABLE `blocked_postal_codes` (
	`country_iso` text NOT NULL,
	`postal_code` text NOT NULL,
	`reason` text NOT NULL,
	PRIMARY KEY(`country_iso`, `postal_code`)
);
