DROP INDEX "bank_receipts_ref";--> statement-breakpoint
ALTER TABLE "bank_receipts" DROP CONSTRAINT "bank_receipts_client_id_line_id_pk";--> statement-breakpoint
ALTER TABLE "bank_receipts" ADD CONSTRAINT "bank_receipts_client_id_payment_ref_pk" PRIMARY KEY("client_id","payment_ref");--> statement-breakpoint
CREATE INDEX "bank_receipts_line" ON "bank_receipts" USING btree ("client_id","line_id");