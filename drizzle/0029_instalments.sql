CREATE TABLE "instalments" (
	"client_id" integer NOT NULL,
	"sys_invoice_num" text NOT NULL,
	"due_date" date NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	CONSTRAINT "instalments_client_id_sys_invoice_num_due_date_pk" PRIMARY KEY("client_id","sys_invoice_num","due_date"),
	CONSTRAINT "instalments_amount" CHECK ("instalments"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "instalments" ADD CONSTRAINT "instalments_client_id_sys_invoice_num_invoices_client_id_sys_invoice_num_fk" FOREIGN KEY ("client_id","sys_invoice_num") REFERENCES "public"."invoices"("client_id","sys_invoice_num") ON DELETE no action ON UPDATE no action;