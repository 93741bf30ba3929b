ALTER TABLE "promises" DROP CONSTRAINT "promises_channel";--> statement-breakpoint
ALTER TABLE "credit_hold_rules" ADD COLUMN "returned_cheques" smallint DEFAULT 2;--> statement-breakpoint
ALTER TABLE "credit_hold_rules" ADD COLUMN "returned_cheque_days" smallint DEFAULT 180 NOT NULL;--> statement-breakpoint
ALTER TABLE "msme_settings" ADD COLUMN "add_interest_to_statements" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_hold_rules" ADD CONSTRAINT "credit_hold_rules_cheques" CHECK ("credit_hold_rules"."returned_cheques" is null or "credit_hold_rules"."returned_cheques" between 1 and 20);--> statement-breakpoint
ALTER TABLE "credit_hold_rules" ADD CONSTRAINT "credit_hold_rules_cheque_days" CHECK ("credit_hold_rules"."returned_cheque_days" between 1 and 730);--> statement-breakpoint
ALTER TABLE "promises" ADD CONSTRAINT "promises_channel" CHECK ("promises"."channel" in ('CALL', 'EMAIL', 'VISIT', 'WHATSAPP', 'PDC'));--> statement-breakpoint
-- A post-dated cheque's promise was filed as taken on a visit: it is the cheque's.
UPDATE "promises" SET "channel" = 'PDC' FROM "cheques" WHERE "cheques"."client_id" = "promises"."client_id" AND "cheques"."promise_id" = "promises"."id" AND "promises"."channel" = 'VISIT';
