ALTER TABLE "dunning_messages" DROP CONSTRAINT "dunning_messages_status";--> statement-breakpoint
DROP INDEX "dunning_messages_once_a_day";--> statement-breakpoint
ALTER TABLE "dunning_runs" ADD COLUMN "heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "dunning_messages_once_a_day" ON "dunning_messages" USING btree ("client_id","sys_obligor_code","sent_on") WHERE "dunning_messages"."status" in ('SENDING', 'SENT');--> statement-breakpoint
ALTER TABLE "dunning_messages" ADD CONSTRAINT "dunning_messages_status" CHECK ("dunning_messages"."status" in ('PREVIEW', 'SENDING', 'SENT', 'FAILED', 'SKIPPED'));--> statement-breakpoint
-- Sending reminders is a permission of its own: in the catalogue, held by admin and root, offered to every other role.
INSERT INTO "pages" ("feature_type", "kind", "label", "sort_order") VALUES ('MANAGE_REMINDERS', 'PERMISSION', 'Send customer reminders', 105) ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "role_permissions" ("client_id", "role_id", "feature_type", "access_value")
  SELECT r."client_id", r."id", 'MANAGE_REMINDERS', r."code" in ('admin', 'root') FROM "roles" r
  WHERE r."code" <> 'investor' ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Previews are no longer stored: the ones stored before are removed.
DELETE FROM "dunning_messages" m USING "dunning_runs" r WHERE r."client_id" = m."client_id" AND r."id" = m."run_id" AND r."dry_run";--> statement-breakpoint
DELETE FROM "dunning_runs" WHERE "dry_run";
