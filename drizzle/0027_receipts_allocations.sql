CREATE TABLE "allocations" (
	"client_id" integer NOT NULL,
	"payment_ref" text NOT NULL,
	"sys_invoice_num" text NOT NULL,
	"allocated_date" date NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	CONSTRAINT "allocations_client_id_payment_ref_sys_invoice_num_allocated_date_pk" PRIMARY KEY("client_id","payment_ref","sys_invoice_num","allocated_date"),
	CONSTRAINT "allocations_amount" CHECK ("allocations"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"client_id" integer NOT NULL,
	"payment_ref" text NOT NULL,
	"sys_obligor_code" text NOT NULL,
	"kind" text NOT NULL,
	"paid_date" date NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	CONSTRAINT "receipts_client_id_payment_ref_pk" PRIMARY KEY("client_id","payment_ref"),
	CONSTRAINT "receipts_kind" CHECK ("receipts"."kind" in ('ADVANCE', 'ON_ACCOUNT')),
	CONSTRAINT "receipts_amount" CHECK ("receipts"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "ageing_history" ADD COLUMN "unallocated" numeric(18, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "client_ageing" ADD COLUMN "unallocated" numeric(18, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "family_ageing" ADD COLUMN "unallocated" numeric(18, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "obligor_ageing" ADD COLUMN "unallocated" numeric(18, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "allocations" ADD CONSTRAINT "allocations_client_id_payment_ref_receipts_client_id_payment_ref_fk" FOREIGN KEY ("client_id","payment_ref") REFERENCES "public"."receipts"("client_id","payment_ref") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocations" ADD CONSTRAINT "allocations_client_id_sys_invoice_num_invoices_client_id_sys_invoice_num_fk" FOREIGN KEY ("client_id","sys_invoice_num") REFERENCES "public"."invoices"("client_id","sys_invoice_num") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_client_id_sys_obligor_code_obligors_client_id_sys_obligor_code_fk" FOREIGN KEY ("client_id","sys_obligor_code") REFERENCES "public"."obligors"("client_id","sys_obligor_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "allocations_invoice" ON "allocations" USING btree ("client_id","sys_invoice_num","allocated_date");--> statement-breakpoint
CREATE INDEX "allocations_date" ON "allocations" USING btree ("client_id","allocated_date");--> statement-breakpoint
CREATE INDEX "receipts_obligor" ON "receipts" USING btree ("client_id","sys_obligor_code","paid_date");--> statement-breakpoint
CREATE INDEX "receipts_date" ON "receipts" USING btree ("client_id","paid_date");--> statement-breakpoint
CREATE VIEW "public"."settlements" AS (select client_id, payment_ref, sys_invoice_num, paid_date, amount from payments
    union all select client_id, payment_ref, sys_invoice_num, allocated_date, amount from allocations);