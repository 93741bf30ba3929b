CREATE TABLE "bank_receipts" (
	"client_id" integer NOT NULL,
	"line_id" bigint NOT NULL,
	"payment_ref" text NOT NULL,
	"sys_obligor_code" text NOT NULL,
	"paid_date" date NOT NULL,
	"received" bigint NOT NULL,
	"allocations" jsonb NOT NULL,
	"tds_section" text,
	"tds_amount" bigint DEFAULT 0 NOT NULL,
	"tds_quarter" text,
	"write_off" bigint DEFAULT 0 NOT NULL,
	"on_account" bigint DEFAULT 0 NOT NULL,
	"bank_references" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"applied_by" integer,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	"erp_payment_ref" text,
	"erp_recognised_at" timestamp with time zone,
	CONSTRAINT "bank_receipts_client_id_line_id_pk" PRIMARY KEY("client_id","line_id"),
	CONSTRAINT "bank_receipts_amounts" CHECK ("bank_receipts"."received" > 0 and "bank_receipts"."tds_amount" >= 0 and "bank_receipts"."write_off" >= 0 and "bank_receipts"."on_account" >= 0)
);
--> statement-breakpoint
CREATE TABLE "cash_settings" (
	"client_id" integer PRIMARY KEY NOT NULL,
	"tolerance_paise" bigint,
	"tolerance_bp" integer,
	"auto_apply_above" numeric(3, 2),
	"suggest_above" numeric(3, 2) DEFAULT '0.50' NOT NULL,
	"gst_rate_bp" integer DEFAULT 1800 NOT NULL,
	"bank_ledger" text NOT NULL,
	"tds_ledger" text NOT NULL,
	"write_off_ledger" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cash_settings_gst" CHECK ("cash_settings"."gst_rate_bp" between 0 and 5000),
	CONSTRAINT "cash_settings_tolerance" CHECK ("cash_settings"."tolerance_paise" >= 0 and "cash_settings"."tolerance_bp" >= 0)
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "taxable_amount" numeric(18, 2);--> statement-breakpoint
ALTER TABLE "bank_receipts" ADD CONSTRAINT "bank_receipts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_receipts" ADD CONSTRAINT "bank_receipts_client_id_line_id_bank_lines_client_id_id_fk" FOREIGN KEY ("client_id","line_id") REFERENCES "public"."bank_lines"("client_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_settings" ADD CONSTRAINT "cash_settings_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_receipts_ref" ON "bank_receipts" USING btree ("client_id","payment_ref");--> statement-breakpoint
CREATE INDEX "bank_receipts_open" ON "bank_receipts" USING btree ("client_id","paid_date") WHERE "bank_receipts"."erp_payment_ref" is null;