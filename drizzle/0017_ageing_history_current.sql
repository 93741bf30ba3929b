ALTER TABLE "data_update_times" ADD COLUMN "history_ledger_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ageing_history" ADD COLUMN "invoiced" numeric(18, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "ageing_history" ADD COLUMN "paid" numeric(18, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "ageing_history" ADD COLUMN "sales12m" numeric(18, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "ageing_history" ADD COLUMN "listed_obligors" integer DEFAULT 0 NOT NULL;