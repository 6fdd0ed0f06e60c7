-- How many articles each broad search key matches (worker/db/search-facets.ts): a search of
-- several words that matches as many articles as one of its words' keys matches the same
-- articles, and reads that key's precomputed counts. Left empty here: counting every key's
-- matches is the full refresh's work, and until it runs such searches count live, as before.
ALTER TABLE `search_keys` ADD `matches` integer;
