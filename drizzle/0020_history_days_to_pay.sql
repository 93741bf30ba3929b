ALTER TABLE "ageing_history" ADD COLUMN "settled" numeric(18, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "ageing_history" ADD COLUMN "settled_days" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
-- Histories built before these columns lack them: rebuilt in the background from the ledger.
UPDATE "data_update_times" SET "history_ledger_time" = NULL;