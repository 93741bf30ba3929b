ALTER TABLE "clients" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "gstin" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "logo" text;--> statement-breakpoint
ALTER TABLE "obligors" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "statement_schedules" ADD COLUMN "customer_codes" text[];--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_logo_size" CHECK (length("clients"."logo") <= 140000);