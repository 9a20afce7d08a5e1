DROP INDEX "invoice_resolutions_invoice_key";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "send_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "next_send_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "request_token" text;--> statement-breakpoint
-- Until now the form's token was the order id itself.
UPDATE "withdrawals" SET "request_token" = "order_id";--> statement-breakpoint
ALTER TABLE "withdrawals" ALTER COLUMN "request_token" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "resend_of_withdrawal_id" uuid;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "service_txid" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "stale_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "review_reason" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "close_proposed_by" uuid;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "close_proposed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "close_proposed_reason" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "nothing_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "nothing_sent_by" uuid;--> statement-breakpoint
ALTER TABLE "invoice_resolutions" ADD COLUMN "reopened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoice_resolutions" ADD COLUMN "reopened_reason" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_resend_of_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("resend_of_withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_close_proposed_by_users_id_fk" FOREIGN KEY ("close_proposed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_nothing_sent_by_users_id_fk" FOREIGN KEY ("nothing_sent_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_transactions_first_seen_idx" ON "invoice_transactions" USING btree ("first_seen_at","invoice_id");--> statement-breakpoint
CREATE INDEX "invoices_send_due_idx" ON "invoices" USING btree ("next_send_at") WHERE "invoices"."next_send_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_request_token_key" ON "withdrawals" USING btree ("requested_by","request_token");--> statement-breakpoint
CREATE INDEX "withdrawals_stale_due_idx" ON "withdrawals" USING btree ("stale_at") WHERE "withdrawals"."stale_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_resolutions_in_force_key" ON "invoice_resolutions" USING btree ("invoice_id") WHERE "invoice_resolutions"."reopened_at" is null;--> statement-breakpoint
-- A submitted payout gets its deadline for a final word (PAYDESK_PAYOUT_STALE_HOURS, 24 by default).
UPDATE "withdrawals" SET "stale_at" = greatest("updated_at" + interval '24 hours', now()) WHERE "state" = 'submitted';--> statement-breakpoint
-- A payout closed after the service refused it was never made: its share of a refund cap is free.
-- One closed while its outcome was unknown keeps its share until a second person confirms.
UPDATE "withdrawals" SET "nothing_sent_at" = "updated_at" WHERE "state" = 'closed' AND EXISTS (SELECT 1 FROM "audit_log" WHERE "audit_log"."object_type" = 'withdrawal' AND "audit_log"."object_id" = "withdrawals"."id"::text AND "audit_log"."action" = 'withdrawal.closed' AND "audit_log"."before" ->> 'state' = 'failed');--> statement-breakpoint
-- Creations that never got an answer are sent again by the loop, with the same order id.
UPDATE "invoices" SET "next_send_at" = now() WHERE "creation_state" = 'sending';
