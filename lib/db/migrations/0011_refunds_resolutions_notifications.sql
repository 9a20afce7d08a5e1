CREATE TABLE "invoice_resolutions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"note" text NOT NULL,
	"resolved_by" uuid,
	"refund_withdrawal_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"object_type" text NOT NULL,
	"object_id" uuid NOT NULL,
	"message" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "refund_of_invoice_id" uuid;--> statement-breakpoint
ALTER TABLE "invoice_resolutions" ADD CONSTRAINT "invoice_resolutions_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_resolutions" ADD CONSTRAINT "invoice_resolutions_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_resolutions" ADD CONSTRAINT "invoice_resolutions_refund_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("refund_withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_resolutions_invoice_key" ON "invoice_resolutions" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "invoice_resolutions_created_idx" ON "invoice_resolutions" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_user_dedupe_key" ON "notifications" USING btree ("user_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_refund_of_invoice_id_invoices_id_fk" FOREIGN KEY ("refund_of_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_exceptions_idx" ON "invoices" USING btree ("created_at","id") WHERE "invoices"."creation_state" = 'created' and ("invoices"."status" in ('overpaid', 'underpaid') or ("invoices"."status" = 'expired' and "invoices"."paid_crypto_amount" > 0));--> statement-breakpoint
CREATE INDEX "withdrawals_refund_of_invoice_idx" ON "withdrawals" USING btree ("refund_of_invoice_id") WHERE "withdrawals"."refund_of_invoice_id" is not null;