-- Releases before this one could write a webhook delivery's "webhook received" entry twice (processed
-- again after a failure or a stop mid-processing). The copies say the same thing (the same event,
-- status and signature): keep each delivery's first entry, so that the unique index below can be built.
DELETE FROM "invoice_events" AS "later" USING "invoice_events" AS "first"
WHERE "later"."kind" = 'webhook_received' AND "first"."kind" = 'webhook_received'
  AND "later"."detail"->>'webhookEventId' = "first"."detail"->>'webhookEventId'
  AND ("first"."created_at", "first"."id") < ("later"."created_at", "later"."id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_events_webhook_received_key" ON "invoice_events" USING btree (("detail"->>'webhookEventId')) WHERE "invoice_events"."kind" = 'webhook_received';
