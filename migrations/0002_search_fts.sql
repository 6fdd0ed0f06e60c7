-- Full-text search of the catalogue (derived; filled by worker/db/refresh.ts).
-- article_search: one row per article, rowid = article id, the name in each language as its own
-- column. A word every language shares (brand, series, specs) then costs one doclist entry per
-- article rather than six, the rowid joins straight onto listings, and the fts5vocab table below
-- gives each language's vocabulary with document counts. Searches filter on their language's
-- name column plus brand and reference: {name_es_ES brand reference} : (...).
CREATE VIRTUAL TABLE `article_search` USING fts5(
	`name_es_ES`, `name_en_EN`, `name_fr_FR`, `name_pt_PT`, `name_it_IT`, `name_de_DE`, `brand`, `reference`,
	tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
);
--> statement-breakpoint
CREATE VIRTUAL TABLE `article_search_vocab` USING fts5vocab(`article_search`, 'col');
--> statement-breakpoint
-- Category and brand names for the suggestions box (brands have lang '*').
CREATE VIRTUAL TABLE `entity_search` USING fts5(
	`name`, `lang` UNINDEXED, `kind` UNINDEXED, `entity_id` UNINDEXED, `slug` UNINDEXED,
	tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
);
