ALTER TABLE "webhook_events" ADD COLUMN "process_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "next_process_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "webhook_events_process_due_idx" ON "webhook_events" USING btree ("next_process_at") WHERE "webhook_events"."next_process_at" is not null;--> statement-breakpoint
-- Verified events that never took effect (left pending by a stopped process, or failed) are due now.
UPDATE "webhook_events" SET "next_process_at" = now() WHERE "verified" AND "outcome" IN ('pending', 'failed');
