import { sql } from "drizzle-orm";
import { boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
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
    /** It asks its reader to act (approve, review, decide): it stays open until someone does. */
    needsAction: boolean("needs_action").notNull().default(false),
    /** When the task was done, by whoever did it (the reader or another person). */
    doneAt: timestamp("done_at", { withTimezone: true }),
    /** Who did it; null when nobody did (the service, Paydesk's loop, or before this was kept). */
    doneBy: uuid("done_by").references(() => users.id, { onDelete: "set null" }),
    /** What was done, in words: "Approved", "Rejected", "Closed". */
    doneHow: text("done_how"),
  },
  (table) => [
    uniqueIndex("notifications_user_dedupe_key").on(table.userId, table.dedupeKey),
    index("notifications_user_created_idx").on(table.userId, table.createdAt.desc(), table.id.desc()),
    index("notifications_user_unread_idx")
      .on(table.userId)
      .where(sql`${table.readAt} is null`),
    index("notifications_user_open_tasks_idx")
      .on(table.userId)
      .where(sql`${table.needsAction} and ${table.doneAt} is null`),
    index("notifications_object_open_tasks_idx")
      .on(table.objectType, table.objectId)
      .where(sql`${table.needsAction} and ${table.doneAt} is null`),
  ],
);

export type Notification = typeof notifications.$inferSelect;

/**
 * A kind of notification one person chose not to get (lib/notifications/mutes.ts): nothing of
 * that kind is written for them. Only information can be muted, never a task.
 */
export const notificationMutes = pgTable(
  "notification_mutes",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.kind] })],
);
