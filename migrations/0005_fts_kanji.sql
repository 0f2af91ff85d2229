-- The index text changed (src/catalog/search/fts-text.ts): each kanji of a text is
-- also indexed alone, so a one-kanji search reads one posting list instead of merging
-- every bigram that starts with it. The old rows lack those terms: the index is
-- emptied and the application refills it from movie_docs when it next opens the
-- catalog (the `fts_rebuild` meta row says so), as after 0002.
INSERT INTO `movies_fts`(`movies_fts`) VALUES ('delete-all');
--> statement-breakpoint
INSERT OR REPLACE INTO `meta` (`key`, `value`) SELECT 'fts_rebuild', '1' WHERE EXISTS (SELECT 1 FROM `movies`);
