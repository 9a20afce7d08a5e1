import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/**
 * Every webhook request received, verified or not, stored once (de-duplicated on a hash of the raw
 * body) for diagnosis, with what it changed.
 */
export const webhookEvents = pgTable(
  "webhook_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bodySha256: text("body_sha256").notNull(),
    rawBody: text("raw_body").notNull(),
    verified: boolean("verified").notNull(),
    /** Which serialisation the signature matched (php, plain, unicode-escaped), or why it did not. */
    signatureForm: text("signature_form"),
    orderId: text("order_id"),
    resourceType: text("resource_type"),
    reportedStatus: text("reported_status"),
    /** refreshed, unchanged, unknown_order, unverified, failed */
    outcome: text("outcome").notNull(),
    outcomeDetail: text("outcome_detail"),
    duplicates: integer("duplicates").notNull().default(0),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    lastDuplicateAt: timestamp("last_duplicate_at", { withTimezone: true }),
    processedAt: timestamp("processed_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("webhook_events_body_key").on(table.bodySha256),
    index("webhook_events_received_idx").on(table.receivedAt.desc(), table.id.desc()),
    index("webhook_events_order_idx").on(table.orderId),
  ],
);

export type WebhookEvent = typeof webhookEvents.$inferSelect;
