CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "invoices_issue" ON "invoices" USING btree ("client_id","issue_date");--> statement-breakpoint
CREATE INDEX "invoices_open_by_due" ON "invoices" USING btree ("client_id",coalesce("due_date", "issue_date")) WHERE "invoices"."settled_date" is null;--> statement-breakpoint
CREATE INDEX "invoices_number_trgm" ON "invoices" USING gin ("invoice_num" gin_trgm_ops);