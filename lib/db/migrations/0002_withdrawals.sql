CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawal_approvals" (
	"withdrawal_id" uuid NOT NULL,
	"approver_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawal_audit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"withdrawal_id" uuid NOT NULL,
	"actor_id" uuid,
	"source" text NOT NULL,
	"from_state" text,
	"to_state" text,
	"reason" text,
	"detail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" text NOT NULL,
	"state" text NOT NULL,
	"amount" numeric,
	"fiat_amount" numeric,
	"fiat_currency" text,
	"currency" text NOT NULL,
	"network" text NOT NULL,
	"address" text NOT NULL,
	"is_subtract" boolean NOT NULL,
	"customer_id" text,
	"reason" text NOT NULL,
	"requested_by" uuid NOT NULL,
	"required_approvals" integer DEFAULT 1 NOT NULL,
	"rejection_reason" text,
	"service_id" text,
	"service_status" text,
	"service_amount" numeric,
	"service_created_at" timestamp with time zone,
	"service_updated_at" timestamp with time zone,
	"failure_kind" text,
	"failure_message" text,
	"submit_attempts" integer DEFAULT 0 NOT NULL,
	"next_submit_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_approvals" ADD CONSTRAINT "withdrawal_approvals_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_approvals" ADD CONSTRAINT "withdrawal_approvals_approver_id_users_id_fk" FOREIGN KEY ("approver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_audit" ADD CONSTRAINT "withdrawal_audit_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_audit" ADD CONSTRAINT "withdrawal_audit_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawal_approvals_key" ON "withdrawal_approvals" USING btree ("withdrawal_id","approver_id");--> statement-breakpoint
CREATE INDEX "withdrawal_audit_withdrawal_idx" ON "withdrawal_audit" USING btree ("withdrawal_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_order_id_key" ON "withdrawals" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "withdrawals_created_keyset_idx" ON "withdrawals" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "withdrawals_state_keyset_idx" ON "withdrawals" USING btree ("state","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "withdrawals_address_idx" ON "withdrawals" USING btree ("address");--> statement-breakpoint
CREATE INDEX "withdrawals_customer_idx" ON "withdrawals" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "withdrawals_resubmit_due_idx" ON "withdrawals" USING btree ("next_submit_at") WHERE "withdrawals"."next_submit_at" is not null;