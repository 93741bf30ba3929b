CREATE TABLE "provision_adjustments" (
	"client_id" integer NOT NULL,
	"level" text NOT NULL,
	"key" text NOT NULL,
	"percent" numeric(7, 2) NOT NULL,
	"reason" text NOT NULL,
	"set_by" integer,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provision_adjustments_client_id_level_key_pk" PRIMARY KEY("client_id","level","key")
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "before" jsonb;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "after" jsonb;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "hash" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "provision_adjustments" ADD CONSTRAINT "provision_adjustments_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The edit log is a hash chain per client: each entry's hash seals what it says and the previous
-- entry's hash. One function computes it, for the insert trigger and for the check alike
-- (jsonb's text form and the epoch of a timestamptz are the same on every engine).
CREATE FUNCTION "audit_entry_hash"(client_id integer, seq bigint, at timestamptz, user_id integer, action text,
  entity text, entity_id text, detail jsonb, before jsonb, after jsonb, prev_hash text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT encode(sha256(convert_to(jsonb_build_array(client_id, seq, extract(epoch from at)::text, user_id, action,
    entity, entity_id, detail, before, after, prev_hash)::text, 'UTF8')), 'hex')
$$;--> statement-breakpoint
-- Entries written before the chain existed are chained now, in the order they were written.
DO $$
DECLARE
  r record;
  prev text;
  prev_client integer;
  n bigint;
BEGIN
  FOR r IN SELECT * FROM audit_log ORDER BY client_id, id LOOP
    IF prev_client IS DISTINCT FROM r.client_id THEN
      prev := NULL;
      n := 0;
      prev_client := r.client_id;
    END IF;
    n := n + 1;
    UPDATE audit_log SET seq = n, prev_hash = prev,
      hash = audit_entry_hash(r.client_id, n, r.at, r.user_id, r.action, r.entity, r.entity_id, r.detail, r.before,
        r.after, prev)
    WHERE client_id = r.client_id AND id = r.id
    RETURNING hash INTO prev;
  END LOOP;
END
$$;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_log_chain" ON "audit_log" USING btree ("client_id","seq");--> statement-breakpoint
-- Whoever inserts (recordAudit or a direct insert), the entry joins its client's chain. The
-- advisory lock 7156 (LOCKS.auditChain, held to the end of the transaction) serialises concurrent writers of one client,
-- so two entries never claim the same predecessor; the unique (client_id, seq) index backs it.
CREATE FUNCTION "audit_log_chain"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  head_seq bigint;
  head_hash text;
BEGIN
  PERFORM pg_advisory_xact_lock(7156, NEW.client_id);
  SELECT a.seq, a.hash INTO head_seq, head_hash FROM audit_log a
  WHERE a.client_id = NEW.client_id ORDER BY a.seq DESC LIMIT 1;
  -- When is the database's clock (the transaction's start), not the writer's claim.
  NEW.at := now();
  NEW.seq := coalesce(head_seq, 0) + 1;
  NEW.prev_hash := head_hash;
  NEW.hash := audit_entry_hash(NEW.client_id, NEW.seq, NEW.at, NEW.user_id, NEW.action, NEW.entity, NEW.entity_id,
    NEW.detail, NEW.before, NEW.after, NEW.prev_hash);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_chain" BEFORE INSERT ON "audit_log" FOR EACH ROW EXECUTE FUNCTION "audit_log_chain"();--> statement-breakpoint
-- Append-only: no entry is ever altered, and none removed before its 8 years of retention are over.
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND OLD.at < now() - interval '8 years' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = '42501';
END
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();--> statement-breakpoint
-- The provision is a permission of its own: in the catalogue, held by admin and root, offered to every other role.
INSERT INTO "pages" ("feature_type", "kind", "label", "sort_order") VALUES ('VIEW_PROVISION', 'PERMISSION', 'Expected-credit-loss provision', 107) ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "role_permissions" ("client_id", "role_id", "feature_type", "access_value")
  SELECT r."client_id", r."id", 'VIEW_PROVISION', r."code" in ('admin', 'root') FROM "roles" r
  WHERE r."code" <> 'investor' ON CONFLICT DO NOTHING;
