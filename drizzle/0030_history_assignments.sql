ALTER TABLE "data_update_times" ADD COLUMN "assignments_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "data_update_times" ADD COLUMN "history_assignments_at" timestamp with time zone;--> statement-breakpoint
-- The ageing history gains the collector levels (guest, representative): every stored history is rebuilt with them.
UPDATE "data_update_times" SET "history_ledger_time" = NULL;
