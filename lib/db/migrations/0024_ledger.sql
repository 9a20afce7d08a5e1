CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"movement_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"currency" text NOT NULL,
	"network" text NOT NULL,
	"amount" numeric NOT NULL,
	"from_account" text NOT NULL,
	"to_account" text NOT NULL,
	"invoice_id" uuid,
	"withdrawal_id" uuid,
	"txid" text,
	"evidence" text NOT NULL,
	"actor_id" uuid,
	"moved_at" timestamp with time zone NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_totals" (
	"bucket" timestamp with time zone NOT NULL,
	"currency" text NOT NULL,
	"network" text NOT NULL,
	"kind" text NOT NULL,
	"from_type" text NOT NULL,
	"to_type" text NOT NULL,
	"amount" numeric NOT NULL,
	"entries" integer NOT NULL,
	CONSTRAINT "ledger_totals_bucket_currency_network_kind_from_type_to_type_pk" PRIMARY KEY("bucket","currency","network","kind","from_type","to_type")
);
--> statement-breakpoint
DROP INDEX "invoices_exceptions_idx";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "refunded_crypto_amount" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "exception_seen_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "ledger_entries_invoice_idx" ON "ledger_entries" USING btree ("invoice_id","id") WHERE "ledger_entries"."invoice_id" is not null;--> statement-breakpoint
CREATE INDEX "ledger_entries_withdrawal_idx" ON "ledger_entries" USING btree ("withdrawal_id","id") WHERE "ledger_entries"."withdrawal_id" is not null;--> statement-breakpoint
CREATE INDEX "ledger_entries_moved_idx" ON "ledger_entries" USING btree ("moved_at","id");--> statement-breakpoint
CREATE INDEX "invoices_open_exceptions_idx" ON "invoices" USING btree ("created_at","id") WHERE "invoices"."creation_state" = 'created' and ("invoices"."status" in ('overpaid', 'underpaid') or ("invoices"."status" = 'expired' and "invoices"."paid_crypto_amount" > 0) or ("invoices"."status" = 'paid' and "invoices"."exception_seen_at" is not null and "invoices"."refunded_crypto_amount" > 0));--> statement-breakpoint
-- The books are append-only, enforced by the database: a movement is undone by a transfer back.
CREATE FUNCTION "ledger_entries_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger_entries is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_entries_no_update_or_delete" BEFORE UPDATE OR DELETE ON "ledger_entries" FOR EACH ROW EXECUTE FUNCTION "ledger_entries_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "ledger_entries_no_truncate" BEFORE TRUNCATE ON "ledger_entries" FOR EACH STATEMENT EXECUTE FUNCTION "ledger_entries_refuse_change"();--> statement-breakpoint
-- Quarter-hour sums kept in the transaction that writes each entry (lib/db/schema/ledger.ts).
CREATE FUNCTION "ledger_totals_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "ledger_totals" AS t ("bucket", "currency", "network", "kind", "from_type", "to_type", "amount", "entries")
  VALUES (
    date_bin('15 minutes', NEW."moved_at", timestamptz '2000-01-01 00:00:00+00'),
    NEW."currency", NEW."network", NEW."kind",
    split_part(NEW."from_account", ':', 1), split_part(NEW."to_account", ':', 1),
    NEW."amount", 1
  )
  ON CONFLICT ("bucket", "currency", "network", "kind", "from_type", "to_type")
  DO UPDATE SET "amount" = t."amount" + EXCLUDED."amount", "entries" = t."entries" + 1;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "ledger_entries_add_to_totals" AFTER INSERT ON "ledger_entries" FOR EACH ROW EXECUTE FUNCTION "ledger_totals_add"();--> statement-breakpoint
-- The books from today's data (lib/ledger: payout-target.ts states the same rules in TypeScript).
-- Payments: one entry each, when first seen.
INSERT INTO "ledger_entries" ("movement_id", "kind", "currency", "network", "amount", "from_account", "to_account", "invoice_id", "txid", "evidence", "moved_at")
SELECT gen_random_uuid(), 'received', i."currency", coalesce(i."network", ''), t."amount", 'world', 'invoice:' || i."id", i."id", t."txid", 'migration', t."first_seen_at"
FROM "invoice_transactions" t JOIN "invoices" i ON i."id" = t."invoice_id"
WHERE i."currency" IS NOT NULL AND t."amount" > 0
ORDER BY t."first_seen_at", t."id";--> statement-breakpoint
-- The service's total where it differs from the payments seen.
INSERT INTO "ledger_entries" ("movement_id", "kind", "currency", "network", "amount", "from_account", "to_account", "invoice_id", "evidence", "moved_at")
SELECT gen_random_uuid(), 'received_adjusted', d."currency", coalesce(d."network", ''), abs(d."difference"),
  CASE WHEN d."difference" > 0 THEN 'world' ELSE 'invoice:' || d."id" END,
  CASE WHEN d."difference" > 0 THEN 'invoice:' || d."id" ELSE 'world' END,
  d."id", 'migration', coalesce(d."last_synced_at", d."updated_at")
FROM (
  SELECT i."id", i."currency", i."network", i."last_synced_at", i."updated_at",
    i."paid_crypto_amount" - coalesce((SELECT sum(t."amount") FROM "invoice_transactions" t WHERE t."invoice_id" = i."id" AND t."amount" > 0), 0) AS "difference"
  FROM "invoices" i
  WHERE i."currency" IS NOT NULL AND i."paid_crypto_amount" IS NOT NULL
) d
WHERE d."difference" <> 0;--> statement-breakpoint
-- Payouts and refunds where their state puts their money: held, sent, or paid (with its fee).
INSERT INTO "ledger_entries" ("movement_id", "kind", "currency", "network", "amount", "from_account", "to_account", "invoice_id", "withdrawal_id", "txid", "evidence", "moved_at")
SELECT gen_random_uuid(), m."kind", p."currency", p."network", m."amount", m."from_account", m."to_account", p."refund_of_invoice_id", p."id", p."service_txid", 'migration', m."moved_at"
FROM (
  SELECT w.*,
    coalesce(w."amount", w."service_amount") AS "crypto",
    CASE WHEN w."refund_of_invoice_id" IS NULL THEN 'merchant' ELSE 'invoice:' || w."refund_of_invoice_id" END AS "source",
    CASE WHEN w."refund_of_invoice_id" IS NULL THEN 'payout:' ELSE 'refund:' END || w."id" AS "prefix",
    CASE
      WHEN w."state" IN ('awaiting_approval', 'approved', 'failed', 'service_failed') THEN 'reserved'
      WHEN w."state" IN ('submitting', 'submitted', 'unknown', 'needs_review', 'conflict') THEN 'in_flight'
      WHEN w."state" = 'closed' AND w."nothing_sent_at" IS NULL THEN 'in_flight'
      WHEN w."state" = 'paid' THEN 'paid'
      ELSE 'released'
    END AS "position",
    CASE
      WHEN w."service_fee" IS NOT NULL THEN w."service_fee"
      WHEN w."service_payout_amount" IS NOT NULL AND NOT w."is_subtract" THEN greatest(coalesce(w."amount", w."service_amount") - w."service_payout_amount", 0)
    END AS "fee"
  FROM "withdrawals" w
) p
CROSS JOIN LATERAL (VALUES
  (CASE p."position" WHEN 'reserved' THEN 'reserved' WHEN 'in_flight' THEN 'sent' ELSE 'paid' END,
   CASE WHEN p."position" = 'paid' AND p."fee" > 0 AND NOT p."is_subtract" THEN p."crypto" - least(p."fee", p."crypto") ELSE p."crypto" END,
   p."source",
   CASE p."position" WHEN 'paid' THEN 'world' ELSE p."prefix" || ':' || p."position" END,
   CASE p."position" WHEN 'paid' THEN coalesce(p."service_updated_at", p."updated_at") WHEN 'reserved' THEN p."created_at" ELSE p."updated_at" END),
  ('fee',
   least(p."fee", CASE WHEN p."is_subtract" THEN p."fee" ELSE p."crypto" END),
   CASE WHEN p."is_subtract" THEN 'merchant' ELSE p."source" END,
   'fees',
   coalesce(p."service_updated_at", p."updated_at"))
) AS m("kind", "amount", "from_account", "to_account", "moved_at")
WHERE p."crypto" > 0 AND p."position" <> 'released' AND m."amount" > 0
  AND (m."kind" <> 'fee' OR p."position" = 'paid');--> statement-breakpoint
-- What refunds of each invoice sent back, and which invoices ever went wrong.
UPDATE "invoices" i SET "refunded_crypto_amount" = r."refunded"
FROM (
  SELECT "refund_of_invoice_id" AS "invoice_id", sum(coalesce("amount", "service_amount")) AS "refunded"
  FROM "withdrawals" WHERE "refund_of_invoice_id" IS NOT NULL AND "state" = 'paid'
  GROUP BY 1
) r
WHERE i."id" = r."invoice_id";--> statement-breakpoint
UPDATE "invoices" i SET "exception_seen_at" = coalesce(
  (SELECT min(r."created_at") FROM "invoice_resolutions" r WHERE r."invoice_id" = i."id"), i."updated_at")
WHERE i."creation_state" = 'created' AND (
  i."status" IN ('overpaid', 'underpaid') OR (i."status" = 'expired' AND i."paid_crypto_amount" > 0)
  OR EXISTS (SELECT 1 FROM "invoice_resolutions" r WHERE r."invoice_id" = i."id"));
