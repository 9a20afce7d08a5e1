import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { invoices } from "./invoices";
import { users } from "./users";

export const OUTBOX_STATES = ["queued", "sending", "sent", "failed", "cancelled"] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];

/**
 * Email waiting to leave, written in the transaction of the event that causes it and sent by a
 * background loop (lib/mail), never from inside a request. A row is claimed with FOR UPDATE SKIP
 * LOCKED and a lease, so two instances never send it twice; every try is in outbox_attempts.
 * Bodies are cleared after 30 days; the row (to, subject, state) stays as the record.
 */
export const outbox = pgTable(
  "outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** What kind of mail (lib/mail/kinds.ts): a payment link, a reminder, a staff notification… */
    kind: text("kind").notNull(),
    toAddress: text("to_address").notNull(),
    toName: text("to_name"),
    subject: text("subject").notNull(),
    textBody: text("text_body"),
    htmlBody: text("html_body"),
    replyTo: text("reply_to"),
    /** Extra headers, already validated (List-Unsubscribe and its -Post). */
    headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
    /** The invoice it is about; checked again when the loop sends (paid or expired by then: cancelled). */
    invoiceId: uuid("invoice_id").references(() => invoices.id),
    /** The staff member it is for, when it is a notification. */
    userId: uuid("user_id").references(() => users.id),
    /** Who asked for it (Email the payment link); null when an event caused it. */
    requestedBy: uuid("requested_by").references(() => users.id),
    /** At most one row per key: the same event enqueued twice is one email. */
    dedupeKey: text("dedupe_key"),
    state: text("state", { enum: OUTBOX_STATES }).notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    /** When the loop may send it (now, or after a failed try's wait). */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** While "sending": until when the claiming instance holds it; past it, another may retry. */
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    /** After this, a failed try is the last one and the message is marked failed. */
    giveUpAt: timestamp("give_up_at", { withTimezone: true }).notNull(),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** Why it was not sent, when cancelled (the invoice was paid before the loop got to it…). */
    cancelReason: text("cancel_reason"),
    bodiesClearedAt: timestamp("bodies_cleared_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("outbox_dedupe_key").on(table.dedupeKey),
    index("outbox_due_idx")
      .on(table.nextAttemptAt)
      .where(sql`${table.state} in ('queued', 'sending')`),
    index("outbox_invoice_idx").on(table.invoiceId, table.createdAt),
    index("outbox_created_idx").on(table.createdAt.desc(), table.id.desc()),
    check("outbox_state_check", sql`${table.state} in ('queued', 'sending', 'sent', 'failed', 'cancelled')`),
  ],
);

export type OutboxMessage = typeof outbox.$inferSelect;
export type NewOutboxMessage = typeof outbox.$inferInsert;

/** Each try to hand a message to the SMTP server: when, the server's reply code, the error. */
export const outboxAttempts = pgTable(
  "outbox_attempts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    outboxId: uuid("outbox_id")
      .notNull()
      .references(() => outbox.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** The SMTP reply code (250, 451, 550…); null when no server answered (refused, timed out). */
    replyCode: integer("reply_code"),
    /** The reply or the error, first line, at most 500 characters. */
    reply: text("reply"),
    outcome: text("outcome", { enum: ["sent", "retry", "failed"] }).notNull(),
  },
  (table) => [index("outbox_attempts_outbox_idx").on(table.outboxId, table.at)],
);

export type OutboxAttempt = typeof outboxAttempts.$inferSelect;
