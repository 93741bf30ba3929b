ALTER TABLE "obligors" RENAME COLUMN "sales_segment" TO "trade_channel";--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "risk_colour_low" text DEFAULT '#059669' NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "risk_colour_medium" text DEFAULT '#d97706' NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "risk_colour_high" text DEFAULT '#e11d48' NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "risk_colour_unrated" text DEFAULT '#94a3b8' NOT NULL;--> statement-breakpoint
ALTER TABLE "client_ageing" ADD COLUMN "sales12m" numeric(18, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "family_ageing" ADD COLUMN "sales12m" numeric(18, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "obligor_ageing" ADD COLUMN "sales12m" numeric(18, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
CREATE INDEX "obligors_guest" ON "obligors" USING btree ("client_id","guest_id");--> statement-breakpoint
CREATE INDEX "obligors_representative" ON "obligors" USING btree ("client_id","representative_id");--> statement-breakpoint
CREATE INDEX "obligors_rm" ON "obligors" USING btree ("client_id","rm_id");--> statement-breakpoint
-- The rollups gain sales12m and the sales segments change meaning: rebuild them (db:setup does it).
DELETE FROM "ageing_snapshots";
