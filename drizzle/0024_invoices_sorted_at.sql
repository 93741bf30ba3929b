DROP INDEX "invoices_number";--> statement-breakpoint
CREATE INDEX "invoices_by_amount_at" ON "invoices" USING btree ("client_id","amount",coalesce("settled_date", 'infinity'::date),"issue_date");--> statement-breakpoint
CREATE INDEX "invoices_number" ON "invoices" USING btree ("client_id","invoice_num",coalesce("settled_date", 'infinity'::date),"issue_date");