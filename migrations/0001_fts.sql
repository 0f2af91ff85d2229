-- Full-text index over the catalog. Contentless (the text is derived from
-- movies.doc and movies.alt_names by the application function catalog_fts(),
-- registered on every connection by openDatabase): Japanese text is indexed as
-- overlapping bigrams, Latin text folded to lower case without accents.
CREATE VIRTUAL TABLE `movies_fts` USING fts5(
	code, title, people, org, cat, comment,
	content='', contentless_delete=1,
	tokenize='unicode61 remove_diacritics 2'
);
--> statement-breakpoint
-- Relevance weights: code > titles > people > maker/label/series > categories > comments.
INSERT INTO `movies_fts`(`movies_fts`, `rank`) VALUES ('rank', 'bm25(10.0, 5.0, 4.0, 2.0, 1.0, 0.5)');
--> statement-breakpoint
CREATE TRIGGER `movies_fts_insert` AFTER INSERT ON `movies` BEGIN
	INSERT INTO `movies_fts`(rowid, code, title, people, org, cat, comment) VALUES (
		new.id,
		catalog_fts(new.doc, new.alt_names, 0), catalog_fts(new.doc, new.alt_names, 1),
		catalog_fts(new.doc, new.alt_names, 2), catalog_fts(new.doc, new.alt_names, 3),
		catalog_fts(new.doc, new.alt_names, 4), catalog_fts(new.doc, new.alt_names, 5)
	);
END;
--> statement-breakpoint
CREATE TRIGGER `movies_fts_delete` AFTER DELETE ON `movies` BEGIN
	DELETE FROM `movies_fts` WHERE rowid = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER `movies_fts_update` AFTER UPDATE OF doc, alt_names ON `movies` BEGIN
	DELETE FROM `movies_fts` WHERE rowid = old.id;
	INSERT INTO `movies_fts`(rowid, code, title, people, org, cat, comment) VALUES (
		new.id,
		catalog_fts(new.doc, new.alt_names, 0), catalog_fts(new.doc, new.alt_names, 1),
		catalog_fts(new.doc, new.alt_names, 2), catalog_fts(new.doc, new.alt_names, 3),
		catalog_fts(new.doc, new.alt_names, 4), catalog_fts(new.doc, new.alt_names, 5)
	);
END;
--> statement-breakpoint
-- Exact, case-insensitive name filters (actress:, maker:, genre:, ...): one row per
-- (kind, folded name, movie), English and Japanese names alike.
CREATE TABLE `movie_names` (
	`kind` text NOT NULL,
	`name` text NOT NULL,
	`movie_id` integer NOT NULL,
	PRIMARY KEY (`kind`, `name`, `movie_id`)
) WITHOUT ROWID;
