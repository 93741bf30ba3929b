-- The history index covers the tenant and level (btree columns) with the validity range: btree_gist.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
CREATE TABLE "ageing_history" (
	"client_id" integer NOT NULL,
	"level" text NOT NULL,
	"key" text NOT NULL,
	"from_day" date NOT NULL,
	"valid" daterange NOT NULL,
	"current" numeric(18, 2) DEFAULT '0' NOT NULL,
	"current_num" integer DEFAULT 0 NOT NULL,
	"crd_bucket1" numeric(18, 2) DEFAULT '0' NOT NULL,
	"crd_bucket1_num" integer DEFAULT 0 NOT NULL,
	"crd_bucket2" numeric(18, 2) DEFAULT '0' NOT NULL,
	"crd_bucket2_num" integer DEFAULT 0 NOT NULL,
	"crd_bucket3" numeric(18, 2) DEFAULT '0' NOT NULL,
	"crd_bucket3_num" integer DEFAULT 0 NOT NULL,
	"crd_bucket4" numeric(18, 2) DEFAULT '0' NOT NULL,
	"crd_bucket4_num" integer DEFAULT 0 NOT NULL,
	"inv_bucket1" numeric(18, 2) DEFAULT '0' NOT NULL,
	"inv_bucket1_num" integer DEFAULT 0 NOT NULL,
	"inv_bucket2" numeric(18, 2) DEFAULT '0' NOT NULL,
	"inv_bucket2_num" integer DEFAULT 0 NOT NULL,
	"inv_bucket3" numeric(18, 2) DEFAULT '0' NOT NULL,
	"inv_bucket3_num" integer DEFAULT 0 NOT NULL,
	"inv_bucket4" numeric(18, 2) DEFAULT '0' NOT NULL,
	"inv_bucket4_num" integer DEFAULT 0 NOT NULL,
	"outstanding" numeric(18, 2) DEFAULT '0' NOT NULL,
	"overdue" numeric(18, 2) DEFAULT '0' NOT NULL,
	"issued" numeric(18, 2) DEFAULT '0' NOT NULL,
	"collected" numeric(18, 2) DEFAULT '0' NOT NULL,
	"low_rated" numeric(18, 2) DEFAULT '0' NOT NULL,
	"med_rated" numeric(18, 2) DEFAULT '0' NOT NULL,
	"high_rated" numeric(18, 2) DEFAULT '0' NOT NULL,
	"rated_balance" numeric(18, 2) DEFAULT '0' NOT NULL,
	"rated_num" numeric DEFAULT '0' NOT NULL,
	"open_obligors" integer DEFAULT 0 NOT NULL,
	"family_rating_sum" numeric,
	"rated_families" integer,
	CONSTRAINT "ageing_history_client_id_level_key_from_day_pk" PRIMARY KEY("client_id","level","key","from_day")
);
--> statement-breakpoint
ALTER TABLE "ageing_history" ADD CONSTRAINT "ageing_history_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ageing_history_valid" ON "ageing_history" USING gist ("client_id","level","valid");