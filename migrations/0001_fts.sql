-- Full-text index over the catalog. Contentless: the text is derived from
-- movie_docs.doc and .alt_names by the application function catalog_fts(),
-- registered on every connection by openDatabase. Japanese text is indexed as
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
-- Writers insert the movies row first, then its movie_docs row.
CREATE TRIGGER `movie_docs_fts_insert` AFTER INSERT ON `movie_docs` BEGIN
	INSERT INTO `movies_fts`(rowid, code, title, people, org, cat, comment, tags)
	SELECT new.id,
		catalog_fts(new.doc, new.alt_names, 0), catalog_fts(new.doc, new.alt_names, 1),
		catalog_fts(new.doc, new.alt_names, 2), catalog_fts(new.doc, new.alt_names, 3),
		catalog_fts(new.doc, new.alt_names, 4), catalog_fts(new.doc, new.alt_names, 5),
		catalog_fts(new.doc, new.alt_names, 6) || ' ' || catalog_tags(m.provider, m.site, m.censored)
	FROM `movies` m WHERE m.id = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER `movie_docs_fts_update` AFTER UPDATE OF doc, alt_names ON `movie_docs` BEGIN
	DELETE FROM `movies_fts` WHERE rowid = old.id;
	INSERT INTO `movies_fts`(rowid, code, title, people, org, cat, comment, tags)
	SELECT new.id,
		catalog_fts(new.doc, new.alt_names, 0), catalog_fts(new.doc, new.alt_names, 1),
		catalog_fts(new.doc, new.alt_names, 2), catalog_fts(new.doc, new.alt_names, 3),
		catalog_fts(new.doc, new.alt_names, 4), catalog_fts(new.doc, new.alt_names, 5),
		catalog_fts(new.doc, new.alt_names, 6) || ' ' || catalog_tags(m.provider, m.site, m.censored)
	FROM `movies` m WHERE m.id = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER `movie_docs_fts_delete` AFTER DELETE ON `movie_docs` BEGIN
	DELETE FROM `movies_fts` WHERE rowid = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER `movies_delete_doc` AFTER DELETE ON `movies` BEGIN
	DELETE FROM `movie_docs` WHERE id = old.id;
END;
