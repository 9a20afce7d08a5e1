ALTER TABLE "withdrawals" ADD COLUMN "service_fee" numeric;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "service_payout_amount" numeric;