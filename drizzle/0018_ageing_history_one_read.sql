ALTER TABLE "ageing_history" DROP COLUMN "issued";--> statement-breakpoint
ALTER TABLE "ageing_history" DROP COLUMN "collected";