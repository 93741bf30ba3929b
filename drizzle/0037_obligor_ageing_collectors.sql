ALTER TABLE "obligor_ageing" ADD COLUMN "guest_id" integer;--> statement-breakpoint
ALTER TABLE "obligor_ageing" ADD COLUMN "representative_id" integer;--> statement-breakpoint
UPDATE "obligor_ageing" r SET "guest_id" = o."guest_id", "representative_id" = o."representative_id" FROM "obligors" o WHERE o."client_id" = r."client_id" AND o."sys_obligor_code" = r."sys_obligor_code" AND (o."guest_id" IS NOT NULL OR o."representative_id" IS NOT NULL);--> statement-breakpoint
CREATE INDEX "obligor_ageing_guest" ON "obligor_ageing" USING btree ("client_id","as_of_date","guest_id") WHERE "obligor_ageing"."guest_id" is not null;--> statement-breakpoint
ANALYZE "obligor_ageing";
