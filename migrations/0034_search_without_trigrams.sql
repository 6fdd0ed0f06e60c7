-- Typo corrections are worked out in memory from search_vocabulary (worker/db/search.ts
-- `Vocabulary`), before the search goes to D1: the trigram look-up table is no longer read.
DROP TABLE `search_trigrams`;
