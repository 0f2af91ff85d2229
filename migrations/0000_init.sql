CREATE TABLE `api_keys` (
	`id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`key_hash` text NOT NULL,
	`key_prefix` text NOT NULL,
	`rate_per_minute` integer NOT NULL,
	`created_at` integer NOT NULL,
	`last_used_at` integer,
	`revoked_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `api_keys_key_hash_unique` ON `api_keys` (`key_hash`);--> statement-breakpoint
CREATE TABLE `ingest_lock` (
	`name` text PRIMARY KEY NOT NULL,
	`owner` text NOT NULL,
	`pid` integer NOT NULL,
	`host` text NOT NULL,
	`acquired_at` integer NOT NULL,
	`heartbeat_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `ingest_runs` (
	`id` integer PRIMARY KEY NOT NULL,
	`provider` text NOT NULL,
	`trigger` text NOT NULL,
	`status` text NOT NULL,
	`started_at` integer NOT NULL,
	`finished_at` integer,
	`heartbeat_at` integer NOT NULL,
	`pages` integer DEFAULT 0 NOT NULL,
	`added` integer DEFAULT 0 NOT NULL,
	`updated` integer DEFAULT 0 NOT NULL,
	`skipped` integer DEFAULT 0 NOT NULL,
	`errors` integer DEFAULT 0 NOT NULL,
	`requests` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`owner` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `ingest_runs_provider_started` ON `ingest_runs` (`provider`,`started_at`);--> statement-breakpoint
CREATE TABLE `meta` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `movie_docs` (
	`id` integer PRIMARY KEY NOT NULL,
	`page_url` text NOT NULL,
	`doc` text NOT NULL,
	`alt_names` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `movies` (
	`id` integer PRIMARY KEY NOT NULL,
	`provider` text NOT NULL,
	`content_id` text NOT NULL,
	`dvd_id` text NOT NULL,
	`service_code` text NOT NULL,
	`site` text NOT NULL,
	`release_date` text NOT NULL,
	`runtime_mins` integer NOT NULL,
	`censored` integer NOT NULL,
	`rating_avg` real,
	`rating_count` integer,
	`popularity` integer,
	`hash` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `movies_provider_content_id` ON `movies` (`provider`,`content_id`);--> statement-breakpoint
CREATE INDEX `movies_dvd_id` ON `movies` (`dvd_id`);--> statement-breakpoint
CREATE INDEX `movies_release` ON `movies` (`release_date`,`id`);--> statement-breakpoint
CREATE INDEX `movies_updated` ON `movies` (`updated_at`,`id`);--> statement-breakpoint
CREATE INDEX `movies_rating` ON `movies` (`rating_avg`,`rating_count`,`id`);--> statement-breakpoint
CREATE INDEX `movies_popularity` ON `movies` (`popularity`,`id`);--> statement-breakpoint
CREATE TABLE `provider_state` (
	`provider` text PRIMARY KEY NOT NULL,
	`cursor` text,
	`scope` text,
	`updated_at` integer NOT NULL,
	`last_success_at` integer,
	`failure_count` integer DEFAULT 0 NOT NULL,
	`last_error` text
);
