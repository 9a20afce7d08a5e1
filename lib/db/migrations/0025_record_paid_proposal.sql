ALTER TABLE "withdrawals" ADD COLUMN "paid_proposed_by" uuid;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "paid_proposed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "paid_proposed_amount" numeric;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "paid_proposed_txid" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "paid_proposed_note" text;