CREATE TABLE "webhook_rate_limits" (
	"key" varchar(255) PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"expire" bigint
);
--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "body_size" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "signing_key" text;--> statement-breakpoint
CREATE INDEX "webhook_events_unverified_idx" ON "webhook_events" USING btree ("received_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE not "webhook_events"."verified";--> statement-breakpoint
UPDATE "webhook_events" SET "body_size" = octet_length("raw_body");--> statement-breakpoint
UPDATE "webhook_events" SET "signing_key" = 'current' WHERE "verified";--> statement-breakpoint
UPDATE "webhook_events" SET "raw_body" = left("raw_body", 4096) WHERE NOT "verified" AND length("raw_body") > 4096;
