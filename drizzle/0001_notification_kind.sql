ALTER TABLE "notifications" ADD COLUMN "kind" text;--> statement-breakpoint
CREATE INDEX "notifications_association" ON "notifications" USING btree ("client_id","association_id","kind","created_at");