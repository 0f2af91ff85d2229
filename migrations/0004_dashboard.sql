CREATE TABLE `api_key_usage` (
	`key_id` integer NOT NULL,
	`day` text NOT NULL,
	`requests` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`key_id`, `day`)
);
--> statement-breakpoint
CREATE TABLE `dashboard_sessions` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `dashboard_sessions_expires` ON `dashboard_sessions` (`expires_at`);