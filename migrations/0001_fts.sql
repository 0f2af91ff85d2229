-- Full-text index over the catalog. Contentless: the text is derived from each
-- record by the application (src/catalog/fts-fields.ts). Japanese text is indexed as
-- overlapping bigrams, Latin text folded to lower case without accents. The
-- `tags` column holds one hashed token per exact filter value (an actress, a maker,
-- the provider, ...), so filters are posting lists rather than millions of rows.
CREATE VIRTUAL TABLE `movies_fts` USING fts5(
	code, title, people, org, cat, comment, tags,
	content='', contentless_delete=1,
	tokenize='unicode61 remove_diacritics 2'
);
--> statement-breakpoint
-- Relevance weights: code > titles > people > maker/label/series > categories > comments; tags do not rank.
INSERT INTO `movies_fts`(`movies_fts`, `rank`) VALUES ('rank', 'bm25(10.0, 5.0, 4.0, 2.0, 1.0, 0.5, 0.0)');
--> statement-breakpoint
-- The writer (src/catalog/movies-write.ts) inserts and replaces index rows itself, with
-- the text it derives from the record in hand (faster than a trigger calling back into
-- the application); these triggers keep the index in step with every deletion.
CREATE TRIGGER `movie_docs_fts_delete` AFTER DELETE ON `movie_docs` BEGIN
	DELETE FROM `movies_fts` WHERE rowid = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER `movies_delete_doc` AFTER DELETE ON `movies` BEGIN
	DELETE FROM `movie_docs` WHERE id = old.id;
END;
