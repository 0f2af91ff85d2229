ALTER TABLE `provider_state` ADD `crawl_started_at` integer;--> statement-breakpoint
ALTER TABLE `provider_state` ADD `complete_at` integer;