DROP INDEX "ageing_history_valid";--> statement-breakpoint
CREATE INDEX "ageing_history_valid" ON "ageing_history" USING gist ("client_id","level","valid") WHERE "ageing_history"."level" <> 'obligor';--> statement-breakpoint
-- The ageing history gains the obligor level: every stored history is rebuilt with it.
UPDATE "data_update_times" SET "history_ledger_time" = NULL;
