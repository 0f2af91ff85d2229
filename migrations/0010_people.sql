CREATE TABLE `people` (
	`id` integer PRIMARY KEY NOT NULL,
	`dmm_id` text,
	`merged_into` integer,
	`picture` text,
	`picture_release` text,
	`made_by` text DEFAULT 'source' NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `people_dmm_id` ON `people` (`dmm_id`);--> statement-breakpoint
CREATE INDEX `people_merged_into` ON `people` (`merged_into`);--> statement-breakpoint
CREATE TABLE `people_pushed` (
	`server` text NOT NULL,
	`item_id` text NOT NULL,
	`person_id` integer NOT NULL,
	`image_hash` text,
	`overview_hash` text,
	`pushed_at` integer NOT NULL,
	PRIMARY KEY(`server`, `item_id`)
);
--> statement-breakpoint
CREATE TABLE `person_edits` (
	`id` integer PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`detail` text NOT NULL,
	`summary` text NOT NULL,
	`created_at` integer NOT NULL,
	`undone_at` integer
);
--> statement-breakpoint
CREATE TABLE `person_names` (
	`person_id` integer NOT NULL,
	`folded` text NOT NULL,
	`name` text NOT NULL,
	`script` text NOT NULL,
	`kind` text NOT NULL,
	`source` text NOT NULL,
	`first_release` text,
	`last_release` text,
	`seen_at` integer NOT NULL,
	PRIMARY KEY(`person_id`, `folded`, `source`)
);
--> statement-breakpoint
CREATE INDEX `person_names_folded` ON `person_names` (`folded`);--> statement-breakpoint
CREATE TABLE `person_splits` (
	`person_id` integer NOT NULL,
	`folded` text NOT NULL,
	`to_person_id` integer NOT NULL,
	`edit_id` integer NOT NULL,
	PRIMARY KEY(`person_id`, `folded`)
);
--> statement-breakpoint
CREATE TABLE `person_titles` (
	`movie_id` integer NOT NULL,
	`position` integer NOT NULL,
	`person_id` integer NOT NULL,
	PRIMARY KEY(`movie_id`, `position`)
);
--> statement-breakpoint
CREATE INDEX `person_titles_person` ON `person_titles` (`person_id`,`movie_id`);--> statement-breakpoint
ALTER TABLE `movie_docs` ADD `credits` text;--> statement-breakpoint
-- A title removed takes its credits with it (the people stay: their names and other titles).
CREATE TRIGGER `movies_delete_credits` AFTER DELETE ON `movies` BEGIN
	DELETE FROM `person_titles` WHERE movie_id = old.id;
END;
--> statement-breakpoint
-- The titles stored before people were kept are read into people once, on the next open.
INSERT INTO `meta` (`key`, `value`) VALUES ('people_rebuild', '1') ON CONFLICT(`key`) DO UPDATE SET `value` = '1';
