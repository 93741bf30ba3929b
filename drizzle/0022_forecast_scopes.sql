ALTER TABLE "forecast_sums" DROP CONSTRAINT "forecast_sums_level";--> statement-breakpoint
ALTER TABLE "forecast_sums" ADD COLUMN "mark" text;--> statement-breakpoint
ALTER TABLE "forecast_sums" ADD CONSTRAINT "forecast_sums_level" CHECK ("forecast_sums"."level" in ('CLIENT', 'DIM1', 'FAMILY', 'ACCOUNT', 'GUEST', 'REPRESENTATIVE'));--> statement-breakpoint
-- Forecasts stored before these rows are built again (in the background, by db:setup or the daily job).
DELETE FROM "forecast_builds";