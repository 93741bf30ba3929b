ALTER TABLE "data_update_times" ADD COLUMN "history_ledger_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ageing_history" ADD COLUMN "listed_obligors" integer DEFAULT 0 NOT NULL;