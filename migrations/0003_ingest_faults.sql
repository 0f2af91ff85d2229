CREATE TABLE `ingest_failures` (
	`provider` text NOT NULL,
	`scope` text NOT NULL,
	`entry` text NOT NULL,
	`kind` text NOT NULL,
	`reason` text NOT NULL,
	`attempts` integer DEFAULT 1 NOT NULL,
	`run_id` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`provider`, `scope`, `entry`)
);
--> statement-breakpoint
ALTER TABLE `ingest_runs` ADD `retries` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `ingest_runs` ADD `failures` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `ingest_runs` ADD `failure_kinds` text DEFAULT '{}' NOT NULL;