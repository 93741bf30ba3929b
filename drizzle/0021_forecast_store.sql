CREATE TABLE "forecast_builds" (
	"client_id" integer PRIMARY KEY NOT NULL,
	"built_for" date NOT NULL,
	"ledger_time" timestamp with time zone,
	"built_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "forecast_profiles" (
	"client_id" integer NOT NULL,
	"known_through" date NOT NULL,
	"level" text NOT NULL,
	"key" text NOT NULL,
	"label" text,
	"late" integer[] NOT NULL,
	"count" integer[] NOT NULL,
	"amount" double precision[] NOT NULL,
	"open" double precision[] NOT NULL,
	CONSTRAINT "forecast_profiles_client_id_known_through_level_key_pk" PRIMARY KEY("client_id","known_through","level","key"),
	CONSTRAINT "forecast_profiles_level" CHECK ("forecast_profiles"."level" in ('DIM1', 'CLIENT'))
);
--> statement-breakpoint
CREATE TABLE "forecast_sums" (
	"client_id" integer NOT NULL,
	"level" text NOT NULL,
	"key" text NOT NULL,
	"from_date" date NOT NULL,
	"expected" double precision[] NOT NULL,
	"variance" double precision[] NOT NULL,
	"actual" double precision[],
	"later" double precision NOT NULL,
	"disputed" double precision NOT NULL,
	"not_expected" double precision NOT NULL,
	"open" double precision NOT NULL,
	CONSTRAINT "forecast_sums_client_id_level_key_from_date_pk" PRIMARY KEY("client_id","level","key","from_date"),
	CONSTRAINT "forecast_sums_level" CHECK ("forecast_sums"."level" in ('CLIENT', 'DIM1', 'FAMILY', 'ACCOUNT'))
);
--> statement-breakpoint
ALTER TABLE "disputes" ADD COLUMN "changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "promises" ADD COLUMN "changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "disputes" SET "changed_at" = "created_at";--> statement-breakpoint
UPDATE "promises" SET "changed_at" = "created_at";--> statement-breakpoint
ALTER TABLE "forecast_builds" ADD CONSTRAINT "forecast_builds_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forecast_profiles" ADD CONSTRAINT "forecast_profiles_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forecast_sums" ADD CONSTRAINT "forecast_sums_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "disputes_changed" ON "disputes" USING btree ("client_id","changed_at");--> statement-breakpoint
CREATE INDEX "promises_changed" ON "promises" USING btree ("client_id","changed_at");