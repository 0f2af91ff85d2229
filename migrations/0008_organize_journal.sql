CREATE TABLE `organize_runs` (
	`id` integer PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`undo_of` integer,
	`source` text NOT NULL,
	`into_dir` text NOT NULL,
	`mode` text NOT NULL,
	`state` text NOT NULL,
	`owner` text NOT NULL,
	`pid` integer NOT NULL,
	`host` text NOT NULL,
	`planned_at` integer NOT NULL,
	`started_at` integer NOT NULL,
	`finished_at` integer,
	`left_files` text DEFAULT '[]' NOT NULL
);
--> statement-breakpoint
CREATE INDEX `organize_runs_state` ON `organize_runs` (`state`);--> statement-breakpoint
CREATE TABLE `organize_steps` (
	`run_id` integer NOT NULL,
	`seq` integer NOT NULL,
	`unit` integer NOT NULL,
	`op` text NOT NULL,
	`kind` text NOT NULL,
	`code` text,
	`from_path` text,
	`to_path` text NOT NULL,
	`size` integer,
	`mtime_ms` real,
	`dev` integer,
	`ino` integer,
	`state` text NOT NULL,
	`reason` text,
	PRIMARY KEY(`run_id`, `seq`)
);
