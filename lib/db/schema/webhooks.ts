import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";

/**
 * Every webhook request received, stored once for diagnosis with what it changed. De-duplicated
 * on the SHA-256 of the body's canonical signed form (the JSON object re-encoded as `sign` covers
 * it, `sign` included), or of the raw text when it is not a JSON object. Unverified bodies are kept
 * only as truncated, rate-limited samples and pruned after a retention (lib/webhooks/limits.ts).
 */
export const webhookEvents = pgTable(
  "webhook_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bodySha256: text("body_sha256").notNull(),
    /** The body as received: whole when verified, its first bytes otherwise (see bodySize). */
    rawBody: text("raw_body").notNull(),
    /** The body's size in bytes as received, before any truncation. */
    bodySize: integer("body_size").notNull().default(0),
    verified: boolean("verified").notNull(),
    /** Which serialisation the signature matched (php, plain, unicode-escaped), or why it did not. */
    signatureForm: text("signature_form"),
    /** Which invoice key verified it: current, or previous while a key is being rotated. */
    signingKey: text("signing_key"),
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
    /** How many times processing ran (after the answer, by the sweep, or by hand). */
    processAttempts: integer("process_attempts").notNull().default(0),
    /**
     * When the sweep takes this verified event if it is still pending or failed; null once it took
     * effect, or when the sweep gave up on it (see lib/webhooks/process-policy.ts).
     */
    nextProcessAt: timestamp("next_process_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("webhook_events_body_key").on(table.bodySha256),
    index("webhook_events_received_idx").on(table.receivedAt.desc(), table.id.desc()),
    index("webhook_events_order_idx").on(table.orderId),
    index("webhook_events_process_due_idx")
      .on(table.nextProcessAt)
      .where(sql`${table.nextProcessAt} is not null`),
    // Pruning walks unverified events only, oldest or beyond the newest N.
    index("webhook_events_unverified_idx")
      .on(table.receivedAt.desc(), table.id.desc())
      .where(sql`not ${table.verified}`),
  ],
);

export type WebhookEvent = typeof webhookEvents.$inferSelect;

/**
 * The rate limit on unverified webhooks when several instances share PostgreSQL: the table
 * rate-limiter-flexible's RateLimiterPostgres reads and writes, in exactly its own shape.
 */
export const webhookRateLimits = pgTable("webhook_rate_limits", {
  key: varchar("key", { length: 255 }).primaryKey(),
  points: integer("points").notNull().default(0),
  /** Unix milliseconds when the window ends. */
  expire: bigint("expire", { mode: "number" }),
});
