DROP VIEW "public"."settlements";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "against_sys_invoice_num" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_client_id_against_sys_invoice_num_invoices_client_id_sys_invoice_num_fk" FOREIGN KEY ("client_id","against_sys_invoice_num") REFERENCES "public"."invoices"("client_id","sys_invoice_num") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_against" ON "invoices" USING btree ("client_id","against_sys_invoice_num") WHERE "invoices"."against_sys_invoice_num" is not null;--> statement-breakpoint
CREATE INDEX "invoices_notes_by_day" ON "invoices" USING btree ("client_id","issue_date") WHERE "invoices"."against_sys_invoice_num" is not null;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_against_note" CHECK ("invoices"."against_sys_invoice_num" is null or ("invoices"."doc_type" <> 'INVOICE' and "invoices"."against_sys_invoice_num" <> "invoices"."sys_invoice_num"));--> statement-breakpoint
CREATE VIEW "public"."settlements" AS (select client_id, payment_ref, sys_invoice_num, paid_date, amount, 'PAYMENT' as source from payments
    union all select client_id, payment_ref, sys_invoice_num, allocated_date, amount, 'ALLOCATION' from allocations
    union all select client_id, sys_invoice_num, against_sys_invoice_num, issue_date, -amount, 'NOTE'
      from invoices where against_sys_invoice_num is not null
    union all select client_id, against_sys_invoice_num, sys_invoice_num, issue_date, amount, 'NOTE'
      from invoices where against_sys_invoice_num is not null);