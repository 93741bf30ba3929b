ALTER TABLE "obligor_ratings" ADD COLUMN "valid_until" date;--> statement-breakpoint
ALTER TABLE "obligor_ratings" ADD COLUMN "previous_rating" smallint;--> statement-breakpoint
ALTER TABLE "obligor_ratings" ADD COLUMN "previous_rating_date" date;--> statement-breakpoint
CREATE INDEX "obligor_ratings_in_force" ON "obligor_ratings" USING btree ("client_id",coalesce("valid_until", 'infinity'::date),"rating_date");