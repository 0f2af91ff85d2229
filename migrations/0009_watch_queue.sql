CREATE TABLE `watch_jobs` (
	`id` integer PRIMARY KEY NOT NULL,
	`path` text NOT NULL,
	`inbox` text NOT NULL,
	`state` text NOT NULL,
	`size` integer NOT NULL,
	`mtime_ms` real NOT NULL,
	`code` text,
	`title` text,
	`placed_at` text,
	`reason` text,
	`run_id` integer,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_try_at` integer,
	`owner` text,
	`first_seen_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`reported_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `watch_jobs_path` ON `watch_jobs` (`path`);--> statement-breakpoint
CREATE INDEX `watch_jobs_state` ON `watch_jobs` (`state`);--> statement-breakpoint
CREATE TABLE `watch_outbox` (
	`id` integer PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`target` text NOT NULL,
	`payload` text NOT NULL,
	`state` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_try_at` integer NOT NULL,
	`last_error` text,
	`created_at` integer NOT NULL,
	`sent_at` integer
);
--> statement-breakpoint
CREATE INDEX `watch_outbox_due` ON `watch_outbox` (`state`,`next_try_at`);--> statement-breakpoint
CREATE INDEX `organize_steps_from` ON `organize_steps` (`from_path`);