CREATE TABLE "unmatched_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"resource" text NOT NULL,
	"order_id" text NOT NULL,
	"service_id" text,
	"status" text,
	"amount" numeric,
	"currency" text,
	"network" text,
	"first_webhook_event_id" uuid,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" uuid,
	"review_note" text
);
--> statement-breakpoint
ALTER TABLE "unmatched_reports" ADD CONSTRAINT "unmatched_reports_first_webhook_event_id_webhook_events_id_fk" FOREIGN KEY ("first_webhook_event_id") REFERENCES "public"."webhook_events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unmatched_reports" ADD CONSTRAINT "unmatched_reports_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "unmatched_reports_waiting_order" ON "unmatched_reports" USING btree ("resource","order_id") WHERE "unmatched_reports"."reviewed_at" is null;--> statement-breakpoint
CREATE INDEX "unmatched_reports_waiting_idx" ON "unmatched_reports" USING btree ("first_seen_at") WHERE "unmatched_reports"."reviewed_at" is null;