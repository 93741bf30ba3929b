DROP INDEX "obligors_parent";--> statement-breakpoint
CREATE INDEX "obligors_parent" ON "obligors" USING btree ("client_id","parent_sys_obligor_code","credit_limit");