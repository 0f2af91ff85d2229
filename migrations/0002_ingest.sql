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
CREATE TABLE `provider_state` (
	`provider` text PRIMARY KEY NOT NULL,
	`cursor` text,
	`scope` text,
	`updated_at` integer NOT NULL,
	`last_success_at` integer,
	`failure_count` integer DEFAULT 0 NOT NULL,
	`last_error` text
);
