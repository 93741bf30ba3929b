ALTER TABLE "forecast_sums" ADD COLUMN "rules" double precision[];--> statement-breakpoint
-- Forecasts stored before the rules were kept have none: built again (computed from the ledger until then).
DELETE FROM "forecast_builds";
