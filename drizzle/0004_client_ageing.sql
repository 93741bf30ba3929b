CREATE TABLE "client_ageing" (
	"client_id" integer NOT NULL,
	"as_of_date" date NOT NULL,
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
	"invoiced" numeric(18, 2) DEFAULT '0' NOT NULL,
	"paid" numeric(18, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "client_ageing_client_id_as_of_date_pk" PRIMARY KEY("client_id","as_of_date")
);
--> statement-breakpoint
-- The client rollup starts empty: forget the rollup dates so that they are rebuilt (db:setup does it).
DELETE FROM "ageing_snapshots";
