CREATE TABLE "sandbox_balances" (
	"merchant_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"amount" numeric NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_balances_merchant_id_currency_pk" PRIMARY KEY("merchant_id","currency")
);
--> statement-breakpoint
CREATE TABLE "sandbox_faults" (
	"merchant_id" uuid PRIMARY KEY NOT NULL,
	"config" jsonb NOT NULL,
	"webhook_seq" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_invoices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"order_id" text NOT NULL,
	"amount" numeric NOT NULL,
	"fiat_currency" text NOT NULL,
	"currency" text,
	"network" text,
	"crypto_amount" numeric,
	"paid_crypto_amount" numeric DEFAULT '0' NOT NULL,
	"wallet" text,
	"status" text NOT NULL,
	"is_payment_multiple" boolean NOT NULL,
	"lifetime" integer NOT NULL,
	"accuracy_payment_percent" numeric NOT NULL,
	"webhook_url" text,
	"return_url" text,
	"success_url" text,
	"additional_data" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_merchants" (
	"id" uuid PRIMARY KEY NOT NULL,
	"invoice_key" text NOT NULL,
	"withdrawal_key" text NOT NULL,
	"webhook_url" text,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_merchants_invoice_key_unique" UNIQUE("invoice_key"),
	CONSTRAINT "sandbox_merchants_withdrawal_key_unique" UNIQUE("withdrawal_key")
);
--> statement-breakpoint
CREATE TABLE "sandbox_transactions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"invoice_id" uuid NOT NULL,
	"txid" text NOT NULL,
	"source_wallet" text NOT NULL,
	"amount" numeric NOT NULL,
	"currency" text NOT NULL,
	"network" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_transactions_txid_unique" UNIQUE("txid")
);
--> statement-breakpoint
CREATE TABLE "sandbox_webhook_attempts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"delivery_id" uuid NOT NULL,
	"attempted_at" timestamp with time zone NOT NULL,
	"url" text NOT NULL,
	"status_code" integer,
	"error" text,
	"duration_ms" integer NOT NULL,
	"request_body" text NOT NULL,
	"response_body" text
);
--> statement-breakpoint
CREATE TABLE "sandbox_webhook_deliveries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"resource_type" text NOT NULL,
	"resource_id" uuid NOT NULL,
	"order_id" text NOT NULL,
	"url" text NOT NULL,
	"body" text NOT NULL,
	"state" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_withdrawals" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"order_id" text NOT NULL,
	"amount" numeric NOT NULL,
	"payout_amount" numeric NOT NULL,
	"fee" numeric NOT NULL,
	"debited_amount" numeric NOT NULL,
	"currency" text NOT NULL,
	"network" text NOT NULL,
	"address" text NOT NULL,
	"is_subtract" boolean NOT NULL,
	"fiat_amount" numeric,
	"fiat_currency" text,
	"status" text NOT NULL,
	"txid" text,
	"additional_data" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sandbox_balances" ADD CONSTRAINT "sandbox_balances_merchant_id_sandbox_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."sandbox_merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_faults" ADD CONSTRAINT "sandbox_faults_merchant_id_sandbox_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."sandbox_merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_invoices" ADD CONSTRAINT "sandbox_invoices_merchant_id_sandbox_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."sandbox_merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_transactions" ADD CONSTRAINT "sandbox_transactions_invoice_id_sandbox_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."sandbox_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_webhook_attempts" ADD CONSTRAINT "sandbox_webhook_attempts_delivery_id_sandbox_webhook_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."sandbox_webhook_deliveries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_webhook_deliveries" ADD CONSTRAINT "sandbox_webhook_deliveries_merchant_id_sandbox_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."sandbox_merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_withdrawals" ADD CONSTRAINT "sandbox_withdrawals_merchant_id_sandbox_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."sandbox_merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_invoices_merchant_order" ON "sandbox_invoices" USING btree ("merchant_id","order_id");--> statement-breakpoint
CREATE INDEX "sandbox_invoices_open" ON "sandbox_invoices" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "sandbox_transactions_invoice" ON "sandbox_transactions" USING btree ("invoice_id","created_at");--> statement-breakpoint
CREATE INDEX "sandbox_webhook_attempts_delivery" ON "sandbox_webhook_attempts" USING btree ("delivery_id","attempted_at");--> statement-breakpoint
CREATE INDEX "sandbox_webhook_deliveries_due" ON "sandbox_webhook_deliveries" USING btree ("state","next_attempt_at");--> statement-breakpoint
CREATE INDEX "sandbox_webhook_deliveries_order" ON "sandbox_webhook_deliveries" USING btree ("merchant_id","order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_withdrawals_merchant_order" ON "sandbox_withdrawals" USING btree ("merchant_id","order_id");--> statement-breakpoint
CREATE INDEX "sandbox_withdrawals_status" ON "sandbox_withdrawals" USING btree ("status","updated_at");