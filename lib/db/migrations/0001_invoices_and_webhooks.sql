CREATE TABLE "invoice_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"detail" jsonb,
	"actor_id" uuid,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"txid" text NOT NULL,
	"source_wallet" text,
	"amount" numeric NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" text NOT NULL,
	"creation_state" text NOT NULL,
	"creation_error" text,
	"request" jsonb NOT NULL,
	"amount" numeric NOT NULL,
	"fiat_currency" text NOT NULL,
	"customer_id" text,
	"service_id" text,
	"service_status" text,
	"status" text DEFAULT 'open' NOT NULL,
	"is_final" boolean DEFAULT false NOT NULL,
	"crypto_amount" numeric,
	"remaining_crypto_amount" numeric,
	"paid_fiat_amount" numeric,
	"paid_crypto_amount" numeric,
	"currency" text,
	"network" text,
	"wallet" text,
	"pay_url" text,
	"is_payment_multiple" boolean DEFAULT true NOT NULL,
	"additional_data" jsonb,
	"expires_at" timestamp with time zone,
	"service_created_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_synced_at" timestamp with time zone,
	"next_refresh_at" timestamp with time zone,
	"refresh_failures" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"body_sha256" text NOT NULL,
	"raw_body" text NOT NULL,
	"verified" boolean NOT NULL,
	"signature_form" text,
	"order_id" text,
	"resource_type" text,
	"reported_status" text,
	"outcome" text NOT NULL,
	"outcome_detail" text,
	"duplicates" integer DEFAULT 0 NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_duplicate_at" timestamp with time zone,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "invoice_events" ADD CONSTRAINT "invoice_events_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_events" ADD CONSTRAINT "invoice_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_transactions" ADD CONSTRAINT "invoice_transactions_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_events_invoice_idx" ON "invoice_events" USING btree ("invoice_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_transactions_invoice_txid_key" ON "invoice_transactions" USING btree ("invoice_id","txid");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_order_id_key" ON "invoices" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_service_id_key" ON "invoices" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "invoices_created_keyset_idx" ON "invoices" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "invoices_status_keyset_idx" ON "invoices" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "invoices_customer_idx" ON "invoices" USING btree ("customer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "invoices_refresh_due_idx" ON "invoices" USING btree ("next_refresh_at") WHERE "invoices"."next_refresh_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_events_body_key" ON "webhook_events" USING btree ("body_sha256");--> statement-breakpoint
CREATE INDEX "webhook_events_received_idx" ON "webhook_events" USING btree ("received_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "webhook_events_order_idx" ON "webhook_events" USING btree ("order_id");