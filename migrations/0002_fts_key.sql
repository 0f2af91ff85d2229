DROP INDEX `movies_updated`;
--> statement-breakpoint
DROP INDEX `movies_rating`;
--> statement-breakpoint
DROP INDEX `movies_popularity`;
--> statement-breakpoint
ALTER TABLE `movies` ADD `fts_key` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- The FTS index is keyed by release order from here on (src/catalog/fts-key.ts):
-- rowid = days(release_date) * 2^32 + id. Contentless FTS5 rows cannot be rekeyed in
-- place, so the index is recreated empty and the application refills it from
-- movie_docs when it next opens the catalog (the `fts_rebuild` meta row says so).
UPDATE `movies` SET `fts_key` = min(1048575, max(0, CAST(julianday(`release_date`) - 2415020.5 AS INTEGER))) * 4294967296 + `id`;
--> statement-breakpoint
-- The sorts other than release hold fts_key too (src/catalog/schema.ts).
CREATE INDEX `movies_updated` ON `movies` (`updated_at`,`id`,`fts_key`);
--> statement-breakpoint
CREATE INDEX `movies_rating` ON `movies` (`rating_avg`,`rating_count`,`id`,`fts_key`);
--> statement-breakpoint
CREATE INDEX `movies_popularity` ON `movies` (`popularity`,`id`,`fts_key`);
--> statement-breakpoint
DROP TRIGGER IF EXISTS `movie_docs_fts_delete`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `movies_delete_doc`;
--> statement-breakpoint
DROP TABLE `movies_fts`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `movies_fts` USING fts5(
	code, title, people, org, cat, comment, tags,
	content='', contentless_delete=1,
	tokenize='unicode61 remove_diacritics 2'
);
--> statement-breakpoint
INSERT INTO `movies_fts`(`movies_fts`, `rank`) VALUES ('rank', 'bm25(10.0, 5.0, 4.0, 2.0, 1.0, 0.5, 0.0)');
--> statement-breakpoint
-- A deleted title leaves the index and its document with it.
CREATE TRIGGER `movies_delete_index` AFTER DELETE ON `movies` BEGIN
	DELETE FROM `movies_fts` WHERE rowid = old.fts_key;
	DELETE FROM `movie_docs` WHERE id = old.id;
END;
--> statement-breakpoint
INSERT INTO `meta` (`key`, `value`) SELECT 'fts_rebuild', '1' WHERE EXISTS (SELECT 1 FROM `movies`);
