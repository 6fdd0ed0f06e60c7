-- Facet counts of broad searches (derived; filled by worker/db/search-facets.ts). The tables are
-- read by their primary key only, so they keep no rowid (half the size: search_facets holds
-- 1.85 million rows at 100,000 articles).
CREATE TABLE `search_facets` (
	`channel` text NOT NULL,
	`lang` text NOT NULL,
	`key` text NOT NULL,
	`facet` text NOT NULL,
	`value` text NOT NULL,
	`count` integer NOT NULL,
	PRIMARY KEY(`channel`, `lang`, `key`, `facet`, `value`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `search_keys` (
	`channel` text NOT NULL,
	`lang` text NOT NULL,
	`key` text NOT NULL,
	PRIMARY KEY(`channel`, `lang`, `key`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `search_probe_listings` (
	`channel` text NOT NULL,
	`article_id` integer NOT NULL,
	`brand_id` integer NOT NULL,
	`price` integer,
	`combo` integer NOT NULL,
	PRIMARY KEY(`channel`, `article_id`)
) WITHOUT ROWID;
--> statement-breakpoint
-- search_probe: the names, brand and reference of the few articles a catalogue update changes,
-- copied from article_search for the length of the update, so that the broad searches each of
-- them matches are found with the very MATCH expressions of the listing, on a tiny index.
-- Empty between updates; article_search's tokenizer.
CREATE VIRTUAL TABLE `search_probe` USING fts5(
	`name_es_ES`, `name_en_EN`, `name_fr_FR`, `name_pt_PT`, `name_it_IT`, `name_de_DE`, `brand`, `reference`,
	tokenize = 'unicode61 remove_diacritics 2'
);
