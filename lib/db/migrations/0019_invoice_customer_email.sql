ALTER TABLE "invoices" ADD COLUMN "customer_email" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "remind_minutes_before" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "reminder_queued_at" timestamp with time zone;