import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { NOTIFICATION_OBJECT_TYPES } from "./enums";
import { users } from "./users";

/**
 * What waits for one person inside Paydesk (nothing is sent outside it): an event about an
 * object they may see, read or not. `dedupeKey` makes fan-out idempotent: the same event
 * delivered twice (a webhook and the loop) notifies each person once.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    objectType: text("object_type", { enum: NOTIFICATION_OBJECT_TYPES }).notNull(),
    objectId: uuid("object_id").notNull(),
    message: text("message").notNull(),
    dedupeKey: text("dedupe_key").notNull(),
    /** The email category it belongs to (lib/mail/staff/categories.ts), for a daily digest; none: in Paydesk only. */
    mailCategory: text("mail_category"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp("read_at", { withTimezone: true }),
    /** A task (lib/notifications/tasks.ts) someone did: when, and who (a name, or "the payment service"). */
    doneAt: timestamp("done_at", { withTimezone: true }),
    doneBy: text("done_by"),
  },
  (table) => [
    uniqueIndex("notifications_user_dedupe_key").on(table.userId, table.dedupeKey),
    index("notifications_user_created_idx").on(table.userId, table.createdAt.desc(), table.id.desc()),
    index("notifications_user_unread_idx")
      .on(table.userId)
      .where(sql`${table.readAt} is null`),
  ],
);

export type Notification = typeof notifications.$inferSelect;
