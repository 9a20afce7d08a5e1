import { sql } from "drizzle-orm";
import { index, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";
import { webhookEvents } from "./webhooks";

/**
 * A verified report from the service about an order id Paydesk never made: money the service
 * says moved (an invoice paid, a payout sent) that no invoice or payout here accounts for. It
 * waits on finance's worklist until a person in finance has looked into it and says what they
 * found. A later report of the same order while it waits updates that row.
 */
export const unmatchedReports = pgTable(
  "unmatched_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** invoice or withdrawal: the kind of resource the report was about. */
    resource: text("resource", { enum: ["invoice", "withdrawal"] }).notNull(),
    orderId: text("order_id").notNull(),
    serviceId: text("service_id"),
    /** The service's status word in its latest report. */
    status: text("status"),
    /** What the service says moved (received for an invoice, sent for a payout), when it said. */
    amount: numeric("amount"),
    currency: text("currency"),
    network: text("network"),
    firstWebhookEventId: uuid("first_webhook_event_id").references(() => webhookEvents.id, {
      onDelete: "set null",
    }),
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    reviewedBy: uuid("reviewed_by").references(() => users.id),
    reviewNote: text("review_note"),
  },
  (table) => [
    // One waiting row per order: further reports update it.
    uniqueIndex("unmatched_reports_waiting_order")
      .on(table.resource, table.orderId)
      .where(sql`${table.reviewedAt} is null`),
    index("unmatched_reports_waiting_idx")
      .on(table.firstSeenAt)
      .where(sql`${table.reviewedAt} is null`),
  ],
);

export type UnmatchedReport = typeof unmatchedReports.$inferSelect;
